/**
 * Standard codes on records: the format of a code in each system, and a record's codes checked.
 * Pure rules, shared by the server's checks and the console's form; the systems and which records
 * take which are in ./codeSystems.ts (re-exported here).
 */

export * from './codeSystems';
import {
  ATC,
  ENTITY_SYSTEMS,
  ICD10,
  normalCode,
  RXNORM,
  SNOMED,
  SYSTEM_NAMES,
} from './codeSystems';
import type { Code, CodedEntity, CodeSystem } from './codeSystems';

// The dihedral group D5's multiplication table: the Verhoeff scheme SNOMED CT's identifiers end
// with.
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
// The permutation applied to a digit by its position (from the right, modulo 8): the first
// permutation's powers.
const P1 = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
const P = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
for (let i = 1; i < 8; i++) P.push(P[i - 1].map((digit) => P1[digit]));

/** True when `digits`, its last digit the check digit, passes the Verhoeff check. */
export function verhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i++) c = D[c][P[i % 8][Number(reversed[i])]];
  return c === 0;
}

const FORMATS: Record<CodeSystem, { test: (code: string) => boolean; says: string }> = {
  [ATC]: {
    // Levels 1 to 5: A, A01, A01A, A01AA, A01AA01.
    test: (code) => /^[A-Z]([0-9]{2}([A-Z]([A-Z]([0-9]{2})?)?)?)?$/.test(code),
    says: 'an ATC code is a letter, then 2 digits, a letter, a letter and 2 digits (such as B01AA03)',
  },
  [RXNORM]: {
    test: (code) => /^[0-9]{1,8}$/.test(code),
    says: 'an RxNorm code (RxCUI) is 1 to 8 digits',
  },
  [ICD10]: {
    test: (code) => /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/.test(code),
    says: 'an ICD-10 code is a letter, a digit, a digit or letter, then optionally a dot and up to 4 more (such as I10 or E11.9)',
  },
  [SNOMED]: {
    test: (code) => /^[1-9][0-9]{5,17}$/.test(code) && verhoeffValid(code),
    says: 'a SNOMED CT code is 6 to 18 digits ending with a valid check digit',
  },
};

/** Why `code` is not a code of `system`, or null when it is one. */
export function codeProblem(system: CodeSystem, code: string): string | null {
  const format = FORMATS[system];
  return format.test(code) ? null : `Invalid code: ${format.says}`;
}

/**
 * The problems of a record's codes by field (`codes.0.code`), as the API's 422 names nested
 * fields: a system the record does not take, a code not in its system's format, a code twice.
 */
export function codesProblems(entity: CodedEntity, codes: readonly Code[]) {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  codes.forEach(({ system, code }, i) => {
    if (!ENTITY_SYSTEMS[entity].includes(system)) {
      errors[`codes.${i}.system`] = [
        `A ${entity.replace('_', ' ')} takes ${ENTITY_SYSTEMS[entity].map((s) => SYSTEM_NAMES[s]).join(' or ')} codes, not ${SYSTEM_NAMES[system] ?? system}`,
      ];
      return;
    }
    const problem = codeProblem(system, code);
    if (problem) errors[`codes.${i}.code`] = [problem];
    else if (seen.has(`${system} ${code}`))
      errors[`codes.${i}.code`] = ['This code is listed twice'];
    seen.add(`${system} ${code}`);
  });
  return errors;
}

/** The codes as stored: code normalised, display trimmed (empty is none). */
export const normalCodes = (codes: readonly Code[] | undefined): Code[] =>
  (codes ?? []).map(({ system, code, display }) => ({
    system,
    code: normalCode(code),
    display: display?.trim() || null,
  }));

/** "ATC B01AA03", as the console and messages name a code. */
export const codeLabel = ({ system, code }: Pick<Code, 'system' | 'code'>) =>
  `${SYSTEM_NAMES[system] ?? system} ${code}`;
