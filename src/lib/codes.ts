import type { CodeSystem } from '@contract/enums';
import {
  ATC,
  ENTITY_SYSTEMS,
  ICD10,
  normalCode,
  RXNORM,
  SNOMED,
  SYSTEM_NAMES,
} from '../../server/domain/codeSystems';

/**
 * Standard codes on records, as the console edits and shows them: which systems a record takes,
 * each system's short name, and the form's rows. The format of each system's codes is in
 * ./codeFormats.ts, which only the forms' lazily loaded schemas need.
 */

export interface StoredCode {
  system: CodeSystem;
  code: string;
  display?: string | null;
}

// The systems, their short names and a code's stored form are the server's own.
export { ATC, ICD10, normalCode, RXNORM, SNOMED, SYSTEM_NAMES };

/** Medicines (medications, ingredients, drug classes) and conditions take different systems. */
export const MEDICINE_SYSTEMS: readonly CodeSystem[] = ENTITY_SYSTEMS.medication;
export const CONDITION_SYSTEMS: readonly CodeSystem[] = ENTITY_SYSTEMS.condition;

/** "ATC B01AA03". */
export const codeLabel = ({ system, code }: StoredCode) => `${SYSTEM_NAMES[system]} ${code}`;

/** A row of the codes editor: what its inputs hold. */
export interface CodeRow {
  system: CodeSystem;
  code: string;
  display: string;
}

/** The editor's rows for a record's codes. */
export const codeRows = (codes: readonly StoredCode[] | undefined): CodeRow[] =>
  (codes ?? []).map(({ system, code, display }) => ({ system, code, display: display ?? '' }));

/** What saving sends: each code trimmed and in upper case, a blank display as none. */
export const codesBody = (rows: readonly CodeRow[]): StoredCode[] =>
  rows.map(({ system, code, display }) => ({
    system,
    code: normalCode(code),
    display: display.trim() || null,
  }));

/** The server's field errors of a record's codes (`codes.0.code`), as the form names them. */
export const CODES_SERVER_FIELDS: Record<
  string,
  `codes.${number}.code` | `codes.${number}.system`
> = Object.fromEntries(
  Array.from({ length: 20 }, (_, i) => [
    [`codes.${i}.code`, `codes.${i}.code`],
    [`codes.${i}.system`, `codes.${i}.system`],
  ]).flat(),
);

/**
 * `{ codes }` when the form's codes differ from the record's (none for a new record), else
 * nothing: a save that leaves the codes alone sends none, and the server keeps them.
 */
export function changedCodes(
  before: readonly StoredCode[] | undefined,
  after: StoredCode[],
): { codes?: StoredCode[] } {
  const text = (codes: readonly StoredCode[]) =>
    JSON.stringify(codes.map(({ system, code, display }) => [system, code, display ?? null]));
  return text(before ?? []) === text(after) ? {} : { codes: after };
}
