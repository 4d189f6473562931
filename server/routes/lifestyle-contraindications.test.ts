import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let medicationId: number;
let otherMedicationId: number;
const lifestyles: Record<string, number> = {};

const linkCount = (medication: number, lifestyle: number) =>
  countRows(t.pool, 'lifestyle_contraindications WHERE medication_id = $1 AND lifestyle_id = $2', [
    medication,
    lifestyle,
  ]);

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const condition = (await api.post('/condition', { name: 'Insomnia' })).json().data.id;
  const medication = (name: string) =>
    api
      .post('/medication', { name, condition_id: condition, is_dosage_weight_based: false })
      .then((r) => r.json().data.id);
  medicationId = await medication('Zolpidem');
  otherMedicationId = await medication('Melatonin');
  for (const name of ['Alcohol', 'Driving', 'Night shifts']) {
    lifestyles[name] = (await api.post('/lifestyle', { name })).json().data.id;
  }
});
afterAll(() => t.close());

describe('lifestyle contraindications', () => {
  it('creates one with the lifestyle and medication names, lists it and shows it on the medication', async () => {
    const response = await api.post('/lifestyle-contraindication', {
      medication_id: medicationId,
      lifestyle_id: lifestyles.Alcohol,
    });
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe('Lifestyle contraindication added successfully');
    expect(data).toEqual({
      id: expect.any(Number),
      medication_id: medicationId,
      lifestyle_id: lifestyles.Alcohol,
      // Left out, a link is major, as every link was before links had a severity.
      severity: 'major',
      lifestyle: { id: lifestyles.Alcohol, name: 'Alcohol' },
      medication: { id: medicationId, name: 'Zolpidem' },
    });
    expect(await linkCount(medicationId, lifestyles.Alcohol)).toBe(1);

    expect((await api.get('/lifestyle-contraindication')).json().data).toContainEqual(data);
    const read = (await api.get(`/medication/${medicationId}`)).json().data;
    expect(read.medical_lifestyle_contraindications).toContainEqual(data);
  });

  it('stores a severity given, changes it, and refuses one outside the scale, storing nothing', async () => {
    const created = await api.post('/lifestyle-contraindication', {
      medication_id: otherMedicationId,
      lifestyle_id: lifestyles.Driving,
      severity: 'minor',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const stored = async () =>
      (await t.pool.query('SELECT severity FROM lifestyle_contraindications WHERE id = $1', [id]))
        .rows[0].severity;
    expect(await stored()).toBe('minor');

    const updated = await api.put('/lifestyle-contraindication', { id, severity: 'moderate' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Lifestyle contraindication updated successfully',
      data: { id, severity: 'moderate', lifestyle: { name: 'Driving' } },
    });
    expect(await stored()).toBe('moderate');
    const history = (
      await api.get(`/audit?entity=lifestyle_contraindication&entity_id=${id}&action=update`)
    ).json().data;
    expect(history[0].changes.severity).toEqual({ from: 'minor', to: 'moderate' });

    for (const body of [
      { id, severity: 'severe' },
      { id },
      { severity: 'major' },
      { id, severity: 'major', extra: 1 },
    ]) {
      const refused = await api.put('/lifestyle-contraindication', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const badCreate = await api.post('/lifestyle-contraindication', {
      medication_id: medicationId,
      lifestyle_id: lifestyles['Night shifts'],
      severity: 'severe',
    });
    expect(badCreate.statusCode).toBe(422);
    expect(await linkCount(medicationId, lifestyles['Night shifts'])).toBe(0);
    expect(await stored()).toBe('moderate');

    const unknown = await api.put('/lifestyle-contraindication', { id: 999999, severity: 'major' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toEqual(expect.any(String));
  });

  it('refuses the same pair twice with 409', async () => {
    const body = { medication_id: medicationId, lifestyle_id: lifestyles.Driving };
    expect((await api.post('/lifestyle-contraindication', body)).statusCode).toBe(201);
    const again = await api.post('/lifestyle-contraindication', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already/);
    expect(await linkCount(medicationId, lifestyles.Driving)).toBe(1);
  });

  it('answers 404 for an unknown medication and 422 for an unknown lifestyle or missing field, storing nothing', async () => {
    const before = await countRows(t.pool, 'lifestyle_contraindications');
    expect(
      (
        await api.post('/lifestyle-contraindication', {
          medication_id: 999999,
          lifestyle_id: lifestyles['Night shifts'],
        })
      ).statusCode,
    ).toBe(404);
    const unknownLifestyle = await api.post('/lifestyle-contraindication', {
      medication_id: otherMedicationId,
      lifestyle_id: 999999,
    });
    expect(unknownLifestyle.statusCode).toBe(422);
    expect(unknownLifestyle.json().errors).toHaveProperty('lifestyle_id');
    const missing = await api.post('/lifestyle-contraindication', {
      medication_id: otherMedicationId,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.lifestyle_id).toEqual(['is required']);
    const extra = await api.post('/lifestyle-contraindication', {
      medication_id: otherMedicationId,
      lifestyle_id: lifestyles.Alcohol,
      lifestyle: { name: 'Alcohol' },
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toHaveProperty('lifestyle');
    expect(await countRows(t.pool, 'lifestyle_contraindications')).toBe(before);
  });

  it('deletes with an { id } body, leaving the medication and lifestyle', async () => {
    const { id } = (
      await api.post('/lifestyle-contraindication', {
        medication_id: otherMedicationId,
        lifestyle_id: lifestyles['Night shifts'],
      })
    ).json().data;
    const deleted = await api.delete('/lifestyle-contraindication', { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Lifestyle contraindication deleted successfully');
    expect(await countRows(t.pool, 'lifestyle_contraindications WHERE id = $1', [id])).toBe(0);
    expect(await countRows(t.pool, 'lifestyles WHERE id = $1', [lifestyles['Night shifts']])).toBe(
      1,
    );
    expect(await countRows(t.pool, 'medications WHERE id = $1', [otherMedicationId])).toBe(1);

    expect((await api.delete('/lifestyle-contraindication', { id })).statusCode).toBe(404);
    const invalid = await api.delete('/lifestyle-contraindication', { id: 0 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('id');
  });

  it('answers 401 without a token for every call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'lifestyle_contraindications');
    expect((await anonymous.get('/lifestyle-contraindication')).statusCode).toBe(401);
    expect(
      (
        await anonymous.post('/lifestyle-contraindication', {
          medication_id: otherMedicationId,
          lifestyle_id: lifestyles.Alcohol,
        })
      ).statusCode,
    ).toBe(401);
    expect((await anonymous.delete('/lifestyle-contraindication', { id: 1 })).statusCode).toBe(401);
    expect(await countRows(t.pool, 'lifestyle_contraindications')).toBe(before);
  });
});
