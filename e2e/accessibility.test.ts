import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  startServer,
  type RunningServer,
} from './support/harness';
import { signedInPage } from './support/signedIn';
import { keyboardUser } from './support/keyboard';

/**
 * Accessibility, in headless Chromium against the built console and the real server (demo
 * data). axe-core, the standard engine, finds no WCAG 2.0/2.1 A and AA or 2.2 AA violation:
 *  - on the four public pages, signed out;
 *  - signed in as an administrator, on every route once its data has loaded (the safety check
 *    with a result shown), on each list screen with its Add dialog open, on the medication detail
 *    page with each of its Add dialogs, on a user's search history, on a form showing its errors
 *    and on a notification;
 *  - in dark mode (switched with the top bar's button) on the dashboard and the medications list.
 * A first test shows the check would fail: it reports violations planted in the page.
 * And a keyboard-only user adds, edits and deletes a condition: no clicks, only Tab, the grid's
 * arrow keys, Enter, Space and typing, checked in the grid and through the API (the medication
 * screens' keyboard-only run is e2e/medications-keyboard.test.ts).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and some thirty axe runs on two shared cores: generous time.
jest.setTimeout(300_000);

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CONDITIONS = '/dashboard/drugs/conditions';
const MEDICATIONS = '/dashboard/drugs/medications';

interface Found {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: string; summary: string | undefined }[];
}

const api = <T>(path: string) => callApi<T>(server.baseUrl, path, { token });

/** Waits until no CSS transition or animation runs (a dialog's fade, a ripple): final colours. */
async function settled(target: Page) {
  await target.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Runs axe-core on the whole page with the WCAG A/AA tags; answers the violations, each with its
 * rule, impact and every offending element's selector with axe's summary. axe is evaluated through
 * the DevTools protocol: an injected inline <script> (addScriptTag) would be refused by the
 * console's CSP (script-src 'self'), which the test should not loosen.
 */
async function violationsOn(target: Page): Promise<Found[]> {
  await settled(target);
  const hasAxe = await target.evaluate(() => 'axe' in window);
  if (!hasAxe) await target.evaluate(axe.source);
  return target.evaluate(async (tags): Promise<Found[]> => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        summary: node.failureSummary,
      })),
    }));
  }, TAGS);
}

/** Fails listing every violation on the page (rule, impact, selectors and axe's summaries). */
async function expectNoViolations(target: Page, what: string) {
  const violations = await violationsOn(target);
  const report = violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target}\n      ${node.summary?.replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
  expect(`${what}: ${violations.length} violation(s)\n${report}`).toBe(`${what}: 0 violation(s)\n`);
}

const heading = (target: Page, name: string) =>
  target.getByRole('heading', { level: 1, name, exact: true }).waitFor();
const cell = (name: string) => page.getByRole('gridcell', { name, exact: true }).first().waitFor();

/** Waits until the grid has its rows and no progress bar runs over it. */
async function gridLoaded(shown: string) {
  await cell(shown);
  await page.locator('.MuiDataGrid-overlay').waitFor({ state: 'detached' });
}

let warfarinId = 0;
let ibuprofenId = 0;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page, token } = await signedInPage(server, browser, 'admin', {
    prepare: (opened) => opened.emulateMedia({ colorScheme: 'light' }),
  }));
  const medications = await api<{ data: { id: number; name: string }[] }>('/medication');
  const idOf = (name: string) => {
    const found = medications.data.find((medication) => medication.name === name);
    if (!found) throw new Error(`the demo data has no ${name}`);
    return found.id;
  };
  warfarinId = idOf('Warfarin');
  ibuprofenId = idOf('Ibuprofen');
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

/**
 * Opens a safety check of Warfarin (5 mg, age 30) with Ibuprofen: Major, a rule applied with its
 * outcomes, and amber for what could not be checked (no weight for Ibuprofen). Answers its path.
 */
async function openIncompleteCheck(): Promise<string> {
  const path =
    `/dashboard/safety-check?medications=${warfarinId},${ibuprofenId}` +
    `&dose_${warfarinId}=5&dose_unit_${warfarinId}=mg&age=30&age_unit=years`;
  await page.goto(path);
  await heading(page, 'Safety Check');
  const verdict = page.getByRole('status', { name: 'Verdict' });
  await verdict.getByText('Major', { exact: true }).waitFor();
  await verdict.getByText(/could not be checked$/).waitFor();
  await page.getByRole('grid', { name: 'Rules applied to Warfarin' }).waitFor();
  return path;
}

