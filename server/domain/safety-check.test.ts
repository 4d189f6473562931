import {
  evaluateSafety,
  type Patient,
  type SafetyData,
  type SafetyDosageRow,
  type SafetyMedicationRow,
  type SafetyRenalRuleRow,
  type Severity,
} from './safety-check';

/**
 * The check's rules on data built here, without a database: each case states the clinical rule
 * it holds the check to.
 */

const dosage = (
  id: number,
  category: [number, number, 'kg' | 'years' | 'days'],
  dose: [number, number, SafetyDosageRow['dosage_unit']?],
  more: Partial<SafetyDosageRow> = {},
): SafetyDosageRow => ({
  id,
  category_id: id,
  category_name: null,
  min: category[0],
  max: category[1],
  unit: category[2],
  min_dosage: dose[0],
  max_dosage: dose[1],
  dosage_unit: dose[2] ?? 'mg',
  min_frequency: 6,
  max_frequency: 12,
  frequency_unit: 'hours',
  min_duration: 1,
  max_duration: 30,
  duration_unit: 'days',
  ...more,
});

const medication = (
  id: number,
  name: string,
  more: Partial<SafetyMedicationRow> = {},
): SafetyMedicationRow => ({
  id,
  name,
  pregnancy_category: null,
  age_limit: null,
  weight_dosages: [],
  age_dosages: [],
  condition_ids: [],
  lifestyle_links: [],
  ...more,
});

const data = (...medications: SafetyMedicationRow[]): SafetyData => ({
  medications,
  conditions: [],
  lifestyles: [],
  allergies: [],
  interactions: [],
  classes: [],
  class_rules: [],
});

/** A dose rule for every age that every prescription below satisfies. */
const anyAgeRule = [dosage(90, [0, 130, 'years'], [10, 1000])];
const isotretinoin = medication(1, 'Isotretinoin', {
  pregnancy_category: 'X',
  age_dosages: anyAgeRule,
});
const valproate = medication(2, 'Valproate', { pregnancy_category: 'D', age_dosages: anyAgeRule });
const morphine = medication(3, 'Morphine', { pregnancy_category: 'C', age_dosages: anyAgeRule });
const prescribed = (id: number) => ({
  medication_id: id,
  dose: 20,
  dose_unit: 'mg' as const,
  frequency: 8,
  frequency_unit: 'hours' as const,
  duration: 7,
  duration_unit: 'days' as const,
});

describe('pregnancy status', () => {
  const check = (patient: Patient, ...meds: SafetyMedicationRow[]) =>
    evaluateSafety(
      data(...meds),
      meds.map((m) => prescribed(m.id)),
      patient,
    );
  const woman25: Patient = { age: 25, age_unit: 'years', sex: 'female' };

  it('isotretinoin (X) and valproate (D) for a 25-year-old woman whose pregnancy is not given are not passed as safe', () => {
    const result = check(woman25, isotretinoin, valproate);
    expect(result.complete).toBe(false);
    expect(result.findings.map((f) => [f.kind, f.reason, f.medication_ids])).toEqual([
      ['not_checked', 'missing_pregnancy_status', [1]],
      ['not_checked', 'missing_pregnancy_status', [2]],
    ]);
    expect(result.findings[0].message).toMatch(/pregnancy status not given/);
  });

  it('asks when neither sex nor age is given: the patient could be pregnant', () => {
    expect(check({}, isotretinoin).findings.map((f) => f.reason)).toContain(
      'missing_pregnancy_status',
    );
  });

  it('does not ask for a man, a girl under 12, a woman over 55, or a stated pregnancy status', () => {
    for (const patient of [
      { age: 25, age_unit: 'years', sex: 'male' },
      { age: 6, age_unit: 'years', sex: 'female' },
      { age: 70, age_unit: 'years', sex: 'female' },
      { ...woman25, pregnant: false },
    ] satisfies Patient[]) {
      const result = check(patient, isotretinoin, valproate);
      expect(result.findings).toEqual([]);
      expect(result.complete).toBe(true);
    }
  });

  it('does not ask for a medication of category C, which pregnancy grades but does not forbid', () => {
    expect(check(woman25, morphine).complete).toBe(true);
  });

  it('in a pregnant patient, X is contraindicated and D major, "avoid unless essential"', () => {
    const result = check({ ...woman25, pregnant: true }, isotretinoin, valproate);
    expect(result.findings.map((f) => [f.kind, f.severity, f.message])).toEqual([
      [
        'pregnancy',
        'contraindicated',
        'Isotretinoin is pregnancy category X: contraindicated in pregnancy.',
      ],
      [
        'pregnancy',
        'major',
        'Valproate is pregnancy category D: positive evidence of fetal risk; avoid unless essential.',
      ],
    ]);
  });
});

