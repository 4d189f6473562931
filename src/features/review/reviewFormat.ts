import type { PendingChange } from '@/api';

export const NO_PENDING_CHANGES = 'No changes since the latest release.';

/** What a pending change did to the release's record, net. */
export const ACTION_WORDS: Record<PendingChange['action'], string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
};

/** "Awaiting review", or who approved (or rejected) the change as it stands. */
export function reviewStateText(change: Pick<PendingChange, 'review'>): string {
  const { review } = change;
  if (!review) return 'Awaiting review';
  return `${review.decision === 'approved' ? 'Approved' : 'Rejected'} by ${review.reviewer_name}`;
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

/** One changed field of a pending change: its name (the row id), its release and draft values. */
export interface FieldChange {
  id: string;
  before: string;
  after: string;
}

/** A record as the contract gives it (any reference table's row), as its fields by name. */
function fieldsOf(record: object | null): Map<string, unknown> {
  const entries: [string, unknown][] = record ? Object.entries(record) : [];
  return new Map(entries);
}

/**
 * The fields that differ, each with its value in the newest release (`before`; none for a
 * record the draft created) and in the draft (`after`; none for one it deleted).
 */
export function fieldChanges(change: Pick<PendingChange, 'fields' | 'before' | 'after'>) {
  const before = fieldsOf(change.before);
  const after = fieldsOf(change.after);
  return change.fields.map((field): FieldChange => ({
    id: field,
    before: formatValue(before.get(field)),
    after: formatValue(after.get(field)),
  }));
}

/** A record's key in the list and the requests: its entity and id. */
export const changeKey = (change: Pick<PendingChange, 'entity' | 'entity_id'>) =>
  `${change.entity}-${change.entity_id}`;
