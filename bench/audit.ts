import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/support/harness';
import { APP_ROLE, startEmbeddedDatabase, type EmbeddedDatabase } from '../server/db/embedded';
import { createPool } from '../server/db/pool';
import { prepareDatabase } from '../server/db/prepare';
import { reportSummary } from './summary';
import { cpuMs } from './support/processCpu';

/**
 * `npm run bench:audit`: the change history at scale, on the real server (embedded PostgreSQL,
 * demo data) on loopback.
 *
 * 1. GET /audit over ENTRIES history entries (BENCH_AUDIT_ENTRIES, default 1,000,000, inserted
 *    with set-based SQL: two years of changes by 20 people to every kind of record). Each query
 *    the History screen makes (the first page, later pages, each filter, each sort, a word search,
 *    a record's and a medication's history) runs RUNS times in turn; target: p99 over all of them
 *    under 50 ms.
 * 2. What an entry adds to a write: the median of PUT /condition (renames by WRITERS clients at
 *    once, each of its own condition, as under bench:load) on this server, and on the same server
 *    without the history entry: a copy of this checkout with bench/support/record-without-history.ts
 *    in place of server/audit/record.ts, so that the two differ by the entry alone and nothing
 *    else a write does here (the test prescriptions' background run, the table versions) is
 *    counted as its cost. The two servers use two copies of one database (the demo data and the
 *    ENTRIES entries, vacuumed) in one PostgreSQL: the same data, settings, caches, WAL and
 *    checkpoints on both sides, and no vacuum or checkpoint left over from the seed falls on one
 *    side only. BENCH_AUDIT_BASELINE (a git ref) compares with that commit's tree instead, for
 *    example the code from before the history existed, on a database of its own in the same
 *    PostgreSQL, made by its own migrations and demo data. Both started the same way, rounds
 *    alternating between the two so that other load on the machine falls on both.
 *    Target: under 10% more. Also each side's CPU time per write (its server process and its
 *    database's PostgreSQL backends, from /proc), which time spent waiting for a core does not
 *    inflate: on a busy machine the latencies are mostly that wait, the same on both sides, and
 *    hide what the entry itself costs.
 */
const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 30);
/** Many short rounds, so that the machine's other load, which changes by the second, falls on
 * both sides alike. */
const WRITE_ROUNDS = 16;
const WRITES_PER_ROUND = 15;
/** Writers at once, each renaming a condition of its own, as bench:load's clients write. */
const WRITERS = 10;
const P99_TARGET_MS = 50;
const OVERHEAD_TARGET = 0.1;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values: number[]) => percentile(values, 50);
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * ENTRIES entries, one a minute back from now, spread over every entity, action and actor, and
 * counted for GET /audit's totals as the server counts the entries it stores.
 */
async function seedEntries(db: pg.Client, count: number) {
  await db.query(
    `WITH e AS (
     INSERT INTO audit_entries (at, actor_id, actor_name, action, effect, entity, entity_id, label,
                                changes, reason, reverts, medication_ids)
     SELECT now() - make_interval(mins => $1 - g),
            1000 + g % 20, 'Editor ' || lpad((g % 20)::text, 2, '0'),
            (ARRAY['create', 'update', 'update', 'update', 'delete', 'revert'])[1 + g % 6],
            (ARRAY['create', 'update', 'update', 'update', 'delete', 'update'])[1 + g % 6],
            e.entity, 1 + g % 5000,
            (ARRAY['Warfarin', 'Ibuprofen', 'Amoxicillin', 'Metformin', 'Lisinopril', 'Atorvastatin',
                   'Salbutamol', 'Omeprazole', 'Paracetamol', 'Sertraline'])[1 + g % 10]
              || CASE WHEN e.entity = 'drug_interaction' THEN ' + Aspirin ' ELSE ' ' END || (g % 997),
            jsonb_build_object('max_dosage', jsonb_build_object('from', g % 50, 'to', g % 50 + 5)),
            CASE WHEN g % 3 = 0 THEN NULL
                 ELSE (ARRAY['Per the new guideline', 'Typo in the range', 'Formulary review',
                             'Pharmacist feedback'])[1 + g % 4] || ' ' || (g % 211) END,
            NULL,
            CASE WHEN e.entity IN ('medication', 'weight_dosage', 'age_dosage', 'contraindication',
                                   'lifestyle_contraindication', 'drug_interaction')
                 THEN ARRAY[1 + g % 5000] ELSE '{}' END
       FROM generate_series(1, $1::int) AS g
       CROSS JOIN LATERAL (SELECT (ARRAY['condition', 'age_category', 'weight_category', 'medication',
                    'weight_dosage', 'age_dosage', 'contraindication', 'lifestyle_contraindication',
                    'drug_interaction', 'lifestyle', 'drug'])[1 + (g / 7) % 11] AS entity) e
     RETURNING entity, action, actor_id)
     INSERT INTO audit_counts AS c (entity, action, actor_id, n)
     SELECT entity, action, actor_id, count(*) FROM e GROUP BY entity, action, actor_id
     ON CONFLICT (entity, action, actor_id, shard) DO UPDATE SET n = c.n + excluded.n`,
    [count],
  );
  // Vacuumed now, as autovacuum would soon after so many inserts, rather than while writes are
  // timed.
  await db.query('VACUUM ANALYZE audit_entries');
}