describe('overlapping categories', () => {
  // Two weight categories both covering 70 kg: one allows up to 1,000 mg, the other 500 mg.
  const wide = dosage(11, [40, 80, 'kg'], [100, 1000]);
  const narrow = dosage(12, [60, 100, 'kg'], [100, 500]);
  const drug = medication(5, 'Drug', { weight_dosages: [wide, narrow] });
  const at = (kg: number, dose: number) =>
    evaluateSafety(data(drug), [{ ...prescribed(5), dose }], { weight: kg, weight_unit: 'kg' });

  it('applies the rules of every category covering the patient, and the strictest decides', () => {
    const result = at(70, 800);
    expect(result.medications[0].rules.map((r) => r.dosage_id).sort()).toEqual([11, 12]);
    expect(result.verdict).toBe('major');
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: 'dose', severity: 'major', dosage_id: 12 }),
    ]);
  });

  it('gives the same answer whichever order the rules are stored in', () => {
    const reversed = medication(5, 'Drug', { weight_dosages: [narrow, wide] });
    const result = evaluateSafety(data(reversed), [{ ...prescribed(5), dose: 800 }], {
      weight: 70,
      weight_unit: 'kg',
    });
    expect(result).toEqual(at(70, 800));
  });

  it('treats categories that only share a bound as adjacent: on it, the one that starts there', () => {
    const lower = dosage(21, [50, 80, 'kg'], [100, 500]);
    const upper = dosage(22, [80, 100, 'kg'], [100, 1000]);
    const adjacent = medication(6, 'Adjacent', { weight_dosages: [lower, upper] });
    const result = evaluateSafety(data(adjacent), [{ ...prescribed(6), dose: 800 }], {
      weight: 80,
      weight_unit: 'kg',
    });
    expect(result.medications[0].rules.map((r) => r.dosage_id)).toEqual([22]);
    expect(result.findings).toEqual([]);
  });
});

describe('children', () => {
  // A weight band for adults (18 years and over) with a fixed adult dose: 1 to 2 g.
  const onceDaily = { min_frequency: 24, max_frequency: 24 };
  const adultBand = dosage(31, [0, 50, 'kg'], [1000, 2000], { ...onceDaily, min_age_years: 18 });
  const ceftriaxone = medication(7, 'Ceftriaxone', { weight_dosages: [adultBand] });
  const daily = (id: number, dose: number, unit: 'mg' | 'g' = 'mg') => ({
    ...prescribed(id),
    dose,
    dose_unit: unit,
    frequency: 24,
  });
  const newborn: Patient = { age: 10, age_unit: 'days', weight: 3.5, weight_unit: 'kg' };

  it('a 10-day-old of 3.5 kg never gets an adult fixed dose from a weight band silently', () => {
    const result = evaluateSafety(data(ceftriaxone), [daily(7, 2, 'g')], newborn);
    expect(result.medications[0].rules).toEqual([]);
    expect(result.complete).toBe(false);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'not_checked',
        reason: 'no_rule_for_age',
        message: expect.stringMatching(/no dosage rule for a patient of this age \(10 days\)/),
      }),
    ]);
  });

  it('checks the newborn against a neonatal per-kg rule instead: 2 g is far above 50 mg/kg', () => {
    const neonatal = dosage(32, [0, 28, 'days'], [20, 50, 'mg/kg'], onceDaily);
    const withChildRule = medication(7, 'Ceftriaxone', {
      weight_dosages: [adultBand],
      age_dosages: [neonatal],
    });
    const result = evaluateSafety(data(withChildRule), [daily(7, 2, 'g')], newborn);
    expect(result.verdict).toBe('major');
    expect(result.findings.map((f) => [f.kind, f.severity, f.dosage_id])).toEqual([
      ['dose', 'major', 32],
    ]);
    // 50 mg/kg × 3.5 kg = 175 mg a day is the most; 70 mg to 175 mg passes.
    expect(evaluateSafety(data(withChildRule), [daily(7, 150)], newborn).findings).toEqual([]);
  });

  it('still gives an adult of 45 kg the band for adults', () => {
    const adult: Patient = { age: 30, age_unit: 'years', weight: 45, weight_unit: 'kg' };
    const result = evaluateSafety(data(ceftriaxone), [daily(7, 3, 'g')], adult);
    expect(result.findings.map((f) => [f.kind, f.severity, f.dosage_id])).toEqual([
      ['dose', 'major', 31],
    ]);
  });

  it('does not assume an adult when no age is given: the band for adults is not used', () => {
    const result = evaluateSafety(data(ceftriaxone), [daily(7, 2, 'g')], {
      weight: 3.5,
      weight_unit: 'kg',
    });
    expect(result.medications[0].rules).toEqual([]);
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: 'not_checked', reason: 'missing_age', basis: 'weight' }),
    ]);
  });

  describe('a medication of its own minimum age', () => {
    const contraindicatedUnder = (value: number, unit: 'days' | 'years') => ({
      min_age: value,
      max_age: null,
      unit,
      severity: 'contraindicated' as const,
    });
    const cotrimoxazole = medication(8, 'Co-trimoxazole', {
      age_limit: contraindicatedUnder(42, 'days'),
      age_dosages: [dosage(33, [0, 130, 'years'], [1, 1000])],
    });
    const isotretinoin12 = medication(9, 'Isotretinoin', {
      age_limit: contraindicatedUnder(12, 'years'),
      age_dosages: [dosage(34, [0, 130, 'years'], [1, 1000])],
    });
    const check = (m: SafetyMedicationRow, patient: Patient) =>
      evaluateSafety(data(m), [prescribed(m.id)], patient);

    it('co-trimoxazole is contraindicated at 14 days (under 6 weeks), and not at 2 months', () => {
      const young = check(cotrimoxazole, { age: 14, age_unit: 'days' });
      expect(young.verdict).toBe('contraindicated');
      expect(young.findings).toEqual([
        expect.objectContaining({
          kind: 'age_limit',
          severity: 'contraindicated',
          message: 'Co-trimoxazole is contraindicated under 42 days; the patient is 14 days.',
        }),
      ]);
      expect(check(cotrimoxazole, { age: 2, age_unit: 'months' }).findings).toEqual([]);
    });

    it('isotretinoin is contraindicated at 2 years', () => {
      expect(check(isotretinoin12, { age: 2, age_unit: 'years' }).findings).toEqual([
        expect.objectContaining({ kind: 'age_limit', severity: 'contraindicated' }),
      ]);
    });

    it('says the limit could not be checked when no age is given', () => {
      const result = check(isotretinoin12, {});
      expect(result.complete).toBe(false);
      expect(result.findings).toContainEqual(
        expect.objectContaining({
          kind: 'not_checked',
          reason: 'missing_age',
          message:
            'Isotretinoin: no age given, so its age limit (from 12 years) could not be checked.',
        }),
      );
    });

    it('grades a limit of lesser severity as that severity, "not recommended"', () => {
      const sumatriptan = medication(10, 'Sumatriptan', {
        age_limit: { min_age: null, max_age: 65, unit: 'years', severity: 'moderate' },
        age_dosages: [dosage(35, [0, 130, 'years'], [1, 1000])],
      });
      expect(check(sumatriptan, { age: 70, age_unit: 'years' }).findings).toEqual([
        expect.objectContaining({
          kind: 'age_limit',
          severity: 'moderate',
          message:
            'Sumatriptan is not recommended (moderate) over 65 years; the patient is 70 years.',
        }),
      ]);
    });
  });
});

