import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/harness';
import { reportSummary, type SummaryRow } from '../summary';
import { startScaleServer, type ScaleServer } from './setup';

/**
 * `npm run bench:scale`, the console side: headless Chromium against the server holding
 * 1,000,000 interactions, 100,000 medications and 10,000 conditions (bench/scale/setup.ts). For
 * the Interactions, Medications and Conditions screens, the median of RUNS fresh visits of:
 * - navigation to the first grid row in the DOM (target < 1 s);
 * - a search keystroke to the grid's footer counting the server's matches for the typed text;
 * - a sort change (a column header clicked) and a page change (next page) to the new rows;
 * - on Interactions, a keystroke in the Add Interaction form's medication picker to its
 *   suggestions (targets < 300 ms each);
 * - the page's JS heap after those, garbage collected (target < 150 MB).
 * Run on its own with `node --import tsx bench/scale/browser.ts`, or from bench/scale.ts with
 * `measureConsole(server)` once the data is loaded.
 */
const RUNS = Number(process.env.SCALE_RUNS ?? 5);
const FIRST_ROWS_TARGET_MS = 1000;
const INTERACTION_TARGET_MS = 300;
const HEAP_TARGET_MB = 150;
/** How long one step may take before it counts as failed. */
const STEP_TIMEOUT_MS = 60_000;

interface Screen {
  name: string;
  path: string;
  /** The list's API path, to count the matches a search should show. */
  api: string;
  /** Typed into the search box, all but the last letter first. */
  search: string;
  /** The header clicked to change the sort. */
  sortHeader: string;
  /** Typed into a picker of the Add button's form (its label), all but the last letter first. */
  picker?: { add: string; label: RegExp; text: string };
}

const SCREENS: Screen[] = [
  {
    name: 'Interactions',
    path: '/dashboard/drugs/interactions',
    api: '/drug-interaction',
    search: 'amoxi',
    sortHeader: 'Severity',
    picker: { add: 'Add Interaction', label: /^Medication/, text: 'ibuzo' },
  },
  {
    name: 'Medications',
    path: '/dashboard/drugs/medications',
    api: '/medication',
    search: 'amoxi',
    sortHeader: 'Name',
  },
  {
    name: 'Conditions',
    path: '/dashboard/drugs/conditions',
    api: '/condition',
    search: 'migraine',
    sortHeader: 'Description',
  },
];

interface Session {
  token: string;
  user: unknown;
}

type Figures = Record<'firstRows' | 'search' | 'sort' | 'page' | 'picker' | 'heap', number[]>;

