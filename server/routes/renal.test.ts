import {
  client,
  countRows,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';

/** Renal function categories, renal rules and conditions affecting kidney function, and the demo. */
let t: TestApp;
let api: ReturnType<typeof client>;
let med: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  api = client(t.app, await signIn(t.app));
  med = await idsByName(t.pool, 'medications');
});
afterAll(() => t.close());

async function check(body: object) {
  const response = await api.post('/safety-check', body);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    verdict: string;
    complete: boolean;
    findings: { kind: string; severity: string | null; reason?: string; message: string }[];
  };
}
const man = { age: 60, age_unit: 'years', weight: 70, weight_unit: 'kg', sex: 'male' };
const enoxaparinTwiceDaily = {
  medication_id: 0,
  dose: 70,
  dose_unit: 'mg',
  frequency: 12,
  frequency_unit: 'hours',
  duration: 5,
  duration_unit: 'days',
};

describe('kidney function in the demo data', () => {
  it('enoxaparin 70 mg twice daily in chronic kidney disease with no eGFR is not passed: the eGFR is asked for', async () => {
    const conditions = await idsByName(t.pool, 'conditions');
    const result = await check({
      medications: [{ ...enoxaparinTwiceDaily, medication_id: med.Enoxaparin }],
      patient: { ...man, condition_ids: [conditions['Chronic kidney disease']] },
    });
    expect(result.complete).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'not_checked', reason: 'missing_egfr' }),
    );
  });

  it('enoxaparin 70 mg twice daily at an eGFR of 25 is major: once a day below 30', async () => {
    const result = await check({
      medications: [{ ...enoxaparinTwiceDaily, medication_id: med.Enoxaparin }],
      patient: { ...man, egfr: 25 },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'frequency', severity: 'major' }),
    );
  });

  it('metformin is contraindicated at an eGFR of 20, and gentamicin every 24 hours at 25 is too often', async () => {
    const result = await check({
      medications: [
        {
          medication_id: med.Metformin,
          dose: 500,
          dose_unit: 'mg',
          frequency: 12,
          frequency_unit: 'hours',
          duration: 5,
          duration_unit: 'days',
        },
      ],
      patient: { ...man, egfr: 20 },
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'renal', severity: 'contraindicated' }),
    );
    const gentamicin = await check({
      medications: [
        {
          medication_id: med.Gentamicin,
          dose: 5,
          dose_unit: 'mg/kg',
          frequency: 24,
          frequency_unit: 'hours',
          duration: 5,
          duration_unit: 'days',
        },
      ],
      patient: { ...man, egfr: 25 },
    });
    expect(gentamicin.findings).toContainEqual(
      expect.objectContaining({ kind: 'frequency', severity: 'major' }),
    );
  });

  it('refuses an eGFR outside 0 to 200', async () => {
    const response = await api.post('/safety-check', {
      medications: [{ medication_id: med.Metformin }],
      patient: { egfr: 250 },
    });
    expect(response.statusCode).toBe(422);
  });

  it('marks chronic kidney disease as affecting kidney function, and keeps the mark when an update leaves it out', async () => {
    const conditions = await idsByName(t.pool, 'conditions');
    const id = conditions['Chronic kidney disease'];
    expect((await api.get(`/condition/${id}`)).json().data.affects_kidney_function).toBe(true);
    const updated = await api.put('/condition', { id, name: 'Chronic kidney disease' });
    expect(updated.json().data.affects_kidney_function).toBe(true);
    const created = await api.post('/condition', {
      name: 'Nephrotic syndrome',
      affects_kidney_function: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.affects_kidney_function).toBe(true);
  });
});

describe('renal function categories and rules', () => {
  it('creates a category (the unit may be left out), refuses a minimum above the maximum and one above 200', async () => {
    const created = await api.post('/renal-category', {
      minimum_egfr: 10,
      maximum_egfr: 20,
      category: 'G5',
      description: 'A test band',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      min_egfr: 10,
      max_egfr: 20,
      egfr_unit: 'mL/min/1.73m2',
      category_name: 'G5',
    });
    const before = await countRows(t.pool, 'renal_categories');
    expect(
      (await api.post('/renal-category', { minimum_egfr: 30, maximum_egfr: 20 })).statusCode,
    ).toBe(422);
    expect(
      (await api.post('/renal-category', { minimum_egfr: 0, maximum_egfr: 250 })).statusCode,
    ).toBe(422);
    expect(await countRows(t.pool, 'renal_categories')).toBe(before);
  });

  it('adds, changes and deletes a rule; refuses one that avoids and states a dose, one that states nothing, and a second for the category', async () => {
    const categories = (await api.get('/renal-category')).json().data as {
      id: number;
      category_name: string;
    }[];
    const g3a = categories.find((c) => c.category_name === 'G3a') as { id: number };
    const base = { medication_id: med.Furosemide, renal_category_id: g3a.id };
    const bad = [
      { ...base, avoid: true, min_dosage: 20, max_dosage: 40, dosage_unit: 'mg' },
      { ...base },
      { ...base, min_dosage: 40, max_dosage: 20, dosage_unit: 'mg' },
      { ...base, min_dosage: 20 },
    ];
    for (const body of bad) expect((await api.post('/renal-rule', body)).statusCode).toBe(422);
    const created = await api.post('/renal-rule', {
      ...base,
      min_dosage: 20,
      max_dosage: 40,
      dosage_unit: 'mg',
      max_daily_dosage: 80,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Renal rule added successfully');
    const { id } = created.json().data;
    expect((await api.post('/renal-rule', { ...base, avoid: true })).statusCode).toBe(409);

    const updated = await api.put('/renal-rule', { id, avoid: true });
    expect(updated.statusCode).toBe(200);
    const stored = await t.pool.query('SELECT avoid, min_dosage FROM renal_rules WHERE id = $1', [
      id,
    ]);
    expect(stored.rows[0]).toEqual({ avoid: true, min_dosage: null });

    const listed = (await api.get(`/renal-rule?medication_id=${med.Furosemide}`)).json().data;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([id]);
    // A category a rule uses is kept.
    const refused = await api.delete(`/renal-category/${g3a.id}`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/renal rules of: Furosemide/);

    expect((await api.delete('/renal-rule', { id })).json().message).toBe(
      'Renal rule deleted successfully',
    );
    expect(await countRows(t.pool, 'renal_rules WHERE id = $1', [id])).toBe(0);
  });
});

describe('the data-quality report on kidney function', () => {
  it('warns of renal rules when no condition is marked as affecting kidney function', async () => {
    const kinds = async () =>
      ((await api.get('/data-quality')).json().data as { kind: string; message: string }[])
        .filter((f) => f.kind === 'renal_without_kidney_condition')
        .map((f) => f.message.replace(/ has renal rules.*/, ''));
    expect(await kinds()).toEqual([]);
    await t.pool.query('UPDATE conditions SET affects_kidney_function = false');
    expect((await kinds()).sort()).toEqual(['Digoxin', 'Enoxaparin', 'Gentamicin', 'Metformin']);
    await t.pool.query(
      "UPDATE conditions SET affects_kidney_function = true WHERE name = 'Chronic kidney disease'",
    );
  });
});