describe('daily maximum', () => {
  // Sumatriptan for adults: 50 to 100 mg a dose, at least 2 hours apart, at most 300 mg a day.
  const adult: Patient = { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' };
  const sumatriptan = medication(11, 'Sumatriptan', {
    age_dosages: [
      dosage(41, [18, 65, 'years'], [50, 100], {
        min_frequency: 2,
        max_frequency: 24,
        max_daily_dosage: 300,
      }),
    ],
  });
  const timesDaily = (dose: number, times: number) => ({
    ...prescribed(11),
    dose,
    frequency: times,
    frequency_unit: 'x daily' as const,
  });

  it('sumatriptan 100 mg twelve times a day (1.2 g) is major: each dose is in range, the day is not', () => {
    const result = evaluateSafety(data(sumatriptan), [timesDaily(100, 12)], adult);
    expect(result.verdict).toBe('major');
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'daily_dose',
        severity: 'major',
        dosage_id: 41,
        message: expect.stringMatching(
          /100 mg 12 x daily .* makes 1,200 mg a day, .* above the 300 mg daily maximum/,
        ),
      }),
    ]);
    expect(result.medications[0].rules[0].daily).toMatchObject({
      outcome: 'above_max',
      compared: { prescribed: 1200, min: 0, max: 300, unit: 'mg' },
    });
  });

  it('100 mg three times a day reaches the 300 mg maximum and passes', () => {
    const result = evaluateSafety(data(sumatriptan), [timesDaily(100, 3)], adult);
    expect(result.findings).toEqual([]);
    expect(result.medications[0].rules[0].daily?.outcome).toBe('within');
  });

  it('adds no finding of its own when no frequency is given: there is no total to compare', () => {
    const { frequency: _f, frequency_unit: _u, ...doseOnly } = timesDaily(100, 12);
    const result = evaluateSafety(data(sumatriptan), [doseOnly], adult);
    expect(result.findings.filter((f) => f.kind === 'daily_dose')).toEqual([]);
    expect(result.medications[0].rules[0].daily?.outcome).toBe('not_checked');
  });

  it('counts a weekly dose whole on the day it is taken', () => {
    // Methotrexate 15 mg once a week, most 25 mg a day: the day of the dose holds all 15 mg.
    const methotrexate = medication(12, 'Methotrexate', {
      age_dosages: [
        dosage(42, [18, 130, 'years'], [7.5, 25], {
          min_frequency: 1,
          max_frequency: 1,
          frequency_unit: 'weeks',
          max_daily_dosage: 25,
        }),
      ],
    });
    const weekly = (dose: number) => ({
      ...prescribed(12),
      dose,
      frequency: 1,
      frequency_unit: 'weeks' as const,
    });
    expect(evaluateSafety(data(methotrexate), [weekly(15)], adult).findings).toEqual([]);
    expect(
      evaluateSafety(data(methotrexate), [weekly(15)], adult).medications[0].rules[0].daily
        ?.compared?.prescribed,
    ).toBe(15);
  });

  it('a child of 20 kg: paracetamol 300 mg every 4 hours is 1.8 g a day, above 75 mg/kg a day (1.5 g)', () => {
    // Each dose, 15 mg/kg, is within 10 to 15 mg/kg; six of them a day are not.
    const paracetamol = medication(13, 'Paracetamol', {
      age_dosages: [
        dosage(43, [1, 12, 'years'], [10, 15, 'mg/kg'], {
          min_frequency: 4,
          max_frequency: 6,
          max_daily_dosage: 75,
        }),
      ],
    });
    const child: Patient = { age: 6, age_unit: 'years', weight: 20, weight_unit: 'kg' };
    const every4h = { ...prescribed(13), dose: 300, frequency: 4 };
    const result = evaluateSafety(data(paracetamol), [every4h], child);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'daily_dose',
        severity: 'major',
        message: expect.stringMatching(
          /1,800 mg a day, .* above the 1,500 mg \(75 mg\/kg × 20 kg\) daily maximum/,
        ),
      }),
    ]);
    // 250 mg every 6 hours is 1 g a day: within.
    expect(
      evaluateSafety(data(paracetamol), [{ ...every4h, dose: 250, frequency: 6 }], child).findings,
    ).toEqual([]);
  });
});