describe('signed out', () => {
  const publicPages: [string, string][] = [
    ['/login', 'Sign in'],
    ['/register', 'Create an account'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password?token=x', 'Reset password'],
  ];
  it.each(publicPages)('%s has no violations', async (path, title) => {
    const visitor = await newPage(browser, server.baseUrl);
    try {
      await visitor.page.emulateMedia({ colorScheme: 'light' });
      await visitor.page.goto(path);
      await heading(visitor.page, title);
      await expectNoViolations(visitor.page, path);
    } finally {
      await visitor.context.close();
    }
  });
});

describe('signed in, light mode', () => {
  it('the check itself reports violations when there are some', async () => {
    await page.goto('/dashboard/settings');
    await heading(page, 'Account Settings');
    await page.evaluate(() => {
      const main = document.querySelector('main');
      const faint = document.createElement('p');
      faint.textContent = 'Faint grey text';
      faint.style.color = '#bbb';
      main?.append(faint, document.createElement('button'));
    });
    const found = await violationsOn(page);
    expect(found.map((violation) => violation.id).sort()).toEqual([
      'button-name',
      'color-contrast',
    ]);
  });

  it('/dashboard has no violations', async () => {
    await page.goto('/dashboard');
    await dashboardLoaded();
    await expectNoViolations(page, '/dashboard');
  });

  it('/dashboard/history and /dashboard/accounts have no violations, nor a change opened', async () => {
    // The accounts made for this test are in the history (a role given is recorded).
    await page.goto('/dashboard/history');
    await heading(page, 'History');
    await page
      .getByRole('button', { name: /^View change #\d+$/ })
      .first()
      .click();
    const change = page.getByRole('dialog', { name: /^Change #\d+$/ });
    await change.getByRole('grid', { name: 'Changed fields' }).waitFor();
    await expectNoViolations(page, '/dashboard/history with a change open');
    await change.getByRole('button', { name: 'Close' }).click();
    await change.waitFor({ state: 'detached' });
    await expectNoViolations(page, '/dashboard/history');

    await page.goto('/dashboard/accounts');
    await heading(page, 'Accounts');
    await page
      .getByRole('combobox', { name: /^Role of / })
      .first()
      .waitFor();
    await expectNoViolations(page, '/dashboard/accounts');
  });

  /** A list screen: the path, its h1, a record the demo data shows, its Add button and dialog. */
  const listScreens: [string, string, string, string][] = [
    ['/dashboard/drugs', 'Drugs Management', 'Antibiotic', 'Add Drug'],
    [CONDITIONS, 'Conditions', 'Hypertension', 'Add Condition'],
    ['/dashboard/drugs/age-categories', 'Age Categories', '18 - 65', 'Add Age Category'],
    ['/dashboard/drugs/weight-categories', 'Weight Categories', '50 - 80', 'Add Weight Category'],
    [MEDICATIONS, 'Medications Management', 'Acyclovir', 'Add Medication'],
    ['/dashboard/drugs/interactions', 'Drug Interactions', 'Fluconazole', 'Add Interaction'],
    ['/dashboard/drugs/lifestyles', 'Lifestyle Management', 'Smoking', 'Add Lifestyle'],
  ];
  it.each(listScreens)(
    '%s has no violations, nor with its Add dialog open',
    async (path, title, shown, add) => {
      await page.goto(path);
      await heading(page, title);
      await gridLoaded(shown);
      await expectNoViolations(page, path);

      await page.getByRole('button', { name: add, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: add });
      await dialog.getByRole('button', { name: /^(Save|Add Medication)$/ }).waitFor();
      await expectNoViolations(page, `${path} with "${add}" open`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    },
  );

  it('a form showing its errors, then a notification, have no violations', async () => {
    await page.goto(CONDITIONS);
    await heading(page, 'Conditions');
    await gridLoaded('Hypertension');
    await page.getByRole('button', { name: 'Add Condition', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add Condition' });
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await add
      .getByRole('textbox', { name: 'Name' })
      .and(page.locator('[aria-invalid="true"]'))
      .waitFor();
    await expectNoViolations(page, `${CONDITIONS}, "Add Condition" saved empty`);
    await add.getByRole('textbox', { name: 'Name' }).fill('Axe condition');
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'Condition created successfully' }).waitFor();
    await expectNoViolations(page, `${CONDITIONS} with a notification`);
  });

  it("a medication's detail page (Warfarin, with dosages) has no violations, nor its Add dialogs", async () => {
    const path = `${MEDICATIONS}/${warfarinId}`;
    await page.goto(path);
    await heading(page, 'Medication Details');
    await page
      .getByRole('grid', { name: 'Age-based Dosages' })
      .getByText('Adult')
      .first()
      .waitFor();
    await expectNoViolations(page, path);
    for (const add of [
      'Add Age Dosage',
      'Add Contraindication',
      'Add Lifestyle Contraindication',
    ]) {
      await page.getByRole('button', { name: add, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /^(Save|Add .+)$/ }).waitFor();
      await dialog.getByRole('combobox').first().waitFor();
      await expectNoViolations(page, `${path} with "${add}" open`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('/dashboard/users has no violations, nor with a search history open', async () => {
    await page.goto('/dashboard/users');
    await heading(page, 'User Management');
    await gridLoaded('Liam Carter');
    await expectNoViolations(page, '/dashboard/users');
    await page.getByRole('button', { name: 'View history of Liam Carter' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('grid', { name: 'Search history' }).waitFor();
    await expectNoViolations(page, '/dashboard/users with a search history open');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('/dashboard/settings has no violations', async () => {
    await page.goto('/dashboard/settings');
    await heading(page, 'Account Settings');
    await page.getByRole('button', { name: /update password/i }).waitFor();
    await expectNoViolations(page, '/dashboard/settings');
  });

  it('/dashboard/safety-check with a result (Warfarin with Ibuprofen: Major, incomplete) has no violations', async () => {
    const path = await openIncompleteCheck();
    await expectNoViolations(page, path);
  });

  it('/dashboard/data-quality has no violations', async () => {
    await page.goto('/dashboard/data-quality');
    await heading(page, 'Data quality');
    await page
      .getByRole('status')
      .filter({ hasText: /finding/ })
      .waitFor();
    await page.locator('.MuiDataGrid-overlay').waitFor({ state: 'detached' });
    await expectNoViolations(page, '/dashboard/data-quality');
  });
});

async function dashboardLoaded() {
  await heading(page, 'Dashboard');
  for (const name of ['Total Drugs', 'Recent Drugs', 'Recent Searches'])
    await page
      .getByRole('region', { name, exact: true })
      .and(page.locator('[aria-busy="false"]'))
      .waitFor();
  await page.locator('main svg').first().waitFor();
}

describe('signed in, dark mode (switched in the top bar)', () => {
  beforeAll(async () => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.className)).resolves.toContain(
      'dark',
    );
  });

  afterAll(async () => {
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
  });

  it('/dashboard has no violations', async () => {
    await page.goto('/dashboard');
    await dashboardLoaded();
    await expectNoViolations(page, '/dashboard (dark)');
  });

  it('the medications list has no violations', async () => {
    await page.goto(MEDICATIONS);
    await heading(page, 'Medications Management');
    await gridLoaded('Acyclovir');
    await expectNoViolations(page, `${MEDICATIONS} (dark)`);
  });

  it('an incomplete safety check (amber notice) has no violations', async () => {
    const path = await openIncompleteCheck();
    await expectNoViolations(page, `${path} (dark)`);
  });
});

describe('keyboard only', () => {
  const toast = (text: string) =>
    page.getByRole('alert').filter({ hasText: text }).first().waitFor();
  const conditions = async () =>
    (await api<{ data: { id: number; name: string; description: string | null }[] }>('/condition'))
      .data;

  it('adds, edits and deletes a condition with the keyboard alone', async () => {
    const { focused, moveTo } = keyboardUser(page);
    await page.goto(CONDITIONS);
    await heading(page, 'Conditions');
    await gridLoaded('Hypertension');

    // Add: Tab to the Add button, Enter opens the form; type, Tab on, Enter on Save.
    await moveTo('Add Condition');
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add Condition' });
    await add.waitFor();
    await moveTo('Name');
    await page.keyboard.type('Keyboard condition');
    await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'textarea', name: 'Description' });
    await page.keyboard.type('Typed without a mouse');
    await moveTo('Save');
    await page.keyboard.press('Enter');
    await toast('Condition created successfully');
    await add.waitFor({ state: 'detached' });
    // The dialog gives the focus back to the Add button.
    expect(await focused()).toEqual({ role: 'button', name: 'Add Condition' });
    const created = (await conditions()).find((c) => c.name === 'Keyboard condition');
    expect(created).toMatchObject({ description: 'Typed without a mouse' });

    // Edit: Tab to the search box and narrow the list; Tab on into the grid (its column headers),
    // then the grid's own keys (arrows) to the row's Edit button; Enter opens the form.
    await moveTo('Search conditions');
    await page.keyboard.type('keyboard');
    await cell('Keyboard condition');
    await page.getByRole('gridcell', { name: 'Hypertension', exact: true }).waitFor({
      state: 'detached',
    });
    await moveTo({ role: 'columnheader' });
    await moveTo('Keyboard condition', 'ArrowDown');
    await moveTo('Edit Keyboard condition', 'ArrowRight');
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'Edit Condition' });
    await edit.waitFor();
    await moveTo('Name');
    await page.keyboard.press('End');
    await page.keyboard.type(', renamed');
    await moveTo('Save');
    await page.keyboard.press('Space');
    await toast('Condition updated successfully');
    await edit.waitFor({ state: 'detached' });
    await cell('Keyboard condition, renamed');
    await cell('Typed without a mouse');
    expect((await conditions()).find((c) => c.id === created?.id)).toMatchObject({
      name: 'Keyboard condition, renamed',
      description: 'Typed without a mouse',
    });

    // Delete: the focus is back on the row's Edit button; Delete is next to it. The confirm opens
    // on Cancel (the safe choice): Tab to Delete, Enter.
    await moveTo('Delete Keyboard condition, renamed', 'ArrowRight');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Condition' });
    await confirm.getByText('Are you sure you want to delete this condition?').waitFor();
    expect(await focused()).toEqual({ role: 'button', name: 'Cancel' });
    await moveTo('Delete');
    await page.keyboard.press('Enter');
    await toast('Condition deleted successfully');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No conditions found. Add a new condition to get started.').waitFor();
    expect((await conditions()).some((c) => c.id === created?.id)).toBe(false);
  });
});
