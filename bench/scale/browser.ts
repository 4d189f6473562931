import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/harness';
import type { SummaryRow } from '../summary';
import type { ScaleServer } from './setup';

/**
 * `npm run bench:scale`, the console side: headless Chromium against the built console on the
 * server holding 1,000,000 interactions, 100,000 medications and 10,000 conditions
 * (bench/scale/setup.ts). For the Interactions, Medications, Conditions and Data quality screens
 * (the last with the report's 283,342 findings over that data), the median of RUNS visits (SCALE_RUNS, default 5; one unmeasured visit first warms the server) of:
 *
 * - navigation to first rows: a full page load of the screen's address in a new browser context
 *   (an empty HTTP cache, so the console's code is fetched and compiled too) with a signed-in
 *   session stored, as when a signed-in user opens a bookmark or a link in a new profile; from
 *   the navigation's start (performance.timeOrigin) to the first frame that shows the rows of the
 *   server's answer. The same load again in that context (cached code, as on a reload or a second
 *   visit) is printed beside it, without a target;
 * - search keystroke to filtered rows: all but the last letter typed and settled, then the last
 *   letter; from that keydown (its event time, so time it waits for a busy main thread counts)
 *   to the first frame showing the rows and count of the server's answer to the list request
 *   searching the whole text, sent after the keydown, with no progress bar (the grid asks the
 *   server on every keystroke, without waiting for typing to pause);
 * - sort change (a column header clicked) and page change (next page): from the click to the
 *   frame showing the answer to the list request sent after it with that sort or page;
 * - picker keystroke to suggestions: in the Add button's dialog (Add Interaction's medication
 *   picker; Add Medication's condition picker), the same as the search: from the last letter's
 *   keydown to the frame listing the server's answer to that text, not searching any more. The
 *   Conditions screen's form has no picker: the condition picker is measured on Medications, and
 *   the Data quality screen has no form;
 * - the page's JS heap after those steps, garbage collected.
 *
 * Beside them, without a target, this machine's floor under any screen's first rows: the sign-in
 * form's page load (signInFloor).
 *
 * Targets: first rows < 1 s, each interaction < 300 ms, heap < 150 MB. Answers are told apart by
 * the requests the page itself sent (its fetch is observed), and a step counts only once the
 * grid's rows (their ids, in order) or the picker's options are exactly that answer's.
 *
 * Part of `npm run bench:scale` (bench/scale.ts, which loads the data and builds the console);
 * `SCALE_ONLY=console SCALE_SCREENS=Interactions,Conditions npm run bench:scale` runs only these
 * screens' figures.
 */
const RUNS = Number(process.env.SCALE_RUNS ?? 5);
const FIRST_ROWS_TARGET_MS = 1000;
const INTERACTION_TARGET_MS = 300;
const HEAP_TARGET_MB = 150;
/** How long one step may take before it counts as failed. */
const STEP_TIMEOUT_MS = 20_000;

interface Screen {
  name: string;
  path: string;
  /** The list's API path (under /api/v1). */
  api: string;
  /** Typed into the search box, all but the last letter first (the last letter narrows it). */
  search: string;
  /** The header clicked to change the sort. */
  sortHeader: string;
  /** Typed into a picker of the Add button's dialog, all but the last letter first. */
  picker?: { add: string; label: RegExp; api: string; text: string };
}

const SCREENS: Screen[] = [
  {
    name: 'Interactions',
    path: '/dashboard/drugs/interactions',
    api: '/drug-interaction',
    search: 'amox',
    sortHeader: 'Severity',
    picker: { add: 'Add Interaction', label: /^Medication/, api: '/medication', text: 'ibuzo' },
  },
  {
    name: 'Medications',
    path: '/dashboard/drugs/medications',
    api: '/medication',
    search: 'amox',
    sortHeader: 'Name',
    picker: { add: 'Add Medication', label: /^Condition/, api: '/condition', text: 'asthma 12' },
  },
  {
    name: 'Conditions',
    path: '/dashboard/drugs/conditions',
    api: '/condition',
    search: 'asthma 12',
    sortHeader: 'Description',
  },
  {
    // Not among the three screens: its report over this data has about 283,000 findings.
    name: 'Data quality',
    path: '/dashboard/data-quality',
    api: '/data-quality',
    search: 'amox',
    sortHeader: 'Severity',
  },
];