describe('single-dose maximum', () => {
  // Ondansetron for children: 0.1 to 0.15 mg/kg a dose, at most 4 mg in one dose.
  const ondansetron = (ingredients?: SafetyMedicationRow['ingredients']) =>
    medication(14, 'Ondansetron', {
      age_dosages: [
        dosage(44, [1, 12, 'years'], [0.1, 0.15, 'mg/kg'], {
          min_frequency: 8,
          max_frequency: 12,
          max_dose: 4,
        }),
      ],
      ...(ingredients ? { ingredients } : {}),
    });
  const child = (kg?: number): Patient => ({
    age: 10,
    age_unit: 'years',
    ...(kg === undefined ? {} : { weight: kg, weight_unit: 'kg' }),
  });
  const every12h = (dose: number, dose_unit: 'mg' | 'mg/kg' | 'tablet') => ({
    ...prescribed(14),
    dose,
    dose_unit,
    frequency: 12,
    duration: 2,
  });

  it('0.15 mg/kg for a 40 kg child is 6 mg in one dose: within the per-kg range, above the 4 mg maximum (major)', () => {
    const result = evaluateSafety(data(ondansetron()), [every12h(0.15, 'mg/kg')], child(40));
    expect(result.verdict).toBe('major');
    expect(result.findings).toEqual([
      {
        kind: 'dose',
        severity: 'major',
        medication_ids: [14],
        basis: 'age',
        dosage_id: 44,
        message:
          'Ondansetron: 0.15 mg/kg × 40 kg = 6 mg in one dose is above the most for one dose, 4 mg, for 1–12 years.',
      },
    ]);
    const rule = result.medications[0].rules[0];
    expect(rule.dose.outcome).toBe('within');
    expect(rule.single_dose).toMatchObject({
      range: { min: 0, max: 4, unit: 'mg' },
      outcome: 'above_max',
      compared: { prescribed: 6, min: 0, max: 4, unit: 'mg' },
    });
  });

  it('6 mg prescribed in mg is found too, even with no weight given to place the per-kg range', () => {
    const weighed = evaluateSafety(data(ondansetron()), [every12h(6, 'mg')], child(40));
    expect(weighed.findings.map((f) => [f.kind, f.severity, f.message])).toEqual([
      [
        'dose',
        'major',
        'Ondansetron: 6 mg in one dose is above the most for one dose, 4 mg, for 1–12 years.',
      ],
    ]);
    // Without a weight the range cannot be placed (not_checked), but 6 mg is above 4 mg whatever
    // the child weighs.
    const unweighed = evaluateSafety(data(ondansetron()), [every12h(6, 'mg')], child());
    expect(unweighed.verdict).toBe('major');
    expect(unweighed.findings.map((f) => [f.kind, f.severity ?? f.reason])).toEqual([
      ['dose', 'major'],
      ['not_checked', 'missing_weight'],
    ]);
  });

  it('0.1 mg/kg for a 20 kg child (2 mg) passes, and so does exactly 4 mg', () => {
    const light = evaluateSafety(data(ondansetron()), [every12h(0.1, 'mg/kg')], child(20));
    expect(light.findings).toEqual([]);
    expect(light.medications[0].rules[0].single_dose?.outcome).toBe('within');
    expect(evaluateSafety(data(ondansetron()), [every12h(4, 'mg')], child(30)).findings).toEqual(
      [],
    );
  });

  it('a dose per kg with no weight given cannot be compared with an absolute maximum: not_checked, not passed', () => {
    const result = evaluateSafety(data(ondansetron()), [every12h(0.15, 'mg/kg')], child());
    expect(result.complete).toBe(false);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'not_checked',
        reason: 'missing_weight',
        dosage_id: 44,
        message:
          'Ondansetron: 0.15 mg/kg is per kg, and no weight was given, so it could not be compared with the most for one dose, 4 mg, for 1–12 years.',
      }),
    ]);
  });

  it('tablets count through the strength; a strength not stored is said once, by the dose', () => {
    const ingredient = { ingredient_id: 503, name: 'Ondansetron' };
    const strong = ondansetron([
      { ...ingredient, amount: 4, amount_unit: 'mg', per_unit: 'tablet' },
    ]);
    const result = evaluateSafety(data(strong), [every12h(2, 'tablet')], child(60));
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message:
          'Ondansetron: 2 tablet of 4 mg = 8 mg in one dose is above the most for one dose, 4 mg, for 1–12 years.',
      }),
    );
    const unknown = ondansetron([
      { ...ingredient, amount: null, amount_unit: null, per_unit: null },
    ]);
    const unconverted = evaluateSafety(data(unknown), [every12h(2, 'tablet')], child(60));
    expect(unconverted.findings.map((f) => f.reason)).toEqual(['missing_strength']);
  });

  it('a rule without one compares nothing more', () => {
    const plain = medication(15, 'Plain', { age_dosages: [dosage(45, [1, 12, 'years'], [1, 10])] });
    const result = evaluateSafety(data(plain), [{ ...prescribed(15), dose: 10 }], child(40));
    expect(result.findings).toEqual([]);
    expect(result.medications[0].rules[0]).not.toHaveProperty('single_dose');
  });
});