/**
 * What a side's writes cost in CPU: its server's process and the PostgreSQL backends of its
 * database, whatever else the machine runs meanwhile. Waiting for a core does not count, so this
 * moves far less than latency on a shared machine.
 */
function cpuMeter(superuser: pg.Client, serverPid: number, database: string) {
  const backends = async () => {
    const { rows } = await superuser.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
      [database],
    );
    return rows.map((r) => r.pid);
  };
  const used = { server: 0, postgres: 0 };
  return {
    /** Runs `work`, adding the CPU time it took on this side. */
    async measure(work: () => Promise<unknown>) {
      const server = cpuMs(serverPid);
      const before = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]));
      await work();
      used.server += cpuMs(serverPid) - server;
      for (const pid of await backends()) used.postgres += cpuMs(pid) - (before.get(pid) ?? 0);
    },
    used,
  };
}

/** The connection string of another database of the same PostgreSQL. */
function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/** Runs `statements` as the superuser, on the maintenance database. */
async function asSuperuser(database: EmbeddedDatabase, ...statements: string[]) {
  const admin = new pg.Client({ connectionString: databaseUrl(database.adminUrl, 'postgres') });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The databases of the two servers: copies of one database holding the demo data and ENTRIES
 * history entries (the cluster's own, made as a server would make it), so that the two sides
 * write beside the same data; a BENCH_AUDIT_BASELINE tree gets an empty database instead, which
 * its own start-up migrates and fills with its own demo data.
 */
async function prepareDatabases(database: EmbeddedDatabase, baselineRef: string | undefined) {
  const setup = createPool(database.url, 1, { timeouts: false });
  await prepareDatabase(setup, { seed: 'demo', passwordCost: 14 }).finally(() => setup.end());
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const seedStarted = performance.now();
  await seedEntries(db, ENTRIES).finally(() => db.end());
  console.log(
    `${ENTRIES} history entries generated in ${Math.round((performance.now() - seedStarted) / 1000)} s`,
  );
  const template = new URL(database.url).pathname.slice(1);
  // FILE_COPY copies the files as they are, in seconds, where the default copies through the WAL.
  const copy = (name: string) =>
    `CREATE DATABASE ${name} OWNER ${APP_ROLE} TEMPLATE ${template} STRATEGY FILE_COPY`;
  await asSuperuser(
    database,
    copy('bench_with'),
    baselineRef ? `CREATE DATABASE bench_baseline OWNER ${APP_ROLE}` : copy('bench_without'),
  );
  return {
    with: databaseUrl(database.url, 'bench_with'),
    without: databaseUrl(database.url, baselineRef ? 'bench_baseline' : 'bench_without'),
  };
}

/** The History screen's calls: pages, filters, sorts, a search, one record's history. */
function historyQueries(from: string, to: string): string[] {
  return [
    '',
    '?page=2',
    '?page=40&page_size=25',
    '?page_size=100',
    '?sort=at',
    '?sort=actor',
    '?sort=-action',
    '?sort=entity&page=3',
    '?entity=medication',
    '?entity=drug_interaction&action=delete',
    '?entity=weight_dosage&entity_id=1234',
    '?medication_id=2500',
    '?actor_id=1007',
    '?action=revert&sort=-actor',
    `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    '?q=warfarin',
    `?q=${encodeURIComponent('guideline 17')}`,
    '?q=aspirin&entity=drug_interaction',
  ];
}

async function signIn(baseUrl: string, credentials: { email: string; password: string }) {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

async function timed(url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  return elapsed;
}

/**
 * A writer of renames of one condition on `server`, as the signed-in `token` (the writers share
 * one sign-in: ten at once would meet the server's limit on concurrent password hashing): each
 * call times one PUT /condition.
 */
let writerCount = 0;
async function conditionWriter(server: RunningServer, token: string) {
  const writer = ++writerCount;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.baseUrl}/api/v1/condition`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `Bench condition ${writer}` }),
  });
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  let n = 0;
  return () =>
    timed(`${server.baseUrl}/api/v1/condition`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ id, name: `Bench condition ${writer}.${++n}`, reason: 'Benchmark' }),
    });
}

