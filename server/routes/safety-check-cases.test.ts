import type { LightMyRequestResponse } from 'fastify';
import { client, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * POST /safety-check: a table of hand-computed cases over a small reference set built in
 * `beforeAll` through the API. Every expected message and number below was worked out by hand
 * from that data: 1 lb = 0.45359237 kg; 1 year = 12 months = 365.25 days; 1 month = 30.4375
 * days; 1 week = 7 days; 1 g = 1,000 mg = 1,000,000 mcg; n x daily = every 24/n hours; bounds
 * inclusive. Each case lists every finding the answer must hold, in order, as
 * [kind, severity, message] (a not_checked finding as [kind, reason, message]).
 */
let t: TestApp;
let api: ReturnType<typeof client>;

const med: Record<string, number> = {};

async function created(response: Promise<LightMyRequestResponse>): Promise<number> {
  const r = await response;
  if (r.statusCode !== 201 && r.statusCode !== 200) throw new Error(`setup failed: ${r.body}`);
  return r.json().data.id;
}

type Range = [number, number, string];
const dosageBody = (dose: Range, frequency: Range, duration: Range) => ({
  min_dosage: dose[0],
  max_dosage: dose[1],
  dosage_unit: dose[2],
  min_frequency: frequency[0],
  max_frequency: frequency[1],
  frequency_unit: frequency[2],
  min_duration: duration[0],
  max_duration: duration[1],
  duration_unit: duration[2],
});

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const condition = await created(api.post('/condition', { name: 'Pain' }));
  const age = {
    neonate: await created(
      api.post('/age-category', {
        minimum_age: 0,
        maximum_age: 28,
        unit: 'days',
        category: 'Pediatric',
      }),
    ),
    infant: await created(
      api.post('/age-category', {
        minimum_age: 1,
        maximum_age: 12,
        unit: 'months',
        category: 'Pediatric',
      }),
    ),
    child: await created(
      api.post('/age-category', {
        minimum_age: 1,
        maximum_age: 12,
        unit: 'years',
        category: 'Pediatric',
      }),
    ),
    adult: await created(
      api.post('/age-category', {
        minimum_age: 18,
        maximum_age: 65,
        unit: 'years',
        category: 'Adult',
      }),
    ),
  };
  const weight = {
    light: await created(
      api.post('/weight-category', {
        minimum_weight: 0,
        maximum_weight: 110,
        unit: 'lbs',
        category: 'Underweight',
      }),
    ),
    normal: await created(
      api.post('/weight-category', {
        minimum_weight: 50,
        maximum_weight: 80,
        unit: 'kg',
        category: 'Normal',
      }),
    ),
  };
  const medication = async (name: string, weightBased: boolean, pregnancy: string | null) => {
    med[name] = await created(
      api.post('/medication', {
        name,
        condition_id: condition,
        is_dosage_weight_based: weightBased,
        pregnancy_category: pregnancy,
      }),
    );
  };
  const byWeight = (name: string, category: number, ...r: [Range, Range, Range]) =>
    created(
      api.post('/medication/add-weight-based-dosage', {
        medication_id: med[name],
        weight_category_id: category,
        ...dosageBody(...r),
      }),
    );
  const byAge = (name: string, category: number, ...r: [Range, Range, Range]) =>
    created(
      api.post('/medication/add-age-based-dosage', {
        medication_id: med[name],
        age_category_id: category,
        ...dosageBody(...r),
      }),
    );

  // Paracet: both bases; per-kg for the light band and neonates, g and a count for adults.
  await medication('Paracet', true, 'B');
  await byWeight('Paracet', weight.light, [10, 15, 'mg/kg'], [6, 8, 'hours'], [1, 3, 'days']);
  await byWeight('Paracet', weight.normal, [500, 1000, 'mg'], [6, 8, 'hours'], [1, 14, 'days']);
  await byAge('Paracet', age.neonate, [10, 15, 'mg/kg'], [6, 8, 'hours'], [1, 3, 'days']);
  await byAge('Paracet', age.adult, [0.5, 1, 'g'], [3, 4, 'x daily'], [1, 2, 'weeks']);
  // Levo: by age only, in mcg, once a day, for months.
  await medication('Levo', false, 'A');
  for (const [band, dose] of [
    [age.infant, [25, 50, 'mcg']],
    [age.child, [50, 100, 'mcg']],
    [age.adult, [50, 200, 'mcg']],
  ] as const)
    await byAge('Levo', band, [...dose], [1, 1, 'times/day'], [1, 12, 'months']);
  // Lactul: a volume.
  await medication('Lactul', false, 'B');
  await byAge('Lactul', age.adult, [15, 45, 'ml'], [12, 24, 'hours'], [1, 4, 'weeks']);
  // Vitam: `every day`, which cannot be compared; and no pregnancy category.
  await medication('Vitam', false, null);
  await byAge('Vitam', age.adult, [1, 2, 'mg'], [1, 1, 'every day'], [1, 1, 'every day']);
  // Genta: by weight only.
  await medication('Genta', true, 'D');
  await byWeight('Genta', weight.normal, [5, 7, 'mg/kg'], [24, 24, 'hours'], [5, 7, 'days']);
  // Nodose: no dosage at all. Amoxil and Cefal: an allergen pair, stored Cefal first.
  await medication('Nodose', false, 'C');
  await medication('Amoxil', false, 'B');
  await medication('Cefal', false, 'B');
  await medication('Augment', false, 'B');
  const interaction = (a: string, b: string, severity: string, text: string, allergen: boolean) =>
    created(
      api.post('/drug-interaction', {
        medication_id: med[a],
        interacting_medication_id: med[b],
        severity,
        description: text,
        is_allergen: allergen,
      }),
    );
  await interaction('Cefal', 'Amoxil', 'moderate', 'Cross-sensitivity.', true);
  await interaction('Augment', 'Amoxil', 'minor', 'Same penicillin.', false);
  // Stored Levo first, the opposite of name order.
  await interaction('Levo', 'Lactul', 'minor', 'Absorption.', false);
});
afterAll(() => t.close());

