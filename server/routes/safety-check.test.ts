import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import {
  appUserToken,
  publishDraft,
  client,
  countRows,
  createTestApp,
  insertUser,
  signIn,
  type TestApp,
} from '../test/helpers';

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
    complete: boolean;
    findings: Record<string, unknown>[];
    medications: { medication_id: number; name: string; rules: Record<string, unknown>[] }[];
  };
}

/** The findings of the given kinds only. */
const only = (findings: Record<string, unknown>[], ...kinds: string[]) =>
  findings.filter((f) => kinds.includes(f.kind as string));

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

let appUser: { id: number; email: string };
let appUserSession: string;
/** A client signed in as an app user (role user), made once. */
const appUserApi = () => client(t.app, appUserSession);
beforeAll(async () => {
  appUser = await insertUser(t.pool, { name: 'App User', password: 'app-user-password' });
  appUserSession = await appUserToken(t.pool, appUser.id);
  // App users read the latest release: the data above, made in the draft, is published.
  await publishDraft(t.pool);
});

describe('POST /safety-check: findings', () => {
  it('answers verdict none, complete, with no findings only when every applicable rule was checked', async () => {
    // Paracetamol is dosed by weight: with no weight nothing was checked, so it is incomplete.
    const bare = await check({ medication_ids: [ids.med.paracetamol] });
    expect(bare).toEqual({
      release: 'draft',
      verdict: 'none',
      complete: false,
      findings: [
        {
          kind: 'not_checked',
          severity: null,
          medication_ids: [ids.med.paracetamol],
          reason: 'missing_weight',
          basis: 'weight',
          message:
            'Paracetamol: no weight given, so its weight-based dosages could not be checked.',
        },
      ],
      medications: [
        {
          medication_id: ids.med.paracetamol,
          name: 'Paracetamol',
          prescribed: { dose: null, frequency: null, duration: null },
          rules: [],
        },
      ],
    });
    // Prescribed within its Normal rule (500–1000 mg every 6–8 hours for 3–7 days), for a
    // non-pregnant patient whose condition and lifestyle it is not contraindicated in.
    const full = await check({
      medications: [
        {
          medication_id: ids.med.paracetamol,
          dose: 1,
          dose_unit: 'g',
          frequency: 6,
          frequency_unit: 'hours',
          duration: 3,
          duration_unit: 'days',
        },
      ],
      patient: {
        weight: 60,
        weight_unit: 'kg',
        pregnant: false,
        condition_ids: [ids.cond.hypertension],
        lifestyle_ids: [ids.life.smoking],
      },
    });
    expect(full).toMatchObject({ verdict: 'none', complete: true, findings: [] });
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
    expect(only(forward.findings, 'interaction')).toEqual([expected]);
    // Stored Ibuprofen -> Warfarin, asked Warfarin first.
    const other = await check({ medication_ids: [ids.med.warfarin, ids.med.ibuprofen] });
    expect(only(other.findings, 'interaction')).toEqual([
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
    expect(only(data.findings, 'interaction', 'allergy')).toEqual([
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
    expect(only(data.findings, 'condition', 'lifestyle')).toEqual([
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

  it('grades pregnancy: X contraindicated, D major, C moderate, A and B nothing, none not checked; nothing when not pregnant', async () => {
    const all = [
      ids.med.warfarin,
      ids.med.aspirin,
      ids.med.ibuprofen,
      ids.med.amoxicillin,
      ids.med.paracetamol,
      ids.med.cetirizine,
    ];
    const data = await check({ medication_ids: all, patient: { pregnant: true } });
    const pregnancy = data.findings.filter(
      (f) => f.kind === 'pregnancy' || f.reason === 'missing_pregnancy_category',
    );
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
        message:
          'Aspirin is pregnancy category D: positive evidence of fetal risk; avoid unless essential.',
      },
      {
        kind: 'pregnancy',
        severity: 'moderate',
        medication_ids: [ids.med.ibuprofen],
        pregnancy_category: 'C',
        message: 'Ibuprofen is pregnancy category C: fetal risk cannot be ruled out.',
      },
      {
        kind: 'not_checked',
        severity: null,
        medication_ids: [ids.med.cetirizine],
        reason: 'missing_pregnancy_category',
        pregnancy_category: null,
        message:
          'Cetirizine has no pregnancy category, so its safety in pregnancy could not be checked.',
      },
    ]);
    expect(data.verdict).toBe('contraindicated');
    const notPregnant = await check({ medication_ids: all, patient: { pregnant: false } });
    const pregnancyOf = (findings: Record<string, unknown>[]) =>
      findings.filter((f) => f.kind === 'pregnancy' || f.reason === 'missing_pregnancy_category');
    expect(pregnancyOf(notPregnant.findings)).toEqual([]);
    expect(pregnancyOf((await check({ medication_ids: all })).findings)).toEqual([]);
  });

  it('sorts by severity (contraindicated, major, moderate, minor, then not checked), then by medication name', async () => {
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
      [
        'major',
        'pregnancy',
        'Aspirin is pregnancy category D: positive evidence of fetal risk; avoid unless essential.',
      ],
      ['major', 'interaction', 'Aspirin and Warfarin: Bleeding risk.'],
      ['major', 'interaction', 'Ibuprofen and Warfarin: Raised INR.'],
      ['major', 'lifestyle', 'Warfarin is contraindicated with Alcohol consumption.'],
      ['moderate', 'interaction', 'Aspirin and Ibuprofen: Less antiplatelet effect.'],
      [
        'moderate',
        'pregnancy',
        'Ibuprofen is pregnancy category C: fetal risk cannot be ruled out.',
      ],
      [
        null,
        'not_checked',
        'Aspirin: no weight given, so its weight-based dosages could not be checked.',
      ],
      [
        null,
        'not_checked',
        'Cetirizine has no pregnancy category, so its safety in pregnancy could not be checked.',
      ],
      [null, 'not_checked', 'Cetirizine has no dosage rule, so its dose could not be checked.'],
      [
        null,
        'not_checked',
        'Ibuprofen: no weight given, so its weight-based dosages could not be checked.',
      ],
      [
        null,
        'not_checked',
        'Warfarin: no age given, so its age-based dosages could not be checked.',
      ],
    ]);
    expect(data.verdict).toBe('contraindicated');
    expect(data.complete).toBe(false);
    // The medications are in name order too.
    expect(data.medications.map((m) => m.name)).toEqual([
      'Aspirin',
      'Cetirizine',
      'Ibuprofen',
      'Warfarin',
    ]);
  });
});

describe('POST /safety-check: dosing rules', () => {
  /** The rules applied to one medication for `patient`, and its not_checked findings. */
  async function rulesFor(medication: number, patient: object) {
    // Not pregnant, stated: Aspirin is category D, and only the dosing is to be left unchecked.
    const data = await check({
      medication_ids: [medication],
      patient: { pregnant: false, ...patient },
    });
    const rules = data.medications[0].rules as {
      basis: string;
      category: { id: number };
      dose: { range: object };
    }[];
    const unchecked = data.findings.filter(
      (f) => f.kind === 'not_checked' && f.reason !== 'not_prescribed',
    );
    return { rules, unchecked, verdict: data.verdict, complete: data.complete };
  }

  it('answers each rule applied: its band, label and ranges, each compared with what was prescribed', async () => {
    const data = await check({
      medications: [
        {
          medication_id: ids.med.aspirin,
          dose: 700,
          dose_unit: 'mg',
          frequency: 4,
          frequency_unit: 'x daily',
        },
      ],
      patient: { weight: 60, weight_unit: 'kg' },
    });
    const rule = {
      basis: 'weight',
      category: { id: ids.weight.normal, category_name: 'Normal', min: 50, max: 80, unit: 'kg' },
      label: 'Normal (50–80 kg)',
      dose: {
        range: { min: 300, max: 600, unit: 'mg' },
        prescribed: { value: 700, unit: 'mg' },
        compared: { prescribed: 700, min: 300, max: 600, unit: 'mg' },
        outcome: 'above_max',
        severity: 'major',
        reason: null,
        message: 'Aspirin: 700 mg is above the 600 mg maximum for Normal (50–80 kg).',
      },
      frequency: {
        range: { min: 6, max: 8, unit: 'hours' },
        prescribed: { value: 4, unit: 'x daily' },
        compared: { prescribed: 6, min: 6, max: 8, unit: 'hours' },
        outcome: 'within',
        severity: null,
        reason: null,
        message: null,
      },
      duration: {
        range: { min: 3, max: 7, unit: 'days' },
        prescribed: null,
        compared: null,
        outcome: 'not_checked',
        severity: null,
        reason: 'not_prescribed',
        message: null,
      },
    };
    expect(data.medications).toEqual([
      {
        medication_id: ids.med.aspirin,
        name: 'Aspirin',
        prescribed: {
          dose: { value: 700, unit: 'mg' },
          frequency: { value: 4, unit: 'x daily' },
          duration: null,
        },
        rules: [{ ...rule, dosage_id: expect.any(Number) }],
      },
    ]);
    expect(data.verdict).toBe('major');
    expect(data.complete).toBe(false);
  });

  it.each([
    // [weight, unit, expected category]: the light category is 0 to 110 lbs = 0 to 49.8951607 kg.
    [0.1, 'lbs', 'light'],
    [110, 'lbs', 'light'], // upper bound, same unit
    [49.8951607, 'kg', 'light'], // 110 lbs converted: the upper bound, inclusive
    [50, 'kg', 'normal'], // lower bound
    [110.2312, 'lbs', 'normal'], // 50.0000314 kg (110.2311 lbs would be 49.999986 kg: in the gap)
    [80, 'kg', 'normal'], // upper bound
    [176.3698, 'lbs', 'normal'], // 79.9999956 kg
  ] as const)('weight %p %s is in the %s category', async (weight, unit, expected) => {
    const result = await rulesFor(ids.med.aspirin, { weight, weight_unit: unit });
    expect(result.rules.map((r) => r.category.id)).toEqual([
      expected === 'light' ? ids.weight.light : ids.weight.normal,
    ]);
    expect(result.unchecked).toEqual([]);
  });

  it.each([
    [49.9, 'kg', '49.9 kg'], // between 110 lbs (49.8951607 kg) and 50 kg
    [110.2, 'lbs', '110.2 lbs'], // 49.98589 kg
    [176.37, 'lbs', '176.37 lbs'], // 80.0000863 kg, above Normal; Aspirin has no Overweight dosage
    [90, 'kg', '90 kg'],
  ] as const)(
    'weight %p %s is in no band: not checked, and incomplete',
    async (weight, unit, shown) => {
      const result = await rulesFor(ids.med.aspirin, { weight, weight_unit: unit });
      expect(result.rules).toEqual([]);
      expect(result.unchecked).toEqual([
        {
          kind: 'not_checked',
          severity: null,
          medication_ids: [ids.med.aspirin],
          reason: 'no_band',
          basis: 'weight',
          message: `Aspirin: no weight category of its dosages covers ${shown}.`,
        },
      ]);
      expect(result).toMatchObject({ verdict: 'none', complete: false });
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
    const result = await rulesFor(ids.med.amoxicillin, { age, age_unit: unit });
    expect(result.rules.map((r) => r.category.id)).toEqual([ids.age[expected]]);
    expect(result.rules[0].dose.range).toEqual(
      expected === 'infant'
        ? { min: 125, max: 250, unit: 'mg' }
        : { min: 250, max: 500, unit: 'mg' },
    );
    expect(result.unchecked).toEqual([]);
  });

  it.each([
    [30, 'days'], // under 1 month (30.4375 days)
    [144.1, 'months'], // over 12 years (144 months)
    [4384, 'days'],
    [13, 'years'], // Amoxicillin has no adolescent or adult dosage
  ] as const)('age %p %s is in no band', async (age, unit) => {
    const result = await rulesFor(ids.med.amoxicillin, { age, age_unit: unit });
    expect(result.rules).toEqual([]);
    expect(result.unchecked).toHaveLength(1);
    expect(result.unchecked[0]).toMatchObject({
      kind: 'not_checked',
      reason: 'no_band',
      basis: 'age',
      medication_ids: [ids.med.amoxicillin],
    });
  });

  it('uses every basis a medication has dosages of, whatever its declared basis', async () => {
    // Paracetamol is declared weight-based; an age rule added beside its weight rule applies too.
    const ageRule = await t.pool.query<{ id: number }>(
      `INSERT INTO age_category_dosages (medication_id, age_category_id, min_dosage, max_dosage, dosage_unit,
         min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
       VALUES ($1, $2, 500, 750, 'mg', 6, 8, 'hours', 3, 7, 'days') RETURNING id`,
      [ids.med.paracetamol, ids.age.adult],
    );
    try {
      const data = await check({
        medications: [{ medication_id: ids.med.paracetamol, dose: 800, dose_unit: 'mg' }],
        patient: { weight: 60, weight_unit: 'kg', age: 30, age_unit: 'years' },
      });
      expect(data.medications[0].rules.map((r) => r.basis)).toEqual(['weight', 'age']);
      expect(only(data.findings, 'dose')).toEqual([
        {
          kind: 'dose',
          severity: 'major',
          medication_ids: [ids.med.paracetamol],
          basis: 'age',
          dosage_id: ageRule.rows[0].id,
          message: 'Paracetamol: 800 mg is above the 750 mg maximum for Adult (18–65 years).',
        },
      ]);
      // Without the age, the age rules are not checked, even though the weight rule was.
      const noAge = await rulesFor(ids.med.paracetamol, { weight: 60, weight_unit: 'kg' });
      expect(noAge.rules.map((r) => r.basis)).toEqual(['weight']);
      expect(noAge.unchecked).toMatchObject([{ reason: 'missing_age', basis: 'age' }]);
    } finally {
      await t.pool.query('DELETE FROM age_category_dosages WHERE id = $1', [ageRule.rows[0].id]);
    }
  });

  it('reports a medication with no dosage at all as not checked, with or without a patient', async () => {
    for (const patient of [{ age: 30, age_unit: 'years' }, {}]) {
      const result = await rulesFor(ids.med.cetirizine, patient);
      expect(result.unchecked).toEqual([
        {
          kind: 'not_checked',
          severity: null,
          medication_ids: [ids.med.cetirizine],
          reason: 'no_dosage',
          message: 'Cetirizine has no dosage rule, so its dose could not be checked.',
        },
      ]);
    }
  });
});

describe('POST /safety-check: requests', () => {
  it('answers 422 naming unknown medication, condition, lifestyle and allergy ids, and records nothing', async () => {
    const before = await countRows(t.pool, 'search_history');
    const response = await appUserApi().post('/safety-check', {
      medication_ids: [ids.med.aspirin, 999999, 888888],
      patient: {
        condition_ids: [ids.cond.ulcer, 777777],
        lifestyle_ids: [666666],
        allergy_medication_ids: [ids.med.warfarin, 555555],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message:
        'Unknown ids: medication 999999, 888888; condition 777777; lifestyle 666666; allergy medication 555555.',
      errors: {
        medication_ids: ['No such medication: 999999, 888888'],
        'patient.condition_ids': ['No such condition: 777777'],
        'patient.lifestyle_ids': ['No such lifestyle: 666666'],
        'patient.allergy_medication_ids': ['No such medication: 555555'],
      },
    });
    const inMedications = await api.post('/safety-check', {
      medications: [{ medication_id: 999999 }],
    });
    expect(inMedications.json().errors).toEqual({
      medications: ['No such medication: 999999'],
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
    ['no medications at all', { patient: {} }, 'medications'],
    [
      'both medications and medication_ids',
      { medications: [{ medication_id: 1 }], medication_ids: [1] },
      'medications',
    ],
    [
      'a medication listed twice',
      { medications: [{ medication_id: 1 }, { medication_id: 1, dose: 5, dose_unit: 'mg' }] },
      'medications',
    ],
    [
      '21 prescribed medications',
      { medications: Array.from({ length: 21 }, (_, i) => ({ medication_id: i + 1 })) },
      'medications',
    ],
    [
      'a dose without its unit',
      { medications: [{ medication_id: 1, dose: 5 }] },
      'medications.0.dose_unit',
    ],
    [
      'a zero dose',
      { medications: [{ medication_id: 1, dose: 0, dose_unit: 'mg' }] },
      'medications.0.dose',
    ],
    [
      'a frequency unit that is not one',
      { medications: [{ medication_id: 1, frequency: 2, frequency_unit: 'fortnightly' }] },
      'medications.0.frequency_unit',
    ],
    [
      'an age above 130 years',
      { medication_ids: [1], patient: { age: 130.01, age_unit: 'years' } },
      'patient.age',
    ],
    [
      'an age above 130 years in months (1,561 months)',
      { medication_ids: [1], patient: { age: 1561, age_unit: 'months' } },
      'patient.age',
    ],
    [
      'an age above 130 years in days (47,483 days)',
      { medication_ids: [1], patient: { age: 47483, age_unit: 'days' } },
      'patient.age',
    ],
    [
      'a weight of 0',
      { medication_ids: [1], patient: { weight: 0, weight_unit: 'kg' } },
      'patient.weight',
    ],
    [
      'a weight above 650 kg',
      { medication_ids: [1], patient: { weight: 650.01, weight_unit: 'kg' } },
      'patient.weight',
    ],
    [
      'a weight above 650 kg in lbs (1,433.1 lbs = 650.04 kg)',
      { medication_ids: [1], patient: { weight: 1433.1, weight_unit: 'lbs' } },
      'patient.weight',
    ],
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

  it('accepts the plausible extremes: 130 years (1,560 months, 47,482.5 days), 650 kg (1,433 lbs)', async () => {
    for (const patient of [
      { age: 130, age_unit: 'years' },
      { age: 1560, age_unit: 'months' },
      { age: 47482.5, age_unit: 'days' },
      { age: 0, age_unit: 'days' },
      { weight: 650, weight_unit: 'kg' },
      { weight: 1433, weight_unit: 'lbs' },
      { weight: 0.01, weight_unit: 'kg' },
    ])
      await check({ medication_ids: [ids.med.paracetamol], patient });
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

  it('adds one search-history entry per medication an app user checks to their history, and changes nothing else', async () => {
    const { rows: version } = await t.pool.query(
      'SELECT table_name, version FROM table_versions ORDER BY table_name',
    );
    await check(
      {
        medications: [
          { medication_id: ids.med.warfarin },
          { medication_id: ids.med.aspirin, dose: 100, dose_unit: 'mg' },
          { medication_id: ids.med.cetirizine },
        ],
      },
      appUserApi(),
    );
    const { rows } = await t.pool.query(
      'SELECT user_id, medication_id, drug_name FROM search_history WHERE user_id = $1 ORDER BY id',
      [appUser.id],
    );
    expect(rows).toEqual([
      { user_id: appUser.id, medication_id: ids.med.warfarin, drug_name: 'Warfarin' },
      { user_id: appUser.id, medication_id: ids.med.aspirin, drug_name: 'Aspirin' },
      { user_id: appUser.id, medication_id: ids.med.cetirizine, drug_name: 'Cetirizine' },
    ]);
    // The Users screen sees them.
    const history = (await api.get(`/users/${appUser.id}/search-history`)).json().data;
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
    // The data-quality report stays with administrators.
    expect((await appUserApi().get('/data-quality')).statusCode).toBe(403);
  });

  it("does not count an administrator's check as a search", async () => {
    const before = await countRows(t.pool, 'search_history');
    const data = await check({ medication_ids: [ids.med.warfarin, ids.med.aspirin] });
    expect(data.verdict).toBe('major');
    expect(await countRows(t.pool, 'search_history')).toBe(before);
    expect(await countRows(t.pool, 'search_history WHERE user_id = $1', [adminId])).toBe(0);
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
    // App users read the latest release: the medications above are published.
    await publishDraft(t.pool);
    // Every pool's queries: a release is read through pools of its own.
    const queries = jest.spyOn(pg.Pool.prototype, 'query');
    const counted = async (body: object, caller = api) => {
      queries.mockClear();
      const data = await check(body, caller);
      // The session check belongs to the guard, not to the safety check.
      const own = queries.mock.calls
        .map(([sql]) => String(typeof sql === 'string' ? sql : ''))
        .filter((sql) => !sql.includes('auth_tokens'));
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
    const prescribed = (list: number[]) => ({
      medications: list.map((id) => ({
        medication_id: id,
        dose: 1.5,
        dose_unit: 'mg',
        // The bulk dosages allow every 1 to 2 hours: every 3 hours is too rarely.
        frequency: 3,
        frequency_unit: 'hours',
        duration: 1,
        duration_unit: 'days',
      })),
      patient: { ...patient, allergy_medication_ids: [ids.med.warfarin] },
    });
    const one = await counted(prescribed([bulk[0]]));
    const twenty = await counted(prescribed(bulk));
    // One read of everything for the ids; an app user's check adds one insert of the searches.
    expect(one.queries).toBe(1);
    expect(twenty.queries).toBe(1);
    expect((await counted(prescribed(bulk), appUserApi())).queries).toBe(2);
    queries.mockRestore();
    // ... and the twenty were all checked: a rule and an Asthma finding each, their interactions.
    expect(twenty.data.medications.map((m) => m.rules.length)).toEqual(bulk.map(() => 1));
    expect(only(twenty.data.findings, 'frequency')).toHaveLength(20);
    expect(twenty.data.findings.filter((f) => f.kind === 'condition')).toHaveLength(20);
    const { rows: pairs } = await t.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM drug_interactions WHERE description = 'bulk'",
    );
    expect(twenty.data.findings.filter((f) => f.kind === 'interaction')).toHaveLength(pairs[0].n);
    queries.mockRestore();
  });
});
