import type { ImportEntity, ImportResult, ImportRow } from '@/api';

/** The importable entities, as the page's select names them. */
export const IMPORT_ENTITIES: readonly { value: ImportEntity; label: string }[] = [
  { value: 'conditions', label: 'Conditions' },
  { value: 'lifestyles', label: 'Lifestyles' },
  { value: 'drug-interactions', label: 'Drug interactions' },
  { value: 'ingredients', label: 'Ingredients' },
  { value: 'drug-classes', label: 'Drug classes' },
];

export const isImportEntity = (value: string | null): value is ImportEntity =>
  IMPORT_ENTITIES.some((entity) => entity.value === value);

/** One line of the preview's grid: a row of the file and what importing it does. */
export interface PreviewLine {
  key: string;
  row: number;
  kind: 'Create' | 'Change' | 'Unchanged';
  label: string;
  changes: string;
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** A row's fields as "Severity: Major → Moderate; Description: …" (a create: the values alone). */
export function changesText(row: ImportRow, created: boolean): string {
  return Object.entries(row.changes ?? {})
    .map(([field, { before, after }]) =>
      created ? `${field}: ${shown(after)}` : `${field}: ${shown(before)} → ${shown(after)}`,
    )
    .join('; ');
}

/** The listed rows of a preview, created and changed first, each with what it does. */
export function previewLines(result: ImportResult): PreviewLine[] {
  const lines = (rows: ImportRow[], kind: PreviewLine['kind']) =>
    rows.map((row) => ({
      key: `${kind}-${row.row}`,
      row: row.row,
      kind,
      label: row.label,
      changes: kind === 'Unchanged' ? '' : changesText(row, kind === 'Create'),
    }));
  return [
    ...lines(result.created, 'Create'),
    ...lines(result.changed, 'Change'),
    ...lines(result.unchanged, 'Unchanged'),
  ];
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "3 to create, 1 to change, 20 unchanged" */
export function countsText({ counts }: ImportResult): string {
  return `${counts.created.toLocaleString('en')} to create, ${counts.changed.toLocaleString('en')} to change, ${counts.unchanged.toLocaleString('en')} unchanged`;
}

export const errorsText = ({ counts }: ImportResult) =>
  `${plural(counts.errors, 'error')}: fix the file and choose it again. Nothing can be imported while it has errors.`;

/** Says when a list holds fewer rows than its count (the server lists the first 1,000). */
export function listedText(result: ImportResult): string | null {
  const listed =
    result.created.length + result.changed.length + result.unchanged.length + result.errors.length;
  const total =
    result.counts.created + result.counts.changed + result.counts.unchanged + result.counts.errors;
  return listed < total
    ? `Showing the first rows of each kind (${listed.toLocaleString('en')} of ${total.toLocaleString('en')}); the counts are exact.`
    : null;
}
