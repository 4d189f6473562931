import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

/** Ingredients, their strengths in medications and their daily limits through the API. */
let t: TestApp;
let api: ReturnType<typeof client>;
let unique = 0;
let conditionId: number;
let adultId: number;

async function created(path: string, body: object): Promise<{ id: number }> {
  const response = await api.post(path, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.body}`);
  return response.json().data;
}
const medication = (name: string) =>
  created('/medication', {
    name: `${name} ${++unique}`,
    condition_id: conditionId,
    is_dosage_weight_based: false,
    pregnancy_category: 'B',
  });
interface Link {
  id: number;
  medication_id: number;
  amount: number | null;
}
const ingredientsOf = async (medicationId: number) =>
  (await api.get(`/ingredient?medication_id=${medicationId}`)).json().data as {
    id: number;
    name: string;
    medications: Link[];
  }[];

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  conditionId = (await created('/condition', { name: 'Pain' })).id;
  adultId = (
    await created('/age-category', {
      minimum_age: 18,
      maximum_age: 65,
      unit: 'years',
      category: 'Adult',
    })
  ).id;
});
afterAll(() => t.close());

describe('ingredients', () => {
  it('gives a new medication one ingredient of its own name', async () => {
    const m = await medication('Naproxen');
    const name = (await api.get(`/medication/${m.id}`)).json().data.name;
    const own = await ingredientsOf(m.id);
    expect(own.map((i) => i.name)).toEqual([name]);
    expect(own[0].medications).toEqual([
      expect.objectContaining({
        medication_id: m.id,
        amount: null,
        amount_unit: null,
        per_unit: null,
      }),
    ]);
  });

  it('makes a combination product: adds an ingredient with its strength, sets and refuses strengths, and keeps the last one', async () => {
    const product = await medication('Co-codamol');
    const codeine = await created('/ingredient', { name: `Codeine ${++unique}` });
    const added = await api.post('/ingredient/medication', {
      medication_id: product.id,
      ingredient_id: codeine.id,
      amount: 30,
      amount_unit: 'mg',
      per_unit: 'tablet',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe('Ingredient added to the medication');
    const stored = await t.pool.query(
      'SELECT amount, amount_unit, per_unit FROM medication_ingredients WHERE medication_id = $1 AND ingredient_id = $2',
      [product.id, codeine.id],
    );
    expect(stored.rows).toEqual([{ amount: 30, amount_unit: 'mg', per_unit: 'tablet' }]);

    const twice = await api.post('/ingredient/medication', {
      medication_id: product.id,
      ingredient_id: codeine.id,
    });
    expect(twice.statusCode).toBe(409);

    // A strength is all three fields or none.
    const own = (await ingredientsOf(product.id)).find((i) => i.id !== codeine.id);
    const link = own?.medications.find((l) => l.medication_id === product.id) as Link;
    const partial = await api.put('/ingredient/medication', { id: link.id, amount: 500 });
    expect(partial.statusCode).toBe(422);
    const set = await api.put('/ingredient/medication', {
      id: link.id,
      amount: 500,
      amount_unit: 'mg',
      per_unit: 'tablet',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Strength updated successfully');

    expect((await api.delete('/ingredient/medication', { id: link.id })).statusCode).toBe(200);
    const codeineLink = (await ingredientsOf(product.id))[0].medications.find(
      (l) => l.medication_id === product.id,
    ) as Link;
    const last = await api.delete('/ingredient/medication', { id: codeineLink.id });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/at least one ingredient/);
    expect(
      await countRows(t.pool, 'medication_ingredients WHERE medication_id = $1', [product.id]),
    ).toBe(1);
  });

  it('refuses a duplicate name, and deleting an ingredient a medication contains', async () => {
    const m = await medication('Tramadol');
    const [own] = await ingredientsOf(m.id);
    const again = await api.post('/ingredient', { name: own.name.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An ingredient with this name already exists.');
    const refused = await api.delete('/ingredient', { id: own.id });
    expect(refused.statusCode).toBe(409);
    expect(await countRows(t.pool, 'ingredients WHERE id = $1', [own.id])).toBe(1);
  });

  it('states daily limits by category, one per kg and one absolute, and refuses a second of the same kind', async () => {
    const ingredient = await created('/ingredient', { name: `Paracetamol ${++unique}` });
    const limit = (max_daily_amount: number, unit: string) =>
      api.post('/ingredient/limit', {
        ingredient_id: ingredient.id,
        basis: 'age',
        category_id: adultId,
        max_daily_amount,
        unit,
      });
    expect((await limit(4, 'g')).statusCode).toBe(201);
    const perKg = await limit(75, 'mg/kg');
    expect(perKg.statusCode).toBe(201);
    expect(perKg.json().data.limits).toEqual([
      expect.objectContaining({
        basis: 'age',
        category_id: adultId,
        max_daily_amount: 4,
        unit: 'g',
      }),
      expect.objectContaining({
        max_daily_amount: 75,
        unit: 'mg/kg',
        category: 'Adult (18–65 years)',
      }),
    ]);
    expect((await limit(3, 'g')).statusCode).toBe(409);
    // A weight category's limit is named by that category.
    const normal = (
      await api.post('/weight-category', {
        minimum_weight: 50,
        maximum_weight: 80,
        unit: 'kg',
        category: 'Normal',
      })
    ).json().data.id;
    const byWeight = await api.post('/ingredient/limit', {
      ingredient_id: ingredient.id,
      basis: 'weight',
      category_id: normal,
      max_daily_amount: 3,
      unit: 'g',
    });
    expect(byWeight.json().data.limits).toContainEqual(
      expect.objectContaining({ basis: 'weight', category: 'Normal (50–80 kg)' }),
    );
    const unknown = await api.post('/ingredient/limit', {
      ingredient_id: ingredient.id,
      basis: 'weight',
      category_id: adultId + 100000,
      max_daily_amount: 1,
      unit: 'g',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      category_id: [`No such weight category: ${adultId + 100000}`],
    });
    // The category is kept while a limit names it.
    const deleteCategory = await api.delete(`/age-category/${adultId}`, {});
    expect(deleteCategory.statusCode).toBe(409);
    expect(deleteCategory.json().message).toMatch(/daily limit/);
  });
});
