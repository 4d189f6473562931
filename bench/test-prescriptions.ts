import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { startEmbeddedDatabase } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { createPool } from '../server/db/pool';
import { reportSummary } from './summary';
import { benchToken } from './support/signIn';

/**
 * `node --import tsx bench/test-prescriptions.ts`: a temporary embedded PostgreSQL with 2,000
 * medications (weight and age dosages, a third per kg), 200,000 interactions, 200 conditions and
 * 1,000 test prescriptions of 5 prescribed medications each (a patient with an age, a weight, two
 * conditions and an allergy). Measured through the API (buildApp + inject, auth included):
 * `POST /test-prescription/run` of all 1,000 and `POST /test-prescription/impact` of an interaction's
 * severity change over all 1,000, RUNS times each, with the median and p99. Target: p99 < 5 s each.
 */
const MEDICATIONS = 2_000;
const INTERACTIONS_PER_MEDICATION = 100;
const CONDITIONS = 200;
const TESTS = 1_000;
const PER_TEST = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 2;
const TARGET_MS = 5_000;

const LOAD_SQL = [
  `INSERT INTO conditions (name, description)
   SELECT 'Condition ' || g, 'Bench condition ' || g FROM generate_series(1, ${CONDITIONS}) g`,
  `INSERT INTO age_categories (min_age, max_age, age_unit, category_name, description) VALUES
     (0, 28, 'days', 'Pediatric', 'Neonate'), (1, 12, 'months', 'Pediatric', 'Infant'),
     (1, 12, 'years', 'Pediatric', 'Child'), (12, 18, 'years', NULL, 'Adolescent'),
     (18, 65, 'years', 'Adult', 'Adult'), (65, 130, 'years', 'Geriatric', 'Older adult')`,
  `INSERT INTO weight_categories (min_weight, max_weight, weight_unit, category_name) VALUES
     (0, 50, 'kg', 'Underweight'), (50, 80, 'kg', 'Normal'), (80, 100, 'kg', 'Overweight'),
     (100, 650, 'kg', 'Obese')`,
  `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage, pregnancy_category)
   SELECT 'Medication ' || lpad(g::text, 5, '0'), 1 + g % ${CONDITIONS}, g % 2 = 0, 10,
          (ARRAY['A', 'B', 'C', 'D', 'X', NULL])[1 + g % 6]
     FROM generate_series(1, ${MEDICATIONS}) g`,
  `INSERT INTO weight_category_dosages (medication_id, weight_category_id, min_dosage, max_dosage, dosage_unit,
     min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
   SELECT m.id, c.id, 100 * c.id, 150 * c.id, CASE WHEN m.id % 3 = 0 THEN 'mg/kg' ELSE 'mg' END,
          6, 8, 'hours', 5, 7, 'days'
     FROM medications m CROSS JOIN weight_categories c`,
  `INSERT INTO age_category_dosages (medication_id, age_category_id, min_dosage, max_dosage, dosage_unit,
     min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
   SELECT m.id, c.id, 10 * c.id, 20 * c.id, 'mg', 12, 24, 'hours', 3, 10, 'days'
     FROM medications m CROSS JOIN age_categories c`,
  `INSERT INTO medication_contraindications (medication_id, condition_id)
   SELECT m.id, 1 + (m.id * 31 + k * 977) % ${CONDITIONS} FROM medications m, generate_series(1, 3) k
   ON CONFLICT DO NOTHING`,
  `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description, is_allergen)
   SELECT a, (a - 1 + k) % ${MEDICATIONS} + 1,
          (ARRAY['minor', 'moderate', 'major', 'contraindicated'])[1 + (a * k) % 4],
          'Bench interaction ' || a || '/' || k, k % 25 = 0
     FROM generate_series(1, ${MEDICATIONS}) a, generate_series(1, ${INTERACTIONS_PER_MEDICATION}) k`,
  // Test prescriptions over neighbouring medications (so many of their pairs interact), each
  // with doses, a patient, two conditions and an allergy; expected outcomes are filled in by a
  // first run below (an empty outcome until then).
  `INSERT INTO test_prescriptions (name, request, expected)
   SELECT 'Bench test ' || lpad(t::text, 4, '0'),
          jsonb_build_object(
            'medications', (SELECT jsonb_agg(jsonb_build_object(
                'medication_id', 1 + (t * 7 + j * 3) % ${MEDICATIONS}, 'dose', 100 + j * 50, 'dose_unit', 'mg',
                'frequency', 8, 'frequency_unit', 'hours', 'duration', 5, 'duration_unit', 'days'))
              FROM generate_series(1, ${PER_TEST}) j),
            'patient', jsonb_build_object('age', 20 + t % 60, 'age_unit', 'years', 'weight', 45 + t % 60,
              'weight_unit', 'kg', 'condition_ids', jsonb_build_array(1 + t % ${CONDITIONS}, 1 + (t * 13) % ${CONDITIONS}),
              'allergy_medication_ids', jsonb_build_array(1 + (t * 7 + 2) % ${MEDICATIONS}))),
          '{"verdict": "none", "complete": true, "findings": []}'::jsonb
     FROM generate_series(1, ${TESTS}) t`,
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'medref-bench-tests-'));
  chmodSync(dir, 0o755); // the postgres user must be able to enter it (we run as root)
  const database = await startEmbeddedDatabase(join(dir, 'data'));
  const pool = createPool(database.url, 10);
  let failed: boolean;
  try {
    await migrate(pool);
    const loadStart = performance.now();
    // Set-based loads, without a request's timeouts (its 10 s would stop a big one, and on a busy
    // machine the client's own 12 s wait for an answer did).
    const loader = createPool(database.url, 1, { timeouts: false });
    try {
      for (const sql of LOAD_SQL) await loader.query(sql);
      await loader.query('VACUUM (ANALYZE)');
    } finally {
      await loader.end();
    }
    console.log(
      `Loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s (PostgreSQL in ${dir}).`,
    );
    const app = await buildApp(pool, {
      ...readConfig({ SEED: 'none', STATIC_DIR: '/nonexistent' }),
      passwordCost: 10,
    });
    await app.ready();
    const headers = { authorization: `Bearer ${await benchToken(app)}` };
    const call = async (url: string, payload: object) => {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
      const ms = performance.now() - started;
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { ms, body: response.json() };
    };
    // A first run's outcomes become the expected ones, so the suite passes before the measured runs.
    const first = await call('/test-prescription/run', {});
    const runs = first.body.data as { id: number; actual: object | null }[];
    await pool.query(
      `UPDATE test_prescriptions t SET expected = r.expected
         FROM unnest($1::int[], $2::jsonb[]) AS r(id, expected) WHERE t.id = r.id`,
      [runs.map((r) => r.id), runs.map((r) => JSON.stringify(r.actual))],
    );
    const findings = runs.reduce(
      (sum, r) => sum + ((r.actual as { findings?: unknown[] } | null)?.findings?.length ?? 0),
      0,
    );
    console.log(
      `${MEDICATIONS} medications, ${MEDICATIONS * INTERACTIONS_PER_MEDICATION} interactions, ` +
        `${runs.length} test prescriptions of ${PER_TEST} medications (${findings} findings in all).`,
    );
    const interaction = await pool.query<{ id: number; description: string }>(
      `SELECT id, description FROM drug_interactions WHERE medication_id = 11 AND interacting_medication_id = 14`,
    );
    const impactBody = {
      operation: 'updateDrugInteraction',
      body: {
        id: interaction.rows[0].id,
        severity: 'minor',
        description: interaction.rows[0].description,
      },
    };

    const measure = async (title: string, run: () => Promise<{ ms: number; body: unknown }>) => {
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      let last: unknown;
      for (let i = 0; i < RUNS; i++) {
        const result = await run();
        times.push(result.ms);
        last = result.body;
      }
      times.sort((a, b) => a - b);
      const median = percentile(times, 50);
      const p99 = percentile(times, 99);
      console.log(
        `${title}: median ${median.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms over ${RUNS} runs ` +
          `(${((median / TESTS) * 1000).toFixed(0)} µs per test prescription at the median)`,
      );
      return { median, p99, last };
    };
    const run = await measure(`Run all ${TESTS}`, () => call('/test-prescription/run', {}));
    const passing = (run.last as { meta: { passing: number } }).meta.passing;
    if (passing !== TESTS) throw new Error(`only ${passing} of ${TESTS} pass`);
    const impact = await measure(`Impact preview over ${TESTS}`, () =>
      call('/test-prescription/impact', impactBody),
    );
    const altered = (impact.last as { data: { altered: number } }).data.altered;
    console.log(`The previewed severity change alters ${altered} test prescriptions.`);
    console.log(`Machine: ${availableParallelism()} cores, load ${loadavg()[0].toFixed(2)}.`);
    const row = (measureName: string, m: { median: number; p99: number }) => ({
      measure: measureName,
      value: `median ${m.median.toFixed(0)} ms, p99 ${m.p99.toFixed(0)} ms`,
      target: `p99 < ${TARGET_MS / 1000} s`,
      met: m.p99 < TARGET_MS,
    });
    const rows = [
      row(`run ${TESTS} test prescriptions`, run),
      row(`impact preview over ${TESTS}`, impact),
    ];
    reportSummary('test-prescriptions', rows);
    failed = rows.some((r) => !r.met);
    await app.close();
  } finally {
    await pool.end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error('A target was missed.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
