import {
  NO_STRENGTH,
  STRENGTH_PARTS_MESSAGE,
  addIngredientBody,
  addIngredientSchema,
  strengthBody,
  strengthSchema,
  strengthValues,
} from './medicationIngredientForm';

/** The schema's message for each field it refuses. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe("a medication's ingredient strength", () => {
  it('is all three parts, sent as a number and the two units', () => {
    const checked = addIngredientSchema.parse({
      ingredient_id: '9',
      amount: ' 12.5 ',
      amount_unit: 'mg',
      per_unit: 'ml',
    });
    expect(addIngredientBody(7, checked)).toEqual({
      medication_id: 7,
      ingredient_id: 9,
      amount: 12.5,
      amount_unit: 'mg',
      per_unit: 'ml',
    });
  });

  it('or none: nothing of a strength is sent', () => {
    const checked = addIngredientSchema.parse({ ingredient_id: '9', ...NO_STRENGTH });
    expect(addIngredientBody(7, checked)).toEqual({ medication_id: 7, ingredient_id: 9 });
    // Edit Strength with every part emptied removes the strength.
    expect(strengthBody(71, strengthSchema.parse(NO_STRENGTH))).toEqual({ id: 71 });
  });

  it('refuses part of one, under each missing part', () => {
    expect(
      problems(strengthSchema.safeParse({ amount: '500', amount_unit: '', per_unit: '' })),
    ).toEqual({ amount_unit: STRENGTH_PARTS_MESSAGE, per_unit: STRENGTH_PARTS_MESSAGE });
    expect(
      problems(strengthSchema.safeParse({ amount: '', amount_unit: 'mg', per_unit: 'tablet' })),
    ).toEqual({ amount: STRENGTH_PARTS_MESSAGE });
  });

  it('needs an amount above 0 and at most 1,000,000, and an ingredient', () => {
    const full = { amount_unit: 'mg', per_unit: 'tablet' };
    expect(problems(strengthSchema.safeParse({ amount: '0', ...full }))).toEqual({
      amount: 'Amount must be above 0',
    });
    expect(problems(strengthSchema.safeParse({ amount: '2000000', ...full }))).toEqual({
      amount: 'Amount must be at most 1,000,000',
    });
    expect(problems(addIngredientSchema.safeParse({ ingredient_id: '', ...NO_STRENGTH }))).toEqual({
      ingredient_id: 'Ingredient is required',
    });
  });

  it('refuses a unit the contract does not name', () => {
    expect(
      problems(strengthSchema.safeParse({ amount: '5', amount_unit: 'kg', per_unit: 'tablet' })),
    ).toHaveProperty('amount_unit');
  });

  it('starts Edit Strength from the stored strength, or empty parts', () => {
    expect(strengthValues({ amount: 30, amount_unit: 'mg', per_unit: 'tablet' })).toEqual({
      amount: '30',
      amount_unit: 'mg',
      per_unit: 'tablet',
    });
    expect(strengthValues({ amount: null, amount_unit: null, per_unit: null })).toEqual(
      NO_STRENGTH,
    );
    expect(
      strengthBody(
        71,
        strengthSchema.parse({ amount: '30', amount_unit: 'mg', per_unit: 'tablet' }),
      ),
    ).toEqual({ id: 71, amount: 30, amount_unit: 'mg', per_unit: 'tablet' });
  });
});
