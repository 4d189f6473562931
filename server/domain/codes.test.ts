import {
  ATC,
  codeProblem,
  codesProblems,
  ICD10,
  normalCodes,
  RXNORM,
  SNOMED,
  verhoeffValid,
} from './codes';

describe('code formats', () => {
  it('accepts ATC codes at every level and nothing else', () => {
    for (const code of ['B', 'B01', 'B01A', 'B01AA', 'B01AA03', 'N02BE01'])
      expect(codeProblem(ATC, code)).toBeNull();
    for (const code of ['', 'b01', 'B1', 'B01AA3', 'B01A1', 'B01AA031', '1B', 'B01AAA'])
      expect(codeProblem(ATC, code)).toMatch(/^Invalid code: an ATC code/);
  });

  it('accepts RxNorm codes of 1 to 8 digits', () => {
    for (const code of ['1', '161', '11289', '12345678'])
      expect(codeProblem(RXNORM, code)).toBeNull();
    for (const code of ['', '123456789', '12a', ' 161', '-1'])
      expect(codeProblem(RXNORM, code)).not.toBeNull();
  });

  it('accepts ICD-10 codes with an optional dotted extension', () => {
    for (const code of ['I10', 'E11.9', 'I48.91', 'J45', 'K21.0', 'C7A.0'])
      expect(codeProblem(ICD10, code)).toBeNull();
    for (const code of ['I1', 'i10', 'I10.', 'I10.12345', '110', 'I10 ', 'IA0'])
      expect(codeProblem(ICD10, code)).not.toBeNull();
  });

  it('checks SNOMED CT identifiers’ Verhoeff check digit', () => {
    // Myocardial infarction, hypertension, diabetes mellitus, asthma, atrial fibrillation,
    // depression, clinical finding, and SNOMED CT's root concept.
    for (const code of [
      '22298006',
      '38341003',
      '73211009',
      '195967001',
      '49436004',
      '35489007',
      '404684003',
      '138875005',
    ])
      expect(codeProblem(SNOMED, code)).toBeNull();
    // One digit changed, digits swapped, the check digit changed.
    for (const code of ['22298016', '38341030', '73211008', '12345'])
      expect(codeProblem(SNOMED, code)).toMatch(/check digit/);
    expect(codeProblem(SNOMED, '0038341003')).not.toBeNull();
  });

  it('computes Verhoeff as published (236 checks to 2363)', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffValid('')).toBe(false);
  });

  it('names the systems a record does not take, bad codes and codes given twice', () => {
    expect(
      codesProblems('medication', [
        { system: ATC, code: 'B01AA03' },
        { system: ICD10, code: 'I10' },
        { system: RXNORM, code: 'x' },
        { system: ATC, code: 'B01AA03' },
      ]),
    ).toEqual({
      'codes.1.system': ['A medication takes ATC or RxNorm codes, not ICD-10'],
      'codes.2.code': ['Invalid code: an RxNorm code (RxCUI) is 1 to 8 digits'],
      'codes.3.code': ['This code is listed twice'],
    });
    expect(codesProblems('condition', [{ system: SNOMED, code: '38341003' }])).toEqual({});
  });

  it('stores codes trimmed and in upper case, a blank display as none', () => {
    expect(normalCodes([{ system: ICD10, code: ' e11.9 ', display: '  ' }])).toEqual([
      { system: ICD10, code: 'E11.9', display: null },
    ]);
  });
});
