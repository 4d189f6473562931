import { createTestDatabase, TEST_PASSWORD_COST } from '../test/helpers';
import { prepareDatabase } from './prepare';

/**
 * The demo data loaded on first start (SEED=demo): its make-up as issue 2 asks for it, and that
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

const TABLES = [
  'conditions',
  'age_categories',
  'weight_categories',
  'medications',
  'medication_contraindications',
  'weight_category_dosages',
  'age_category_dosages',
  'lifestyles',
  'lifestyle_contraindications',
  'drug_interactions',
  'drugs',
  'users',
  'search_history',
];

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

  it('has age categories in days, months and years, named with the spec categories', async () => {
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

  it('has 40 medications, by weight and by age, each with its dosages', async () => {
    const medications = await one<{ total: number; by_weight: number; by_age: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE is_dosage_weight_based)::int AS by_weight,
              count(*) FILTER (WHERE NOT is_dosage_weight_based)::int AS by_age
         FROM medications`,
    );
    expect(medications.total).toBe(40);
    expect(medications.by_weight).toBeGreaterThan(0);
    expect(medications.by_age).toBeGreaterThan(0);
    // Every medication has dosages of its own kind, and none of the other.
    const withoutDosages = await rows<{ name: string }>(
      `SELECT m.name FROM medications m
        WHERE (m.is_dosage_weight_based AND (
                 NOT EXISTS (SELECT 1 FROM weight_category_dosages d WHERE d.medication_id = m.id)
                 OR EXISTS (SELECT 1 FROM age_category_dosages d WHERE d.medication_id = m.id)))
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

  it('has 30 interactions of all four severities, some of them allergens', async () => {
    const interactions = await one<{ total: number; allergens: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_allergen)::int AS allergens
         FROM drug_interactions`,
    );
    expect(interactions.total).toBe(30);
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

  it('is not loaded again by a restart on the same database', async () => {
    const before = await counts();
    const again = await start();
    expect(again).toEqual({ migrated: [], seeded: false });
    expect(await counts()).toEqual(before);
  });
});