interface Session {
  token: string;
  user: unknown;
}

const FIGURES = ['firstRows', 'reload', 'search', 'sort', 'page', 'picker', 'heap'] as const;
type Figure = (typeof FIGURES)[number];

function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * What a step waits for: the answer to a GET of `api` whose query has `params` (a null value: the
 * parameter absent) sent at or after `since` (performance.now() in the page), shown.
 */
interface Wanted {
  api: string;
  params: Record<string, string | null>;
  since: number;
  /** Where it shows: the grid's rows and footer, or a picker's options. */
  in: 'grid' | 'picker';
}

/**
 * Installed in every page before the console's code: records each JSON list answer the console
 * fetches (with when it was sent), and `__shown(wanted)`, a promise of the time of the first
 * animation frame in which the answer `wanted` describes is on screen. Written as a function that
 * is serialised, never evaluated from a string: the console's Content-Security-Policy forbids it.
 */
function instrument() {
  interface Answer {
    path: string;
    params: URLSearchParams;
    sentAt: number;
    /** The rows' ids as the grid's `data-id` shows them. */
    ids: string[];
    names: string[];
    total: number;
  }
  const answers: Answer[] = [];
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const sentAt = performance.now();
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await realFetch(input, init);
    const url = new URL(request.url);
    if (request.method === 'GET' && response.ok && url.pathname.startsWith('/api/v1/')) {
      // A copy of the answer, read beside the console's own reading of it.
      void response
        .clone()
        .json()
        .then((body: { data?: unknown; meta?: { total: number } }) => {
          if (!Array.isArray(body.data)) return;
          const rows = body.data as Record<string, unknown>[];
          answers.push({
            path: url.pathname.replace(/^\/api\/v1/, ''),
            params: url.searchParams,
            sentAt,
            // A data-quality finding has no id: the console makes one (toRows) of these fields.
            ids: rows.map((row) =>
              String(
                row.id ?? [row.kind, row.entity, row.entity_id, row.related_id ?? ''].join(':'),
              ),
            ),
            names: rows.map((row) => String(row.name ?? '')),
            total: body.meta?.total ?? rows.length,
          });
        })
        .catch(() => undefined);
    }
    return response;
  };

  const shownIn = (wanted: Wanted, answer: Answer): boolean => {
    if (wanted.in === 'picker') {
      const options = Array.from(document.querySelectorAll('[role="listbox"] [role="option"]'));
      return (
        !document.querySelector('.MuiAutocomplete-loading') &&
        options.length === answer.names.length &&
        options.every((option, i) => option.textContent?.startsWith(answer.names[i]))
      );
    }
    if (document.querySelector('.MuiDataGrid-main .MuiLinearProgress-root')) return false;
    const footer = document.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '';
    const count = Number((footer.split(' ').pop() ?? '').replace(/\D/g, ''));
    const ids = Array.from(document.querySelectorAll('.MuiDataGrid-row[data-id]'))
      .sort(
        (a, b) => Number(a.getAttribute('data-rowindex')) - Number(b.getAttribute('data-rowindex')),
      )
      .map((row) => row.getAttribute('data-id'));
    if (answer.ids.length === 0) return ids.length === 0 && count === 0;
    return (
      ids.length > 0 &&
      ids.every((id, i) => id === answer.ids[i]) &&
      (count === answer.total || footer === '')
    );
  };

  const matches = (wanted: Wanted, answer: Answer) =>
    answer.path === wanted.api &&
    answer.sentAt >= wanted.since &&
    Object.entries(wanted.params).every(([name, value]) => answer.params.get(name) === value);

  (window as unknown as { __shown: (wanted: Wanted) => Promise<number> }).__shown = (wanted) =>
    new Promise((resolve) => {
      const frame = () => {
        const answer = answers.filter((one) => matches(wanted, one)).pop();
        if (answer && shownIn(wanted, answer)) resolve(performance.now());
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
}

/** The time (performance.now() in the page) of the first frame showing `wanted`. */
async function shown(page: Page, wanted: Wanted): Promise<number> {
  return page.evaluate(
    ([one, timeout]) =>
      Promise.race([
        (window as unknown as { __shown: (wanted: Wanted) => Promise<number> }).__shown(one),
        new Promise<number>((_resolve, reject) =>
          setTimeout(() => reject(new Error(`not shown: ${JSON.stringify(one)}`)), timeout),
        ),
      ]),
    [wanted, STEP_TIMEOUT_MS] as const,
  );
}

/**
 * Milliseconds from the `event` (its time stamp) that `act` causes until `wanted` (sent at or
 * after that event) shows.
 */
async function timeUntil(
  page: Page,
  event: 'keydown' | 'click',
  act: () => Promise<void>,
  wanted: Omit<Wanted, 'since'>,
): Promise<number> {
  await page.evaluate((type) => {
    const w = window as unknown as { __eventAt?: Promise<number> };
    w.__eventAt = new Promise((resolve) =>
      window.addEventListener(type, (e) => resolve(e.timeStamp), { once: true, capture: true }),
    );
  }, event);
  await act();
  const since = await page.evaluate(
    () => (window as unknown as { __eventAt: Promise<number> }).__eventAt,
  );
  return (await shown(page, { ...wanted, since })) - since;
}

/** Loads `screen` in `page` and answers the milliseconds to its first rows. */
async function load(page: Page, screen: Screen): Promise<number> {
  await page.goto(screen.path, { waitUntil: 'commit' });
  return shown(page, { api: screen.api, params: {}, since: 0, in: 'grid' });
}

/** A new browser context (an empty cache), signed in with `session` when given. */
async function newContext(browser: Browser, server: ScaleServer, session?: Session) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
  });
  if (session) {
    await context.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token: session.token, user: session.user },
    );
  }
  // tsx compiles this file keeping function names, through a helper `__name` that the page lacks.
  await context.addInitScript('globalThis.__name = (target) => target;');
  await context.addInitScript(instrument);
  return context;
}