/**
 * The server to compare with, ready to run (this checkout's modules): this checkout without the
 * history entry, or the tree of BENCH_AUDIT_BASELINE.
 */
function exportBaseline(): { dir: string; name: string } {
  const dir = mkdtempSync(join(tmpdir(), 'medref-bench-baseline-'));
  chmodSync(dir, 0o755);
  const ref = process.env.BENCH_AUDIT_BASELINE;
  const copy = ref
    ? `git archive ${ref} | tar -x -C ${dir}`
    : `git ls-files -z --cached --others --exclude-standard | tar --null -T - -c | tar -x -C ${dir}`;
  const exported = spawnSync('sh', ['-c', copy], { encoding: 'utf8' });
  if (exported.status !== 0) throw new Error(`${copy} failed: ${exported.stderr}`);
  if (!ref) {
    copyFileSync('bench/support/record-without-history.ts', join(dir, 'server/audit/record.ts'));
  }
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  return { dir, name: ref ?? 'this checkout without the entry' };
}

/** Starts the server of the tree in `dir` (harness.startServer runs the current directory's). */
async function startServerIn(dir: string, env: Record<string, string>): Promise<RunningServer> {
  const here = process.cwd();
  process.chdir(dir);
  try {
    return await startServer(env);
  } finally {
    process.chdir(here);
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'medref-bench-audit-'));
  chmodSync(work, 0o755); // the postgres user must be able to enter it
  let database: EmbeddedDatabase | undefined;
  let server: RunningServer | undefined;
  let baseline: RunningServer | undefined;
  let baselineDir: string | undefined;
  try {
    database = await startEmbeddedDatabase(join(work, 'data'));
    const urls = await prepareDatabases(database, process.env.BENCH_AUDIT_BASELINE);
    server = await startServer({ DATABASE_URL: urls.with, LOG_LEVEL: 'warn' });
    const db = new pg.Client({ connectionString: urls.with });
    await db.connect();
    const { rows } = await db.query<{ n: number; from: string; to: string }>(
      `SELECT count(*)::int AS n, (min(at) + interval '300 days')::text AS from,
              (min(at) + interval '330 days')::text AS to FROM audit_entries`,
    );
    await db.end();

    // ---- 1. GET /audit ----
    const token = await signIn(server.baseUrl, server.admin);
    const headers = { authorization: `Bearer ${token}` };
    const queries = historyQueries(
      new Date(rows[0].from).toISOString(),
      new Date(rows[0].to).toISOString(),
    );
    for (const query of queries) await timed(`${server.baseUrl}/api/v1/audit${query}`, { headers });
    const all: number[] = [];
    const perQuery = new Map<string, number[]>(queries.map((q) => [q, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const query of queries) {
        const ms = await timed(`${server.baseUrl}/api/v1/audit${query}`, { headers });
        perQuery.get(query)?.push(ms);
        all.push(ms);
      }
    }
    console.table(
      queries.map((query) => ({
        'GET /audit': query || '(first page)',
        'median ms': round1(median(perQuery.get(query) ?? [])),
        'p99 ms': round1(percentile(perQuery.get(query) ?? [], 99)),
      })),
    );
    const p99 = percentile(all, 99);
    console.log(
      `GET /audit over ${rows[0].n} entries, ${all.length} calls: median ${round1(median(all))} ms, p99 ${round1(p99)} ms (target < ${P99_TARGET_MS} ms)`,
    );

    // ---- 2. a write with and without its entry ----
    const exported = exportBaseline();
    baselineDir = exported.dir;
    baseline = await startServerIn(exported.dir, { DATABASE_URL: urls.without, LOG_LEVEL: 'warn' });
    const writersOf = async (on: RunningServer) => {
      const writerToken = await signIn(on.baseUrl, on.admin);
      return Promise.all(Array.from({ length: WRITERS }, () => conditionWriter(on, writerToken)));
    };
    const writers = { with: await writersOf(server), without: await writersOf(baseline) };
    // Both sides start from the same checkpoint: the pages each write touches first are logged
    // whole after it, on both sides alike.
    await asSuperuser(database, 'CHECKPOINT');
    const superuser = new pg.Client({
      connectionString: databaseUrl(database.adminUrl, 'postgres'),
    });
    await superuser.connect();
    const pidOf = (running: RunningServer) => running.process.pid ?? 0;
    const cpu = {
      with: cpuMeter(superuser, pidOf(server), new URL(urls.with).pathname.slice(1)),
      without: cpuMeter(superuser, pidOf(baseline), new URL(urls.without).pathname.slice(1)),
    };
    const times = { with: [] as number[], without: [] as number[] };
    const burst = async (side: 'with' | 'without', count: number, record: boolean) =>
      Promise.all(
        writers[side].map(async (write) => {
          for (let i = 0; i < count; i++) {
            const ms = await write();
            if (record) times[side].push(ms);
          }
        }),
      );
    await burst('with', 5, false);
    await burst('without', 5, false);
    const rounds: { with: number; without: number; 'load average': number }[] = [];
    for (let round = 0; round < WRITE_ROUNDS; round++) {
      const order: ('with' | 'without')[] = round % 2 ? ['without', 'with'] : ['with', 'without'];
      const medians = { with: 0, without: 0 };
      for (const side of order) {
        const from = times[side].length;
        await cpu[side].measure(() => burst(side, WRITES_PER_ROUND, true));
        medians[side] = round1(median(times[side].slice(from)));
      }
      rounds.push({ ...medians, 'load average': round1(loadavg()[0]) });
    }
    console.log('PUT /condition median per round, ms:');
    console.table(rounds);
    const withMs = median(times.with);
    const withoutMs = median(times.without);
    const overhead = withMs / withoutMs - 1;
    console.log(
      `PUT /condition median: ${round1(withMs)} ms with its history entry, ${round1(withoutMs)} ms without (${exported.name}): ${Math.round(overhead * 100)}% (target < ${OVERHEAD_TARGET * 100}%); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    await superuser.end();
    const perWrite = (side: 'with' | 'without', part?: 'server' | 'postgres') =>
      (part ? cpu[side].used[part] : cpu[side].used.server + cpu[side].used.postgres) /
      times[side].length;
    const cpuPerWrite = { with: perWrite('with'), without: perWrite('without') };
    const cpuOverhead = cpuPerWrite.with / cpuPerWrite.without - 1;
    const parts = (side: 'with' | 'without') =>
      `server ${perWrite(side, 'server').toFixed(2)}, PostgreSQL ${perWrite(side, 'postgres').toFixed(2)}`;
    console.log(
      `CPU per PUT /condition: ${cpuPerWrite.with.toFixed(2)} ms with its history entry (${parts('with')}), ${cpuPerWrite.without.toFixed(2)} ms without (${parts('without')}): ${Math.round(cpuOverhead * 100)}%`,
    );

    const p99Met = p99 < P99_TARGET_MS;
    const overheadMet = overhead < OVERHEAD_TARGET;
    reportSummary('audit', [
      {
        measure: `GET /audit p99, ${rows[0].n.toLocaleString('en')} entries`,
        value: `${round1(p99)} ms`,
        target: `< ${P99_TARGET_MS} ms`,
        met: p99Met,
      },
      {
        measure: `PUT /condition median, ${WRITERS} writers, with / without its history entry`,
        value: `${round1(withMs)} / ${round1(withoutMs)} ms (${Math.round(overhead * 100)}%)`,
        target: `< ${OVERHEAD_TARGET * 100}% more`,
        met: overheadMet,
      },
      {
        measure: 'CPU per PUT /condition, with / without its entry',
        value: `${cpuPerWrite.with.toFixed(2)} / ${cpuPerWrite.without.toFixed(2)} ms (${Math.round(cpuOverhead * 100)}%)`,
        target: '',
        met: null,
      },
    ]);
    return p99Met && overheadMet;
  } finally {
    await baseline?.stop();
    await server?.stop();
    await database?.stop();
    if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (met) => process.exit(met ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
