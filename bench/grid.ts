/// <reference lib="dom" />
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * `npm run bench:grid` (`node --import tsx bench/grid.ts`): the real server on its own
 * embedded PostgreSQL with the demo data plus BENCH_MEDICATIONS (default 10,000) generated
 * medications, each with three dosages, two condition contraindications and a lifestyle
 * contraindication, inserted with set-based SQL. Then:
 *  - GET /medication: time and size, with the server's list cache cold (rebuilt from SQL) and warm;
 *  - the Medications list in headless Chromium, a fresh browser context each run (so the console's
 *    code is fetched too): navigation start to the first grid row in the DOM, and each search
 *    keystroke to the frame showing the filtered row count.
 * Figures are medians over BENCH_RUNS runs (default 5). BENCH_API_ONLY=1 skips the browser;
 * BENCH_VERBOSE=1 prints each visit's resource timeline. Targets: < 1.5 s to first rows including
 * the fetch, < 150 ms per keystroke. Exits 1 when a target is missed.
 */
const MEDICATIONS = Number(process.env.BENCH_MEDICATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIRST_ROWS_TARGET_MS = 1500;
const KEYSTROKE_TARGET_MS = 150;
const LIST_PATH = '/dashboard/drugs/medications';
/** What is typed in the search box, one key at a time (most prefixes match fewer rows). */
const QUERIES = ['09876', 'warf'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (value: number) => Math.round(value);

/** `count` medications with their dosages and contraindications in a handful of set-based statements. */
async function seedBenchMedications(db: pg.Client, count: number) {
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage,
                              avg_weight_dosage_unit, pregnancy_category)
     SELECT 'Bench ' || lpad(g::text, 5, '0'),
            (SELECT array_agg(id ORDER BY id) FROM conditions)[1 + g % (SELECT count(*) FROM conditions)::int],
            g % 2 = 0,
            CASE WHEN g % 2 = 0 THEN 5 + g % 20 END,
            'mg',
            (ARRAY['A', 'B', 'C', 'D', 'X', NULL])[1 + g % 6]
       FROM generate_series(1, $1::int) AS g`,
    [count],
  );
  // Weight-based medications get a dosage for each of (up to) three weight categories; age-based
  // ones for each of (up to) three age categories.
  await db.query(
    `INSERT INTO weight_category_dosages (medication_id, weight_category_id, min_dosage, max_dosage,
       dosage_unit, min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
     SELECT m.id, c.id, 100, 250, 'mg', 1, 3, 'hours', 3, 7, 'days'
       FROM medications m
       CROSS JOIN (SELECT id FROM weight_categories ORDER BY id LIMIT 3) c
      WHERE m.name LIKE 'Bench %' AND m.is_dosage_weight_based`,
  );
  await db.query(
    `INSERT INTO age_category_dosages (medication_id, age_category_id, min_dosage, max_dosage,
       dosage_unit, min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
     SELECT m.id, c.id, 5, 10, 'ml', 6, 8, 'hours', 5, 10, 'days'
       FROM medications m
       CROSS JOIN (SELECT id FROM age_categories ORDER BY id LIMIT 3) c
      WHERE m.name LIKE 'Bench %' AND NOT m.is_dosage_weight_based`,
  );
  // Two contraindicated conditions each (never the medication's own condition).
  await db.query(
    `INSERT INTO medication_contraindications (medication_id, condition_id)
     SELECT m.id, c.id
       FROM medications m
       CROSS JOIN LATERAL (SELECT id FROM conditions WHERE id <> m.condition_id
                            ORDER BY (id + m.id) % 7, id LIMIT 2) c
      WHERE m.name LIKE 'Bench %'`,
  );
  await db.query(
    `INSERT INTO lifestyle_contraindications (medication_id, lifestyle_id)
     SELECT m.id, (SELECT array_agg(id ORDER BY id) FROM lifestyles)[1 + m.id % (SELECT count(*) FROM lifestyles)::int]
       FROM medications m
      WHERE m.name LIKE 'Bench %'`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
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

async function timeList(baseUrl: string, token: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/medication`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /medication answered ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

/** Navigation start to the first grid row in the DOM, measured inside the page. */
async function firstRows(
  browser: Browser,
  baseUrl: string,
  session: { token: string; user: unknown },
) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  // A plain script (not a function): tsx would wrap named functions in a helper the page lacks.
  await context.addInitScript(`
    localStorage.setItem('auth_token', ${JSON.stringify(session.token)});
    localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});
    new MutationObserver(function (_records, observer) {
      if (window.__firstRowsAt === undefined && document.querySelector('.MuiDataGrid-row')) {
        window.__firstRowsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(LIST_PATH);
  await page
    .waitForFunction(
      () => (window as unknown as { __firstRowsAt?: number }).__firstRowsAt !== undefined,
      undefined,
      { timeout: 60_000 },
    )
    .catch(async (error: unknown) => {
      const text = await page.locator('body').innerText();
      const entries = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/'))
          .map((entry) => `${entry.name} ${Math.round(entry.duration)} ms`),
      );
      throw new Error(
        `no rows at ${page.url()}: ${text.slice(-300)}\n${entries.join('\n')}\n${problems.join('\n')}`,
        { cause: error },
      );
    });
  const timing = await page.evaluate(() => {
    const w = window as unknown as { __firstRowsAt: number };
    const fetchEntry = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === '/api/v1/medication') as
      PerformanceResourceTiming | undefined;
    const timeline = performance
      .getEntriesByType('resource')
      .map(
        (entry) =>
          `${Math.round(entry.startTime)}-${Math.round((entry as PerformanceResourceTiming).responseEnd)} ms ${entry.name.replace(location.origin, '')}`,
      );
    return {
      timeline,
      firstRows: w.__firstRowsAt,
      fetch: fetchEntry ? fetchEntry.responseEnd - fetchEntry.startTime : NaN,
    };
  });
  return { page, close: () => context.close(), ...timing };
}

/** How many of `names` the grid's quick search keeps for `typed` (each word on its own, any case). */
function expectedCount(names: readonly string[], typed: string): number {
  const words = typed.toLowerCase().split(' ').filter(Boolean);
  return names.filter((name) => words.every((word) => name.toLowerCase().includes(word))).length;
}

/**
 * Each keystroke: from keydown to the first frame whose grid footer ('1–25 of N') shows the number
 * of rows the typed text matches. Only keystrokes that change that number are timed (otherwise
 * there is nothing to wait for); the search is cleared between queries.
 */
async function keystrokes(page: Page, names: readonly string[]) {
  const search = page.getByRole('searchbox', { name: /search/i });
  const times: number[] = [];
  const footerCount = async (expected: number) =>
    page.waitForFunction(
      (count) => {
        const w = window as unknown as { __keyAt?: number };
        const footer =
          document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
        const shown = Number((footer.split(' ').pop() ?? '').replace(/\D/g, ''));
        return shown === count ? performance.now() - (w.__keyAt ?? 0) : false;
      },
      expected,
      { polling: 'raf', timeout: 30_000 },
    );
  for (const query of QUERIES) {
    await search.fill('');
    await footerCount(names.length);
    await search.click();
    let before = names.length;
    for (let i = 0; i < query.length; i++) {
      const typed = query.slice(0, i + 1);
      const expected = expectedCount(names, typed);
      await page.evaluate(() => {
        const w = window as unknown as { __keyAt?: number };
        window.addEventListener('keydown', () => (w.__keyAt = performance.now()), {
          once: true,
          capture: true,
        });
      });
      await page.keyboard.press(query[i] === ' ' ? 'Space' : query[i]);
      const elapsed = await footerCount(expected);
      if (expected !== before) times.push(Number(await elapsed.jsonValue()));
      before = expected;
    }
  }
  await search.fill('');
  return times;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'medref-bench-grid-'));
  chmodSync(work, 0o755); // the postgres user must be able to enter it
  let database: EmbeddedDatabase | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let db: pg.Client | undefined;
  try {
    database = await startEmbeddedDatabase(join(work, 'data'));
    server = await startServer({ DATABASE_URL: database.url, SEED: 'demo', LOG_LEVEL: 'warn' });
    db = new pg.Client({ connectionString: database.url });
    db.on('error', () => undefined); // the database stops at the end, maybe before this client
    await db.connect();
    const seedStarted = performance.now();
    await seedBenchMedications(db, MEDICATIONS);
    const seeded = performance.now() - seedStarted;
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM medications');
    console.log(`seeded ${MEDICATIONS} medications in ${round(seeded)} ms (${rows[0].n} in all)`);

    const session = await signIn(server.baseUrl);
    const listed = await fetch(`${server.baseUrl}/api/v1/medication`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const names = ((await listed.json()) as { data: { name: string }[] }).data.map((m) => m.name);

    // GET /medication with the list cache cold (every run after a version bump) and warm.
    const cold: number[] = [];
    const warm: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      await db.query(
        "UPDATE table_versions SET version = version + 1 WHERE table_name = 'medications'",
      );
      const first = await timeList(server.baseUrl, session.token);
      cold.push(first.ms);
      bytes = first.bytes;
      warm.push((await timeList(server.baseUrl, session.token)).ms);
    }

    if (process.env.BENCH_API_ONLY) {
      console.log(
        `GET /medication: ${(bytes / 1e6).toFixed(1)} MB, cold median ${round(median(cold))} ms ` +
          `(${cold.map(round).join(', ')}), warm median ${round(median(warm))} ms (${warm.map(round).join(', ')})`,
      );
      return;
    }
    browser = await launchBrowser();
    const navigation: number[] = [];
    const fetchTimes: number[] = [];
    const keys: number[] = [];
    // One run with the server's list cache cold too (the first visit after a change).
    await db.query(
      "UPDATE table_versions SET version = version + 1 WHERE table_name = 'medications'",
    );
    const coldVisit = await firstRows(browser, server.baseUrl, session);
    await coldVisit.close();
    for (let i = 0; i < RUNS; i++) {
      const visit = await firstRows(browser, server.baseUrl, session);
      navigation.push(visit.firstRows);
      if (process.env.BENCH_VERBOSE) {
        console.log(
          `first rows at ${Math.round(visit.firstRows)} ms:\n  ${visit.timeline.join('\n  ')}`,
        );
      }
      fetchTimes.push(visit.fetch);
      keys.push(...(await keystrokes(visit.page, names)));
      await visit.close();
    }

    const table = [
      {
        measure: 'GET /medication, list cache cold',
        'median ms': round(median(cold)),
        target: '',
      },
      { measure: 'GET /medication, list cache warm', 'median ms': round(median(warm)), target: '' },
      {
        measure: 'navigation → first rows (fresh browser context)',
        'median ms': round(median(navigation)),
        target: `< ${FIRST_ROWS_TARGET_MS}`,
      },
      {
        measure: '  of which the GET /medication fetch',
        'median ms': round(median(fetchTimes)),
        target: '',
      },
      {
        measure: 'navigation → first rows, server cache cold (1 run)',
        'median ms': round(coldVisit.firstRows),
        target: `< ${FIRST_ROWS_TARGET_MS}`,
      },
      {
        measure: `keystroke → filtered rows (${keys.length} keys)`,
        'median ms': round(median(keys)),
        target: `< ${KEYSTROKE_TARGET_MS}`,
      },
      { measure: '  slowest keystroke', 'median ms': round(Math.max(...keys)), target: '' },
    ];
    console.log(
      `\nGrid benchmark: ${rows[0].n} medications, GET /medication ${(bytes / 1e6).toFixed(1)} MB, ` +
        `${RUNS} runs, ${new Date().toISOString()}`,
    );
    console.table(table);
    const met = median(navigation) < FIRST_ROWS_TARGET_MS && median(keys) < KEYSTROKE_TARGET_MS;
    console.log(met ? 'targets met' : 'TARGETS NOT MET');
    reportSummary('grid', [
      {
        measure: `navigation → first medication rows (${rows[0].n} medications, median)`,
        value: `${round(median(navigation))} ms`,
        target: `< ${FIRST_ROWS_TARGET_MS} ms`,
        met: median(navigation) < FIRST_ROWS_TARGET_MS,
      },
      {
        measure: 'search keystroke → filtered rows (median)',
        value: `${round(median(keys))} ms`,
        target: `< ${KEYSTROKE_TARGET_MS} ms`,
        met: median(keys) < KEYSTROKE_TARGET_MS,
      },
    ]);
    process.exitCode = met ? 0 : 1;
  } finally {
    await db?.end().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