async function visit(
  browser: Browser,
  server: ScaleServer,
  session: Session,
  screen: Screen,
): Promise<Partial<Record<Figure, number>>> {
  const context: BrowserContext = await newContext(browser, server, session);
  const page = await context.newPage();
  const figures: Partial<Record<Figure, number>> = {};
  const grid = (params: Wanted['params']) => ({ api: screen.api, params, in: 'grid' as const });
  /** Runs one step; a failed one is reported and leaves its figure out, the next steps still run. */
  const step = async (figure: Figure, measure: () => Promise<number>) => {
    try {
      figures[figure] = await measure();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.error(`${screen.name}, ${figure}: ${message}`);
      return false;
    }
  };
  try {
    if (!(await step('firstRows', () => load(page, screen)))) return figures;

    // Search: all but the last letter, settled; then the last letter, timed.
    const search = page.getByRole('searchbox').first();
    await step('search', async () => {
      const prefix = screen.search.slice(0, -1);
      const typedAt = await page.evaluate(() => performance.now());
      await search.fill(prefix);
      await shown(page, { ...grid({ q: prefix }), since: typedAt });
      const elapsed = await timeUntil(
        page,
        'keydown',
        () => search.press(screen.search.at(-1) ?? 'a'),
        grid({ q: screen.search, page: '1' }),
      );
      // The unsearched first page again (from the console's cache: no new request).
      await search.fill('');
      await shown(page, { ...grid({ q: null, page: '1' }), since: 0 });
      return elapsed;
    });

    await step('sort', () =>
      timeUntil(
        page,
        'click',
        () => page.getByRole('columnheader', { name: screen.sortHeader }).click(),
        grid({ page: '1' }),
      ),
    );
    await step('page', () =>
      timeUntil(
        page,
        'click',
        () => page.getByRole('button', { name: 'Go to next page' }).click(),
        grid({ page: '2' }),
      ),
    );

    if (screen.picker) {
      const { add, label, api, text } = screen.picker;
      await step('picker', async () => {
        await page.getByRole('button', { name: add, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: add });
        const input = dialog.getByRole('combobox', { name: label });
        const openedAt = await page.evaluate(() => performance.now());
        await input.fill(text.slice(0, -1));
        await shown(page, { api, params: { q: text.slice(0, -1) }, since: openedAt, in: 'picker' });
        const elapsed = await timeUntil(page, 'keydown', () => input.press(text.at(-1) ?? 'a'), {
          api,
          params: { q: text },
          in: 'picker',
        });
        await page.keyboard.press('Escape');
        return elapsed;
      });
    }

    await step('heap', async () => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? NaN;
      return heap / 1024 / 1024;
    });

    // The same address again, its code now in the context's cache.
    await step('reload', async () => {
      const again = await context.newPage();
      await page.close();
      return load(again, screen);
    });
  } finally {
    await context.close();
  }
  return figures;
}

