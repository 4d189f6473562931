import type { CodeSystem } from '@contract/enums';
import { ATC, ICD10, normalCode, RXNORM, SNOMED } from './codes';

/**
 * The format of each code system's codes: the same rules the server checks
 * (server/domain/codes.ts), so a form refuses what the server would refuse.
 */

// The dihedral group D5's multiplication table and the position permutations of the Verhoeff
// check that ends every SNOMED CT identifier.
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
const P1 = [1, 5, 7, 6, 2, 8, 3, 0, 9, 4];
const P = [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]];
for (let i = 1; i < 8; i++) P.push(P[i - 1].map((digit) => P1[digit]));

export function verhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let c = 0;
  [...digits].reverse().forEach((digit, i) => (c = D[c][P[i % 8][Number(digit)]]));
  return c === 0;
}

const FORMATS: Record<CodeSystem, { test: (code: string) => boolean; says: string }> = {
  [ATC]: {
    test: (code) => /^[A-Z]([0-9]{2}([A-Z]([A-Z]([0-9]{2})?)?)?)?$/.test(code),
    says: 'An ATC code is a letter, 2 digits, a letter, a letter and 2 digits (such as B01AA03)',
  },
  [RXNORM]: { test: (code) => /^[0-9]{1,8}$/.test(code), says: 'An RxNorm code is 1 to 8 digits' },
  [ICD10]: {
    test: (code) => /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/.test(code),
    says: 'An ICD-10 code looks like I10 or E11.9',
  },
  [SNOMED]: {
    test: (code) => /^[1-9][0-9]{5,17}$/.test(code) && verhoeffValid(code),
    says: 'A SNOMED CT code is 6 to 18 digits ending with a valid check digit',
  },
};

/** Why `code` (as typed) is no code of `system`, or null when it is one. */
export function codeProblem(system: CodeSystem, code: string): string | null {
  if (normalCode(code) === '') return 'Code is required';
  return FORMATS[system].test(normalCode(code)) ? null : FORMATS[system].says;
}
