import { z } from 'zod';
import { ageKind, weightKind } from './categoryKinds';
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

function problems(values: CategoryFormValues): Record<string, string[]> {
  const result = categorySchema(weightKind).safeParse(values);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
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
