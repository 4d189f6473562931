import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { measureConsole } from './scale/browser';
import { SCALE } from './scale/data';
import { startScaleServer, type ScaleServer } from './scale/setup';
import { ensureConsoleBuilt } from './support/consoleBuild';
import { reportSummary, type SummaryRow } from './summary';
import { cpuMs, postgresCpuMs } from './support/processCpu';

/**
 * `npm run bench:scale`: the real server over 1,000,000 interactions, 100,000 medications (with
 * dosages and contraindications) and 10,000 conditions (bench/scale/data.ts), loaded once, then
 * the API side:
 * - list pages at 50 connections with autocannon (SCALE_SECONDS each, default 10): plain pages,
 *   pages with a search and a sort, and the pickers' searches (`q`, `page_size=20`), each request
 *   with another page or search word; target p99 < 50 ms. Each scenario first runs unmeasured for
 *   WARM_SECONDS, on other medications where its requests name one, so the figures are a warm
 *   server's (compiled code, prepared statements, PostgreSQL's caches) and not its first seconds.
 *   Beside the latencies, the CPU time per request of the server (Node) and of PostgreSQL: a figure
 *   that moves far less than latency from one machine, or one busy spell, to another. The same
 *   load on the session check alone (FLOOR) is printed beside them, without a target;
 * - the Interactions search typed one letter at a time, as the console asks the server at every
 *   letter: each prefix's first answer, uncached (the first letters match most interactions);
 *   each must answer, and the slowest is reported;
 * - a CSV export of all 1,000,000 interactions, downloaded while the server's VmRSS is sampled
 *   every 50 ms; target: RSS grows by less than 50 MB over what it was before the download;
 * and the console side in headless Chromium (bench/scale/browser.ts: first rows, search, sort,
 * page, picker and heap of the Interactions, Medications, Conditions and Data quality screens).
 * The console is built first when dist/ is missing or stale. One summary of every target; exits 1 when one is
 * missed. SCALE_ONLY=api or SCALE_ONLY=console runs one side.
 */
export const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
export const WARM_SECONDS = 2;
export const CONNECTIONS = 50;
const TARGET_P99_MS = 50;
const TARGET_RSS_GROWTH_MB = 50;

/**
 * What a user types into a search: enough letters of a medication's name to find a few hundred
 * of the 100,000 (a few thousand of the interactions), or of a condition's.
 */
const WORDS = ['ketprostatin', 'amoxi', 'ibuzo', 'valmimab', 'flutafen', 'dexlovir'];
const CONDITION_WORDS = ['asth', 'chronic arth', 'mild', 'migraine', 'hepat', 'colitis 12'];

export interface Scenario {
  name: string;
  /** The n-th request's path under /api/v1. */
  path: (n: number) => string;
}

/** Where the warm-up's requests start counting: another medication than the measured run's first. */
export const WARM_UP_FIRST_REQUEST = 50_007;

export const SCENARIOS: Scenario[] = [
  {
    name: 'interactions, pages 1 to 40',
    path: (n) => `/drug-interaction?page=${1 + (n % 40)}&page_size=25`,
  },
  {
    name: 'interactions, search and sort by severity',
    path: (n) =>
      `/drug-interaction?q=${encodeURIComponent(WORDS[n % WORDS.length])}&sort=${n % 2 ? '-' : ''}severity&page_size=25`,
  },
  {
    name: 'interactions of one medication, by interacting medication',
    path: (n) =>
      `/drug-interaction?medication_id=${1 + ((n * 7919) % SCALE.medications)}&sort=interacting_medication`,
  },
  {
    name: 'medications, pages 1 to 40 by -created_at',
    path: (n) => `/medication?page=${1 + (n % 40)}&page_size=25&sort=-created_at`,
  },
  {
    name: 'medication picker (q, page_size=20)',
    path: (n) => `/medication?q=${encodeURIComponent(WORDS[n % WORDS.length])}&page_size=20`,
  },
  {
    name: 'condition picker (q, page_size=20)',
    path: (n) =>
      `/condition?q=${encodeURIComponent(CONDITION_WORDS[n % CONDITION_WORDS.length])}&page_size=20`,
  },
];

/**
 * This machine's floor under any list page, with no target of its own: the same load on the
 * cheapest signed-in request, the session check alone (a list page makes the same check, then
 * reads its page). When its p99 is near the target, no list page can meet it here.
 */
const FLOOR: Scenario = {
  name: 'floor: session check alone (GET /auth/me)',
  path: () => '/auth/me',
};

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1]) / 1024;
}

