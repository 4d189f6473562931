import {
  client,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';

/**
 * The demo data through POST /safety-check for children, for pregnancy left out, and for
 * overlapping categories: each prescription below once came back `none` and complete, and each
 * case states the clinical rule the answer must follow.
 */
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

interface Finding {
  kind: string;
  severity: string | null;
  reason?: string;
  message: string;
  medication_ids: number[];
}
interface Result {
  verdict: string;
  complete: boolean;
  findings: Finding[];
}

async function check(body: object): Promise<Result> {
  const response = await api.post('/safety-check', body);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** One medication with a full prescription: `dose` `unit` every `hours` hours for 5 days. */
const prescribed = (name: string, dose: number, unit: string, hours: number) => ({
  medication_id: med[name],
  dose,
  dose_unit: unit,
  frequency: hours,
  frequency_unit: 'hours',
  duration: 5,
  duration_unit: 'days',
});

/** Not silent: either a finding with a severity, or a `not_checked` that makes it incomplete. */
function expectNotSilent(result: Result) {
  expect(result.verdict !== 'none' || !result.complete).toBe(true);
}

describe('children in the demo data', () => {
  it('ceftriaxone 2 g once daily for a 10-day-old of 3.5 kg is an overdose (about 570 mg/kg), not an adult dose', async () => {
    const result = await check({
      medications: [prescribed('Ceftriaxone', 2, 'g', 24)],
      patient: { age: 10, age_unit: 'days', weight: 3.5, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings.map((f) => [f.kind, f.severity, f.message])).toEqual([
      [
        'dose',
        'major',
        'Ceftriaxone: 2 g is above the 0.175 g (50 mg/kg × 3.5 kg) maximum for Pediatric (0–28 days).',
      ],
    ]);
  });

  it('co-trimoxazole is contraindicated for a 14-day-old (not under 6 weeks)', async () => {
    const result = await check({
      medications: [prescribed('Co-trimoxazole', 20, 'mg', 12)],
      patient: { age: 14, age_unit: 'days', weight: 3.8, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('contraindicated');
    expect(result.findings[0]).toMatchObject({ kind: 'age_limit', severity: 'contraindicated' });
  });

  it('isotretinoin is contraindicated for a 2-year-old (not under 12 years)', async () => {
    const result = await check({
      medications: [prescribed('Isotretinoin', 20, 'mg', 24)],
      patient: { age: 2, age_unit: 'years', weight: 12, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('contraindicated');
    expect(result.findings[0]).toMatchObject({ kind: 'age_limit', severity: 'contraindicated' });
  });

  it('valproate 500 mg twice daily for a 12-month-old of 9.5 kg is an overdose: at most 15 mg/kg (142.5 mg) a dose for a child', async () => {
    const result = await check({
      medications: [prescribed('Sodium valproate', 500, 'mg', 12)],
      patient: { age: 12, age_unit: 'months', weight: 9.5, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message: expect.stringContaining('above the 142.5 mg (15 mg/kg × 9.5 kg) maximum'),
      }),
    );
  });

  it.each([
    ['enoxaparin 50 mg twice daily for a 5-day-old of 3 kg', 'Enoxaparin', 50, 12, 5, 'days', 3],
  ])(
    '%s is not passed: no rule of an adult weight band reaches a child',
    async (_name, name, dose, hours, age, ageUnit, kg) => {
      const result = await check({
        medications: [prescribed(name, dose, 'mg', hours)],
        patient: { age, age_unit: ageUnit, weight: kg, weight_unit: 'kg' },
      });
      expectNotSilent(result);
      expect(result.complete).toBe(false);
      expect(result.findings).toContainEqual(
        expect.objectContaining({
          kind: 'not_checked',
          reason: 'no_rule_for_age',
          message: expect.stringContaining('no dosage rule for a patient of this age'),
        }),
      );
    },
  );

  it('still checks an adult against the weight bands: enoxaparin 200 mg twice daily at 70 kg is above the maximum', async () => {
    const result = await check({
      medications: [prescribed('Enoxaparin', 200, 'mg', 12)],
      patient: { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' },
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'dose', severity: 'major' }),
    );
  });
});

describe('fluconazole for children and enoxaparin per kg in the demo data', () => {
  it('fluconazole once a day for a 10-day-old is too often: a neonate clears it slowly, every 48 to 72 hours', async () => {
    const result = await check({
      medications: [prescribed('Fluconazole', 20, 'mg', 24)],
      patient: { age: 10, age_unit: 'days', weight: 3.3, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'frequency', severity: 'major' }),
    );
  });

  it('fluconazole 6 mg/kg once a day for a 5-year-old of 20 kg (120 mg) is within the rule for children', async () => {
    const result = await check({
      medications: [{ ...prescribed('Fluconazole', 120, 'mg', 24), duration: 7 }],
      patient: { age: 5, age_unit: 'years', weight: 20, weight_unit: 'kg' },
    });
    expect(result.findings.filter((f) => f.medication_ids.includes(med.Fluconazole))).toEqual([]);
    expect(result).toMatchObject({ verdict: 'none', complete: true });
  });

  it('fluconazole 400 mg, an adult dose, for a 5-year-old of 20 kg is above 12 mg/kg (240 mg)', async () => {
    const result = await check({
      medications: [prescribed('Fluconazole', 400, 'mg', 24)],
      patient: { age: 5, age_unit: 'years', weight: 20, weight_unit: 'kg' },
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message: expect.stringContaining('240 mg (12 mg/kg × 20 kg) maximum'),
      }),
    );
  });

  it('enoxaparin 1 mg/kg twice daily for an adult of 100 kg (100 mg) is the treatment dose, not an overdose', async () => {
    const result = await check({
      medications: [prescribed('Enoxaparin', 100, 'mg', 12)],
      patient: { age: 50, age_unit: 'years', weight: 100, weight_unit: 'kg' },
    });
    expect(result.findings.filter((f) => f.medication_ids.includes(med.Enoxaparin))).toEqual([]);
  });

  it('enoxaparin 1.5 mg/kg twice daily for an adult of 80 kg is above 2 mg/kg a day', async () => {
    const result = await check({
      medications: [prescribed('Enoxaparin', 120, 'mg', 12)],
      patient: { age: 50, age_unit: 'years', weight: 80, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'daily_dose', severity: 'major' }),
    );
    expect(result.findings.some((f) => f.kind === 'dose')).toBe(false);
  });
});

describe('a child’s per-kg dose stops at the adult maximum in the demo data', () => {
  it('azithromycin 10 mg/kg once a day for an 11-year-old of 60 kg (600 mg) is above the 500 mg a day a child may take', async () => {
    const result = await check({
      medications: [{ ...prescribed('Azithromycin', 600, 'mg', 24), duration: 3 }],
      patient: { age: 11, age_unit: 'years', weight: 60, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'daily_dose',
        severity: 'major',
        message: expect.stringContaining('500 mg'),
      }),
    );
  });

  it('ondansetron 0.15 mg/kg every 8 hours for an 11-year-old of 40 kg (6 mg a dose, 18 mg a day) is above 12 mg a day', async () => {
    const result = await check({
      medications: [{ ...prescribed('Ondansetron', 6, 'mg', 8), duration: 2 }],
      patient: { age: 11, age_unit: 'years', weight: 40, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'daily_dose', severity: 'major' }),
    );
  });

  it('azithromycin 10 mg/kg for a 5-year-old of 20 kg (200 mg once a day) is within both', async () => {
    const result = await check({
      medications: [{ ...prescribed('Azithromycin', 200, 'mg', 24), duration: 3 }],
      patient: { age: 5, age_unit: 'years', weight: 20, weight_unit: 'kg' },
    });
    expect(result.findings.filter((f) => f.medication_ids.includes(med.Azithromycin))).toEqual([]);
  });
});

describe('a single dose above the most for one dose in the demo data', () => {
  // Ondansetron for children: 0.1 to 0.15 mg/kg a dose, at most 4 mg in one dose. Every 12 hours,
  // so that the day (12 mg at the most) stays within the 12 mg a child may take.
  const ondansetron = (dose: number, unit: string) => ({
    ...prescribed('Ondansetron', dose, unit, 12),
    duration: 2,
  });
  const singleDoseFindings = (result: Result) =>
    result.findings.filter((f) => f.message.includes('in one dose'));

  it('ondansetron 0.15 mg/kg for a 10-year-old of 40 kg (6 mg) is major, naming the 4 mg maximum for one dose', async () => {
    const result = await check({
      medications: [ondansetron(0.15, 'mg/kg')],
      patient: { age: 10, age_unit: 'years', weight: 40, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(result.complete).toBe(true);
    expect(result.findings.map((f) => [f.kind, f.severity, f.message])).toEqual([
      [
        'dose',
        'major',
        'Ondansetron: 0.15 mg/kg × 40 kg = 6 mg in one dose is above the most for one dose, 4 mg, for Pediatric (1–12 years).',
      ],
    ]);
  });

  it('the same 6 mg prescribed in mg is found alike', async () => {
    const result = await check({
      medications: [ondansetron(6, 'mg')],
      patient: { age: 10, age_unit: 'years', weight: 40, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(singleDoseFindings(result)).toEqual([
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message: expect.stringContaining('6 mg in one dose is above the most for one dose, 4 mg'),
      }),
    ]);
  });

  it('ondansetron 0.1 mg/kg for a child of 20 kg (2 mg) passes without that finding', async () => {
    const result = await check({
      medications: [ondansetron(0.1, 'mg/kg')],
      patient: { age: 10, age_unit: 'years', weight: 20, weight_unit: 'kg' },
    });
    expect(singleDoseFindings(result)).toEqual([]);
    expect(result.findings.filter((f) => f.medication_ids.includes(med.Ondansetron))).toEqual([]);
    expect(result.verdict).toBe('none');
  });

  it('ondansetron per kg with no weight given is not passed: the 4 mg maximum could not be checked', async () => {
    const result = await check({
      medications: [ondansetron(0.15, 'mg/kg')],
      patient: { age: 10, age_unit: 'years' },
    });
    expect(result.complete).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'not_checked',
        reason: 'missing_weight',
        message: expect.stringContaining('the most for one dose, 4 mg'),
      }),
    );
  });

  it('azithromycin 10 mg/kg for an 11-year-old of 60 kg (600 mg in one dose) is above the 500 mg maximum for one dose', async () => {
    const result = await check({
      medications: [{ ...prescribed('Azithromycin', 10, 'mg/kg', 24), duration: 3 }],
      patient: { age: 11, age_unit: 'years', weight: 60, weight_unit: 'kg' },
    });
    expect(result.verdict).toBe('major');
    expect(singleDoseFindings(result)).toEqual([
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message:
          'Azithromycin: 10 mg/kg × 60 kg = 600 mg in one dose is above the most for one dose, 500 mg, for Pediatric (1–12 years).',
      }),
    ]);
  });
});

describe('grapefruit juice in the demo data', () => {
  it('with simvastatin it is still contraindicated (major); with amlodipine only a minor caution; with atorvastatin a moderate one', async () => {
    const lifestyles = await idsByName(t.pool, 'lifestyles');
    const grapefruit = lifestyles['Grapefruit juice consumption'];
    const findings = async (name: string) =>
      (
        await check({
          medications: [{ ...prescribed(name, 10, 'mg', 24), duration: 30 }],
          patient: {
            age: 50,
            age_unit: 'years',
            weight: 70,
            weight_unit: 'kg',
            lifestyle_ids: [grapefruit],
          },
        })
      ).findings.filter((f) => f.kind === 'lifestyle');
    expect(await findings('Simvastatin')).toEqual([
      expect.objectContaining({
        severity: 'major',
        message: 'Simvastatin is contraindicated with Grapefruit juice consumption.',
      }),
    ]);
    expect(await findings('Amlodipine')).toEqual([
      expect.objectContaining({
        severity: 'minor',
        message: 'Amlodipine: use with caution with Grapefruit juice consumption (minor).',
      }),
    ]);
    expect(await findings('Atorvastatin')).toEqual([
      expect.objectContaining({ severity: 'moderate' }),
    ]);
  });
});

describe('pregnancy left out in the demo data', () => {
  it('isotretinoin (X) and valproate (D) for a 25-year-old woman with pregnancy not given are not "none, complete"', async () => {
    const result = await check({
      medications: [
        prescribed('Isotretinoin', 40, 'mg', 24),
        prescribed('Sodium valproate', 500, 'mg', 12),
      ],
      patient: { age: 25, age_unit: 'years', weight: 60, weight_unit: 'kg', sex: 'female' },
    });
    expect(result.complete).toBe(false);
    const unknown = result.findings.filter((f) => f.reason === 'missing_pregnancy_status');
    expect(unknown.map((f) => f.message)).toEqual([
      'Isotretinoin is pregnancy category X: pregnancy status not given, so its risk in pregnancy could not be checked.',
      'Sodium valproate is pregnancy category D: pregnancy status not given, so its risk in pregnancy could not be checked.',
    ]);
  });

  it('asks nothing about pregnancy for a man of 25', async () => {
    const result = await check({
      medications: [prescribed('Isotretinoin', 40, 'mg', 24)],
      patient: { age: 25, age_unit: 'years', weight: 60, weight_unit: 'kg', sex: 'male' },
    });
    expect(result.findings.filter((f) => f.reason === 'missing_pregnancy_status')).toEqual([]);
  });

  it('refuses a sex the contract does not know', async () => {
    const response = await api.post('/safety-check', {
      medications: [prescribed('Isotretinoin', 40, 'mg', 24)],
      patient: { sex: 'other' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('daily maxima in the demo data', () => {
  const adult = { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg', pregnant: false };

  it('sumatriptan 100 mg twelve times a day (1.2 g) is above the 300 mg a day an adult may take', async () => {
    const result = await check({
      medications: [{ ...prescribed('Sumatriptan', 100, 'mg', 2), duration: 1 }],
      patient: adult,
    });
    expect(result.verdict).toBe('major');
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'daily_dose',
        severity: 'major',
        message: expect.stringMatching(/1,200 mg a day.* above the 300 mg daily maximum/),
      }),
    ]);
  });

  it('paracetamol 1 g every 4 hours (6 g a day) is above the adult 4 g, though each dose is allowed', async () => {
    const result = await check({
      medications: [prescribed('Paracetamol', 1000, 'mg', 4)],
      patient: adult,
    });
    expect(result.findings.map((f) => f.kind)).toContain('daily_dose');
    expect(result.verdict).toBe('major');
    // 1 g every 6 hours is the 4 g a day: no daily finding.
    const usual = await check({
      medications: [prescribed('Paracetamol', 1000, 'mg', 6)],
      patient: adult,
    });
    expect(usual.findings.filter((f) => f.kind === 'daily_dose')).toEqual([]);
  });
});

describe('pairs the demo data once missed', () => {
  const adult = { age: 60, age_unit: 'years', weight: 70, weight_unit: 'kg', pregnant: false };

  it.each([
    { first: 'Warfarin', second: 'Azithromycin', why: 'a macrolide can raise the INR' },
    { first: 'Warfarin', second: 'Prednisolone', why: 'a corticosteroid changes the INR' },
    { first: 'Methotrexate', second: 'Amoxicillin', why: 'a penicillin slows its clearance' },
    { first: 'Methotrexate', second: 'Omeprazole', why: 'a PPI can delay its elimination' },
    { first: 'Clopidogrel', second: 'Sertraline', why: 'an SSRI adds bleeding risk' },
  ])('$first with $second is an interaction, not "none": $why', async ({ first, second }) => {
    const result = await check({
      medications: [{ medication_id: med[first] }, { medication_id: med[second] }],
      patient: adult,
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: 'interaction', severity: 'moderate' }),
    );
  });
});

describe('ingredients in the demo data', () => {
  it('paracetamol 1 g every 6 hours with co-codamol 30/500 2 tablets every 4 hours (10 g of paracetamol a day) is major, not "none"', async () => {
    const result = await check({
      medications: [
        {
          medication_id: med.Paracetamol,
          dose: 1,
          dose_unit: 'g',
          frequency: 6,
          frequency_unit: 'hours',
          duration: 2,
          duration_unit: 'days',
        },
        {
          medication_id: med['Co-codamol 30/500'],
          dose: 2,
          dose_unit: 'tablet',
          frequency: 4,
          frequency_unit: 'hours',
          duration: 2,
          duration_unit: 'days',
        },
      ],
      patient: { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg', sex: 'male' },
    });
    expect(result.verdict).toBe('major');
    const kinds = result.findings.map((f) => f.kind);
    expect(kinds).toContain('duplicate_ingredient');
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'daily_dose',
        severity: 'major',
        message: expect.stringMatching(/^Paracetamol: 10 g a day .* above the 4 g daily maximum/),
      }),
    );
  });
});

describe('drug classes in the demo data', () => {
  const man = { age: 60, age_unit: 'years', weight: 70, weight_unit: 'kg', sex: 'male' };
  const findingsOf = async (names: string[], patient: object = man) =>
    (
      await check({
        medications: names.map((name) => ({ medication_id: med[name] })),
        patient,
      })
    ).findings;

  it('atorvastatin with simvastatin is a duplicate therapy (two statins), major', async () => {
    expect(await findingsOf(['Atorvastatin', 'Simvastatin'])).toContainEqual(
      expect.objectContaining({
        kind: 'duplicate_therapy',
        severity: 'major',
        medication_ids: [med.Atorvastatin, med.Simvastatin],
      }),
    );
  });

  it('sertraline with ibuprofen is a bleeding-risk interaction (an SSRI with an NSAID)', async () => {
    const interaction = (await findingsOf(['Sertraline', 'Ibuprofen'])).find(
      (f) => f.kind === 'interaction',
    );
    expect(interaction).toMatchObject({ medication_ids: [med.Ibuprofen, med.Sertraline] });
    expect(['moderate', 'major']).toContain(interaction?.severity);
    expect(interaction?.message).toMatch(/bleeding/);
  });

  it('azithromycin, fluconazole and ondansetron: every pair prolongs the QT interval, major', async () => {
    const found = await findingsOf(['Azithromycin', 'Fluconazole', 'Ondansetron']);
    const pairs = found
      .filter((f) => f.kind === 'interaction' && f.severity === 'major' && /QT/.test(f.message))
      .map((f) => [...f.medication_ids].sort((a, b) => a - b));
    const sorted = (a: number, b: number) => [a, b].sort((x, y) => x - y);
    expect(pairs).toEqual(
      expect.arrayContaining([
        sorted(med.Azithromycin, med.Fluconazole),
        sorted(med.Azithromycin, med.Ondansetron),
        sorted(med.Fluconazole, med.Ondansetron),
      ]),
    );
  });

  it('enoxaparin with ibuprofen is a major bleeding risk (an anticoagulant with an NSAID)', async () => {
    expect(await findingsOf(['Enoxaparin', 'Ibuprofen'])).toContainEqual(
      expect.objectContaining({ kind: 'interaction', severity: 'major' }),
    );
  });

  it('a patient allergic to penicillins is warned of amoxicillin, and of cephalosporins by cross-sensitivity', async () => {
    const classes = (await api.get('/drug-class?q=penicillins')).json().data;
    const penicillins = classes.find((c: { name: string }) => c.name === 'Penicillins');
    const found = await findingsOf(['Amoxicillin', 'Ceftriaxone'], {
      ...man,
      allergy_class_ids: [penicillins.id],
    });
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'allergy',
        severity: 'contraindicated',
        medication_ids: [med.Amoxicillin],
        drug_class_id: penicillins.id,
      }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        kind: 'allergy',
        medication_ids: [med.Ceftriaxone],
        class_rule_id: expect.any(Number),
      }),
    );
  });

  it('refuses an allergy class that does not exist, naming it', async () => {
    const response = await api.post('/safety-check', {
      medications: [{ medication_id: med.Amoxicillin }],
      patient: { allergy_class_ids: [999999] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['patient.allergy_class_ids']).toEqual([
      'No such drug class: 999999',
    ]);
  });
});

describe('a weight category overlapping another', () => {
  it('applies the rules of both, so the stricter one is not dropped', async () => {
    const category = await api.post('/weight-category', {
      minimum_weight: 60,
      maximum_weight: 90,
      unit: 'kg',
      category: 'Overweight',
      minimum_age_years: 18,
      reason: 'An overlapping band for the test',
    });
    expect(category.statusCode).toBe(201);
    const dosage = await api.post('/medication/add-weight-based-dosage', {
      medication_id: med.Enoxaparin,
      weight_category_id: category.json().data.id,
      min_dosage: 20,
      max_dosage: 40,
      dosage_unit: 'mg',
      min_frequency: 12,
      max_frequency: 24,
      frequency_unit: 'hours',
      min_duration: 1,
      max_duration: 30,
      duration_unit: 'days',
    });
    expect(dosage.statusCode).toBe(201);
    // 70 kg is in "Normal" (50–80 kg) and in the new 60–90 kg band: 60 mg is above the new band's
    // 40 mg, whatever "Normal" allows.
    const result = await check({
      medications: [prescribed('Enoxaparin', 60, 'mg', 12)],
      patient: { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' },
    });
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message: expect.stringContaining('maximum for Overweight (60–90 kg)'),
      }),
    );
  });
});

describe('age limits and category ages through the API', () => {
  it('stores a weight category’s ages, and refuses a minimum above the maximum, storing nothing', async () => {
    const body = {
      minimum_weight: 2,
      maximum_weight: 5,
      unit: 'kg',
      category: 'Underweight',
      minimum_age_years: 0,
      maximum_age_years: 0.1,
    };
    const created = await api.post('/weight-category', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ min_age_years: 0, max_age_years: 0.1 });
    const before = await t.pool.query('SELECT count(*)::int AS n FROM weight_categories');
    const refused = await api.post('/weight-category', { ...body, minimum_age_years: 12 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('minimum_age_years');
    const tooOld = await api.post('/weight-category', { ...body, maximum_age_years: 131 });
    expect(tooOld.statusCode).toBe(422);
    const after = await t.pool.query('SELECT count(*)::int AS n FROM weight_categories');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('sets, keeps and removes a medication’s age limit, and refuses one without a bound', async () => {
    const id = med.Sumatriptan;
    const limit = { min_age: 18, max_age: 65, unit: 'years', severity: 'moderate' };
    const set = await api.put('/medication/update-medication', {
      id,
      name: 'Sumatriptan',
      age_limit: limit,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.age_limit).toEqual(limit);
    const renamed = await api.put('/medication/update-medication', { id, name: 'Sumatriptan' });
    expect(renamed.json().data.age_limit).toEqual(limit);
    // Each is refused whole (422 with a message), and the stored limit stays as it was.
    for (const bad of [
      { ...limit, min_age: null, max_age: null },
      { ...limit, min_age: 70 },
      { ...limit, max_age: 200 },
      { ...limit, severity: 'severe' },
    ]) {
      const refused = await api.put('/medication/update-medication', {
        id,
        name: 'Sumatriptan',
        age_limit: bad,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect((await api.get(`/medication/${id}`)).json().data.age_limit).toEqual(limit);
    const removed = await api.put('/medication/update-medication', {
      id,
      name: 'Sumatriptan',
      age_limit: null,
    });
    expect(removed.json().data.age_limit).toBeNull();
  });
});
