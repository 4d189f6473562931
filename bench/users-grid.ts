/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../server/db/embedded';
import {
  launchBrowser,
  registerAdmin,
  startServer,
  type RunningServer,
} from '../e2e/support/harness';
import { reportSummary } from './summary';

/**
 * `npm run bench:users` (`node --import tsx bench/users-grid.ts`): is the Users screen fast with USERS users
 * (BENCH_USERS, default 10,000)? The rule: search on the server if the DataGrid's own
 * client-side filtering is slower than 150 ms per keystroke at that size.
 *
 * The real server on its own embedded PostgreSQL (demo data plus USERS generated users with three
 * searches each, inserted with set-based SQL) serves a console built for this run
 * (BENCH_STATIC_DIR, else a fresh `vite build` into a temporary directory, so the shared dist/ is
 * left alone), driven by headless Chromium through playwright-core. It prints:
 *  - GET /users timings for the calls the screen makes (search, sort, a late page);
 *  - for each key typed into "Search by name or email" (each key waits for its results):
 *    keydown → the first animation frame whose grid shows only matching rows (or the empty text);
 *    the browser's Event Timing duration of the key's slowest event (input delay, handlers and
 *    the next paint, as Interaction to Next Paint counts it); and the CPU time the renderer used
 *    for the key (main thread, and all threads), read from /proc, which a busy machine does not
 *    inflate the way it inflates wall-clock times.
 * RUNS runs (BENCH_RUNS, default 3), each in a fresh page.
 *
 * Targets, p95 over every key typed: Event Timing, and the renderer's main-thread CPU in the key's
 * first 200 ms and up to its results, each under 150 ms. Exits 1 when one is missed. Under
 * `npm run bench` the console is the dist/ bench/all.ts builds once (BENCH_STATIC_DIR).
 *
 * History (2 shared cores, load average 8 to 12 from other work, so wall-clock times run high):
 * the first version of the screen gave the grid every user and let its quick filter search them
 * in the browser. With 10,000 users each key cost the renderer's main thread median 139 ms,
 * p95 347 ms, max 679 ms of CPU (320 users: median 85 ms). A fairer variant (search box isolated,
 * stable grid props; built outside the repository and run with BENCH_CLIENT_MODE=1
 * BENCH_STATIC_DIR=...) still measured, over 44 keys: Event Timing median 356 ms, p95 984 ms;
 * main-thread CPU in the key's first 200 ms median 136 ms, p95 275 ms. Over 150 ms, so GET /users
 * gained q, page, page_size and sort and the grid runs in server mode, which measured: Event
 * Timing median 16 ms, p95 112 ms; main-thread CPU median 27 ms, p95 71 ms; results painted a
 * median 1.2 s after the key (the 250 ms pause, the request, then ~280 ms of main-thread CPU to
 * draw the new page, all slowed by the load); GET /users 56 to 277 ms median.
 */
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KEYSTROKE_TARGET_MS = 150;
/** Measure a console whose Users grid filters every user in the browser (see History above). */
const CLIENT_MODE = process.env.BENCH_CLIENT_MODE === '1';
const USERS_PATH = '/dashboard/users';
/** Typed one key at a time: names and e-mails of the generated users hold these words. */
const QUERIES = ['maria 12', 'bench.user0777'];
/** GET /users as the screen calls it: a search, a sort by search count, a late page. */
const API_QUERIES = [
  '?page=1&page_size=25&sort=name',
  '?q=maria%2012&page=1&page_size=25&sort=name',
  '?page=1&page_size=25&sort=-search_count',
  '?page=400&page_size=25&sort=-last_active_at',
];
const API_RUNS = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value: number) => Math.round(value);

/**
 * CPU time (ms) the renderer processes this script's browser started have used so far: their main
 * threads (where React, the grid and layout run) and all their threads. Read from
 * /proc/<pid>/schedstat (nanoseconds on the CPU), so other work on a busy machine does not count;
 * wall-clock figures there include the time the renderer waited for a core.
 */
