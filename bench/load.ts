import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { embeddedDataDir, registerAdmin, startServer } from '../e2e/support/harness';
import { clusterDirectory } from '../server/db/embedded';
import { reportSummary } from './summary';
import { cpuMs, postgresCpuMs } from './support/processCpu';

/**
 * `npm run bench:load`: the real server (server/index.ts in a child process, embedded
 * PostgreSQL on a temporary DATA_DIR, demo data, production scrypt cost) on loopback, under a
 * mixed load from autocannon: 50 connections for LOAD_SECONDS (default 60) seconds; 70% list
 * reads, 20% single reads, 10% creates and updates (every name unique).
 *
 * Afterwards every write that was answered 2xx is looked up in PostgreSQL. Targets: no errors
 * (a non-2xx answer, a socket error or a timeout), p99 < 100 ms, server RSS growth < 10% over the run, every acknowledged write stored.
 * RSS is the server process's VmRSS; "before" is taken after a short warm-up with the same mix
 * (LOAD_WARMUP_SECONDS, default 5), so JIT and heap sizing are not counted as growth; the
 * cold figure is printed too. Before and after are both taken right after a full garbage
 * collection, asked for through the server's inspector (on a free loopback port): between two
 * collections the old generation fills with garbage, so an RSS read at a random moment swings by
 * 30 MiB or more with no leak at all, and only a full collection shows what the server still
 * holds.
 */
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const CONNECTIONS = 50;
const TARGET_P99_MS = 100;
const TARGET_RSS_GROWTH = 0.1;

const LISTS = [
  '/condition',
  '/medication',
  '/age-category',
  '/weight-category',
  '/lifestyle',
  '/drug-interaction',
  '/lifestyle-contraindication',
  '/drug',
];
/** Resources read one at a time, by ids taken from their lists before the run. */
const SINGLES = [
  '/medication',
  '/condition',
  '/age-category',
  '/weight-category',
  '/lifestyle',
  '/drug-interaction',
  '/drug',
];
/** Resources whose rows the load creates and renames: PUT takes `{ id, name }` on the list path. */
const WRITTEN = [
  { path: '/condition', table: 'conditions' },
  { path: '/lifestyle', table: 'lifestyles' },
] as const;
type Written = (typeof WRITTEN)[number];

/** 20 slots, repeated: 14 list reads (70%), 4 single reads (20%), 2 writes (10%), spread out. */
const PATTERN = Array.from({ length: 20 }, (_, i) =>
  i % 10 === 9 ? 'write' : i % 5 === 2 ? 'get' : 'list',
);
type Kind = 'list' | 'get' | 'create' | 'update';

interface Op {
  kind: Kind;
  started: number;
  resource?: Written;
  name?: string;
  id?: number;
}

/** What the database must hold for one row the load wrote. */
interface Expected {
  /** The name of the last acknowledged write (creates and updates of a row never overlap). */
  name: string;
  /** Names sent but not acknowledged (no answer, or an error): the row may hold one of them. */
  unconfirmed: Set<string>;
}

const rss = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? NaN) * 1024;
};
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's inspector WebSocket address, from the line Node prints when it opens it. */
function inspectorUrl(log: string) {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(log)?.[1];
  if (!url) throw new Error(`the server did not open its inspector:\n${log}`);
  return url;
}

