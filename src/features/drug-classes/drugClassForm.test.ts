import { z } from 'zod';
import type { DrugClass } from '@/api';
import {
  DRUG_CLASS_ID_REQUIRED_MESSAGE,
  drugClassFormValues,
  drugClassRequest,
  duplicateSeverityChanged,
} from './drugClassForm';
import { ATC_CODE_MESSAGE, drugClassSchema, type DrugClassFormValues } from './drugClassSchema';

const statins: DrugClass = {
  id: 4,
  name: 'Statins',
  atc_code: 'C10AA',
  duplicate_severity: 'major',
  members: [{ id: 41, medication_id: 9, name: 'Simvastatin' }],
  member_count: 1,
  codes: [],
};

const form = (values: Partial<DrugClassFormValues>): DrugClassFormValues => ({
  name: 'Statins',
  atc_code: '',
  duplicate_severity: '',
  codes: [],
  ...values,
});

function problems(values: DrugClassFormValues): Record<string, string[]> {
  const result = drugClassSchema.safeParse(values);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
}

describe('the class form', () => {
  it('starts empty for a new class (no code, not a duplicate-therapy class), or with the class', () => {
    expect(drugClassFormValues(null)).toEqual({
      name: '',
      atc_code: '',
      duplicate_severity: '',
      codes: [],
    });
    expect(drugClassFormValues(statins)).toEqual({
      name: 'Statins',
      atc_code: 'C10AA',
      duplicate_severity: 'major',
      codes: [],
    });
    expect(drugClassFormValues({ ...statins, atc_code: null, duplicate_severity: null })).toEqual({
      name: 'Statins',
      atc_code: '',
      duplicate_severity: '',
      codes: [],
    });
  });

  it.each([
    ['no name', { name: '  ' }, { name: ['Name is required'] }],
    [
      'a name of 201 characters',
      { name: 'x'.repeat(201) },
      {
        name: ['Name must be at most 200 characters'],
      },
    ],
    ['a code of two letters', { atc_code: 'NN' }, { atc_code: [ATC_CODE_MESSAGE] }],
    ['a code too long', { atc_code: 'N06AB1' }, { atc_code: [ATC_CODE_MESSAGE] }],
    ['a code of digits first', { atc_code: '06AB' }, { atc_code: [ATC_CODE_MESSAGE] }],
    [
      'a severity the contract lacks',
      { duplicate_severity: 'severe' as 'major' },
      {
        duplicate_severity: [expect.any(String)],
      },
    ],
  ])('refuses %s under its field', (_what, values, expected) => {
    expect(problems(form(values))).toEqual(expected);
  });

  it.each(['N', 'N06', 'N06A', 'N06AB', 'c10aa', ' j01ca '])(
    'accepts the ATC group %p, uppercased and trimmed',
    (code) => {
      expect(drugClassSchema.parse(form({ atc_code: code })).atc_code).toBe(
        code.trim().toUpperCase(),
      );
    },
  );

  it('sends a new class with its name trimmed, the code uppercased, and null for what is left empty', () => {
    const values = drugClassSchema.parse(form({ name: ' Statins ', atc_code: 'c10aa' }));
    expect(drugClassRequest(values, null)).toEqual({
      kind: 'create',
      body: { name: 'Statins', atc_code: 'C10AA', duplicate_severity: null },
    });
  });

  it("sends an edit with the class's id, null for a removed code or severity, and the reason", () => {
    const values = drugClassSchema.parse(form({ name: 'HMG-CoA reductase inhibitors' }));
    expect(drugClassRequest(values, statins, ' Regrouped ')).toEqual({
      kind: 'update',
      body: {
        id: 4,
        name: 'HMG-CoA reductase inhibitors',
        atc_code: null,
        duplicate_severity: null,
        reason: 'Regrouped',
      },
    });
    expect(() => drugClassRequest(values, { id: null })).toThrow(DRUG_CLASS_ID_REQUIRED_MESSAGE);
  });

  it('asks a reason when a duplicate-therapy severity is set, changed or removed; not otherwise', () => {
    expect(duplicateSeverityChanged({ duplicate_severity: '' }, null)).toBe(false);
    expect(duplicateSeverityChanged({ duplicate_severity: 'minor' }, null)).toBe(true);
    expect(duplicateSeverityChanged({ duplicate_severity: 'major' }, statins)).toBe(false);
    expect(duplicateSeverityChanged({ duplicate_severity: 'moderate' }, statins)).toBe(true);
    expect(duplicateSeverityChanged({ duplicate_severity: '' }, statins)).toBe(true);
    expect(duplicateSeverityChanged({ duplicate_severity: '' }, { duplicate_severity: null })).toBe(
      false,
    );
  });
});