function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** How many records of `api` match `q` on the server (what the grid's footer should count). */
async function matches(server: ScaleServer, api: string, q: string): Promise<number> {
  const response = await fetch(
    `${server.baseUrl}/api/v1${api}?q=${encodeURIComponent(q)}&page_size=1`,
    { headers: { authorization: `Bearer ${server.token}` } },
  );
  if (!response.ok) throw new Error(`${api}?q=${q}: ${response.status}`);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

/** What a step waits for in the page. */
type Check =
  /**
   * The grid's footer counts `total` matches and no progress bar shows; with `q`, only once the
   * list request searching `q` has been answered (the count may not change with the keystroke).
   */
  | { kind: 'footer'; total: number; q?: string }
  /** The first row differs from `before` and no progress bar shows. */
  | { kind: 'first-row-changed'; before: string }
  /** A picker's suggestions show and it has stopped searching. */
  | { kind: 'suggestions' };

/**
 * Waits for `check`; answers the milliseconds since the keydown or click that {@link timeUntil}
 * armed (NaN when none was armed). The checks run as a function, never as a string: the console's
 * Content-Security-Policy forbids evaluating strings.
 */
async function waitFor(page: Page, check: Check): Promise<number> {
  const handle = await page.waitForFunction(
    (wanted) => {
      const busy = document.querySelector('.MuiDataGrid-main .MuiLinearProgress-root');
      let ok: boolean;
      if (wanted.kind === 'footer') {
        const footer =
          document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
        const asked =
          wanted.q === undefined ||
          performance
            .getEntriesByType('resource')
            .some((entry) => new URL(entry.name).searchParams.get('q') === wanted.q);
        ok =
          Number((footer.split(' ').pop() ?? '').replace(/\D/g, '')) === wanted.total &&
          !busy &&
          asked;
      } else if (wanted.kind === 'first-row-changed') {
        const row = document.querySelector('.MuiDataGrid-row');
        ok = !!row && row.textContent !== wanted.before && !busy;
      } else {
        ok =
          document.querySelectorAll('[role="listbox"] [role="option"]').length > 0 &&
          !document.querySelector('.MuiAutocomplete-loading');
      }
      const at = (window as unknown as { __startedAt?: number }).__startedAt;
      return ok ? (at === undefined ? -1 : performance.now() - at) : false;
    },
    check,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
  const elapsed = Number(await handle.jsonValue());
  return elapsed < 0 ? NaN : elapsed;
}

/** Milliseconds from the next keydown (or click) during `act` until `check` holds. */
async function timeUntil(
  page: Page,
  act: () => Promise<void>,
  check: Check,
  event: 'keydown' | 'click' = 'keydown',
): Promise<number> {
  await page.evaluate((type) => {
    const w = window as unknown as { __startedAt?: number };
    w.__startedAt = undefined;
    window.addEventListener(type, () => (w.__startedAt = performance.now()), {
      once: true,
      capture: true,
    });
  }, event);
  await act();
  const elapsed = await waitFor(page, check);
  await page.evaluate(() => {
    (window as unknown as { __startedAt?: number }).__startedAt = undefined;
  });
  return elapsed;
}

async function visit(browser: Browser, server: ScaleServer, session: Session, screen: Screen) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
  });
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
  const figures: Partial<Record<keyof Figures, number>> = {};
  try {
    await page.goto(screen.path);
    await page.waitForFunction(
      () => (window as unknown as { __firstRowsAt?: number }).__firstRowsAt !== undefined,
      undefined,
      { timeout: STEP_TIMEOUT_MS },
    );
    figures.firstRows = await page.evaluate(
      () => (window as unknown as { __firstRowsAt: number }).__firstRowsAt,
    );
    const everything = await page
      .locator('.MuiTablePagination-displayedRows')
      .innerText()
      .then((text) => Number((text.split(' ').pop() ?? '').replace(/\D/g, '')));
    await waitFor(page, { kind: 'footer', total: everything });

    // Search: all but the last letter, settled; then the last keystroke, timed.
    const search = page.getByRole('searchbox').first();
    const prefix = screen.search.slice(0, -1);
    await search.fill(prefix);
    await waitFor(page, { kind: 'footer', total: await matches(server, screen.api, prefix) });
    const expected = await matches(server, screen.api, screen.search);
    figures.search = await timeUntil(page, () => search.press(screen.search.at(-1) ?? 'a'), {
      kind: 'footer',
      total: expected,
    });
    await search.fill('');
    await waitFor(page, { kind: 'footer', total: everything });

    // Sort: a header clicked; page: the next page.
    const firstRow = async () =>
      (await page.locator('.MuiDataGrid-row').first().textContent()) ?? '';
    let before = await firstRow();
    figures.sort = await timeUntil(
      page,
      () => page.getByRole('columnheader', { name: screen.sortHeader }).click(),
      { kind: 'first-row-changed', before },
      'click',
    );
    before = await firstRow();
    figures.page = await timeUntil(
      page,
      () => page.getByRole('button', { name: 'Go to next page' }).click(),
      { kind: 'first-row-changed', before },
      'click',
    );

    if (screen.picker) {
      const { add, label, text } = screen.picker;
      await page.getByRole('button', { name: add, exact: true }).click();
      const input = page.getByRole('dialog', { name: add }).getByRole('combobox', { name: label });
      await input.fill(text.slice(0, -1));
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      figures.picker = await timeUntil(page, () => input.press(text.at(-1) ?? 'a'), {
        kind: 'suggestions',
      });
      await page.keyboard.press('Escape');
    }

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN;
    figures.heap = heap / 1024 / 1024;
  } catch (error) {
    console.error(
      `${screen.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
    );
  } finally {
    await context.close();
  }
  return figures;
}

/** The console's figures on the loaded server, printed and returned as summary rows. */
export async function measureConsole(server: ScaleServer): Promise<SummaryRow[]> {
  const me = await fetch(`${server.baseUrl}/api/v1/auth/me`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  const session: Session = {
    token: server.token,
    user: ((await me.json()) as { data: unknown }).data,
  };
  const browser = await launchBrowser();
  const rows: SummaryRow[] = [];
  try {
    // SCALE_SCREENS=Interactions,Conditions measures only those.
    const only = process.env.SCALE_SCREENS?.split(',');
    for (const screen of SCREENS.filter((one) => !only || only.includes(one.name))) {
      const figures: Figures = {
        firstRows: [],
        search: [],
        sort: [],
        page: [],
        picker: [],
        heap: [],
      };
      // One visit first, unmeasured: the server's and PostgreSQL's caches warm up.
      await visit(browser, server, session, screen);
      for (let run = 0; run < RUNS; run++) {
        const one = await visit(browser, server, session, screen);
        for (const key of Object.keys(figures) as (keyof Figures)[]) {
          const value = one[key];
          if (value !== undefined && Number.isFinite(value)) figures[key].push(value);
        }
      }
      const row = (measure: string, values: number[], target: number, unit = 'ms') => {
        const value = median(values);
        const complete = values.length === RUNS;
        rows.push({
          measure: `${screen.name}: ${measure} (median of ${values.length}/${RUNS})`,
          value: Number.isFinite(value) ? `${Math.round(value)} ${unit}` : 'failed',
          target: `< ${target} ${unit}`,
          met: complete && value < target,
        });
      };
      row('navigation → first rows', figures.firstRows, FIRST_ROWS_TARGET_MS);
      row('search keystroke → filtered rows', figures.search, INTERACTION_TARGET_MS);
      row('sort change → rows', figures.sort, INTERACTION_TARGET_MS);
      row('page change → rows', figures.page, INTERACTION_TARGET_MS);
      if (screen.picker) {
        row('picker keystroke → suggestions', figures.picker, INTERACTION_TARGET_MS);
      }
      row('page JS heap', figures.heap, HEAP_TARGET_MB, 'MB');
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function main() {
  console.log('Starting the server and loading the data (a few minutes)...');
  const server = await startScaleServer();
  let failed: boolean;
  try {
    console.log(`Loaded in ${server.loadSeconds.toFixed(0)} s.`);
    const rows = await measureConsole(server);
    console.table(rows);
    reportSummary('scale-console', rows);
    failed = rows.some((row) => !row.met);
  } finally {
    await server.stop();
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