describe('drug classes', () => {
  // Every medication here has a rule its prescription meets, so only class findings remain.
  const drug = (id: number, name: string) => medication(id, name, { age_dosages: anyAgeRule });
  const atorvastatin = drug(11, 'Atorvastatin');
  const simvastatin = drug(12, 'Simvastatin');
  const sertraline = drug(13, 'Sertraline');
  const ibuprofen = drug(14, 'Ibuprofen');
  const azithromycin = drug(15, 'Azithromycin');
  const fluconazole = drug(16, 'Fluconazole');
  const ondansetron = drug(17, 'Ondansetron');
  const amoxicillin = drug(18, 'Amoxicillin');
  const ceftriaxone = drug(19, 'Ceftriaxone');
  const warfarin = drug(20, 'Warfarin');
  const klass = (
    id: number,
    name: string,
    members: SafetyMedicationRow[],
    duplicate: SafetyData['classes'][number]['duplicate_severity'] = null,
  ) => ({ id, name, duplicate_severity: duplicate, medication_ids: members.map((m) => m.id) });
  const statins = klass(101, 'Statins', [atorvastatin, simvastatin], 'major');
  const ssris = klass(102, 'SSRIs', [sertraline]);
  const nsaids = klass(103, 'NSAIDs', [ibuprofen]);
  const qt = klass(104, 'QT-prolonging', [azithromycin, fluconazole, ondansetron]);
  const penicillins = klass(105, 'Penicillins', [amoxicillin]);
  const cephalosporins = klass(106, 'Cephalosporins', [ceftriaxone]);
  const rule = (
    id: number,
    kind: 'interaction' | 'cross_sensitivity',
    from: { id: number },
    to: { id: number },
    severity: Severity,
    toMedication = false,
  ) => ({
    id,
    kind,
    drug_class_id: from.id,
    other_class_id: toMedication ? null : to.id,
    other_medication_id: toMedication ? to.id : null,
    severity,
    description: `rule ${id}`,
  });
  const ssriNsaid = rule(201, 'interaction', ssris, nsaids, 'moderate');
  const qtQt = rule(202, 'interaction', qt, qt, 'major');
  const penicillinCephalosporin = rule(
    203,
    'cross_sensitivity',
    penicillins,
    cephalosporins,
    'moderate',
  );
  const classData = (...medications: SafetyMedicationRow[]): SafetyData => ({
    ...data(...medications),
    classes: [statins, ssris, nsaids, qt, penicillins, cephalosporins],
    class_rules: [ssriNsaid, qtQt, penicillinCephalosporin],
  });
  const adult: Patient = { age: 40, age_unit: 'years', sex: 'male' };
  const check = (d: SafetyData, patient: Patient = adult) =>
    evaluateSafety(
      d,
      d.medications.map((m) => prescribed(m.id)),
      patient,
    );

  it('two statins together are a duplicate therapy, at the severity the class states', () => {
    const result = check(classData(atorvastatin, simvastatin));
    expect(result.verdict).toBe('major');
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'duplicate_therapy',
        severity: 'major',
        medication_ids: [11, 12],
        drug_class_id: 101,
        message: expect.stringContaining('Atorvastatin and Simvastatin are both Statins'),
      }),
    ]);
  });

  it('one statin alone is no duplicate, and a class without a duplicate severity never is', () => {
    expect(check(classData(atorvastatin)).verdict).toBe('none');
    expect(check(classData(azithromycin, fluconazole)).findings.map((f) => f.kind)).not.toContain(
      'duplicate_therapy',
    );
  });

  it('an SSRI with an NSAID is a bleeding-risk interaction though no pair of the two is stored', () => {
    const result = check(classData(sertraline, ibuprofen));
    expect(result.verdict).toBe('moderate');
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'interaction',
        severity: 'moderate',
        medication_ids: [14, 13],
        class_rule_id: 201,
        message: expect.stringContaining('class rule: SSRIs with NSAIDs'),
      }),
    ]);
  });

  it('three QT-prolonging medications give one interaction per pair, each major', () => {
    const result = check(classData(azithromycin, fluconazole, ondansetron));
    expect(result.verdict).toBe('major');
    const pairs = result.findings.map((f) => [
      f.kind,
      f.severity,
      f.medication_ids,
      f.class_rule_id,
    ]);
    expect(pairs).toEqual([
      ['interaction', 'major', [15, 16], 202],
      ['interaction', 'major', [15, 17], 202],
      ['interaction', 'major', [16, 17], 202],
    ]);
  });

  it('a stored pair interaction overrides the class rule for that pair', () => {
    const d = classData(sertraline, ibuprofen);
    d.interactions = [
      {
        id: 301,
        medication_id: 13,
        interacting_medication_id: 14,
        severity: 'minor',
        description: 'pair',
        is_allergen: false,
      },
    ];
    const result = check(d);
    expect(result.findings.map((f) => [f.interaction_id, f.class_rule_id, f.severity])).toEqual([
      [301, undefined, 'minor'],
    ]);
  });

  it('of two class rules covering one pair, the stricter decides', () => {
    const d = classData(sertraline, ibuprofen);
    d.class_rules = [ssriNsaid, rule(204, 'interaction', nsaids, sertraline, 'major', true)];
    const result = check(d);
    expect(result.findings.map((f) => [f.class_rule_id, f.severity])).toEqual([[204, 'major']]);
  });

  it('a class rule naming one medication applies to every member with it', () => {
    const d = classData(warfarin, ibuprofen);
    d.class_rules = [rule(205, 'interaction', nsaids, warfarin, 'major', true)];
    expect(check(d).findings).toEqual([
      expect.objectContaining({ kind: 'interaction', severity: 'major', class_rule_id: 205 }),
    ]);
  });

  it('a patient allergic to penicillins must not get amoxicillin silently', () => {
    const result = check(classData(amoxicillin), { ...adult, allergy_class_ids: [105] });
    expect(result.verdict).toBe('contraindicated');
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'allergy',
        medication_ids: [18],
        drug_class_id: 105,
        message: expect.stringContaining('allergic to Penicillins'),
      }),
    ]);
  });

  it('a penicillin allergy, named or through amoxicillin, warns of a cephalosporin by the cross-sensitivity rule', () => {
    const byClass = check(classData(ceftriaxone), { ...adult, allergy_class_ids: [105] });
    expect(byClass.findings).toEqual([
      expect.objectContaining({
        kind: 'allergy',
        severity: 'moderate',
        medication_ids: [19],
        class_rule_id: 203,
      }),
    ]);
    const d = classData(ceftriaxone);
    d.allergies = [{ id: 18, name: 'Amoxicillin' }];
    const byMember = check(d, { ...adult, allergy_medication_ids: [18] });
    expect(byMember.findings).toEqual([
      expect.objectContaining({
        kind: 'allergy',
        severity: 'moderate',
        medication_ids: [19, 18],
        class_rule_id: 203,
        message: expect.stringContaining('allergic to Amoxicillin (one of Penicillins)'),
      }),
    ]);
  });

  it('a cross-sensitivity runs one way: a cephalosporin allergy says nothing of penicillins', () => {
    expect(check(classData(amoxicillin), { ...adult, allergy_class_ids: [106] }).verdict).toBe(
      'none',
    );
  });
});

