import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { buildApp } from '../server/app';
import { readConfig } from '../server/config';
import { startEmbeddedDatabase } from '../server/db/embedded';
import { migrate } from '../server/db/migrate';
import { createPool } from '../server/db/pool';
import { csvLine } from '../server/lib/csv';
import { reportSummary } from './summary';
import { benchToken } from './support/signIn';

/**
 * `npm run bench:import`: a dry run of a CSV import of ROWS drug interactions (BENCH_IMPORT_ROWS,
 * default 100,000) on a temporary embedded PostgreSQL with 2,000 medications and 50,000 stored
 * interactions. The file, made as it is sent (never held whole), has every stored interaction
 * (a fifth of them with another severity: changes; the rest unchanged) and as many new pairs:
 * POST /import?entity=drug-interactions&dry_run=true over real HTTP, streamed. Reported: the
 * answer's time and the process's peak RSS during it against before it (sampled every 20 ms).
 * Targets: under 30 s, and RSS growing by less than 200 MB (the parse streams, rows are checked
 * in the database, the answer lists 1,000 rows of each kind).
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const MEDICATIONS = 2_000;
const STORED = Math.floor(ROWS / 2);
const TESTS = 20;
const TARGET_MS = 30_000;
const TARGET_RSS_MB = 200;

const SEVERITIES = ['minor', 'moderate', 'major', 'contraindicated'];
const name = (n: number) => `Medication ${String(n).padStart(5, '0')}`;

/** Stored interaction k (0-based): medication a with a later one, as LOAD_SQL makes them. */
const storedPair = (k: number) => {
  const a = 1 + (k % MEDICATIONS);
  const step = 1 + Math.floor(k / MEDICATIONS);
  return [a, ((a - 1 + step) % MEDICATIONS) + 1] as const;
};

const LOAD_SQL = [
  `INSERT INTO conditions (name) VALUES ('Bench condition')`,
  `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
   SELECT 'Medication ' || lpad(g::text, 5, '0'), 1, false FROM generate_series(1, ${MEDICATIONS}) g`,
  `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description)
   SELECT a, (a - 1 + step) % ${MEDICATIONS} + 1,
          (ARRAY['minor', 'moderate', 'major', 'contraindicated'])[1 + k % 4], 'Bench interaction ' || k
     FROM generate_series(0, ${STORED - 1}) k,
          LATERAL (SELECT 1 + k % ${MEDICATIONS} AS a, 1 + k / ${MEDICATIONS} AS step) p`,
  `INSERT INTO test_prescriptions (name, request, expected)
   SELECT 'Bench test ' || t, jsonb_build_object('medication_ids', jsonb_build_array(t, t + 1, t + 2),
            'patient', jsonb_build_object('age', 40, 'age_unit', 'years', 'weight', 70, 'weight_unit', 'kg')),
          '{"verdict": "none", "complete": true, "findings": []}'::jsonb
     FROM generate_series(1, ${TESTS}) t`,
];

/** The file's lines, made as they are read. */
function* csvFile(): Generator<string> {
  yield csvLine(['Medication', 'Interacting Medication', 'Severity', 'Description', 'Allergen']);
  for (let k = 0; k < ROWS; k++) {
    if (k < STORED) {
      const [a, b] = storedPair(k);
      const severity = SEVERITIES[(k % 4) + (k % 5 === 0 ? (k % 4 === 3 ? -1 : 1) : 0)];
      const pretty = severity[0].toUpperCase() + severity.slice(1);
      yield csvLine([name(a), name(b), pretty, `Bench interaction ${k}`, 'No']);
    } else {
      // New pairs: steps beyond those stored, so none repeats a stored pair.
      const j = k - STORED;
      const a = 1 + (j % MEDICATIONS);
      const step = 1 + Math.ceil(STORED / MEDICATIONS) + Math.floor(j / MEDICATIONS);
      yield csvLine([name(a), name(((a - 1 + step) % MEDICATIONS) + 1), 'Minor', `New ${j}`, 'No']);
    }
  }
}

/** Posts the file, streamed, to the server; answers the status and body. */
function post(port: number, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/import?entity=drug-interactions&dry_run=true&file_name=bench.csv',
        headers: {
          host: '127.0.0.1',
          authorization: `Bearer ${token}`,
          'content-type': 'text/csv',
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    Readable.from(csvFile()).pipe(call);
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'medref-bench-import-'));
  chmodSync(dir, 0o755); // the postgres user must be able to enter it (when run as root)
  const database = await startEmbeddedDatabase(join(dir, 'data'));
  const pool = createPool(database.url, 10);
  let failed: boolean;
  try {
    await migrate(pool);
    const loader = createPool(database.url, 1, { timeouts: false });
    try {
      for (const sql of LOAD_SQL) await loader.query(sql);
      await loader.query('VACUUM (ANALYZE)');
    } finally {
      await loader.end();
    }
    const app = await buildApp(pool, {
      ...readConfig({ SEED: 'none', STATIC_DIR: '/nonexistent' }),
      passwordCost: 10,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const token = await benchToken(app);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const answer = await post(port, token);
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (answer.status !== 200) throw new Error(`import: ${answer.status} ${answer.body}`);
    const data = JSON.parse(answer.body).data as {
      rows: number;
      counts: Record<string, number>;
      tests: { total: number; altered: number } | null;
    };
    const growthMb = (peak - rssBefore) / (1024 * 1024);
    console.log(
      `Dry run of ${data.rows.toLocaleString('en')} interaction rows: ${(ms / 1000).toFixed(1)} s ` +
        `(${JSON.stringify(data.counts)}; ${data.tests?.total ?? 0} test prescriptions run, ` +
        `${data.tests?.altered ?? 0} altered); answer ${(answer.body.length / 1024).toFixed(0)} KiB`,
    );
    console.log(
      `RSS ${(rssBefore / 1048576).toFixed(0)} MB before, peak ${(peak / 1048576).toFixed(0)} MB ` +
        `(+${growthMb.toFixed(0)} MB)`,
    );
    const timeOk = ms < TARGET_MS;
    const memoryOk = growthMb < TARGET_RSS_MB;
    const countsOk = data.rows === ROWS && data.counts.errors === 0;
    console.log(
      `Target: under ${TARGET_MS / 1000} s ${timeOk ? 'met' : 'MISSED'}; RSS growth under ` +
        `${TARGET_RSS_MB} MB ${memoryOk ? 'met' : 'MISSED'}; every row read, no errors ${countsOk ? 'yes' : 'NO'}`,
    );
    reportSummary('import', [
      {
        measure: `dry run of ${ROWS.toLocaleString('en')} interaction rows`,
        value: `${(ms / 1000).toFixed(1)} s, peak RSS +${growthMb.toFixed(0)} MB`,
        target: `< ${TARGET_MS / 1000} s, < ${TARGET_RSS_MB} MB`,
        met: timeOk && memoryOk && countsOk,
      },
    ]);
    failed = !(timeOk && memoryOk && countsOk);
    await app.close();
  } finally {
    await pool.end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
