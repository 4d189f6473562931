import { z } from 'zod';
import {
  ageLimitShape,
  ageLimitText,
  checkAgeLimit,
  type AgeLimitValues,
} from './medicationAgeLimit';

/** The age limit's rules as Edit Medication applies them, without rendering the form. */
const schema = z.object(ageLimitShape).superRefine(checkAgeLimit);

const limit = (values: Partial<AgeLimitValues>): AgeLimitValues => ({
  hasAgeLimit: true,
  minimumAge: '',
  maximumAge: '',
  ageUnit: 'years',
  ageLimitSeverity: 'contraindicated',
  ...values,
});

/** Each field's messages, for what the form would refuse. */
function problems(values: AgeLimitValues): Record<string, string[]> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
}

describe('an age limit as Edit Medication checks it', () => {
  it.each([
    ['no age at all', limit({}), { minimumAge: ['Give a minimum age, a maximum age or both'] }],
    [
      'a minimum above the maximum',
      limit({ minimumAge: '18', maximumAge: '12' }),
      { minimumAge: ['Minimum age must not exceed maximum age'] },
    ],
    [
      '131 years',
      limit({ maximumAge: '131' }),
      { maximumAge: ['Maximum age must be at most 130 years'] },
    ],
    [
      '1,561 months',
      limit({ minimumAge: '1561', ageUnit: 'months' }),
      { minimumAge: ['Minimum age must be at most 1,560 months'] },
    ],
    [
      'a negative age',
      limit({ minimumAge: '-1', ageUnit: 'days' }),
      { minimumAge: ['Minimum age must be 0 or more'] },
    ],
    [
      'what is not a number',
      limit({ maximumAge: '12a' }),
      { maximumAge: ['Maximum age must be a number'] },
    ],
  ])('refuses %s under its field', (_what, values, expected) => {
    expect(problems(values)).toEqual(expected);
  });

  it.each([
    ['a minimum alone', limit({ minimumAge: '42', ageUnit: 'days' })],
    ['a maximum alone', limit({ maximumAge: '65' })],
    ['equal bounds', limit({ minimumAge: '12', maximumAge: '12' })],
    ['130 years in days', limit({ maximumAge: '47482.5', ageUnit: 'days' })],
    ['no limit, whatever was typed', limit({ hasAgeLimit: false, minimumAge: '-5' })],
  ])('accepts %s', (_what, values) => {
    expect(problems(values)).toEqual({});
  });
});

describe('an age limit in words', () => {
  it.each([
    ['None', null],
    [
      'Contraindicated under 42 days',
      { min_age: 42, max_age: null, unit: 'days', severity: 'contraindicated' },
    ],
    [
      'Not recommended (moderate) over 65 years',
      { min_age: null, max_age: 65, unit: 'years', severity: 'moderate' },
    ],
    [
      'Not recommended (major) under 1 year or over 80 years',
      { min_age: 1, max_age: 80, unit: 'years', severity: 'major' },
    ],
  ] as const)('%s', (text, limit) => {
    expect(ageLimitText(limit)).toBe(text);
  });
});
