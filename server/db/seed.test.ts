import { codesProblems, type Code, type CodedEntity } from '../domain/codes';
import { createTestDatabase, TEST_PASSWORD_COST } from '../test/helpers';
import { prepareDatabase } from './prepare';
import { VERSIONED_TABLES } from './versions';

/**
 * The demo data loaded on first start (SEED=demo): what it holds and what it must not, and that
 * a restart on the same database (prepareDatabase runs on every start) loads nothing again.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const start = () =>
  prepareDatabase(database.pool, { seed: 'demo', passwordCost: TEST_PASSWORD_COST });

async function rows<R>(text: string): Promise<R[]> {
  return (await database.pool.query(text)).rows as R[];
}
async function one<R>(text: string): Promise<R> {
  return (await rows<R>(text))[0];
}

const TABLES = [...VERSIONED_TABLES, 'users', 'search_history'];

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES)
    result[table] = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n;
  return result;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('the demo seed', () => {
  let first: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    first = await start();
  });

  it('is loaded into an empty database', () => {
    expect(first.seeded).toBe(true);
  });

  it('has at least 25 conditions', async () => {
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM conditions');
    expect(n).toBeGreaterThanOrEqual(25);
  });

  it('has age categories in days, months and years, named Adult, Geriatric and Pediatric', async () => {
    const units = await rows<{ age_unit: string }>(
      'SELECT DISTINCT age_unit FROM age_categories ORDER BY 1',
    );
    expect(units.map((u) => u.age_unit)).toEqual(['days', 'months', 'years']);
    const names = await rows<{ category_name: string }>(
      'SELECT DISTINCT category_name FROM age_categories WHERE category_name IS NOT NULL ORDER BY 1',
    );
    expect(names.map((n) => n.category_name)).toEqual(['Adult', 'Geriatric', 'Pediatric']);
  });

  it('has the four weight categories', async () => {
    const names = await rows<{ category_name: string }>(
      'SELECT category_name FROM weight_categories ORDER BY min_weight',
    );
    expect(names.map((n) => n.category_name)).toEqual([
      'Underweight',
      'Normal',
      'Overweight',
      'Obese',
    ]);
  });

  it('has 41 medications, by weight and by age, each with its dosages', async () => {
    const medications = await one<{ total: number; by_weight: number; by_age: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE is_dosage_weight_based)::int AS by_weight,
              count(*) FILTER (WHERE NOT is_dosage_weight_based)::int AS by_age
         FROM medications`,
    );
    expect(medications.total).toBe(41);
    expect(medications.by_weight).toBeGreaterThan(0);
    expect(medications.by_age).toBeGreaterThan(0);
    // Every medication has dosages of its own kind; age-based ones none by weight.
    const withoutDosages = await rows<{ name: string }>(
      `SELECT m.name FROM medications m
        WHERE (m.is_dosage_weight_based AND
                 NOT EXISTS (SELECT 1 FROM weight_category_dosages d WHERE d.medication_id = m.id))
           OR (NOT m.is_dosage_weight_based AND (
                 NOT EXISTS (SELECT 1 FROM age_category_dosages d WHERE d.medication_id = m.id)
                 OR EXISTS (SELECT 1 FROM weight_category_dosages d WHERE d.medication_id = m.id)))`,
    );
    expect(withoutDosages).toEqual([]);
  });

  it('has condition and lifestyle contraindications and pregnancy categories', async () => {
    const contraindicated = await one<{ conditions: number; lifestyles: number }>(
      `SELECT (SELECT count(DISTINCT medication_id)::int FROM medication_contraindications) AS conditions,
              (SELECT count(DISTINCT medication_id)::int FROM lifestyle_contraindications) AS lifestyles`,
    );
    expect(contraindicated.conditions).toBeGreaterThanOrEqual(5);
    expect(contraindicated.lifestyles).toBeGreaterThanOrEqual(5);
    const categories = await rows<{ pregnancy_category: string }>(
      'SELECT DISTINCT pregnancy_category FROM medications WHERE pregnancy_category IS NOT NULL ORDER BY 1',
    );
    expect(categories.map((c) => c.pregnancy_category)).toEqual(['A', 'B', 'C', 'D', 'X']);
  });

  it('has 49 interactions of all four severities, some of them allergens', async () => {
    const interactions = await one<{ total: number; allergens: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_allergen)::int AS allergens
         FROM drug_interactions`,
    );
    expect(interactions.total).toBe(49);
    expect(interactions.allergens).toBeGreaterThan(0);
    const severities = await rows<{ severity: string }>(
      'SELECT DISTINCT severity FROM drug_interactions ORDER BY 1',
    );
    expect(severities.map((s) => s.severity)).toEqual([
      'contraindicated',
      'major',
      'minor',
      'moderate',
    ]);
  });

  it('has 8 lifestyles and 20 drugs', async () => {
    const { lifestyles, drugs } = await one<{ lifestyles: number; drugs: number }>(
      `SELECT (SELECT count(*)::int FROM lifestyles) AS lifestyles,
              (SELECT count(*)::int FROM drugs) AS drugs`,
    );
    expect(lifestyles).toBe(8);
    expect(drugs).toBe(20);
  });

  it('has 20 app users with search history within the last 30 days', async () => {
    const users = await one<{ total: number; app_users: number; searchers: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE role = 'user')::int AS app_users,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM search_history s WHERE s.user_id = users.id))::int AS searchers
         FROM users`,
    );
    expect(users).toMatchObject({ total: 20, app_users: 20 });
    expect(users.searchers).toBeGreaterThanOrEqual(15);
    const history = await one<{ n: number; outside: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE searched_at < now() - interval '30 days' OR searched_at > now())::int AS outside
         FROM search_history`,
    );
    expect(history.n).toBeGreaterThan(0);
    expect(history.outside).toBe(0);
  });

  it('gives the weight-dosed medications children receive per-kg weight rules and paediatric age rules', async () => {
    const children = await rows<{ name: string; per_kg: boolean; ages: string[] }>(
      `SELECT m.name,
              EXISTS (SELECT 1 FROM weight_category_dosages d
                       WHERE d.medication_id = m.id AND d.dosage_unit IN ('mg/kg', 'mcg/kg')) AS per_kg,
              ARRAY(SELECT c.description FROM age_category_dosages d
                      JOIN age_categories c ON c.id = d.age_category_id
                     WHERE d.medication_id = m.id ORDER BY c.id) AS ages
         FROM medications m
        WHERE m.name IN ('Paracetamol', 'Ibuprofen', 'Amoxicillin', 'Morphine', 'Gentamicin')
        ORDER BY m.name`,
    );
    const every = [
      'Neonate: birth to 28 days',
      'Infant: 1 to 12 months',
      'Child: 1 to 12 years',
      'Adolescent: 12 to 18 years',
      'Adult: 18 to 65 years',
      'Older adult: 65 years and over',
    ];
    expect(children).toEqual([
      { name: 'Amoxicillin', per_kg: true, ages: every },
      { name: 'Gentamicin', per_kg: true, ages: every },
      // Ibuprofen is not given to neonates: a neonate is left not checked.
      { name: 'Ibuprofen', per_kg: true, ages: every.slice(1) },
      { name: 'Morphine', per_kg: true, ages: every },
      { name: 'Paracetamol', per_kg: true, ages: every },
    ]);
  });

  it('covers every weight from 0 to 650 kg and every age up to 130 years but days 28 to 30', async () => {
    const weights = await rows<{ min_weight: number; max_weight: number }>(
      'SELECT min_weight, max_weight FROM weight_categories ORDER BY min_weight',
    );
    expect(weights.map((w) => [w.min_weight, w.max_weight])).toEqual([
      [0, 50],
      [50, 80],
      [80, 100],
      [100, 650],
    ]);
    const oldest = await one<{ max_age: number; age_unit: string }>(
      'SELECT max_age, age_unit FROM age_categories ORDER BY min_age DESC, id DESC LIMIT 1',
    );
    expect(oldest).toEqual({ max_age: 130, age_unit: 'years' });
  });

  it('holds none of the clinical errors a review found', async () => {
    const contraindications = await rows<{ pair: string }>(
      `SELECT m.name || ' in ' || c.name AS pair FROM medication_contraindications mc
         JOIN medications m ON m.id = mc.medication_id JOIN conditions c ON c.id = mc.condition_id
        WHERE (m.name, c.name) IN (('Lisinopril', 'Chronic kidney disease'), ('Amlodipine', 'Heart failure'),
              ('Salbutamol', 'Atrial fibrillation'), ('Levothyroxine', 'Atrial fibrillation'),
              ('Digoxin', 'Chronic kidney disease'), ('Allopurinol', 'Chronic kidney disease'),
              ('Acyclovir', 'Chronic kidney disease'), ('Vancomycin', 'Chronic kidney disease'),
              ('Metformin', 'Heart failure'), ('Prednisolone', 'Type 2 diabetes'))`,
    );
    expect(contraindications).toEqual([]);
    const lifestyles = await rows<{ name: string }>(
      `SELECT l.name FROM lifestyle_contraindications lc
         JOIN medications m ON m.id = lc.medication_id JOIN lifestyles l ON l.id = lc.lifestyle_id
        WHERE m.name = 'Warfarin' ORDER BY l.name`,
    );
    expect(lifestyles.map((l) => l.name)).toEqual(['Alcohol consumption', 'Pregnancy planning']);
    // Every category X medication has a contraindication naming pregnancy.
    const unmarked = await rows<{ name: string }>(
      `SELECT m.name FROM medications m WHERE m.pregnancy_category = 'X'
          AND NOT EXISTS (SELECT 1 FROM lifestyle_contraindications lc JOIN lifestyles l ON l.id = lc.lifestyle_id
                           WHERE lc.medication_id = m.id AND l.name ILIKE '%pregnan%')`,
    );
    expect(unmarked).toEqual([]);
    // No paracetamol dosage allows more than 4 g a day (its largest dose at its shortest interval).
    const paracetamol = await rows<{ daily: number }>(
      `SELECT d.max_dosage * 24 / d.min_frequency AS daily FROM weight_category_dosages d
         JOIN medications m ON m.id = d.medication_id
        WHERE m.name = 'Paracetamol' AND d.dosage_unit = 'mg' AND d.frequency_unit = 'hours'
       UNION ALL
       SELECT d.max_dosage * 24 / d.min_frequency FROM age_category_dosages d
         JOIN medications m ON m.id = d.medication_id
        WHERE m.name = 'Paracetamol' AND d.dosage_unit = 'mg' AND d.frequency_unit = 'hours'`,
    );
    expect(paracetamol.length).toBeGreaterThan(0);
    expect(Math.max(...paracetamol.map((p) => p.daily))).toBeLessThanOrEqual(4000);
  });

  it('holds the usual cautions as cautions, not contraindications, and the true contraindications as such', async () => {
    const links = await rows<{ pair: string; level: string; severity: string }>(
      `SELECT m.name || ' in ' || c.name AS pair, mc.level, mc.severity
         FROM medication_contraindications mc
         JOIN medications m ON m.id = mc.medication_id JOIN conditions c ON c.id = mc.condition_id`,
    );
    const grade = (pair: string) => {
      const link = links.find((l) => l.pair === pair);
      return [pair, link?.level, link?.severity];
    };
    // Used with care (a lower dose, monitoring), not avoided: paracetamol in cirrhosis, SSRIs and
    // metronidazole in epilepsy, levetiracetam in depression, steroids in peptic ulcer and
    // osteoporosis, a PPI in osteoporosis, a loop diuretic in gout, isotretinoin with raised
    // lipids, opioids in asthma and COPD, gentamicin and metformin in kidney disease.
    for (const pair of [
      'Paracetamol in Liver cirrhosis',
      'Sertraline in Epilepsy',
      'Fluoxetine in Epilepsy',
      'Metronidazole in Epilepsy',
      'Levetiracetam in Major depressive disorder',
      'Prednisolone in Peptic ulcer',
      'Prednisolone in Osteoporosis',
      'Omeprazole in Osteoporosis',
      'Furosemide in Gout',
      'Isotretinoin in Hyperlipidemia',
      'Morphine in Asthma',
      'Morphine in Chronic obstructive pulmonary disease',
      'Gentamicin in Chronic kidney disease',
      'Metformin in Chronic kidney disease',
    ])
      expect(grade(pair)).toEqual([
        pair,
        'caution',
        expect.stringMatching(/^(minor|moderate|major)$/),
      ]);
    // A caution is moderate unless there is a reason to say otherwise.
    expect(grade('Paracetamol in Liver cirrhosis')).toEqual([
      'Paracetamol in Liver cirrhosis',
      'caution',
      'moderate',
    ]);
    // An NSAID with an active peptic ulcer and warfarin with a bleeding disorder stay contraindicated.
    for (const pair of ['Ibuprofen in Peptic ulcer', 'Warfarin in Bleeding disorders'])
      expect(grade(pair)).toEqual([pair, 'contraindicated', 'contraindicated']);
  });

  it('rates the interactions as a pharmacist would, and holds the classic pairs', async () => {
    const pairs = await rows<{ a: string; b: string; severity: string; is_allergen: boolean }>(
      `SELECT least(m.name, o.name) AS a, greatest(m.name, o.name) AS b, i.severity, i.is_allergen
         FROM drug_interactions i
         JOIN medications m ON m.id = i.medication_id
         JOIN medications o ON o.id = i.interacting_medication_id`,
    );
    const rated = (a: string, b: string) =>
      pairs.find((p) => p.a === (a < b ? a : b) && p.b === (a < b ? b : a));
    expect(rated('Sertraline', 'Fluoxetine')?.severity).toBe('major');
    expect(rated('Morphine', 'Zolpidem')?.severity).toBe('major');
    expect(rated('Clopidogrel', 'Omeprazole')?.severity).toBe('major');
    expect(rated('Allopurinol', 'Amoxicillin')?.is_allergen).toBe(false);
    // Sulfonamide antibiotics and non-antibiotic sulfonamides do not cross-react: no allergen link,
    // and no interaction at all between co-trimoxazole and furosemide.
    expect(rated('Co-trimoxazole', 'Furosemide')).toBeUndefined();
    for (const [a, b] of [
      ['Warfarin', 'Sertraline'],
      ['Warfarin', 'Fluoxetine'],
      ['Warfarin', 'Phenytoin'],
      ['Warfarin', 'Levothyroxine'],
      ['Fluconazole', 'Simvastatin'],
      ['Fluconazole', 'Atorvastatin'],
      ['Fluconazole', 'Phenytoin'],
      ['Gentamicin', 'Furosemide'],
      ['Enoxaparin', 'Warfarin'],
      ['Enoxaparin', 'Ibuprofen'],
      ['Clopidogrel', 'Ibuprofen'],
      ['Co-trimoxazole', 'Lisinopril'],
      ['Sumatriptan', 'Sertraline'],
      ['Ondansetron', 'Fluoxetine'],
    ])
      expect([a, b, rated(a, b)?.severity]).toEqual([a, b, expect.any(String)]);
  });

  it('codes its records with well-formed standard codes, each in record_codes', async () => {
    const coded = await rows<{ entity: CodedEntity; name: string; codes: Code[] }>(
      `SELECT 'medication' AS entity, name, codes FROM medications
       UNION ALL SELECT 'ingredient', name, codes FROM ingredients
       UNION ALL SELECT 'drug_class', name, codes FROM drug_classes
       UNION ALL SELECT 'condition', name, codes FROM conditions`,
    );
    for (const { entity, name, codes } of coded)
      expect([entity, name, codesProblems(entity, codes)]).toEqual([entity, name, {}]);
    const label = (name: string) =>
      coded
        .filter((r) => r.name === name)
        .map((r) => [r.entity, r.codes.map((c) => `${c.system.split('/').pop()} ${c.code}`)]);
    expect(label('Warfarin')).toEqual([
      ['medication', ['atc B01AA03', 'rxnorm 11289']],
      ['ingredient', ['atc B01AA03', 'rxnorm 11289']],
    ]);
    expect(label('Paracetamol')).toEqual([
      ['medication', ['atc N02BE01', 'rxnorm 161']],
      ['ingredient', ['atc N02BE01', 'rxnorm 161']],
    ]);
    expect(label('Statins')).toEqual([['drug_class', ['atc C10AA']]]);
    expect(label('Hypertension')).toEqual([['condition', ['icd-10 I10', 'sct 38341003']]]);
    expect(label('Co-codamol 30/500')).toEqual([['medication', []]]);
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM record_codes');
    expect(n).toBe(coded.reduce((sum, r) => sum + r.codes.length, 0));
    expect(n).toBeGreaterThan(150);
  });

  it('is not loaded again by a restart on the same database', async () => {
    const before = await counts();
    const again = await start();
    expect(again).toEqual({ migrated: [], seeded: false });
    expect(await counts()).toEqual(before);
  });
});
