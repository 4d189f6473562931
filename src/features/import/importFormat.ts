import type { ImportEntity, ImportResult, ImportRow } from '@/api';
import { IMPORT_TARGETS } from './importTargets';

/** What a line of the preview does: an error of the file, or what importing its row does. */
export type PreviewKind = 'Error' | 'Create' | 'Change' | 'Unchanged';

/** One line of the preview's grid: an error of the file, or a row and what importing it does. */
export interface PreviewLine {
  key: string;
  row: number;
  kind: PreviewKind;
  /** In a FHIR Bundle, the records the row is of ('Medications'); empty for a CSV file. */
  entity: string;
  /** The record the row names; empty for an error. */
  label: string;
  /** An error's column, as the header names it; empty for a record. */
  column: string;
  /** An error's message, or each field a row sets ("Severity: Major → Moderate"), one a line. */
  details: readonly string[];
}

const entityLabel = (entity: ImportEntity | undefined) =>
  entity ? IMPORT_TARGETS[entity].label : '';

const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** A row's fields, each as "Severity: Major → Moderate" (a create: "Severity: Major"). */
export function changesText(row: ImportRow, created: boolean): string[] {
  return Object.entries(row.changes ?? {}).map(([field, { before, after }]) =>
    created ? `${field}: ${shown(after)}` : `${field}: ${shown(before)} → ${shown(after)}`,
  );
}

/**
 * The preview's lines: the file's errors first (by row, as the server lists them), then the rows
 * that create, change and leave unchanged a record, each with what it does.
 */
export function previewLines(result: ImportResult): PreviewLine[] {
  const rows = (list: ImportRow[], kind: Exclude<PreviewKind, 'Error'>): PreviewLine[] =>
    list.map((row) => ({
      key: `${kind}-${row.row}`,
      row: row.row,
      kind,
      entity: entityLabel(row.entity),
      label: row.label,
      column: '',
      details: kind === 'Unchanged' ? [] : changesText(row, kind === 'Create'),
    }));
  return [
    ...result.errors.map((error, i) => ({
      key: `Error-${i}`,
      row: error.row,
      kind: 'Error' as const,
      entity: entityLabel(error.entity),
      label: '',
      column: error.field,
      details: [error.message],
    })),
    ...rows(result.created, 'Create'),
    ...rows(result.changed, 'Change'),
    ...rows(result.unchanged, 'Unchanged'),
  ];
}

/** Whether a file is a FHIR Bundle (JSON), else a CSV file, by its name or its type. */
export const isBundleFile = (file: File) => /\.json$/i.test(file.name) || /json/i.test(file.type);

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "3 to create, 1 to change, 20 unchanged" */
export function countsText({ counts }: ImportResult): string {
  return `${counts.created.toLocaleString('en')} to create, ${counts.changed.toLocaleString('en')} to change, ${counts.unchanged.toLocaleString('en')} unchanged`;
}

/** "Conditions: 4 rows read; 2 errors, 1 to create, 0 to change, 1 unchanged." (a Bundle's: entries) */
export function summaryText(result: ImportResult, label: string): string {
  const read =
    result.entity === 'fhir-bundle'
      ? plural(result.rows, 'entry', 'entries')
      : plural(result.rows, 'row');
  return `${label}: ${read} read; ${plural(result.counts.errors, 'error')}, ${countsText(result)}.`;
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