type Expected = [string, string | null, string][];
interface Case {
  request: () => object;
  verdict: string;
  findings: Expected;
  /** Only findings of these kinds are compared (the rest of the answer is covered elsewhere). */
  kinds?: string[];
}

const adult = { age: 30, age_unit: 'years', weight: 70, weight_unit: 'kg' };
/** Paracet for a 30-year-old of 70 kg: Normal (500–1000 mg) and Adult (0.5–1 g, 3–4 x daily, 1–2 weeks). */
const paracet = (
  dose: number,
  doseUnit: string,
  every: [number, string],
  days: [number, string],
) => ({
  medications: [
    {
      medication_id: med.Paracet,
      dose,
      dose_unit: doseUnit,
      frequency: every[0],
      frequency_unit: every[1],
      duration: days[0],
      duration_unit: days[1],
    },
  ],
  patient: adult,
});
const NORMAL = 'Normal (50–80 kg)';
const ADULT = 'Adult (18–65 years)';
const NEONATE = 'Pediatric (0–28 days)';
const LIGHT = 'Underweight (0–110 lbs)';
const both = (kind: string, severity: string, text: (label: string) => string): Expected => [
  [kind, severity, text(NORMAL)],
  [kind, severity, text(ADULT)],
];
const levo = (dose: number, unit: string, patient: object, extra: object = {}) => ({
  medications: [
    {
      medication_id: med.Levo,
      dose,
      dose_unit: unit,
      frequency: 1,
      frequency_unit: 'x daily',
      duration: 6,
      duration_unit: 'months',
      ...extra,
    },
  ],
  patient,
});
/** Paracet for a neonate of `days` days weighing `kg` kg (both bases), every 6 hours for 2 days. */
const newborn = (dose: number, unit: string, days: number, weight?: number | [number, string]) => ({
  medications: [
    {
      medication_id: med.Paracet,
      dose,
      dose_unit: unit,
      frequency: 6,
      frequency_unit: 'hours',
      duration: 2,
      duration_unit: 'days',
    },
  ],
  patient: {
    age: days,
    age_unit: 'days',
    ...(weight === undefined
      ? {}
      : Array.isArray(weight)
        ? { weight: weight[0], weight_unit: weight[1] }
        : { weight, weight_unit: 'kg' }),
  },
});