function rendererCpuMs(): { main: number; all: number } {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(Number(name), readFileSync(`/proc/${name}/cmdline`, 'utf8'));
    } catch {
      // the process ended meanwhile
    }
  }
  const isOurs = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
      if (p === process.pid) return true;
    return false;
  };
  let main = 0;
  let all = 0;
  for (const [pid, command] of commands) {
    if (!command.includes('--type=renderer') || !isOurs(pid)) continue;
    try {
      main += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        all += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      }
    } catch {
      // the renderer ended meanwhile
    }
  }
  return { main: main / 1e6, all: all / 1e6 };
}

const FIRST_NAMES = [
  'Maria',
  'James',
  'Aisha',
  'Chen',
  'Olga',
  'Pedro',
  'Yuki',
  'Noah',
  'Fatima',
  'Liam',
];
const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Okafor',
  'Wang',
  'Ivanova',
  'Silva',
  'Tanaka',
  'Muller',
  'Khan',
  'Brown',
];

/** USERS app users with names like "Maria Garcia 0123", registered and active over a year, some searches. */
export async function seedBenchUsers(db: pg.Client, count: number) {
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO users (name, email, password_hash, role, created_at, last_active_at)
     SELECT ($2::text[])[1 + g % 10] || ' ' || ($3::text[])[1 + (g / 10) % 10] || ' ' || lpad(g::text, 4, '0'),
            'bench.user' || lpad(g::text, 5, '0') || '@example.com',
            'scrypt$none', 'user',
            now() - make_interval(days => 30 + g % 365),
            CASE WHEN g % 7 = 0 THEN NULL ELSE now() - make_interval(mins => g % 20000) END
       FROM generate_series(1, $1::int) AS g`,
    [count, FIRST_NAMES, LAST_NAMES],
  );
  await db.query(
    `INSERT INTO search_history (user_id, medication_id, drug_name, searched_at)
     SELECT u.id, m.id, m.name, now() - make_interval(mins => (u.id * 37 + s) % 40000)
       FROM users u
       CROSS JOIN generate_series(1, 3) AS s
       JOIN LATERAL (SELECT id, name FROM medications ORDER BY (id + u.id + s) % 40, id LIMIT 1) m ON true
      WHERE u.email LIKE 'bench.user%'`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
}

function buildConsole(): { dir: string; temporary: boolean } {
  if (process.env.BENCH_STATIC_DIR)
    return { dir: resolve(process.env.BENCH_STATIC_DIR), temporary: false };
  const dir = mkdtempSync(join(tmpdir(), 'medref-bench-console-'));
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0 || !existsSync(join(dir, 'index.html')))
    throw new Error('vite build failed');
  return { dir, temporary: true };
}

async function signIn(baseUrl: string) {
  const admin = await registerAdmin(baseUrl, 'Bench Admin');
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${await response.text()}`);
  return (await response.json()) as { token: string; user: unknown };
}

/** Opens the Users screen signed in, with an Event Timing observer installed before any script. */
async function openUsers(
  browser: Browser,
  baseUrl: string,
  session: { token: string; user: unknown },
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript(
    ({ token, user }) => {
      window.localStorage.setItem('auth_token', token);
      window.localStorage.setItem('user', JSON.stringify(user));
      const w = window as unknown as {
        __events: { name: string; start: number; duration: number }[];
      };
      w.__events = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          w.__events.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
        }
      }).observe({
        type: 'event',
        durationThreshold: 16,
        buffered: true,
      } as PerformanceObserverInit);
    },
    { token: session.token, user: session.user },
  );
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(USERS_PATH);
  await page.locator('.MuiDataGrid-row').first().waitFor({ timeout: 60_000 });
  return { page, loadMs: Date.now() - started, close: () => context.close() };
}

interface KeyFigures {
  /** Event Timing: the key's slowest event, input delay to the next paint. */
  event: number;
  /** Renderer main-thread CPU in the first TYPING_WINDOW_MS after the key (before the search is sent). */
  typingCpu: number;
  /** keydown → the first frame showing the results for what has been typed. */
  results: number;
  /** Renderer main-thread CPU from the key to its results. */
  resultsCpu: number;
}

/** Less than the screen's pause before searching (250 ms), so the search's own work is not in it. */
const TYPING_WINDOW_MS = 200;