describe('ingredients over the whole prescription', () => {
  const paracetamolIngredient = { ingredient_id: 501, name: 'Paracetamol' };
  const tablet = (amount: number) => ({ amount, amount_unit: 'mg', per_unit: 'tablet' });
  const noStrength = { amount: null, amount_unit: null, per_unit: null };
  // Each product's own rule allows what is prescribed of it; only the sum is too much.
  const ownRule = (unit: SafetyDosageRow['dosage_unit'], max: number) => [
    dosage(95, [0, 130, 'years'], [1, max, unit], {
      min_frequency: 4,
      max_frequency: 8,
      max_daily_dosage: null,
    }),
  ];
  const paracetamol = medication(21, 'Paracetamol', {
    age_dosages: ownRule('mg', 1000),
    ingredients: [{ ...paracetamolIngredient, ...tablet(500) }],
  });
  const coCodamol = medication(22, 'Co-codamol 30/500', {
    age_dosages: ownRule('tablet', 2),
    ingredients: [
      { ingredient_id: 502, name: 'Codeine', ...tablet(30) },
      { ...paracetamolIngredient, ...tablet(500) },
    ],
  });
  const adultLimit = {
    id: 601,
    ingredient_id: 501,
    basis: 'age' as const,
    category_name: 'Adult',
    min: 18,
    max: 65,
    unit: 'years' as const,
    max_daily_amount: 4,
    amount_unit: 'g',
  };
  const childLimit = {
    ...adultLimit,
    id: 602,
    category_name: 'Child',
    min: 2,
    max: 12,
    max_daily_amount: 75,
    amount_unit: 'mg/kg',
  };
  const withLimits = (...medications: SafetyMedicationRow[]): SafetyData => ({
    ...data(...medications),
    ingredient_limits: [adultLimit, childLimit],
  });
  const adult: Patient = { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg', sex: 'male' };
  const every = (hours: number) => ({ frequency: hours, frequency_unit: 'hours' as const });
  const course = { duration: 3, duration_unit: 'days' as const };

  it('paracetamol 1 g every 6 hours with co-codamol 2 tablets every 4 hours is 10 g of paracetamol a day: major, with the numbers', () => {
    const result = evaluateSafety(
      withLimits(paracetamol, coCodamol),
      [
        { medication_id: 21, dose: 1000, dose_unit: 'mg', ...every(6), ...course },
        { medication_id: 22, dose: 2, dose_unit: 'tablet', ...every(4), ...course },
      ],
      adult,
    );
    expect(result.verdict).toBe('major');
    const total = result.findings.find((f) => f.kind === 'daily_dose' && f.ingredient_id === 501);
    expect(total).toMatchObject({ severity: 'major', medication_ids: [22, 21] });
    expect(total?.message).toBe(
      'Paracetamol: 10 g a day (Co-codamol 30/500 6 g, Paracetamol 4 g) is above the 4 g daily maximum for Adult (18–65 years).',
    );
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'duplicate_ingredient',
        ingredient_id: 501,
        medication_ids: [22, 21],
      }),
    );
  });

  it('two products sharing an ingredient are a duplicate even within the day’s limit', () => {
    const result = evaluateSafety(
      withLimits(paracetamol, coCodamol),
      [
        { medication_id: 21, dose: 500, dose_unit: 'mg', ...every(8), ...course },
        { medication_id: 22, dose: 1, dose_unit: 'tablet', ...every(8), ...course },
      ],
      adult,
    );
    expect(result.findings.map((f) => [f.kind, f.severity])).toEqual([
      ['duplicate_ingredient', 'moderate'],
    ]);
  });

  it('a child of 20 kg is held to 75 mg/kg a day (1.5 g), not the adult 4 g', () => {
    const result = evaluateSafety(
      withLimits(paracetamol),
      [{ medication_id: 21, dose: 500, dose_unit: 'mg', ...every(6), ...course }],
      { age: 8, age_unit: 'years', weight: 20, weight_unit: 'kg' },
    );
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'daily_dose',
        ingredient_id: 501,
        message: expect.stringContaining('2,000 mg a day is above the 1,500 mg (75 mg/kg × 20 kg)'),
      }),
    );
  });

  it('a dose in tablets is converted through the strength: 3 tablets of 500 mg are above a 1 g maximum', () => {
    const result = evaluateSafety(
      data(paracetamol),
      [{ medication_id: 21, dose: 3, dose_unit: 'tablet', ...every(6), ...course }],
      adult,
    );
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'dose',
        severity: 'major',
        message: expect.stringContaining(
          '3 tablet of 500 mg = 1,500 mg is above the 1,000 mg maximum',
        ),
      }),
    ]);
  });

  it('says so when a dose in tablets cannot be converted for want of a strength', () => {
    const unknown = medication(23, 'Ibuprofen', {
      age_dosages: ownRule('mg', 400),
      ingredients: [{ ingredient_id: 503, name: 'Ibuprofen', ...noStrength }],
    });
    const result = evaluateSafety(
      data(unknown),
      [{ medication_id: 23, dose: 2, dose_unit: 'tablet', ...every(8), ...course }],
      adult,
    );
    expect(result.complete).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'not_checked',
        reason: 'missing_strength',
        message: expect.stringContaining('no strength per tablet is stored for Ibuprofen'),
      }),
    );
  });

  it('cannot total a combination product dosed in tablets without its strength, and says so', () => {
    const vague = medication(24, 'Co-codamol', {
      age_dosages: ownRule('tablet', 2),
      ingredients: [
        { ingredient_id: 502, name: 'Codeine', ...noStrength },
        { ...paracetamolIngredient, ...noStrength },
      ],
    });
    const result = evaluateSafety(
      withLimits(vague),
      [{ medication_id: 24, dose: 2, dose_unit: 'tablet', ...every(6), ...course }],
      adult,
    );
    expect(result.complete).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        kind: 'not_checked',
        reason: 'missing_strength',
        ingredient_id: 501,
      }),
    );
  });
});