/**
 * This machine's floor under every screen's first rows, with no target of its own: the console's
 * lightest screen, the sign-in form, loaded as a screen is (empty cache, from the navigation's
 * start to the first frame showing it), with no session and no list. A screen loads the same code
 * first, then its own and its rows: when this is near the first rows' target, no screen can meet
 * it here.
 */
async function signInFloor(browser: Browser, server: ScaleServer): Promise<number> {
  const context = await newContext(browser, server);
  try {
    const page = await context.newPage();
    await page.goto('/login', { waitUntil: 'commit' });
    // Checked at every animation frame, as `shown` does: the time of the first showing it.
    const shownAt = await page.waitForFunction(
      () =>
        document.querySelector('button[type="submit"]')?.textContent?.includes('Sign in') &&
        performance.now(),
      undefined,
      { polling: 'raf', timeout: STEP_TIMEOUT_MS },
    );
    return Number(await shownAt.jsonValue());
  } finally {
    await context.close();
  }
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
    // One load first, unmeasured, as for the screens.
    await signInFloor(browser, server);
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) floor.push(await signInFloor(browser, server));
    console.log(`Sign-in form, page load: ${floor.map(Math.round).join(', ')} ms`);
    rows.push({
      measure: `floor: navigation → the sign-in form, page load, empty cache (median of ${RUNS})`,
      value: `${Math.round(median(floor))} ms`,
      target: '',
      met: null,
    });
    // SCALE_SCREENS=Interactions,Conditions measures only those.
    const only = process.env.SCALE_SCREENS?.split(',');
    for (const screen of SCREENS.filter((one) => !only || only.includes(one.name))) {
      const figures = Object.fromEntries(FIGURES.map((key) => [key, [] as number[]])) as Record<
        Figure,
        number[]
      >;
      // One visit first, unmeasured: the server's and PostgreSQL's caches warm up.
      await visit(browser, server, session, screen);
      for (let run = 0; run < RUNS; run++) {
        const one = await visit(browser, server, session, screen);
        for (const key of FIGURES) {
          const value = one[key];
          if (value !== undefined && Number.isFinite(value)) figures[key].push(value);
        }
        console.log(
          `${screen.name} run ${run + 1}: ` +
            FIGURES.map((key) => `${key} ${Math.round(one[key] ?? NaN)}`).join(', '),
        );
      }
      const row = (measure: string, values: number[], target?: number, unit = 'ms') => {
        const value = median(values);
        rows.push({
          measure: `${screen.name}: ${measure} (median of ${values.length}/${RUNS})`,
          value: Number.isFinite(value) ? `${Math.round(value)} ${unit}` : 'failed',
          target: target === undefined ? '' : `< ${target} ${unit}`,
          met: target === undefined ? null : values.length === RUNS && value < target,
        });
      };
      row(
        'navigation → first rows, page load, empty cache',
        figures.firstRows,
        FIRST_ROWS_TARGET_MS,
      );
      row('navigation → first rows, page load, cached code', figures.reload);
      row('search keystroke → filtered rows', figures.search, INTERACTION_TARGET_MS);
      row('sort change → rows', figures.sort, INTERACTION_TARGET_MS);
      row('page change → rows', figures.page, INTERACTION_TARGET_MS);
      if (screen.picker) {
        row(
          `${screen.picker.add} picker keystroke → suggestions`,
          figures.picker,
          INTERACTION_TARGET_MS,
        );
      }
      row('page JS heap', figures.heap, HEAP_TARGET_MB, 'MB');
    }
  } finally {
    await browser.close();
  }
  return rows;
}
