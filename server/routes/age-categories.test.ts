import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;

/** An age category as written: minimum_age / maximum_age / unit / category. */
function validAgeCategory(overrides: Record<string, unknown> = {}) {
  return {
    minimum_age: 18,
    maximum_age: 65,
    unit: 'years',
    category: 'Adult',
    description: 'Grown-ups',
    ...overrides,
  };
}

async function stored(id: number) {
  const { rows } = await t.pool.query(
    'SELECT min_age, max_age, age_unit, category_name, description FROM age_categories WHERE id = $1',
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

describe('age categories', () => {
  it('creates, reads, lists, updates and deletes an age category in the read shape', async () => {
    const created = await api.post('/age-category', validAgeCategory());
    expect(created.statusCode).toBe(201);
    const { data, message } = created.json();
    expect(message).toBe('Age category created successfully');
    expect(data).toEqual({
      id: expect.any(Number),
      min_age: 18,
      max_age: 65,
      age_unit: 'years',
      category_name: 'Adult',
      description: 'Grown-ups',
    });
    expect(await stored(data.id)).toEqual({
      min_age: 18,
      max_age: 65,
      age_unit: 'years',
      category_name: 'Adult',
      description: 'Grown-ups',
    });

    expect((await api.get(`/age-category/${data.id}`)).json().data).toEqual(data);
    expect((await api.get('/age-category')).json().data).toContainEqual(data);

    const updated = await api.put('/age-category', {
      id: data.id,
      ...validAgeCategory({
        minimum_age: 0,
        maximum_age: 28,
        unit: 'days',
        category: 'Pediatric',
        description: null,
      }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Age category updated successfully');
    expect(updated.json().data).toEqual({
      id: data.id,
      min_age: 0,
      max_age: 28,
      age_unit: 'days',
      category_name: 'Pediatric',
      description: null,
    });
    expect(await stored(data.id)).toEqual({
      min_age: 0,
      max_age: 28,
      age_unit: 'days',
      category_name: 'Pediatric',
      description: null,
    });

    const deleted = await api.delete(`/age-category/${data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Age category deleted successfully');
    expect(await countRows(t.pool, 'age_categories WHERE id = $1', [data.id])).toBe(0);
    expect((await api.get(`/age-category/${data.id}`)).statusCode).toBe(404);
  });

  it('accepts a null or absent category (None) and reads it as category_name null', async () => {
    const asNull = await api.post(
      '/age-category',
      validAgeCategory({ category: null, unit: 'months', maximum_age: 24 }),
    );
    expect(asNull.statusCode).toBe(201);
    expect(asNull.json().data.category_name).toBeNull();
    expect((await stored(asNull.json().data.id)).category_name).toBeNull();

    const { category: _omit, ...withoutCategory } = validAgeCategory();
    const absent = await api.post('/age-category', withoutCategory);
    expect(absent.statusCode).toBe(201);
    expect(absent.json().data.category_name).toBeNull();
  });

  it('refuses a minimum above the maximum with 422, on create and on update, storing nothing', async () => {
    const before = await countRows(t.pool, 'age_categories');
    const response = await api.post(
      '/age-category',
      validAgeCategory({ minimum_age: 70, maximum_age: 65 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('minimum_age');
    expect(await countRows(t.pool, 'age_categories')).toBe(before);

    const { id } = (await api.post('/age-category', validAgeCategory())).json().data;
    const update = await api.put('/age-category', { id, ...validAgeCategory({ minimum_age: 66 }) });
    expect(update.statusCode).toBe(422);
    expect((await stored(id)).min_age).toBe(18);
  });

  it.each([
    ['a capitalised unit', { unit: 'Years' }, 'unit'],
    ['an unknown unit', { unit: 'decades' }, 'unit'],
    ['an unknown category name', { category: 'Teen' }, 'category'],
    ['a negative age', { minimum_age: -1 }, 'minimum_age'],
    ['an age that is text', { maximum_age: 'sixty' }, 'maximum_age'],
    ['the read names instead of the written ones', { min_age: 1 }, 'min_age'],
  ])('refuses %s with 422 naming the field', async (_what, change, field) => {
    const before = await countRows(t.pool, 'age_categories');
    const response = await api.post('/age-category', validAgeCategory(change));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
    expect(await countRows(t.pool, 'age_categories')).toBe(before);
  });

  it('refuses a missing unit with 422 "is required"', async () => {
    const { unit: _omit, ...body } = validAgeCategory();
    const response = await api.post('/age-category', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.unit).toEqual(['is required']);
  });

  it('refuses to delete a category a dosage uses, naming the medication', async () => {
    const category = (await api.post('/age-category', validAgeCategory())).json().data.id;
    const condition = (await api.post('/condition', { name: 'Fever' })).json().data.id;
    const medication = await api.post('/medication', {
      name: 'Ibuprofen',
      condition_id: condition,
      is_dosage_weight_based: false,
      age_dosage: {
        age_category_id: category,
        min_dosage: 200,
        max_dosage: 400,
        dosage_unit: 'mg',
        min_frequency: 1,
        max_frequency: 3,
        frequency_unit: 'days',
        min_duration: 1,
        max_duration: 5,
        duration_unit: 'days',
      },
    });
    expect(medication.statusCode).toBe(201);

    const refused = await api.delete(`/age-category/${category}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Ibuprofen');
    expect(await countRows(t.pool, 'age_categories WHERE id = $1', [category])).toBe(1);
  });

  it('answers 404 for an unknown id and 422 for an id that is not a number', async () => {
    expect((await api.get('/age-category/999999')).statusCode).toBe(404);
    expect((await api.put('/age-category', { id: 999999, ...validAgeCategory() })).statusCode).toBe(
      404,
    );
    expect((await api.delete('/age-category/999999')).statusCode).toBe(404);
    const invalid = await api.get('/age-category/twelve');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('id');
    const before = await countRows(t.pool, 'age_categories');
    const badDelete = await api.delete('/age-category/0');
    expect(badDelete.statusCode).toBe(422);
    expect(badDelete.json().errors).toHaveProperty('id');
    expect(await countRows(t.pool, 'age_categories')).toBe(before);
  });

  it('answers 401 without a token for every call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'age_categories');
    expect((await anonymous.get('/age-category')).statusCode).toBe(401);
    expect((await anonymous.get('/age-category/1')).statusCode).toBe(401);
    expect((await anonymous.post('/age-category', validAgeCategory())).statusCode).toBe(401);
    expect(
      (await anonymous.put('/age-category', { id: 1, ...validAgeCategory() })).statusCode,
    ).toBe(401);
    expect((await anonymous.delete('/age-category/1')).statusCode).toBe(401);
    expect(await countRows(t.pool, 'age_categories')).toBe(before);
  });
});
