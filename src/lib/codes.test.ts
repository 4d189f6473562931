import * as server from '../../server/domain/codes';
import { codeProblem, verhoeffValid } from './codeFormats';
import { ATC, CODES_SERVER_FIELDS, codesBody, ICD10, RXNORM, SNOMED, SYSTEM_NAMES } from './codes';

// The console's checks must refuse exactly what the server refuses, or a form would send codes
// the server turns down (or turn down codes the server takes).
const SAMPLES: [string, string[]][] = [
  [ATC, ['B', 'B01', 'B01A', 'B01AA', 'B01AA03', 'b01aa03', 'B1', 'B01AA3', 'B01AAA', '', '1B']],
  [RXNORM, ['161', '11289', '12345678', '123456789', '12a', '']],
  [ICD10, ['I10', 'E11.9', 'i48.91', 'I1', 'I10.', 'I10.12345', '110']],
  [SNOMED, ['38341003', '22298006', '195967001', '138875005', '38341004', '12345', '0038341003']],
];

describe('standard codes in the console', () => {
  it.each(SAMPLES)('accepts and refuses the codes of %s as the server does', (system, codes) => {
    for (const code of codes) {
      const console = codeProblem(system as server.CodeSystem, code) === null;
      const stored = server.normalCode(code);
      const accepted =
        stored !== '' && server.codeProblem(system as server.CodeSystem, stored) === null;
      expect([code, console]).toEqual([code, accepted]);
    }
  });

  it('checks the Verhoeff digit of SNOMED CT identifiers', () => {
    expect(verhoeffValid('73211009')).toBe(true);
    expect(verhoeffValid('73211008')).toBe(false);
    expect(codeProblem(SNOMED, '73211008')).toBe(
      'A SNOMED CT code is 6 to 18 digits ending with a valid check digit',
    );
  });

  it('names the systems as the server exports them, and sends codes as it stores them', () => {
    expect(SYSTEM_NAMES).toEqual(server.SYSTEM_NAMES);
    expect(codesBody([{ system: ATC, code: ' b01aa03 ', display: ' ' }])).toEqual([
      { system: ATC, code: 'B01AA03', display: null },
    ]);
    expect(CODES_SERVER_FIELDS['codes.3.code']).toBe('codes.3.code');
  });
});