describe('an ingredient total beside a medication’s own daily maximum', () => {
  it('says a single medication’s day is too much once, not again for its ingredient', () => {
    const paracetamol = medication(31, 'Paracetamol', {
      age_dosages: [
        dosage(96, [0, 130, 'years'], [500, 1000], { min_frequency: 4, max_daily_dosage: 4000 }),
      ],
      ingredients: [
        {
          ingredient_id: 701,
          name: 'Paracetamol',
          amount: 500,
          amount_unit: 'mg',
          per_unit: 'tablet',
        },
      ],
    });
    const result = evaluateSafety(
      {
        ...data(paracetamol),
        ingredient_limits: [
          {
            id: 801,
            ingredient_id: 701,
            basis: 'age',
            category_name: 'Adult',
            min: 18,
            max: 130,
            unit: 'years',
            max_daily_amount: 4,
            amount_unit: 'g',
          },
        ],
      },
      [
        {
          medication_id: 31,
          dose: 1000,
          dose_unit: 'mg',
          frequency: 4,
          frequency_unit: 'hours',
          duration: 2,
          duration_unit: 'days',
        },
      ],
      { age: 40, age_unit: 'years', sex: 'male' },
    );
    expect(result.findings.map((f) => [f.kind, f.dosage_id, f.ingredient_id])).toEqual([
      ['daily_dose', 96, undefined],
    ]);
  });
});

