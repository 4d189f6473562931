import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { createTestDatabase } from '../test/helpers';

/**
 * The dosage tables' unit checks (migration 004) take the wider unit lists, lowercase,
 * and every unit the contract allows; anything else is refused.
 */
const SPEC_FREQUENCY_UNITS = [
  'hours',
  'days',
  'weeks',
  'months',
  'x daily',
  'x weekly',
  'x monthly',
  'x yearly',
  'times/day',
  'times/week',
  'times/month',
  'times/year',
  'every day',
];
const SPEC_DURATION_UNITS = ['hours', 'days', 'weeks', 'months', 'every day'];

const contract = parse(readFileSync(resolve(__dirname, '../../api/openapi.yaml'), 'utf8'));
const contractUnits = (schema: string): string[] => contract.components.schemas[schema].enum;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const ids = { medication: 0, weight: 0, age: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  const q = (text: string) => database.pool.query<{ id: number }>(text);
  const condition = (await q("INSERT INTO conditions (name) VALUES ('Units') RETURNING id"))
    .rows[0];
  ids.medication = (
    await q(
      `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
       VALUES ('Unitol', ${condition.id}, true) RETURNING id`,
    )
  ).rows[0].id;
  ids.weight = (
    await q(
      `INSERT INTO weight_categories (min_weight, max_weight, weight_unit, category_name)
       VALUES (0, 50, 'kg', 'Underweight') RETURNING id`,
    )
  ).rows[0].id;
  ids.age = (
    await q(
      `INSERT INTO age_categories (min_age, max_age, age_unit) VALUES (18, 65, 'years') RETURNING id`,
    )
  ).rows[0].id;
});

afterAll(async () => {
  await database.drop();
});

/** Whether a dosage of each kind with these units is stored (nothing is kept either way). */
async function accepts(frequencyUnit: string, durationUnit: string): Promise<boolean> {
  const client = await database.pool.connect();
  try {
    for (const [table, column, id] of [
      ['weight_category_dosages', 'weight_category_id', ids.weight],
      ['age_category_dosages', 'age_category_id', ids.age],
    ] as const) {
      await client.query('BEGIN');
      try {
        await client.query(
          `INSERT INTO ${table} (medication_id, ${column}, min_dosage, max_dosage, dosage_unit,
             min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
           VALUES ($1, $2, 1, 2, 'mg', 1, 3, $3, 3, 7, $4)`,
          [ids.medication, id, frequencyUnit, durationUnit],
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23514') return false; // check_violation
        throw error;
      } finally {
        await client.query('ROLLBACK');
      }
    }
    return true;
  } finally {
    client.release();
  }
}

it.each(SPEC_FREQUENCY_UNITS)('stores the frequency unit %p', async (unit) => {
  expect(await accepts(unit, 'days')).toBe(true);
});

it.each(SPEC_DURATION_UNITS)('stores the duration unit %p', async (unit) => {
  expect(await accepts('hours', unit)).toBe(true);
});

it('stores every unit the contract allows', async () => {
  for (const unit of contractUnits('FrequencyUnit')) expect(await accepts(unit, 'days')).toBe(true);
  for (const unit of contractUnits('DurationUnit')) expect(await accepts('hours', unit)).toBe(true);
});

it('refuses other units, and units not in lowercase', async () => {
  expect(await accepts('fortnights', 'days')).toBe(false);
  expect(await accepts('Hours', 'days')).toBe(false);
  expect(await accepts('hours', 'x daily')).toBe(false);
  expect(await accepts('hours', 'Every day')).toBe(false);
});
