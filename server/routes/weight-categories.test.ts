import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;

/** A weight category as written: minimum_weight / maximum_weight / unit / category. */
function validWeightCategory(overrides: Record<string, unknown> = {}) {
  return {
    minimum_weight: 18.5,
    maximum_weight: 24.9,
    unit: 'kg',
    category: 'Normal',
    description: 'Healthy range',
    ...overrides,
  };
}

async function stored(id: number) {
  const { rows } = await t.pool.query(
    'SELECT min_weight, max_weight, weight_unit, category_name, description FROM weight_categories WHERE id = $1',
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

describe('weight categories', () => {
  it('creates, reads, lists, updates and deletes a weight category in the read shape', async () => {
    const created = await api.post('/weight-category', validWeightCategory());
    expect(created.statusCode).toBe(201);
    const { data, message } = created.json();
    expect(message).toBe('Weight category created successfully');
    expect(data).toEqual({
      id: expect.any(Number),
      min_weight: 18.5,
      max_weight: 24.9,
      weight_unit: 'kg',
      category_name: 'Normal',
      description: 'Healthy range',
      // No ages given: the category is for every age.
      min_age_years: null,
      max_age_years: null,
    });
    expect(await stored(data.id)).toEqual({
      min_weight: 18.5,
      max_weight: 24.9,
      weight_unit: 'kg',
      category_name: 'Normal',
      description: 'Healthy range',
    });
    expect((await api.get(`/weight-category/${data.id}`)).json().data).toEqual(data);
    expect((await api.get('/weight-category')).json().data).toContainEqual(data);

    const updated = await api.put('/weight-category', {
      id: data.id,
      ...validWeightCategory({
        minimum_weight: 200,
        maximum_weight: 400,
        unit: 'lbs',
        category: 'Obese',
        description: null,
        minimum_age_years: 18,
      }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Weight category updated successfully');
    expect(updated.json().data).toEqual({
      id: data.id,
      min_weight: 200,
      max_weight: 400,
      weight_unit: 'lbs',
      category_name: 'Obese',
      description: null,
      min_age_years: 18,
      max_age_years: null,
    });
    expect(await stored(data.id)).toEqual({
      min_weight: 200,
      max_weight: 400,
      weight_unit: 'lbs',
      category_name: 'Obese',
      description: null,
    });

    const deleted = await api.delete(`/weight-category/${data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Weight category deleted successfully');
    expect(await countRows(t.pool, 'weight_categories WHERE id = $1', [data.id])).toBe(0);
    expect((await api.get(`/weight-category/${data.id}`)).statusCode).toBe(404);
  });

  it('requires a category: absent or null is a 422 naming category, and nothing is stored', async () => {
    const before = await countRows(t.pool, 'weight_categories');
    const { category: _omit, ...withoutCategory } = validWeightCategory();
    const absent = await api.post('/weight-category', withoutCategory);
    expect(absent.statusCode).toBe(422);
    expect(absent.json().errors.category).toEqual(['is required']);

    const asNull = await api.post('/weight-category', validWeightCategory({ category: null }));
    expect(asNull.statusCode).toBe(422);
    expect(asNull.json().errors).toHaveProperty('category');
    expect(await countRows(t.pool, 'weight_categories')).toBe(before);
  });

  it('refuses a minimum above the maximum with 422, on create and on update', async () => {
    const before = await countRows(t.pool, 'weight_categories');
    const response = await api.post(
      '/weight-category',
      validWeightCategory({ minimum_weight: 30 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('minimum_weight');
    expect(await countRows(t.pool, 'weight_categories')).toBe(before);

    const { id } = (await api.post('/weight-category', validWeightCategory())).json().data;
    const update = await api.put('/weight-category', {
      id,
      ...validWeightCategory({ maximum_weight: 10 }),
    });
    expect(update.statusCode).toBe(422);
    expect((await stored(id)).max_weight).toBe(24.9);
  });

  it.each([
    ['a capitalised unit', { unit: 'Kg' }, 'unit'],
    ['an unknown unit', { unit: 'stone' }, 'unit'],
    ['an unknown category name', { category: 'Heavy' }, 'category'],
    ['a negative weight', { minimum_weight: -5 }, 'minimum_weight'],
  ])('refuses %s with 422 naming the field', async (_what, change, field) => {
    const before = await countRows(t.pool, 'weight_categories');
    const response = await api.post('/weight-category', validWeightCategory(change));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
    expect(await countRows(t.pool, 'weight_categories')).toBe(before);
  });

  it('refuses to delete a category a dosage uses, naming the medication', async () => {
    const category = (await api.post('/weight-category', validWeightCategory())).json().data.id;
    const condition = (await api.post('/condition', { name: 'Otitis' })).json().data.id;
    const medication = await api.post('/medication', {
      name: 'Amoxicillin',
      condition_id: condition,
      is_dosage_weight_based: true,
      weight_dosage: {
        weight_category_id: category,
        min_dosage: 20,
        max_dosage: 40,
        dosage_unit: 'mg',
        min_frequency: 2,
        max_frequency: 3,
        frequency_unit: 'days',
        min_duration: 5,
        max_duration: 10,
        duration_unit: 'days',
      },
    });
    expect(medication.statusCode).toBe(201);
    const refused = await api.delete(`/weight-category/${category}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Amoxicillin');
    expect(await countRows(t.pool, 'weight_categories WHERE id = $1', [category])).toBe(1);
  });

  it('answers 404 for an unknown id and 422 for an id that is not a number', async () => {
    expect((await api.get('/weight-category/999999')).statusCode).toBe(404);
    expect(
      (await api.put('/weight-category', { id: 999999, ...validWeightCategory() })).statusCode,
    ).toBe(404);
    expect((await api.delete('/weight-category/999999')).statusCode).toBe(404);
    const invalid = await api.delete('/weight-category/-3');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('id');
    const badGet = await api.get('/weight-category/1e3');
    expect(badGet.statusCode).toBe(422);
    expect(badGet.json().errors).toHaveProperty('id');
  });

  it('answers 401 without a token for every call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'weight_categories');
    expect((await anonymous.get('/weight-category')).statusCode).toBe(401);
    expect((await anonymous.get('/weight-category/1')).statusCode).toBe(401);
    expect((await anonymous.post('/weight-category', validWeightCategory())).statusCode).toBe(401);
    expect(
      (await anonymous.put('/weight-category', { id: 1, ...validWeightCategory() })).statusCode,
    ).toBe(401);
    expect((await anonymous.delete('/weight-category/1')).statusCode).toBe(401);
    expect(await countRows(t.pool, 'weight_categories')).toBe(before);
  });
});