describe('kidney function', () => {
  const band = (
    id: number,
    name: string,
    min: number,
    max: number,
    rule: Partial<SafetyRenalRuleRow>,
  ): SafetyRenalRuleRow => ({
    id,
    category_name: name,
    min_egfr: min,
    max_egfr: max,
    avoid: false,
    min_dosage: null,
    max_dosage: null,
    dosage_unit: null,
    max_daily_dosage: null,
    min_frequency: null,
    max_frequency: null,
    frequency_unit: null,
    ...rule,
  });
  // Each adult rule allows what is prescribed below; only kidney function can object.
  const adultRule = [
    dosage(97, [18, 130, 'years'], [10, 2000], { min_frequency: 6, max_frequency: 24 }),
  ];
  const enoxaparin = medication(41, 'Enoxaparin', {
    age_dosages: adultRule,
    renal_rules: [
      band(901, 'G4', 15, 30, {
        min_dosage: 1,
        max_dosage: 1,
        dosage_unit: 'mg/kg',
        min_frequency: 24,
        max_frequency: 24,
        frequency_unit: 'hours',
      }),
    ],
  });
  const metformin = medication(42, 'Metformin', {
    age_dosages: adultRule,
    renal_rules: [
      band(902, 'G3b', 30, 45, {
        min_dosage: 500,
        max_dosage: 1000,
        dosage_unit: 'mg',
        max_daily_dosage: 1000,
      }),
      band(903, 'G4', 15, 30, { avoid: true }),
    ],
  });
  const kidneyDisease = { id: 61, name: 'Chronic kidney disease', affects_kidney_function: true };
  const man = (more: Patient = {}): Patient => ({
    age: 60,
    age_unit: 'years',
    weight: 70,
    weight_unit: 'kg',
    sex: 'male',
    ...more,
  });
  const twiceDaily = (id: number, dose: number, unit: 'mg' = 'mg') => ({
    medication_id: id,
    dose,
    dose_unit: unit,
    frequency: 12,
    frequency_unit: 'hours' as const,
    duration: 5,
    duration_unit: 'days' as const,
  });

  it('enoxaparin 70 mg twice daily at an eGFR of 25 is too often: below 30 it is once a day', () => {
    const result = evaluateSafety(data(enoxaparin), [twiceDaily(41, 70)], man({ egfr: 25 }));
    expect(result.verdict).toBe('major');
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'frequency',
        severity: 'major',
        renal_rule_id: 901,
        message: expect.stringContaining('for an eGFR of 25, G4 (15–30 mL/min/1.73 m²)'),
      }),
    ]);
  });

  it('metformin is avoided at an eGFR below 30: contraindicated', () => {
    const result = evaluateSafety(data(metformin), [twiceDaily(42, 500)], man({ egfr: 20 }));
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'renal',
        severity: 'contraindicated',
        renal_rule_id: 903,
        message: 'Metformin is to be avoided at an eGFR of 20, G4 (15–30 mL/min/1.73 m²).',
      }),
    ]);
  });

  it('an eGFR of exactly 30 is in the band that starts there (G3b), not the one that ends there', () => {
    const result = evaluateSafety(data(metformin), [twiceDaily(42, 500)], man({ egfr: 30 }));
    expect(result.findings.map((f) => f.kind)).not.toContain('renal');
    expect(result.verdict).toBe('none');
  });

  it('metformin 1 g twice daily at an eGFR of 40 is 2 g a day, above the 1 g allowed there', () => {
    const result = evaluateSafety(data(metformin), [twiceDaily(42, 1000)], man({ egfr: 40 }));
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: 'daily_dose', severity: 'major', renal_rule_id: 902 }),
    ]);
  });

  it('asks for the eGFR in chronic kidney disease rather than pass a medication with renal rules', () => {
    const result = evaluateSafety(
      { ...data(enoxaparin), conditions: [kidneyDisease] },
      [twiceDaily(41, 70)],
      man({ condition_ids: [61] }),
    );
    expect(result.complete).toBe(false);
    expect(result.findings).toEqual([
      expect.objectContaining({
        kind: 'not_checked',
        reason: 'missing_egfr',
        message:
          'Enoxaparin: eGFR not given, and Chronic kidney disease affects kidney function, so its renal rules could not be checked.',
      }),
    ]);
  });

  it('does not ask for an eGFR when nothing says kidney function is impaired', () => {
    const result = evaluateSafety(data(enoxaparin), [twiceDaily(41, 70)], man());
    expect(result).toMatchObject({ verdict: 'none', complete: true, findings: [] });
  });
});
