import type { LightMyRequestResponse } from 'fastify';
import {
  appUserToken,
  client,
  countRows,
  createTestApp,
  insertUser,
  signIn,
  type TestApp,
} from '../test/helpers';

// Each file makes its own database and the machine is shared: generous time for hooks and tests.
jest.setTimeout(30_000);

/**
 * POST /safety-check against a small, hand-built reference set. Every expectation below is
 * computed by hand from the data in `beforeAll` (1 lb = 0.45359237 kg; 1 year = 12 months =
 * 365.25 days; 1 month = 30.4375 days; bounds inclusive).
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let adminId: number;

const ids = {
  cond: {} as Record<'hypertension' | 'ulcer' | 'asthma' | 'liver', number>,
  life: {} as Record<'alcohol' | 'smoking', number>,
  age: {} as Record<'infant' | 'child' | 'adult', number>,
  weight: {} as Record<'light' | 'normal' | 'heavy', number>,
  med: {} as Record<
    'warfarin' | 'aspirin' | 'ibuprofen' | 'amoxicillin' | 'cetirizine' | 'paracetamol',
    number
  >,
  interaction: {} as Record<
    'warfarinAspirin' | 'ibuprofenWarfarin' | 'aspirinIbuprofen' | 'amoxCetirizine',
    number
  >,
};

const dosage = (dose: [number, number], extra: Record<string, unknown>) => ({
  min_dosage: dose[0],
  max_dosage: dose[1],
  dosage_unit: 'mg',
  min_frequency: 6,
  max_frequency: 8,
  frequency_unit: 'hours',
  min_duration: 3,
  max_duration: 7,
  duration_unit: 'days',
  ...extra,
});

async function created(response: Promise<LightMyRequestResponse>): Promise<number> {
  const r = await response;
  if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`setup failed: ${r.body}`);
  return r.json().data.id;
}

async function check(body: object, caller = api) {
  const response = await caller.post('/safety-check', body);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    verdict: string;
    findings: Record<string, unknown>[];
    dosing: Record<string, unknown>[];
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const token = await signIn(t.app);
  api = client(t.app, token);
  adminId = (await api.get('/auth/me')).json().data.id;

  for (const [key, name] of [
    ['hypertension', 'Hypertension'],
    ['ulcer', 'Peptic ulcer'],
    ['asthma', 'Asthma'],
    ['liver', 'Liver cirrhosis'],
  ] as const)
    ids.cond[key] = await created(api.post('/condition', { name }));
  ids.life.alcohol = await created(api.post('/lifestyle', { name: 'Alcohol consumption' }));
  ids.life.smoking = await created(api.post('/lifestyle', { name: 'Smoking' }));

  ids.age.infant = await created(
    api.post('/age-category', {
      minimum_age: 1,
      maximum_age: 12,
      unit: 'months',
      category: 'Pediatric',
    }),
  );
  ids.age.child = await created(
    api.post('/age-category', {
      minimum_age: 1,
      maximum_age: 12,
      unit: 'years',
      category: 'Pediatric',
    }),
  );
  ids.age.adult = await created(
    api.post('/age-category', {
      minimum_age: 18,
      maximum_age: 65,
      unit: 'years',
      category: 'Adult',
    }),
  );
  // 0 to 110 lbs is 0 to 49.8951607 kg: a gap up to 50 kg.
  ids.weight.light = await created(
    api.post('/weight-category', {
      minimum_weight: 0,
      maximum_weight: 110,
      unit: 'lbs',
      category: 'Underweight',
    }),
  );
  ids.weight.normal = await created(
    api.post('/weight-category', {
      minimum_weight: 50,
      maximum_weight: 80,
      unit: 'kg',
      category: 'Normal',
    }),
  );
  ids.weight.heavy = await created(
    api.post('/weight-category', {
      minimum_weight: 80.5,
      maximum_weight: 100,
      unit: 'kg',
      category: 'Overweight',
    }),
  );

  const medication = (
    name: string,
    weightBased: boolean,
    pregnancy: string | null,
    contraindications: number[] = [],
  ) =>
    created(
      api.post('/medication', {
        name,
        condition_id: ids.cond.hypertension,
        is_dosage_weight_based: weightBased,
        pregnancy_category: pregnancy,
        contraindications,
      }),
    );
  ids.med.warfarin = await medication('Warfarin', false, 'X', [ids.cond.ulcer, ids.cond.liver]);
  ids.med.aspirin = await medication('Aspirin', true, 'D', [ids.cond.ulcer, ids.cond.asthma]);
  ids.med.ibuprofen = await medication('Ibuprofen', true, 'C', [ids.cond.asthma]);
  ids.med.amoxicillin = await medication('Amoxicillin', false, 'B');
  ids.med.cetirizine = await medication('Cetirizine', false, null);
  ids.med.paracetamol = await medication('Paracetamol', true, 'A');

  const weightDosage = (med: number, category: number, dose: [number, number]) =>
    created(
      api.post(
        '/medication/add-weight-based-dosage',
        dosage(dose, { medication_id: med, weight_category_id: category }),
      ),
    );
  const ageDosage = (med: number, category: number, dose: [number, number]) =>
    created(
      api.post(
        '/medication/add-age-based-dosage',
        dosage(dose, { medication_id: med, age_category_id: category }),
      ),
    );
  await weightDosage(ids.med.aspirin, ids.weight.light, [75, 150]);
  await weightDosage(ids.med.aspirin, ids.weight.normal, [300, 600]);
  await weightDosage(ids.med.ibuprofen, ids.weight.normal, [400, 600]);
  await weightDosage(ids.med.paracetamol, ids.weight.normal, [500, 1000]);
  await ageDosage(ids.med.warfarin, ids.age.adult, [2, 10]);
  await ageDosage(ids.med.amoxicillin, ids.age.infant, [125, 250]);
  await ageDosage(ids.med.amoxicillin, ids.age.child, [250, 500]);
  // Cetirizine has no dosage at all.

  await created(
    api.post('/lifestyle-contraindication', {
      medication_id: ids.med.warfarin,
      lifestyle_id: ids.life.alcohol,
    }),
  );

  const interaction = (
    a: number,
    b: number,
    severity: string,
    description: string,
    isAllergen = false,
  ) =>
    created(
      api.post('/drug-interaction', {
        medication_id: a,
        interacting_medication_id: b,
        severity,
        description,
        is_allergen: isAllergen,
      }),
    );
  // Stored Warfarin first: the opposite of name order.
  ids.interaction.warfarinAspirin = await interaction(
    ids.med.warfarin,
    ids.med.aspirin,
    'major',
    'Bleeding risk.',
  );
  ids.interaction.ibuprofenWarfarin = await interaction(
    ids.med.ibuprofen,
    ids.med.warfarin,
    'major',
    'Raised INR.',
  );
  ids.interaction.aspirinIbuprofen = await interaction(
    ids.med.aspirin,
    ids.med.ibuprofen,
    'moderate',
    'Less antiplatelet effect.',
  );
  ids.interaction.amoxCetirizine = await interaction(
    ids.med.amoxicillin,
    ids.med.cetirizine,
    'minor',
    'Rash.',
    true,
  );
});
afterAll(() => t.close());

describe('POST /safety-check: findings', () => {
  it('answers verdict none and no findings for a medication with nothing against it', async () => {
    const data = await check({ medication_ids: [ids.med.paracetamol] });
    expect(data.verdict).toBe('none');
    expect(data.findings).toEqual([]);
    expect(data.dosing).toEqual([
      {
        medication_id: ids.med.paracetamol,
        medication_name: 'Paracetamol',
        basis: 'weight',
        category: null,
        dose: null,
        frequency: null,
        duration: null,
        reason: 'No weight given: Paracetamol is dosed by weight.',
      },
    ]);
    // Two medications that do not interact, a non-pregnant patient with no listed condition.
    const two = await check({
      medication_ids: [ids.med.paracetamol, ids.med.amoxicillin],
      patient: {
        pregnant: false,
        condition_ids: [ids.cond.hypertension],
        lifestyle_ids: [ids.life.smoking],
      },
    });
    expect(two).toMatchObject({ verdict: 'none', findings: [] });
  });

  it('finds an interaction stored in either order, with its severity and description, named by medication name', async () => {
    const expected = {
      kind: 'interaction',
      severity: 'major',
      medication_ids: [ids.med.aspirin, ids.med.warfarin],
      interaction_id: ids.interaction.warfarinAspirin,
      allergen: false,
      message: 'Aspirin and Warfarin: Bleeding risk.',
    };
    const forward = await check({ medication_ids: [ids.med.warfarin, ids.med.aspirin] });
    const backward = await check({ medication_ids: [ids.med.aspirin, ids.med.warfarin] });
    expect(forward).toEqual(backward);
    expect(forward.verdict).toBe('major');
    expect(forward.findings).toEqual([expected]);
    // Stored Ibuprofen -> Warfarin, asked Warfarin first.
    const other = await check({ medication_ids: [ids.med.warfarin, ids.med.ibuprofen] });
    expect(other.findings).toEqual([
      {
        kind: 'interaction',
        severity: 'major',
        medication_ids: [ids.med.ibuprofen, ids.med.warfarin],
        interaction_id: ids.interaction.ibuprofenWarfarin,
        allergen: false,
        message: 'Ibuprofen and Warfarin: Raised INR.',
      },
    ]);
  });

  it('flags an allergen interaction with allergen: true', async () => {
    const data = await check({ medication_ids: [ids.med.cetirizine, ids.med.amoxicillin] });
    expect(data.verdict).toBe('minor');
    expect(data.findings).toEqual([
      {
        kind: 'interaction',
        severity: 'minor',
        medication_ids: [ids.med.amoxicillin, ids.med.cetirizine],
        interaction_id: ids.interaction.amoxCetirizine,
        allergen: true,
        message: 'Amoxicillin and Cetirizine: Rash. (flagged as an allergen)',
      },
    ]);
  });

  it("finds the patient's contraindicated conditions (contraindicated) and lifestyles (major), and only those", async () => {
    const data = await check({
      medication_ids: [ids.med.warfarin],
      patient: {
        condition_ids: [ids.cond.ulcer, ids.cond.asthma, ids.cond.hypertension],
        lifestyle_ids: [ids.life.alcohol, ids.life.smoking],
      },
    });
    expect(data.verdict).toBe('contraindicated');
    expect(data.findings).toEqual([
      {
        kind: 'condition',
        severity: 'contraindicated',
        medication_ids: [ids.med.warfarin],
        condition_id: ids.cond.ulcer,
        message: 'Warfarin is contraindicated in Peptic ulcer.',
      },
      {
        kind: 'lifestyle',
        severity: 'major',
        medication_ids: [ids.med.warfarin],
        lifestyle_id: ids.life.alcohol,
        message: 'Warfarin is contraindicated with Alcohol consumption.',
      },
    ]);
  });

  it('grades pregnancy: X contraindicated, D major, C moderate, A and B nothing, none minor; nothing when not pregnant', async () => {
    const all = [
      ids.med.warfarin,
      ids.med.aspirin,
      ids.med.ibuprofen,
      ids.med.amoxicillin,
      ids.med.paracetamol,
      ids.med.cetirizine,
    ];
    const data = await check({ medication_ids: all, patient: { pregnant: true } });
    const pregnancy = data.findings.filter((f) => f.kind === 'pregnancy');
    expect(pregnancy).toEqual([
      {
        kind: 'pregnancy',
        severity: 'contraindicated',
        medication_ids: [ids.med.warfarin],
        pregnancy_category: 'X',
        message: 'Warfarin is pregnancy category X: contraindicated in pregnancy.',
      },
      {
        kind: 'pregnancy',
        severity: 'major',
        medication_ids: [ids.med.aspirin],
        pregnancy_category: 'D',
        message: 'Aspirin is pregnancy category D: positive evidence of fetal risk.',
      },
      {
        kind: 'pregnancy',
        severity: 'moderate',
        medication_ids: [ids.med.ibuprofen],
        pregnancy_category: 'C',
        message: 'Ibuprofen is pregnancy category C: fetal risk cannot be ruled out.',
      },
      {
        kind: 'pregnancy',
        severity: 'minor',
        medication_ids: [ids.med.cetirizine],
        pregnancy_category: null,
        message: 'Cetirizine has no pregnancy category: pregnancy data is missing.',
      },
    ]);
    expect(data.verdict).toBe('contraindicated');
    const notPregnant = await check({ medication_ids: all, patient: { pregnant: false } });
    expect(notPregnant.findings.filter((f) => f.kind === 'pregnancy')).toEqual([]);
    expect(
      (await check({ medication_ids: all })).findings.filter((f) => f.kind === 'pregnancy'),
    ).toEqual([]);
  });

  it('sorts by severity (contraindicated, major, moderate, minor), then by medication name', async () => {
    const data = await check({
      medication_ids: [ids.med.warfarin, ids.med.cetirizine, ids.med.ibuprofen, ids.med.aspirin],
      patient: {
        pregnant: true,
        condition_ids: [ids.cond.asthma, ids.cond.ulcer],
        lifestyle_ids: [ids.life.alcohol],
      },
    });
    const summary = data.findings.map((f) => [f.severity, f.kind, f.message]);
    expect(summary).toEqual([
      ['contraindicated', 'condition', 'Aspirin is contraindicated in Peptic ulcer.'],
      ['contraindicated', 'condition', 'Aspirin is contraindicated in Asthma.'],
      ['contraindicated', 'condition', 'Ibuprofen is contraindicated in Asthma.'],
      ['contraindicated', 'condition', 'Warfarin is contraindicated in Peptic ulcer.'],
      [
        'contraindicated',
        'pregnancy',
        'Warfarin is pregnancy category X: contraindicated in pregnancy.',
      ],
      ['major', 'pregnancy', 'Aspirin is pregnancy category D: positive evidence of fetal risk.'],
      ['major', 'interaction', 'Aspirin and Warfarin: Bleeding risk.'],
      ['major', 'interaction', 'Ibuprofen and Warfarin: Raised INR.'],
      ['major', 'lifestyle', 'Warfarin is contraindicated with Alcohol consumption.'],
      ['moderate', 'interaction', 'Aspirin and Ibuprofen: Less antiplatelet effect.'],
      [
        'moderate',
        'pregnancy',
        'Ibuprofen is pregnancy category C: fetal risk cannot be ruled out.',
      ],
      ['minor', 'pregnancy', 'Cetirizine has no pregnancy category: pregnancy data is missing.'],
    ]);
    expect(data.verdict).toBe('contraindicated');
    // The dosing list is in medication-name order too.
    expect(data.dosing.map((d) => d.medication_name)).toEqual([
      'Aspirin',
      'Cetirizine',
      'Ibuprofen',
      'Warfarin',
    ]);
  });
});

describe('POST /safety-check: dosing', () => {
  /** The category id (or null) and the dose finding (or none) of one medication for `patient`. */
  async function dosingFor(medication: number, patient: object) {
    const data = await check({ medication_ids: [medication], patient });
    const dose = data.findings.filter((f) => f.kind === 'dose');
    const category = data.dosing[0].category as { id: number } | null;
    return { category: category?.id ?? null, dosing: data.dosing[0], dose, verdict: data.verdict };
  }

  it('answers the category and its dosage, frequency and duration ranges with units', async () => {
    const { dosing } = await dosingFor(ids.med.aspirin, { weight: 60, weight_unit: 'kg' });
    expect(dosing).toEqual({
      medication_id: ids.med.aspirin,
      medication_name: 'Aspirin',
      basis: 'weight',
      category: { id: ids.weight.normal, category_name: 'Normal', min: 50, max: 80, unit: 'kg' },
      dose: { min: 300, max: 600, unit: 'mg' },
      frequency: { min: 6, max: 8, unit: 'hours' },
      duration: { min: 3, max: 7, unit: 'days' },
      reason: null,
    });
  });

  it.each([
    // [weight, unit, expected category]: the light category is 0 to 110 lbs = 0 to 49.8951607 kg.
    [0, 'lbs', 'light'],
    [110, 'lbs', 'light'], // upper bound, same unit
    [49.8951607, 'kg', 'light'], // 110 lbs converted: the upper bound, inclusive
    [50, 'kg', 'normal'], // lower bound
    [110.2312, 'lbs', 'normal'], // 50.0000314 kg (110.2311 lbs would be 49.999986 kg: in the gap)
    [80, 'kg', 'normal'], // upper bound
    [176.3698, 'lbs', 'normal'], // 79.9999956 kg
  ] as const)('weight %p %s is in the %s category', async (weight, unit, expected) => {
    const result = await dosingFor(ids.med.aspirin, { weight, weight_unit: unit });
    expect(result.category).toBe(expected === 'light' ? ids.weight.light : ids.weight.normal);
    expect(result.dose).toEqual([]);
  });

  it.each([
    [49.9, 'kg', '49.9 kg'], // between 110 lbs (49.8951607 kg) and 50 kg
    [110.2, 'lbs', '110.2 lbs'], // 49.98589 kg
    [176.37, 'lbs', '176.37 lbs'], // 80.0000863 kg, above Normal; Aspirin has no Overweight dosage
    [90, 'kg', '90 kg'],
  ] as const)(
    'weight %p %s has no dosing rule: a moderate dose finding',
    async (weight, unit, shown) => {
      const result = await dosingFor(ids.med.aspirin, { weight, weight_unit: unit });
      expect(result.category).toBeNull();
      expect(result.dosing).toMatchObject({
        dose: null,
        reason: `No dosing rule for this patient: no weight category of Aspirin's dosages contains ${shown}.`,
      });
      expect(result.dose).toEqual([
        {
          kind: 'dose',
          severity: 'moderate',
          medication_ids: [ids.med.aspirin],
          message: `Aspirin: no dosing rule for this patient (no weight category of Aspirin's dosages contains ${shown}).`,
        },
      ]);
      expect(result.verdict).toBe('moderate');
    },
  );

  it.each([
    // Infant 1 to 12 months = 30.4375 to 365.25 days; child 1 to 12 years = 365.25 to 4383 days.
    [1, 'months', 'infant'],
    [30.4375, 'days', 'infant'], // 1 month in days: the lower bound
    [365, 'days', 'infant'],
    [12, 'months', 'child'], // = 1 year: both categories; the one that starts there wins
    [365.25, 'days', 'child'],
    [1, 'years', 'child'],
    [12, 'years', 'child'], // upper bound
    [144, 'months', 'child'], // = 12 years
    [4383, 'days', 'child'], // = 12 years
  ] as const)('age %p %s is in the %s category', async (age, unit, expected) => {
    const result = await dosingFor(ids.med.amoxicillin, { age, age_unit: unit });
    expect(result.category).toBe(ids.age[expected]);
    expect(result.dosing.dose).toEqual(
      expected === 'infant'
        ? { min: 125, max: 250, unit: 'mg' }
        : { min: 250, max: 500, unit: 'mg' },
    );
    expect(result.dose).toEqual([]);
  });

  it.each([
    [30, 'days'], // under 1 month (30.4375 days)
    [144.1, 'months'], // over 12 years (144 months)
    [4384, 'days'],
    [13, 'years'], // Amoxicillin has no adolescent or adult dosage
  ] as const)('age %p %s has no dosing rule', async (age, unit) => {
    const result = await dosingFor(ids.med.amoxicillin, { age, age_unit: unit });
    expect(result.category).toBeNull();
    expect(result.dose).toHaveLength(1);
    expect(result.dose[0]).toMatchObject({
      kind: 'dose',
      severity: 'moderate',
      medication_ids: [ids.med.amoxicillin],
    });
  });

  it('uses the basis of the medication: an age-based one ignores the weight, and says which value is missing', async () => {
    const data = await check({
      medication_ids: [ids.med.warfarin, ids.med.aspirin],
      patient: { weight: 216, weight_unit: 'lbs' }, // 97.98 kg: beyond Aspirin's categories
    });
    const warfarin = data.dosing.find((d) => d.medication_id === ids.med.warfarin);
    expect(warfarin).toMatchObject({
      basis: 'age',
      dose: null,
      reason: 'No age given: Warfarin is dosed by age.',
    });
    expect(data.findings.filter((f) => f.kind === 'dose').map((f) => f.medication_ids)).toEqual([
      [ids.med.aspirin],
    ]);
    const adult = await dosingFor(ids.med.warfarin, { age: 216, age_unit: 'months' }); // 18 years
    expect(adult.category).toBe(ids.age.adult);
  });

  it('reports a medication with no dosage of its basis as having no dosing rule when the value is given', async () => {
    const result = await dosingFor(ids.med.cetirizine, { age: 30, age_unit: 'years' });
    expect(result.dosing.reason).toBe(
      'No dosing rule for this patient: Cetirizine has no age-based dosage.',
    );
    expect(result.dose).toEqual([
      {
        kind: 'dose',
        severity: 'moderate',
        medication_ids: [ids.med.cetirizine],
        message:
          'Cetirizine: no dosing rule for this patient (Cetirizine has no age-based dosage).',
      },
    ]);
    // Without an age, there is nothing to look for: no finding.
    expect((await dosingFor(ids.med.cetirizine, {})).dose).toEqual([]);
  });
});