const cases: [string, Case][] = [
  [
    'a dose, frequency and duration within both rules, on their bounds (1,000 mg; every 6 hours = 4 x daily; 7 days = 1 week)',
    {
      request: () => paracet(1000, 'mg', [6, 'hours'], [7, 'days']),
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'a dose above the maximum (mg against mg, and against 1 g)',
    {
      request: () => paracet(1001, 'mg', [6, 'hours'], [7, 'days']),
      verdict: 'major',
      findings: both(
        'dose',
        'major',
        (l) => `Paracet: 1,001 mg is above the 1,000 mg maximum for ${l}.`,
      ),
    },
  ],
  [
    'a dose in g above the maximum (1,000 mg is 1 g)',
    {
      request: () => paracet(1.2, 'g', [6, 'hours'], [7, 'days']),
      verdict: 'major',
      findings: both('dose', 'major', (l) => `Paracet: 1.2 g is above the 1 g maximum for ${l}.`),
    },
  ],
  [
    'a dose below the minimum (0.5 g is 500 mg)',
    {
      request: () => paracet(400, 'mg', [6, 'hours'], [7, 'days']),
      verdict: 'moderate',
      findings: both(
        'dose',
        'moderate',
        (l) => `Paracet: 400 mg is below the 500 mg minimum for ${l}.`,
      ),
    },
  ],
  [
    'a dose in mcg within the range (500,000 mcg = 500 mg = 0.5 g)',
    {
      request: () => paracet(500000, 'mcg', [6, 'hours'], [7, 'days']),
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'dosing more often than the shortest interval (every 5 hours; 4 x daily is every 6)',
    {
      request: () => paracet(500, 'mg', [5, 'hours'], [7, 'days']),
      verdict: 'major',
      findings: both(
        'frequency',
        'major',
        (l) =>
          `Paracet: dosing every 5 hours is more often than the shortest interval, every 6 hours, for ${l}.`,
      ),
    },
  ],
  [
    'dosing less often than the longest interval (every 9 hours; 3 x daily is every 8)',
    {
      request: () => paracet(500, 'mg', [9, 'hours'], [7, 'days']),
      verdict: 'moderate',
      findings: both(
        'frequency',
        'moderate',
        (l) =>
          `Paracet: dosing every 9 hours is less often than the longest interval, every 8 hours, for ${l}.`,
      ),
    },
  ],
  [
    'a prescribed count converted to an interval: 4 times/day is every 6 hours, within',
    {
      request: () => paracet(500, 'mg', [4, 'times/day'], [7, 'days']),
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'a prescribed count too often: 5 x daily is every 4.8 hours',
    {
      request: () => paracet(500, 'mg', [5, 'x daily'], [7, 'days']),
      verdict: 'major',
      findings: both(
        'frequency',
        'major',
        (l) =>
          `Paracet: dosing 5 x daily (every 4.8 hours) is more often than the shortest interval, every 6 hours, for ${l}.`,
      ),
    },
  ],
  [
    'a prescribed interval in days: every 1 day is 24 hours, too rarely',
    {
      request: () => paracet(500, 'mg', [1, 'days'], [7, 'days']),
      verdict: 'moderate',
      findings: both(
        'frequency',
        'moderate',
        (l) =>
          `Paracet: dosing every 1 day (24 hours) is less often than the longest interval, every 8 hours, for ${l}.`,
      ),
    },
  ],
  [
    'a duration in weeks above both maxima (3 weeks = 21 days > 14 days and > 2 weeks)',
    {
      request: () => paracet(500, 'mg', [6, 'hours'], [3, 'weeks']),
      verdict: 'moderate',
      findings: [
        [
          'duration',
          'moderate',
          `Paracet: a course of 3 weeks (21 days) is longer than the 14 days maximum for ${NORMAL}.`,
        ],
        [
          'duration',
          'moderate',
          `Paracet: a course of 3 weeks (21 days) is longer than the 2 weeks maximum for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'a duration in months (1 month = 30.4375 days)',
    {
      request: () => paracet(500, 'mg', [6, 'hours'], [1, 'months']),
      verdict: 'moderate',
      findings: [
        [
          'duration',
          'moderate',
          `Paracet: a course of 1 month (30.4375 days) is longer than the 14 days maximum for ${NORMAL}.`,
        ],
        [
          'duration',
          'moderate',
          `Paracet: a course of 1 month (30.4375 days) is longer than the 2 weeks maximum for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'a duration in hours below both minima (12 hours = 0.5 days)',
    {
      request: () => paracet(500, 'mg', [6, 'hours'], [12, 'hours']),
      verdict: 'moderate',
      findings: [
        [
          'duration',
          'moderate',
          `Paracet: a course of 12 hours (0.5 days) is shorter than the 1 day minimum for ${NORMAL}.`,
        ],
        [
          'duration',
          'moderate',
          `Paracet: a course of 12 hours (0.5 days) is shorter than the 1 week minimum for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'ml against mg cannot be compared without a strength per ml',
    {
      request: () => paracet(10, 'ml', [6, 'hours'], [7, 'days']),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'missing_strength',
          `Paracet: no strength per ml is stored for Paracet, so 10 ml could not be compared with the 500–1,000 mg dose for ${NORMAL}.`,
        ],
        [
          'not_checked',
          'missing_strength',
          `Paracet: no strength per ml is stored for Paracet, so 10 ml could not be compared with the 0.5–1 g dose for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'per kg: 45 mg for a 3 kg neonate is the 15 mg/kg maximum of both rules, inclusive',
    { request: () => newborn(45, 'mg', 10, 3), verdict: 'none', findings: [] },
  ],
  [
    'per kg: 46 mg for a 3 kg neonate is above both maxima',
    {
      request: () => newborn(46, 'mg', 10, 3),
      verdict: 'major',
      findings: [
        [
          'dose',
          'major',
          `Paracet: 46 mg is above the 45 mg (15 mg/kg × 3 kg) maximum for ${LIGHT}.`,
        ],
        [
          'dose',
          'major',
          `Paracet: 46 mg is above the 45 mg (15 mg/kg × 3 kg) maximum for ${NEONATE}.`,
        ],
      ],
    },
  ],
  [
    'per kg prescribed: 16 mg/kg compared per kg, no weight conversion needed for per-kg rules',
    {
      request: () => newborn(16, 'mg/kg', 10, 3),
      verdict: 'major',
      findings: [
        ['dose', 'major', `Paracet: 16 mg/kg is above the 15 mg/kg maximum for ${LIGHT}.`],
        ['dose', 'major', `Paracet: 16 mg/kg is above the 15 mg/kg maximum for ${NEONATE}.`],
      ],
    },
  ],
  [
    'per kg prescribed against an absolute rule: 20 mg/kg × 70 kg = 1,400 mg',
    {
      request: () => paracet(20, 'mg/kg', [6, 'hours'], [7, 'days']),
      verdict: 'major',
      findings: both(
        'dose',
        'major',
        (l) => `Paracet: 20 mg/kg × 70 kg = 1,400 mg is above the 1,000 mg maximum for ${l}.`,
      ),
    },
  ],
  [
    'a per-kg rule with no weight: the weight rules and the neonate dose are not checked',
    {
      request: () => newborn(40, 'mg', 10),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'missing_weight',
          'Paracet: no weight given, so its weight-based dosages could not be checked.',
        ],
        [
          'not_checked',
          'missing_weight',
          `Paracet: the 10–15 mg/kg dose for ${NEONATE} is per kg, and no weight was given.`,
        ],
      ],
    },
  ],
  [
    'the upper bound in lbs: 110 lbs is Underweight (15 mg/kg × 49.8951607 kg = 748.4274 mg)',
    {
      request: () => newborn(749, 'mg', 28, [110, 'lbs']),
      verdict: 'major',
      findings: [
        [
          'dose',
          'major',
          `Paracet: 749 mg is above the 748.4274 mg (15 mg/kg × 49.8952 kg) maximum for ${LIGHT}.`,
        ],
        [
          'dose',
          'major',
          `Paracet: 749 mg is above the 748.4274 mg (15 mg/kg × 49.8952 kg) maximum for ${NEONATE}.`,
        ],
      ],
    },
  ],
  [
    'a weight between bands (49.95 kg: above 110 lbs, below 50 kg) and an age between bands (29 days)',
    {
      request: () => newborn(500, 'mg', 29, 49.95),
      verdict: 'none',
      findings: [
        ['not_checked', 'no_band', 'Paracet: no weight category of its dosages covers 49.95 kg.'],
        ['not_checked', 'no_band', 'Paracet: no age category of its dosages covers 29 days.'],
      ],
    },
  ],
  [
    'months: 12 months is 1 year, the shared bound: the child band (50–100 mcg), which starts there',
    {
      request: () => levo(100, 'mcg', { age: 12, age_unit: 'months' }),
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'months: 11.9 months is an infant (25–50 mcg)',
    {
      request: () => levo(100, 'mcg', { age: 11.9, age_unit: 'months' }),
      verdict: 'major',
      findings: [
        ['dose', 'major', 'Levo: 100 mcg is above the 50 mcg maximum for Pediatric (1–12 months).'],
      ],
    },
  ],
  [
    'years: 65 years is the adult upper bound; mg against mcg (0.25 mg = 250 mcg)',
    {
      request: () => levo(0.25, 'mg', { age: 65, age_unit: 'years' }),
      verdict: 'major',
      findings: [['dose', 'major', `Levo: 0.25 mg is above the 0.2 mg maximum for ${ADULT}.`]],
    },
  ],
  [
    'years: 65.1 years is in no band',
    {
      request: () => levo(0.1, 'mg', { age: 65.1, age_unit: 'years' }),
      verdict: 'none',
      findings: [
        ['not_checked', 'no_band', 'Levo: no age category of its dosages covers 65.1 years.'],
      ],
    },
  ],
  [
    'a stored count: 1 times/day allows exactly every 24 hours; 2 x daily is too often',
    {
      request: () => levo(100, 'mcg', { age: 30, age_unit: 'years' }, { frequency: 2 }),
      verdict: 'major',
      findings: [
        [
          'frequency',
          'major',
          `Levo: dosing 2 x daily (every 12 hours) is more often than the shortest interval, every 24 hours, for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'months and weeks: 52 weeks (364 days) is within 12 months (365.25 days); 13 months is not',
    {
      request: () => ({
        medications: [
          { ...levo(100, 'mcg', {}).medications[0], duration: 52, duration_unit: 'weeks' },
        ],
        patient: { age: 30, age_unit: 'years' },
      }),
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'a duration in months above the maximum',
    {
      request: () => levo(100, 'mcg', { age: 30, age_unit: 'years' }, { duration: 13 }),
      verdict: 'moderate',
      findings: [
        [
          'duration',
          'moderate',
          `Levo: a course of 13 months (395.6875 days) is longer than the 12 months maximum for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'ml against ml: 50 ml is above 45 ml',
    {
      request: () => ({
        medications: [
          {
            medication_id: med.Lactul,
            dose: 50,
            dose_unit: 'ml',
            frequency: 12,
            frequency_unit: 'hours',
            duration: 1,
            duration_unit: 'weeks',
          },
        ],
        patient: { age: 40, age_unit: 'years' },
      }),
      verdict: 'major',
      findings: [['dose', 'major', `Lactul: 50 ml is above the 45 ml maximum for ${ADULT}.`]],
    },
  ],
  [
    '`every day` cannot be compared, for frequency and duration',
    {
      request: () => ({
        medications: [
          {
            medication_id: med.Vitam,
            dose: 1,
            dose_unit: 'mg',
            frequency: 24,
            frequency_unit: 'hours',
            duration: 5,
            duration_unit: 'days',
          },
        ],
        patient: { age: 40, age_unit: 'years' },
      }),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'unit_not_comparable',
          `Vitam: a frequency of 24 hours cannot be compared with 1 every day for ${ADULT}.`,
        ],
        [
          'not_checked',
          'unit_not_comparable',
          `Vitam: a duration of 5 days cannot be compared with 1 every day for ${ADULT}.`,
        ],
      ],
    },
  ],
  [
    'a prescribed dose left out',
    {
      request: () => ({
        medications: [{ medication_id: med.Levo, frequency: 1, frequency_unit: 'x daily' }],
        patient: { age: 30, age_unit: 'years' },
      }),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'not_prescribed',
          'Levo: no dose or duration was given, so they were not compared with its dosage rules.',
        ],
      ],
    },
  ],
  [
    'the older medication_ids form: nothing prescribed, so nothing compared',
    {
      request: () => ({ medication_ids: [med.Levo], patient: { age: 30, age_unit: 'years' } }),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'not_prescribed',
          'Levo: no dose, frequency or duration was given (the check named medications only), so they were not compared with its dosage rules.',
        ],
      ],
    },
  ],
  [
    'no patient for a weight-dosed medication',
    {
      request: () => ({ medications: [{ medication_id: med.Genta, dose: 400, dose_unit: 'mg' }] }),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'missing_pregnancy_status',
          'Genta is pregnancy category D: pregnancy status not given, so its risk in pregnancy could not be checked.',
        ],
        [
          'not_checked',
          'missing_weight',
          'Genta: no weight given, so its weight-based dosages could not be checked.',
        ],
      ],
    },
  ],
  [
    'no age for an age-dosed medication',
    {
      request: () => ({
        medications: [{ medication_id: med.Levo, dose: 100, dose_unit: 'mcg' }],
        patient: { weight: 70, weight_unit: 'kg' },
      }),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'missing_age',
          'Levo: no age given, so its age-based dosages could not be checked.',
        ],
      ],
    },
  ],
  [
    'a medication with no dosage at all',
    {
      request: () => ({
        medications: [{ medication_id: med.Nodose, dose: 1, dose_unit: 'mg' }],
        patient: adult,
      }),
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'no_dosage',
          'Nodose has no dosage rule, so its dose could not be checked.',
        ],
      ],
    },
  ],
  [
    'pregnant, and no pregnancy category: not checked, not minor',
    {
      request: () => ({ medication_ids: [med.Vitam], patient: { pregnant: true } }),
      kinds: ['pregnancy', 'not_checked'],
      verdict: 'none',
      findings: [
        [
          'not_checked',
          'missing_pregnancy_category',
          'Vitam has no pregnancy category, so its safety in pregnancy could not be checked.',
        ],
        [
          'not_checked',
          'missing_age',
          'Vitam: no age given, so its age-based dosages could not be checked.',
        ],
      ],
    },
  ],
  [
    '`pregnant` left out counts as not pregnant',
    {
      request: () => ({ medication_ids: [med.Vitam, med.Genta], patient: {} }),
      kinds: ['pregnancy'],
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'an interaction stored in the other order (Levo first), asked by name order',
    {
      request: () => ({ medication_ids: [med.Lactul, med.Levo] }),
      kinds: ['interaction'],
      verdict: 'minor',
      findings: [['interaction', 'minor', 'Lactul and Levo: Absorption.']],
    },
  ],
  [
    'the same interaction asked the other way round',
    {
      request: () => ({ medication_ids: [med.Levo, med.Lactul] }),
      kinds: ['interaction'],
      verdict: 'minor',
      findings: [['interaction', 'minor', 'Lactul and Levo: Absorption.']],
    },
  ],
  [
    'an allergy to the prescribed medication',
    {
      request: () => ({
        medication_ids: [med.Amoxil],
        patient: { allergy_medication_ids: [med.Amoxil] },
      }),
      kinds: ['allergy', 'interaction'],
      verdict: 'contraindicated',
      findings: [['allergy', 'contraindicated', 'Amoxil: the patient is allergic to it.']],
    },
  ],
  [
    'cross-sensitivity: allergic to Amoxil, given Cefal, linked by an allergen-flagged interaction',
    {
      request: () => ({
        medication_ids: [med.Cefal],
        patient: { allergy_medication_ids: [med.Amoxil] },
      }),
      kinds: ['allergy', 'interaction'],
      verdict: 'contraindicated',
      findings: [
        [
          'allergy',
          'contraindicated',
          'Cefal: the patient is allergic to Amoxil, and the two are flagged as cross-sensitive (Cross-sensitivity.).',
        ],
      ],
    },
  ],
  [
    'a link that is not allergen-flagged is no cross-sensitivity',
    {
      request: () => ({
        medication_ids: [med.Augment],
        patient: { allergy_medication_ids: [med.Amoxil] },
      }),
      kinds: ['allergy', 'interaction'],
      verdict: 'none',
      findings: [],
    },
  ],
  [
    'an allergen pair with no stated allergy keeps its stored severity',
    {
      request: () => ({ medication_ids: [med.Amoxil, med.Cefal] }),
      kinds: ['allergy', 'interaction'],
      verdict: 'moderate',
      findings: [
        [
          'interaction',
          'moderate',
          'Amoxil and Cefal: Cross-sensitivity. (flagged as an allergen)',
        ],
      ],
    },
  ],
];

describe('POST /safety-check: hand-computed cases', () => {
  it.each(cases)('%s', async (_name, c) => {
    const response = await api.post('/safety-check', c.request());
    expect(response.statusCode).toBe(200);
    const data = response.json().data as {
      verdict: string;
      complete: boolean;
      findings: { kind: string; severity: string | null; reason?: string; message: string }[];
    };
    const shown = data.findings
      .filter((f) => !c.kinds || c.kinds.includes(f.kind))
      .map((f) => [f.kind, f.kind === 'not_checked' ? (f.reason ?? null) : f.severity, f.message]);
    expect(shown).toEqual(c.findings);
    expect(data.verdict).toBe(c.verdict);
    // Complete exactly when nothing was left unchecked; a not_checked finding has no severity.
    const unchecked = data.findings.filter((f) => f.kind === 'not_checked');
    expect(data.complete).toBe(unchecked.length === 0);
    expect(unchecked.every((f) => f.severity === null)).toBe(true);
    if (!c.kinds) expect(data.complete).toBe(!c.findings.some(([kind]) => kind === 'not_checked'));
  });

  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
});
