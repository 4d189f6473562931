import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;

async function lifestyle(name: string): Promise<number> {
  const response = await api.post('/lifestyle', { name });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data.id;
}

const storedName = async (id: number) =>
  (await t.pool.query('SELECT name FROM lifestyles WHERE id = $1', [id])).rows[0]?.name;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

describe('lifestyles', () => {
  it('creates, reads, lists, updates and deletes a lifestyle', async () => {
    const created = await api.post('/lifestyle', { name: '  Smoking ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      data: { id: expect.any(Number), name: 'Smoking' },
      message: 'Lifestyle added successfully',
    });
    const { id } = created.json().data;
    expect(await storedName(id)).toBe('Smoking');

    expect((await api.get(`/lifestyle/${id}`)).json().data).toEqual({ id, name: 'Smoking' });
    await lifestyle('Alcohol');
    const names = (await api.get('/lifestyle')).json().data.map((l: { name: string }) => l.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).toEqual(expect.arrayContaining(['Alcohol', 'Smoking']));

    const updated = await api.put('/lifestyle', { id, name: 'Tobacco smoking' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      data: { id, name: 'Tobacco smoking' },
      message: 'Lifestyle updated successfully',
    });
    expect(await storedName(id)).toBe('Tobacco smoking');

    const deleted = await api.delete('/lifestyle', { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Lifestyle deleted successfully');
    expect(await countRows(t.pool, 'lifestyles WHERE id = $1', [id])).toBe(0);
    expect((await api.get(`/lifestyle/${id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate name (any case) with 409, on create and on rename', async () => {
    await lifestyle('Grapefruit juice');
    const again = await api.post('/lifestyle', { name: 'GRAPEFRUIT JUICE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
    expect(await countRows(t.pool, "lifestyles WHERE lower(name) = 'grapefruit juice'")).toBe(1);

    const other = await lifestyle('Driving');
    const rename = await api.put('/lifestyle', { id: other, name: 'grapefruit juice' });
    expect(rename.statusCode).toBe(409);
    expect(await storedName(other)).toBe('Driving');
  });

  it('refuses a missing or blank name with 422 naming the field, storing nothing', async () => {
    const before = await countRows(t.pool, 'lifestyles');
    const missing = await api.post('/lifestyle', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name).toEqual(['is required']);
    const blank = await api.post('/lifestyle', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('name');
    const tooLong = await api.post('/lifestyle', { name: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(422);
    expect(await countRows(t.pool, 'lifestyles')).toBe(before);

    const id = await lifestyle('Fasting');
    const emptyRename = await api.put('/lifestyle', { id, name: '' });
    expect(emptyRename.statusCode).toBe(422);
    expect(await storedName(id)).toBe('Fasting');
  });

  it('refuses to delete a lifestyle a lifestyle contraindication uses, naming the medication', async () => {
    const id = await lifestyle('Sun exposure');
    const condition = (await api.post('/condition', { name: 'Acne' })).json().data.id;
    const medication = (
      await api.post('/medication', {
        name: 'Doxycycline',
        condition_id: condition,
        is_dosage_weight_based: false,
      })
    ).json().data.id;
    expect(
      (
        await api.post('/lifestyle-contraindication', {
          medication_id: medication,
          lifestyle_id: id,
        })
      ).statusCode,
    ).toBe(201);

    const refused = await api.delete('/lifestyle', { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Doxycycline');
    expect(await storedName(id)).toBe('Sun exposure');
  });

  it('answers 404 for an unknown id and 422 for a bad id', async () => {
    expect((await api.get('/lifestyle/999999')).statusCode).toBe(404);
    expect((await api.put('/lifestyle', { id: 999999, name: 'Ghost' })).statusCode).toBe(404);
    expect((await api.delete('/lifestyle', { id: 999999 })).statusCode).toBe(404);
    const badBody = await api.delete('/lifestyle', { id: 'one' });
    expect(badBody.statusCode).toBe(422);
    expect(badBody.json().errors).toHaveProperty('id');
    expect((await api.get('/lifestyle/x')).statusCode).toBe(422);
  });

  it('answers 401 without a token for every call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'lifestyles');
    expect((await anonymous.get('/lifestyle')).statusCode).toBe(401);
    expect((await anonymous.get('/lifestyle/1')).statusCode).toBe(401);
    expect((await anonymous.post('/lifestyle', { name: 'Anonymous' })).statusCode).toBe(401);
    expect((await anonymous.put('/lifestyle', { id: 1, name: 'Anonymous' })).statusCode).toBe(401);
    expect((await anonymous.delete('/lifestyle', { id: 1 })).statusCode).toBe(401);
    expect(await countRows(t.pool, 'lifestyles')).toBe(before);
  });
});
