import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;

/** A drug of the simple list as written; every field is required. */
function validDrug(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ibuprofen',
    description: 'Non-steroidal anti-inflammatory',
    dosage: '200-400 mg every 4-6 hours',
    side_effects: ['Nausea', 'Heartburn'],
    contraindications: ['Peptic ulcer'],
    category: 'Analgesic',
    manufacturer: 'Generic Pharma',
    ...overrides,
  };
}

async function stored(id: number) {
  const { rows } = await t.pool.query(
    'SELECT name, description, dosage, side_effects, contraindications, category, manufacturer FROM drugs WHERE id = $1',
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

describe('the simple drug list', () => {
  it('creates, reads, lists, updates and deletes a drug', async () => {
    const created = await api.post('/drug', validDrug());
    expect(created.statusCode).toBe(201);
    const { data, message } = created.json();
    expect(message).toBe('Drug added successfully');
    expect(data).toEqual({
      id: expect.any(Number),
      ...validDrug(),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const { id: _id, created_at: _c, updated_at: _u, ...fields } = data;
    expect(await stored(data.id)).toEqual(fields);

    expect((await api.get(`/drug/${data.id}`)).json().data).toEqual(data);
    expect((await api.get('/drug')).json().data).toContainEqual(data);

    const changes = validDrug({
      name: 'Ibuprofen 400',
      side_effects: ['Dizziness'],
      contraindications: ['Kidney disease', 'Third trimester'],
      manufacturer: 'Other Labs',
    });
    const updated = await api.put('/drug', { id: data.id, ...changes });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Drug updated successfully');
    expect(updated.json().data).toMatchObject({
      id: data.id,
      ...changes,
      created_at: data.created_at,
    });
    expect(new Date(updated.json().data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(data.updated_at).getTime(),
    );
    expect(await stored(data.id)).toEqual(changes);

    const deleted = await api.delete(`/drug/${data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Drug deleted successfully');
    expect(await countRows(t.pool, 'drugs WHERE id = $1', [data.id])).toBe(0);
    expect((await api.get(`/drug/${data.id}`)).statusCode).toBe(404);
  });

  it.each([
    'name',
    'description',
    'dosage',
    'side_effects',
    'contraindications',
    'category',
    'manufacturer',
  ])('refuses a drug without %s with 422 "is required", storing nothing', async (field) => {
    const before = await countRows(t.pool, 'drugs');
    const response = await api.post('/drug', validDrug({ [field]: undefined }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual(['is required']);
    expect(await countRows(t.pool, 'drugs')).toBe(before);
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a blank manufacturer', { manufacturer: '   ' }, 'manufacturer'],
    ['an empty side-effect list', { side_effects: [] }, 'side_effects'],
    ['side effects as one text', { side_effects: 'Nausea, Heartburn' }, 'side_effects'],
  ])('refuses %s with 422 naming the field', async (_what, change, field) => {
    const before = await countRows(t.pool, 'drugs');
    const response = await api.post('/drug', validDrug(change));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
    expect(await countRows(t.pool, 'drugs')).toBe(before);
  });

  it('trims text fields and list items', async () => {
    const response = await api.post(
      '/drug',
      validDrug({
        name: '  Naproxen ',
        side_effects: [' Nausea ', 'Headache  '],
        contraindications: ['  Asthma'],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Naproxen',
      side_effects: ['Nausea', 'Headache'],
      contraindications: ['Asthma'],
    });
    expect(await stored(data.id)).toMatchObject({
      name: 'Naproxen',
      side_effects: ['Nausea', 'Headache'],
      contraindications: ['Asthma'],
    });
  });

  it('drops empty list items (as typed comma-separated: "Nausea, , Headache,")', async () => {
    const response = await api.post(
      '/drug',
      validDrug({
        name: 'Ketoprofen',
        side_effects: ['Nausea', ' ', 'Headache', ''],
        contraindications: ['Asthma', ''],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.side_effects).toEqual(['Nausea', 'Headache']);
    expect(data.contraindications).toEqual(['Asthma']);
    expect(await stored(data.id)).toMatchObject({
      side_effects: ['Nausea', 'Headache'],
      contraindications: ['Asthma'],
    });
  });

  it('refuses an update missing a field with 422 and changes nothing', async () => {
    const { id } = (await api.post('/drug', validDrug({ name: 'Diclofenac' }))).json().data;
    const { category: _omit, ...incomplete } = validDrug({ name: 'Diclofenac changed' });
    const response = await api.put('/drug', { id, ...incomplete });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.category).toEqual(['is required']);
    expect((await stored(id)).name).toBe('Diclofenac');
  });

  it('answers 404 for an unknown id and 422 for an id that is not a number', async () => {
    expect((await api.get('/drug/999999')).statusCode).toBe(404);
    expect((await api.put('/drug', { id: 999999, ...validDrug() })).statusCode).toBe(404);
    expect((await api.delete('/drug/999999')).statusCode).toBe(404);
    const invalid = await api.get('/drug/1.5');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('id');
    const { id } = (await api.post('/drug', validDrug({ name: 'Naproxen' }))).json().data;
    const badDelete = await api.delete('/drug/abc');
    expect(badDelete.statusCode).toBe(422);
    expect(badDelete.json().errors).toHaveProperty('id');
    expect(await countRows(t.pool, 'drugs WHERE id = $1', [id])).toBe(1);
    expect(await countRows(t.pool, 'drugs WHERE id = 999999')).toBe(0);
  });

  it('answers 401 without a token for every call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'drugs');
    expect((await anonymous.get('/drug')).statusCode).toBe(401);
    expect((await anonymous.get('/drug/1')).statusCode).toBe(401);
    expect((await anonymous.post('/drug', validDrug())).statusCode).toBe(401);
    expect((await anonymous.put('/drug', { id: 1, ...validDrug() })).statusCode).toBe(401);
    expect((await anonymous.delete('/drug/1')).statusCode).toBe(401);
    expect(await countRows(t.pool, 'drugs')).toBe(before);
  });
});