/**
 * Each key of `query`, one at a time, each waiting for its results: a GET /users with the typed
 * words has answered (server mode; BENCH_CLIENT_MODE=1 for a console that filters in the
 * browser), the grid shows no progress, and every row shown matches every word.
 */
async function keystrokes(page: Page, query: string): Promise<KeyFigures[]> {
  const search = page.getByLabel('Search by name or email');
  await search.click();
  await search.fill('');
  await page.waitForTimeout(600);
  const figures: KeyFigures[] = [];
  for (let i = 0; i < query.length; i++) {
    const typed = query.slice(0, i + 1).trim();
    await page.evaluate(() => {
      const w = window as unknown as { __keyAt?: number; __events: unknown[] };
      w.__keyAt = undefined;
      w.__events = [];
      performance.clearResourceTimings();
      window.addEventListener('keydown', () => (w.__keyAt = performance.now()), {
        once: true,
        capture: true,
      });
    });
    const before = rendererCpuMs();
    await page.keyboard.press(query[i] === ' ' ? 'Space' : query[i]);
    await page.waitForTimeout(TYPING_WINDOW_MS);
    const typingCpu = rendererCpuMs().main - before.main;
    const elapsed = await page
      .waitForFunction(
        ({
          text,
          clientMode,
          unchanged,
        }: {
          text: string;
          clientMode: boolean;
          unchanged: boolean;
        }) => {
          const w = window as unknown as { __keyAt?: number };
          if (w.__keyAt === undefined) return false;
          const words = text.toLowerCase().split(/\s+/).filter(Boolean);
          if (!clientMode) {
            // The answer for exactly these words.
            const answered = performance
              .getEntriesByType('resource')
              .some(
                (e) =>
                  e.name.includes('/api/v1/users') &&
                  (new URL(e.name).searchParams.get('q') ?? '') === text,
              );
            if (!answered && !unchanged) return false;
          }
          const grid = document.querySelector('.MuiDataGrid-root');
          if (!grid || grid.querySelector('[role="progressbar"]')) return false;
          const rows = Array.from(grid.querySelectorAll('.MuiDataGrid-row'));
          const empty = grid.textContent?.includes('No users found');
          const matches =
            (rows.length > 0 &&
              rows.every((row) => {
                const shown = `${row.querySelector('[data-field="name"]')?.textContent ?? ''} ${
                  row.querySelector('[data-field="email"]')?.textContent ?? ''
                }`.toLowerCase();
                return words.every((word) => shown.includes(word));
              })) ||
            (rows.length === 0 && Boolean(empty));
          if (!matches) return false;
          return performance.now() - w.__keyAt;
        },
        // A trailing space searches for the same words: nothing new is asked.
        { text: typed, clientMode: CLIENT_MODE, unchanged: typed === query.slice(0, i).trim() },
        { polling: 'raf', timeout: 30_000 },
      )
      .catch(async (error: unknown) => {
        const shown = await page.evaluate(() =>
          (document.querySelector('.MuiDataGrid-main')?.textContent ?? '').slice(0, 300),
        );
        throw new Error(`no results frame for ${JSON.stringify(typed)}; shown: ${shown}`, {
          cause: error,
        });
      });
    const results = Number(await elapsed.jsonValue());
    const resultsCpu = rendererCpuMs().main - before.main;
    // Event Timing entries arrive after the paint; give the observer a moment.
    await page.waitForTimeout(120);
    const event = await page.evaluate(() => {
      const w = window as unknown as { __events: { name: string; duration: number }[] };
      return Math.max(
        0,
        ...w.__events.filter((e) => /key|input/.test(e.name)).map((e) => e.duration),
      );
    });
    figures.push({ event, typingCpu, results, resultsCpu });
  }
  return figures;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'medref-bench-users-'));
  chmodSync(work, 0o755); // the postgres user must be able to enter it
  let database: EmbeddedDatabase | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let built: { dir: string; temporary: boolean } | undefined;
  try {
    built = buildConsole();
    database = await startEmbeddedDatabase(join(work, 'data'));
    server = await startServer({
      DATABASE_URL: database.url,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      STATIC_DIR: built.dir,
    });
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const seedStarted = performance.now();
    await seedBenchUsers(db, USERS);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    console.log(
      `seeded ${USERS} users in ${round(performance.now() - seedStarted)} ms (${rows[0].n} in all)`,
    );
    await db.end();

    const session = await signIn(server.baseUrl);
    // The API alone: what one search, sort or page change costs the server.
    const api: { measure: string; 'median ms': number; 'max ms': number; KB: number }[] = [];
    for (const query of API_QUERIES) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < API_RUNS; i++) {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}/api/v1/users${query}`, {
          headers: { authorization: `Bearer ${session.token}` },
        });
        bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`GET /users${query} answered ${response.status}`);
        times.push(performance.now() - started);
      }
      api.push({
        measure: `GET /users${query}`,
        'median ms': round(median(times)),
        'max ms': round(Math.max(...times)),
        KB: round(bytes / 1024),
      });
    }
    console.table(api);

    browser = await launchBrowser();
    const figures: KeyFigures[] = [];
    const loads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const visit = await openUsers(browser, server.baseUrl, session);
      loads.push(visit.loadMs);
      for (const query of QUERIES) figures.push(...(await keystrokes(visit.page, query)));
      await visit.close();
    }
    const row = (measure: string, values: number[], target: boolean) => ({
      measure,
      median: round(median(values)),
      p95: round(percentile(values, 95)),
      max: round(Math.max(...values)),
      'under 150 ms': target
        ? percentile(values, 95) < KEYSTROKE_TARGET_MS
          ? 'yes (p95)'
          : 'NO (p95)'
        : '',
    });
    console.log(
      CLIENT_MODE ? 'console: filters in the browser' : 'console: searches on the server',
    );
    console.table([
      row('navigation → first rows (ms)', loads, false),
      row(
        'key: Event Timing, input → next paint (ms)',
        figures.map((f) => f.event),
        true,
      ),
      row(
        `key: renderer main-thread CPU, first ${TYPING_WINDOW_MS} ms (ms)`,
        figures.map((f) => f.typingCpu),
        true,
      ),
      row(
        'key → its results painted (ms)',
        figures.map((f) => f.results),
        !CLIENT_MODE ? false : true,
      ),
      row(
        'key → results: renderer main-thread CPU (ms)',
        figures.map((f) => f.resultsCpu),
        true,
      ),
    ]);
    console.log(
      `${figures.length} keys over ${RUNS} runs; users: ${rows[0].n}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    const eventP95 = percentile(
      figures.map((f) => f.event),
      95,
    );
    const typingCpuP95 = percentile(
      figures.map((f) => f.typingCpu),
      95,
    );
    const resultsCpuP95 = percentile(
      figures.map((f) => f.resultsCpu),
      95,
    );
    const met =
      eventP95 < KEYSTROKE_TARGET_MS &&
      typingCpuP95 < KEYSTROKE_TARGET_MS &&
      resultsCpuP95 < KEYSTROKE_TARGET_MS;
    console.log(met ? 'targets met' : 'TARGETS NOT MET');
    reportSummary('users', [
      {
        measure: `search keystroke → next paint (${rows[0].n} users, p95)`,
        value: `${round(eventP95)} ms`,
        target: `< ${KEYSTROKE_TARGET_MS} ms`,
        met: eventP95 < KEYSTROKE_TARGET_MS,
      },
      {
        measure: 'search keystroke → results, main-thread CPU (p95)',
        value: `${round(resultsCpuP95)} ms`,
        target: `< ${KEYSTROKE_TARGET_MS} ms`,
        met: resultsCpuP95 < KEYSTROKE_TARGET_MS && typingCpuP95 < KEYSTROKE_TARGET_MS,
      },
      {
        measure: 'GET /users search, sort, page 400 (slowest median)',
        value: `${Math.max(...api.map((a) => a['median ms']))} ms`,
        target: '',
        met: null,
      },
    ]);
    process.exitCode = met ? 0 : 1;
  } finally {
    await browser?.close();
    await server?.stop();
    await database?.stop();
    rmSync(work, { recursive: true, force: true });
    if (built?.temporary) rmSync(built.dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve('bench/users-grid.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
