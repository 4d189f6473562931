import type { CodeSystem } from '@contract/enums';

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

export const ATC = 'http://www.whocc.no/atc' satisfies CodeSystem;
export const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm' satisfies CodeSystem;
export const ICD10 = 'http://hl7.org/fhir/sid/icd-10' satisfies CodeSystem;
export const SNOMED = 'http://snomed.info/sct' satisfies CodeSystem;

export const SYSTEM_NAMES: Record<CodeSystem, string> = {
  [ATC]: 'ATC',
  [RXNORM]: 'RxNorm',
  [ICD10]: 'ICD-10',
  [SNOMED]: 'SNOMED CT',
};

/** Medicines (medications, ingredients, drug classes) and conditions take different systems. */
export const MEDICINE_SYSTEMS: readonly CodeSystem[] = [ATC, RXNORM];
export const CONDITION_SYSTEMS: readonly CodeSystem[] = [ICD10, SNOMED];

/** A code as the server stores it: trimmed, in upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

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