/** A full garbage collection in the server (HeapProfiler.collectGarbage), then its RSS. */
async function rssAfterFullGc(pid: number, inspector: string) {
  const socket = new WebSocket(inspector);
  await new Promise((opened, failed) => socket.once('open', opened).once('error', failed));
  await new Promise<void>((done, failed) => {
    socket.once('message', () => done()).once('error', failed);
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  });
  socket.close();
  await sleep(500);
  return rss(pid);
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const server = await startServer({
    PASSWORD_HASH_COST: '17',
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    NODE_OPTIONS: '--inspect=127.0.0.1:0',
  });
  const pid = server.process.pid;
  if (!pid) throw new Error('no server pid');
  const api = `${server.baseUrl}/api/v1`;
  try {
    const admin = await registerAdmin(server.baseUrl, 'Load Admin');
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const ids = new Map<string, number[]>();
    for (const path of SINGLES) {
      const response = await fetch(`${api}${path}`, { headers: auth });
      const { data } = (await response.json()) as { data: { id: number }[] };
      if (!data.length) throw new Error(`no seeded rows at ${path}`);
      ids.set(
        path,
        data.map((row) => row.id),
      );
    }

    // ---------- the load ----------
    const run = Date.now().toString(36);
    const expected = new Map<Written, Map<number, Expected>>(WRITTEN.map((w) => [w, new Map()]));
    /** Rows with a write in flight (`table:id`), so no two writes of one row overlap. */
    const busy = new Set<string>();
    const statuses = new Map<Kind, Map<number, number>>();
    const latencies = new Map<Kind, number[]>();
    const counters = { slot: 0, list: 0, get: 0, write: 0, name: 0 };
    const sent = { create: 0, update: 0 };
    let phase: 'warmup' | 'run' = 'warmup';
    const warmupLatencies = new Map<Kind, number[]>();

    const pickUpdate = (resource: Written) => {
      const rows = expected.get(resource)!;
      if (rows.size === 0) return undefined;
      // A recent row that no other connection is writing.
      const keys = [...rows.keys()];
      for (let tries = 0; tries < 8; tries++) {
        const id = keys[keys.length - 1 - Math.floor(Math.random() * Math.min(keys.length, 500))];
        if (!busy.has(`${resource.table}:${id}`)) return id;
      }
      return undefined;
    };

    const setupRequest = (request: autocannon.Request, context: object): autocannon.Request => {
      const kind = PATTERN[counters.slot++ % PATTERN.length];
      const op: Op = { kind: 'list', started: performance.now() };
      (context as { op?: Op }).op = op;
      if (kind === 'list') {
        return {
          ...request,
          method: 'GET',
          path: `/api/v1${LISTS[counters.list++ % LISTS.length]}`,
        };
      }
      if (kind === 'get') {
        op.kind = 'get';
        const path = SINGLES[counters.get++ % SINGLES.length];
        const pool = ids.get(path)!;
        const id = pool[Math.floor(Math.random() * pool.length)];
        return { ...request, method: 'GET', path: `/api/v1${path}/${id}` };
      }
      const n = counters.write++;
      const resource = WRITTEN[Math.floor(n / 2) % WRITTEN.length];
      const updateId = n % 2 === 1 ? pickUpdate(resource) : undefined;
      const name = `Load ${run} ${resource.table} ${++counters.name}`;
      op.resource = resource;
      op.name = name;
      const headers = { ...request.headers, 'content-type': 'application/json' };
      if (updateId === undefined) {
        op.kind = 'create';
        sent.create++;
        return {
          ...request,
          method: 'POST',
          path: `/api/v1${resource.path}`,
          headers,
          body: JSON.stringify({ name }),
        };
      }
      op.kind = 'update';
      op.id = updateId;
      sent.update++;
      busy.add(`${resource.table}:${updateId}`);
      expected.get(resource)!.get(updateId)!.unconfirmed.add(name);
      return {
        ...request,
        method: 'PUT',
        path: `/api/v1${resource.path}`,
        headers,
        body: JSON.stringify({ id: updateId, name }),
      };
    };

    const onResponse = (status: number, body: string, context: object) => {
      const op = (context as { op?: Op }).op;
      if (!op) return;
      const elapsed = performance.now() - op.started;
      const byStatus = statuses.get(op.kind) ?? new Map<number, number>();
      statuses.set(op.kind, byStatus);
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      const store = phase === 'run' ? latencies : warmupLatencies;
      const list = store.get(op.kind) ?? [];
      store.set(op.kind, list);
      list.push(elapsed);
      const ok = status >= 200 && status < 300;
      if (op.kind === 'create' && op.resource && op.name) {
        if (!ok) return;
        const { data } = JSON.parse(body) as { data: { id: number; name: string } };
        expected.get(op.resource)!.set(data.id, { name: op.name, unconfirmed: new Set() });
      } else if (op.kind === 'update' && op.resource && op.name && op.id !== undefined) {
        busy.delete(`${op.resource.table}:${op.id}`);
        const row = expected.get(op.resource)!.get(op.id)!;
        if (ok) {
          row.unconfirmed.delete(op.name);
          row.name = op.name;
        }
      }
    };

    const load = (seconds: number) =>
      autocannon({
        url: api,
        connections: CONNECTIONS,
        duration: seconds,
        headers: auth,
        requests: [{ setupRequest, onResponse }],
      });

    const clusterDir = clusterDirectory(embeddedDataDir(server));
    const pidFile = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const postmaster = Number(pidFile[0]);
    const rssCold = rss(pid);
    if (WARMUP_SECONDS > 0) await load(WARMUP_SECONDS);
    // Rows written during the warm-up are checked too; only the figures below are the run's.
    phase = 'run';
    statuses.clear();
    const sentBefore = { ...sent };
    await sleep(1_000);
    const inspector = inspectorUrl(server.log());
    const rssBefore = await rssAfterFullGc(pid, inspector);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss(pid))), 1_000);
    const loadBefore = loadavg()[0];
    const cpuBefore = {
      server: cpuMs(pid),
      postgres: postgresCpuMs(postmaster),
      bench: process.cpuUsage(),
    };
    const started = performance.now();
    const result = await load(SECONDS);
    const wallMs = performance.now() - started;
    const cpuShare = (ms: number) => `${Math.round((100 * ms) / wallMs)}%`;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpu = {
      server: cpuShare(cpuMs(pid) - cpuBefore.server),
      postgres: cpuShare(postgresCpuMs(postmaster) - cpuBefore.postgres),
      bench: cpuShare((benchCpu.user + benchCpu.system) / 1000),
    };
    const loadAfter = loadavg()[0];
    clearInterval(sampler);
    await sleep(1_000);
    const rssAfter = await rssAfterFullGc(pid, inspector);

    // ---------- every acknowledged write, in the database ----------
    const password = readFileSync(join(dirname(clusterDir), 'pg-password'), 'utf8').trim();
    const port = pidFile[3].trim();
    const db = new pg.Client({
      connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/medref`,
    });
    await db.connect();
    let acknowledged = 0;
    let found = 0;
    let ambiguous = 0;
    const missing: string[] = [];
    try {
      for (const resource of WRITTEN) {
        const rows = expected.get(resource)!;
        const { rows: stored } = await db.query<{ id: number; name: string }>(
          `SELECT id, name FROM ${resource.table} WHERE id = ANY($1::int[])`,
          [[...rows.keys()]],
        );
        const byId = new Map(stored.map((r) => [r.id, r.name]));
        for (const [id, row] of rows) {
          acknowledged++;
          const name = byId.get(id);
          if (name === row.name) found++;
          else if (name !== undefined && row.unconfirmed.has(name)) {
            // A later write that was sent but never answered was applied: allowed.
            found++;
            ambiguous++;
          } else
            missing.push(
              `${resource.table} ${id}: want "${row.name}", have ${JSON.stringify(name ?? null)}`,
            );
        }
      }
    } finally {
      await db.end();
    }
    const acknowledgedUpdates = [...(statuses.get('update') ?? new Map<number, number>())]
      .filter(([status]) => status >= 200 && status < 300)
      .reduce((sum, [, n]) => sum + n, 0);

    // ---------- report ----------
    // Any answer outside 2xx is an error too: the load sends only valid requests for rows that exist.
    const errors = result.non2xx + result.errors + result.timeouts;
    const growth = (rssAfter - rssBefore) / rssBefore;
    const targets = [
      {
        measure: 'errors (non-2xx answers + socket errors + timeouts)',
        target: '= 0',
        measured:
          `${errors} (${result.non2xx} non-2xx, ${result.errors} socket errors, ` +
          `${result.timeouts} timeouts)`,
        ok: errors === 0,
      },
      {
        measure: 'p99 latency',
        target: `< ${TARGET_P99_MS} ms`,
        measured: `${result.latency.p99} ms`,
        ok: result.latency.p99 < TARGET_P99_MS,
      },
      {
        measure: 'server RSS growth',
        target: `< ${TARGET_RSS_GROWTH * 100}%`,
        measured: `${(growth * 100).toFixed(1)}% (${mib(rssBefore)} → ${mib(rssAfter)})`,
        ok: growth < TARGET_RSS_GROWTH,
      },
      {
        measure: 'acknowledged writes stored',
        target: 'every one',
        measured: `${found} of ${acknowledged} rows`,
        ok: missing.length === 0 && found === acknowledged,
      },
    ];

    console.log(
      `\nMixed load: ${CONNECTIONS} connections, ${SECONDS} s (after a ${WARMUP_SECONDS} s warm-up), ` +
        `loopback, demo data, ${new Date().toISOString()}`,
    );
    console.table({
      'requests/s (mean)': Math.round(result.requests.average),
      requests: result.requests.total,
      'latency p50 ms': result.latency.p50,
      'latency p97.5 ms': result.latency.p97_5,
      'latency p99 ms': result.latency.p99,
      'latency max ms': result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      'RSS cold (idle, seeded)': mib(rssCold),
      'RSS before (after warm-up and a full GC)': mib(rssBefore),
      'RSS peak (1 s samples)': mib(rssPeak),
      'RSS after (after a full GC)': mib(rssAfter),
      'CPU, server process (% of a core)': cpu.server,
      'CPU, PostgreSQL (all its processes)': cpu.postgres,
      'CPU, this load generator': cpu.bench,
      'machine load average (1 min), start → end': `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} on ${availableParallelism()} cores`,
    });
    console.log('By kind (latency measured by this script, from request build to full answer):');
    console.table(
      Object.fromEntries(
        (['list', 'get', 'create', 'update'] as Kind[]).map((kind) => {
          const sorted = (latencies.get(kind) ?? []).sort((a, b) => a - b);
          return [
            kind,
            {
              answers: sorted.length,
              share: `${((100 * sorted.length) / Math.max(1, result.requests.total)).toFixed(1)}%`,
              'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
              'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
              statuses: [...(statuses.get(kind) ?? [])].map(([s, n]) => `${s}×${n}`).join(' '),
            },
          ];
        }),
      ),
    );
    console.log(
      `Writes: ${sent.create} creates and ${sent.update} updates sent in all (run: ` +
        `${sent.create - sentBefore.create} and ${sent.update - sentBefore.update}); ` +
        `${acknowledgedUpdates} updates acknowledged in the run; ${acknowledged} rows written, ` +
        `${found} found with their last acknowledged name` +
        (ambiguous ? ` (${ambiguous} hold a later unanswered write)` : '') +
        `.`,
    );
    if (missing.length) console.log(`Missing or wrong:\n  ${missing.slice(0, 20).join('\n  ')}`);
    console.table(
      targets.map((t) => ({
        measure: t.measure,
        target: t.target,
        measured: t.measured,
        result: t.ok ? 'PASS' : 'MISS',
      })),
    );
    reportSummary(
      'load',
      targets.map((t) => ({ measure: t.measure, value: t.measured, target: t.target, met: t.ok })),
    );
    process.exitCode = targets.every((t) => t.ok) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