describe('POST /safety-check: requests', () => {
  it('answers 422 naming unknown medication, condition and lifestyle ids, and records nothing', async () => {
    const before = await countRows(t.pool, 'search_history');
    const response = await api.post('/safety-check', {
      medication_ids: [ids.med.aspirin, 999999, 888888],
      patient: { condition_ids: [ids.cond.ulcer, 777777], lifestyle_ids: [666666] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Unknown ids: medication 999999, 888888; condition 777777; lifestyle 666666.',
      errors: {
        medication_ids: ['No such medication: 999999, 888888'],
        'patient.condition_ids': ['No such condition: 777777'],
        'patient.lifestyle_ids': ['No such lifestyle: 666666'],
      },
    });
    expect(await countRows(t.pool, 'search_history')).toBe(before);
  });

  it.each([
    ['no medications', { medication_ids: [] }, 'medication_ids'],
    ['a repeated id', { medication_ids: [1, 1] }, 'medication_ids'],
    [
      '21 medications',
      { medication_ids: Array.from({ length: 21 }, (_, i) => i + 1) },
      'medication_ids',
    ],
    ['no medication_ids', { patient: {} }, 'medication_ids'],
    ['an age without its unit', { medication_ids: [1], patient: { age: 3 } }, 'patient.age_unit'],
    [
      'a weight unit without a weight',
      { medication_ids: [1], patient: { weight_unit: 'kg' } },
      'patient.weight',
    ],
    [
      'an unknown age unit',
      { medication_ids: [1], patient: { age: 3, age_unit: 'weeks' } },
      'patient.age_unit',
    ],
    [
      'a negative weight',
      { medication_ids: [1], patient: { weight: -1, weight_unit: 'kg' } },
      'patient.weight',
    ],
    ['an unknown field', { medication_ids: [1], patient: { height: 180 } }, 'patient.height'],
  ])('answers 422 for %s', async (_what, body, field) => {
    const response = await api.post('/safety-check', body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it("checks the contract's dependentRequired: a value needs its unit and a unit its value", async () => {
    const response = await api.post('/safety-check', {
      medication_ids: [1],
      patient: { age: 3, weight_unit: 'kg' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'patient.age_unit': ['is required when age is given'],
      'patient.weight': ['is required when weight_unit is given'],
    });
  });

  it("adds one search-history entry per medication checked to the caller's history, and changes nothing else", async () => {
    const { rows: version } = await t.pool.query(
      'SELECT table_name, version FROM table_versions ORDER BY table_name',
    );
    await t.pool.query('DELETE FROM search_history WHERE user_id = $1', [adminId]);
    await check({ medication_ids: [ids.med.warfarin, ids.med.aspirin, ids.med.cetirizine] });
    const { rows } = await t.pool.query(
      'SELECT user_id, medication_id, drug_name FROM search_history WHERE user_id = $1 ORDER BY id',
      [adminId],
    );
    expect(rows).toEqual([
      { user_id: adminId, medication_id: ids.med.warfarin, drug_name: 'Warfarin' },
      { user_id: adminId, medication_id: ids.med.aspirin, drug_name: 'Aspirin' },
      { user_id: adminId, medication_id: ids.med.cetirizine, drug_name: 'Cetirizine' },
    ]);
    // The Users screen sees them.
    const history = (await api.get(`/users/${adminId}/search-history`)).json().data;
    expect(history.map((h: { drug_name: string }) => h.drug_name).sort()).toEqual([
      'Aspirin',
      'Cetirizine',
      'Warfarin',
    ]);
    // No reference data changed.
    expect(
      (await t.pool.query('SELECT table_name, version FROM table_versions ORDER BY table_name'))
        .rows,
    ).toEqual(version);
  });

  it('is open to app users (role user), who see their own history grow', async () => {
    const user = await insertUser(t.pool, { name: 'App User' });
    const appUser = client(t.app, await appUserToken(t.pool, user.id));
    const data = await check({ medication_ids: [ids.med.warfarin, ids.med.aspirin] }, appUser);
    expect(data.verdict).toBe('major');
    expect(await countRows(t.pool, 'search_history WHERE user_id = $1', [user.id])).toBe(2);
    // The data-quality report stays with administrators.
    expect((await appUser.get('/data-quality')).statusCode).toBe(403);
  });

  it('runs a fixed number of queries whatever the number of medications', async () => {
    // 20 more medications, each with a dosage, a contraindication, a lifestyle and interactions.
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO medications (name, condition_id, is_dosage_weight_based, pregnancy_category)
       SELECT 'Bulk ' || g, $1, g % 2 = 0, 'C' FROM generate_series(1, 20) g RETURNING id`,
      [ids.cond.hypertension],
    );
    const bulk = rows.map((r) => r.id);
    await t.pool.query(
      `INSERT INTO weight_category_dosages (medication_id, weight_category_id, min_dosage, max_dosage, dosage_unit,
         min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
       SELECT id, $2, 1, 2, 'mg', 1, 2, 'hours', 1, 2, 'days' FROM unnest($1::int[]) id`,
      [bulk, ids.weight.normal],
    );
    await t.pool.query(
      `INSERT INTO medication_contraindications (medication_id, condition_id) SELECT id, $2 FROM unnest($1::int[]) id`,
      [bulk, ids.cond.asthma],
    );
    await t.pool.query(
      `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description)
       SELECT a, b, 'minor', 'bulk' FROM unnest($1::int[]) a, unnest($1::int[]) b WHERE a < b AND (a + b) % 3 = 0`,
      [bulk],
    );
    const queries = jest.spyOn(t.pool, 'query');
    const counted = async (body: object) => {
      queries.mockClear();
      const data = await check(body);
      // The session check belongs to the guard, not to the safety check.
      const own = queries.mock.calls.filter(
        ([sql]) => !String(typeof sql === 'string' ? sql : '').includes('auth_tokens'),
      );
      return { queries: own.length, data };
    };
    const patient = {
      weight: 60,
      weight_unit: 'kg',
      age: 30,
      age_unit: 'years',
      pregnant: true,
      condition_ids: [ids.cond.asthma, ids.cond.ulcer],
      lifestyle_ids: [ids.life.alcohol],
    };
    const one = await counted({ medication_ids: [bulk[0]], patient });
    const twenty = await counted({ medication_ids: bulk, patient });
    // One read of everything for the ids, one insert of the searches.
    expect(one.queries).toBe(2);
    expect(twenty.queries).toBe(2);
    // ... and the twenty were all checked: a dosing entry and an Asthma finding each, their interactions.
    expect(twenty.data.dosing).toHaveLength(20);
    expect(twenty.data.findings.filter((f) => f.kind === 'condition')).toHaveLength(20);
    const { rows: pairs } = await t.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM drug_interactions WHERE description = 'bulk'",
    );
    expect(twenty.data.findings.filter((f) => f.kind === 'interaction')).toHaveLength(pairs[0].n);
    queries.mockRestore();
  });
});