/** Runs `scenario` for `seconds` from its `first` request on; its latencies and CPU per request. */
export async function runScenario(
  server: ScaleServer,
  scenario: Scenario,
  seconds: number,
  first = 0,
) {
  let n = first;
  let failures = 0;
  const cpuBefore = { server: cpuMs(server.pid), postgres: postgresCpuMs(server.postgresPid) };
  const result = await autocannon({
    url: `${server.baseUrl}/api/v1`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${server.token}` },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: 'GET',
          path: `/api/v1${scenario.path(n++)}`,
        }),
        onResponse: (status) => {
          if (status !== 200) failures += 1;
        },
      },
    ],
  });
  const requests = result.requests.total;
  const perRequest = (ms: number) => Number((ms / requests).toFixed(2));
  return {
    scenario: scenario.name,
    requests,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'server CPU ms/req': perRequest(cpuMs(server.pid) - cpuBefore.server),
    'PostgreSQL CPU ms/req': perRequest(postgresCpuMs(server.postgresPid) - cpuBefore.postgres),
    'non-200': failures + result.non2xx + result.errors + result.timeouts,
  };
}

/** Typed into the Interactions search one letter at a time: the console asks at every letter. */
const TYPED_WORD = 'napzo';

/**
 * The Interactions search as the console sends it while the user types TYPED_WORD: each prefix's
 * first page, one after another, none asked before (so neither its page nor its total is cached).
 * The first letters match most of the million interactions.
 */
async function measureTypedSearch(server: ScaleServer) {
  const prefixes = [];
  for (let length = 1; length <= TYPED_WORD.length; length++) {
    const q = TYPED_WORD.slice(0, length);
    const started = performance.now();
    const response = await fetch(
      `${server.baseUrl}/api/v1/drug-interaction?page=1&page_size=25&q=${q}`,
      { headers: { authorization: `Bearer ${server.token}` } },
    );
    const body = (await response.json()) as { meta?: { total: number } };
    const ms = Math.round(performance.now() - started);
    prefixes.push({ q, status: response.status, ms, total: body.meta?.total });
  }
  return prefixes;
}

async function measureCsv(server: ScaleServer) {
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${server.baseUrl}/api/v1/drug-interaction?format=csv`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (!response.ok || !response.body) throw new Error(`CSV export answered ${response.status}`);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
      peak = Math.max(peak, rssMb(server.pid));
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    rows: lines - 1,
    mb: bytes / 1024 / 1024,
    seconds: (performance.now() - started) / 1000,
    rssBefore: before,
    rssPeak: peak,
  };
}

/** The API side's figures on the loaded server, printed and returned as summary rows. */
async function measureApi(server: ScaleServer): Promise<SummaryRow[]> {
  // Each scenario's request answers at all, before any is measured.
  for (const scenario of SCENARIOS) {
    const path = scenario.path(WARM_UP_FIRST_REQUEST);
    const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    await response.arrayBuffer();
  }
  const rows = [];
  for (const scenario of SCENARIOS) {
    await runScenario(server, scenario, WARM_SECONDS, WARM_UP_FIRST_REQUEST);
    rows.push(await runScenario(server, scenario, SECONDS));
  }
  await runScenario(server, FLOOR, WARM_SECONDS);
  const floor = await runScenario(server, FLOOR, SECONDS);
  console.log(
    `\nList pages at ${CONNECTIONS} connections, ${SECONDS} s each (load average ${loadavg()[0].toFixed(1)}):`,
  );
  console.table([...rows, floor]);
  const typed = await measureTypedSearch(server);
  console.log(`\nInteractions search typed letter by letter (first answer to each prefix):`);
  console.table(typed);
  const csv = await measureCsv(server);
  const growth = csv.rssPeak - csv.rssBefore;
  console.log(
    `\nCSV export: ${csv.rows} interactions, ${csv.mb.toFixed(1)} MB in ${csv.seconds.toFixed(1)} s; ` +
      `server RSS ${csv.rssBefore.toFixed(0)} MB before, ${csv.rssPeak.toFixed(0)} MB at most (+${growth.toFixed(1)} MB)`,
  );
  const worst = Math.max(...rows.map((row) => row['p99 ms']));
  const errors = rows.reduce((sum, row) => sum + row['non-200'], 0);
  return [
    {
      measure: 'list page p99 at 50 connections (worst scenario)',
      value: `${worst} ms`,
      target: `< ${TARGET_P99_MS} ms`,
      met: worst < TARGET_P99_MS && errors === 0,
    },
    {
      measure: `${FLOOR.name}: p99 at 50 connections`,
      value: `${floor['p99 ms']} ms`,
      target: '',
      met: null,
    },
    {
      measure: `Interactions search typed letter by letter ('${TYPED_WORD}'): slowest prefix`,
      value: `${Math.max(...typed.map((prefix) => prefix.ms))} ms`,
      target: 'every prefix answered',
      met: typed.every((prefix) => prefix.status === 200),
    },
    {
      measure: 'CSV export of 1,000,000 interactions: server RSS growth',
      value: `${growth.toFixed(1)} MB`,
      target: `< ${TARGET_RSS_GROWTH_MB} MB`,
      met:
        growth < TARGET_RSS_GROWTH_MB &&
        csv.rows === SCALE.medications * SCALE.interactionsPerMedication,
    },
  ];
}

async function main() {
  const only = process.env.SCALE_ONLY;
  if (only !== undefined && only !== 'api' && only !== 'console') {
    throw new Error(`SCALE_ONLY is api or console, not ${only}`);
  }
  if (only !== 'api') ensureConsoleBuilt();
  console.log('Starting the server and loading the data (a few minutes)...');
  const server = await startScaleServer();
  try {
    console.log(
      `Loaded ${SCALE.conditions} conditions, ${SCALE.medications} medications and ` +
        `${SCALE.medications * SCALE.interactionsPerMedication} interactions in ${server.loadSeconds.toFixed(0)} s.`,
    );
    const summary: SummaryRow[] = [];
    if (only !== 'console') summary.push(...(await measureApi(server)));
    if (only !== 'api') {
      const load = loadavg()[0];
      summary.push(...(await measureConsole(server)));
      console.log(
        `\nConsole figures at load average ${load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end.`,
      );
    }
    console.table(summary);
    reportSummary('scale', summary);
    if (summary.some((row) => row.met === false)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

// Run as `npm run bench:scale`; imported (by bench/release.ts) for its scenarios only.
if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/scale.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
