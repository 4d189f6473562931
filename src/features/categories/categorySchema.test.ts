import { z } from 'zod';
import { ageKind, renalKind, weightKind } from './categoryKinds';
import { categorySchema, type CategoryFormValues } from './categorySchema';

/** A category form's rules for the ages a category is meant for, without rendering the form. */
const form = (values: Partial<CategoryFormValues>): CategoryFormValues => ({
  minimum: '0',
  maximum: '50',
  unit: 'kg',
  category: 'Normal',
  description: '',
  minimum_age_years: '',
  maximum_age_years: '',
  ...values,
});

/** The refusals of a form's values, by field: none when they pass. */
function problems(
  values: CategoryFormValues,
  kind: 'weight' | 'renal' = 'weight',
): Record<string, string[]> {
  const result =
    kind === 'renal'
      ? categorySchema(renalKind).safeParse(values)
      : categorySchema(weightKind).safeParse(values);
  if (result.success) return {};
  return z.flattenError<unknown>(result.error).fieldErrors as Record<string, string[]>;
}

describe('the ages of a weight category', () => {
  it.each([
    [
      'a maximum of 131',
      { maximum_age_years: '131' },
      { maximum_age_years: ['Maximum age must be from 0 to 130 years'] },
    ],
    [
      'a negative minimum',
      { minimum_age_years: '-1' },
      { minimum_age_years: ['Minimum age must be from 0 to 130 years'] },
    ],
    [
      'a minimum above the maximum',
      { minimum_age_years: '18', maximum_age_years: '12' },
      { minimum_age_years: ['Minimum age must not exceed maximum age'] },
    ],
  ])('refuses %s under its field', (_what, values, expected) => {
    expect(problems(form(values))).toEqual(expected);
  });

  it('sends ages as years, an empty one as null (no bound)', () => {
    expect(
      categorySchema(weightKind).parse(form({ minimum_age_years: ' 18 ', maximum_age_years: '' })),
    ).toMatchObject({ minimum_age_years: 18, maximum_age_years: null });
  });

  it('sends no ages for a kind without them', () => {
    const output = categorySchema(ageKind).parse(
      form({ unit: 'years', category: '', minimum: '1', maximum: '12' }),
    );
    expect(output).not.toHaveProperty('minimum_age_years');
    expect(output).not.toHaveProperty('maximum_age_years');
  });
});

describe('a renal function category', () => {
  const band = (values: Partial<CategoryFormValues>) =>
    form({ unit: 'mL/min/1.73m2', category: 'G3a', minimum: '45', maximum: '60', ...values });

  it.each([
    [
      'an eGFR above 200',
      { maximum: '200.5' },
      { maximum: ['Maximum eGFR must be from 0 to 200'] },
    ],
    ['a negative eGFR', { minimum: '-1' }, { minimum: ['Minimum eGFR must be 0 or more'] }],
    [
      'a minimum above the maximum',
      { minimum: '60', maximum: '45' },
      { minimum: ['Minimum eGFR must not exceed maximum eGFR'] },
    ],
  ])('refuses %s under its field', (_what, values, expected) => {
    expect(problems(band(values), 'renal')).toEqual(expected);
  });

  it('takes 0 to 200 and sends the range under the contract names, without the one unit', () => {
    const output = categorySchema(renalKind).parse(band({ minimum: '0', maximum: '200' }));
    expect(renalKind.write(output)).toEqual({
      minimum_egfr: 0,
      maximum_egfr: 200,
      category: 'G3a',
      description: null,
    });
  });

  it('sends no name as null', () => {
    const output = categorySchema(renalKind).parse(band({ category: '' }));
    expect(renalKind.write(output)).toMatchObject({ category: null });
  });
});

describe.each([
  { schema: categorySchema(ageKind), measure: 'age', values: { unit: 'years', category: '' } },
  { schema: categorySchema(weightKind), measure: 'weight', values: { unit: 'kg' } },
  {
    schema: categorySchema(renalKind),
    measure: 'eGFR',
    values: { unit: 'mL/min/1.73m2', category: 'G3a' },
  },
])('every kind: $measure', ({ schema, measure, values }) => {
  it('requires the numbers and refuses negative ones, each under its field', () => {
    const result = schema.safeParse(form({ ...values, minimum: '', maximum: '-3' }));
    expect(result.success).toBe(false);
    expect(result.error && z.flattenError<unknown>(result.error).fieldErrors).toEqual({
      minimum: [`Minimum ${measure} is required`],
      maximum: [`Maximum ${measure} must be 0 or more`],
    });
  });
});

describe('a weight category', () => {
  it("sends the range under the contract's names, with its unit, name and ages", () => {
    const output = categorySchema(weightKind).parse(
      form({ minimum: '50.1', maximum: '80', unit: 'kg', minimum_age_years: '18' }),
    );
    // The schema's output type cannot follow the kind's own enums (see categoryResolver).
    expect(weightKind.write(output as Parameters<typeof weightKind.write>[0])).toEqual({
      minimum_weight: 50.1,
      maximum_weight: 80,
      unit: 'kg',
      category: 'Normal',
      description: null,
      minimum_age_years: 18,
      maximum_age_years: null,
    });
  });
});
