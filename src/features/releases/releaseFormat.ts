import type { Release } from '@/api';

export const RELEASES_PATH = '/dashboard/releases';

/** Where a release's own page is. */
export const releasePath = (number: number) => `${RELEASES_PATH}/${number}`;

/** What the compare selector and the contract call the data as editors left it. */
export const DRAFT = 'draft';

/**
 * Where a release stands: the newest in effect (what app users read), published to take effect
 * later, in effect but followed by a newer one in effect, or in effect when nothing newer is known.
 */
export type ReleaseState = 'latest' | 'scheduled' | 'in_effect' | 'superseded';

export const STATE_LABELS: Record<ReleaseState, string> = {
  latest: 'Latest',
  scheduled: 'Scheduled',
  in_effect: 'In effect',
  superseded: 'Superseded',
};

/**
 * The state of `release`; `latestNumber` is the number of the newest release in effect (null
 * before any, undefined while not known), which a release in effect but not the latest is older
 * than.
 */
export function releaseState(
  release: Pick<Release, 'number' | 'in_effect' | 'latest'>,
  latestNumber: number | null | undefined,
): ReleaseState {
  if (release.latest) return 'latest';
  if (!release.in_effect) return 'scheduled';
  return latestNumber != null && release.number < latestNumber ? 'superseded' : 'in_effect';
}

/**
 * A scheduled release can be cancelled while it is the newest (the draft's base) and not in effect
 * yet: its changes become the draft's again.
 */
export function isCancellable(
  release: Pick<Release, 'number' | 'in_effect'>,
  newest: number | null | undefined,
): boolean {
  return !release.in_effect && release.number === newest;
}

/** "Release 3", or "Draft". */
export function refName(ref: string): string {
  return ref === DRAFT ? 'Draft' : `Release ${ref}`;
}

/** A reference table's name for reading: `weight_dosages` → 'Weight dosages'. */
export function tableLabel(table: string): string {
  const words = table.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field name for reading: `min_dosage` → 'min dosage'. */
export function fieldLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

/** A stored value for reading: '—' for none, JSON for a list or a nested record. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A record of a comparison (any reference table's row) as its fields, by name. */
export function fieldsOf(record: object): Map<string, unknown> {
  const entries: [string, unknown][] = Object.entries(record);
  return new Map(entries);
}

/**
 * What a record of a comparison is called: its name or label when it has one, else its id. The
 * rows are whole records of any reference table, so the name is looked for, not assumed.
 */
export function recordName(record: object): string {
  const fields = fieldsOf(record);
  for (const key of ['name', 'label', 'title', 'category_name']) {
    const value = fields.get(key);
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  const id = fields.get('id');
  return typeof id === 'number' ? `#${id}` : formatValue(record);
}

/** "1 change", "3 changes". */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
