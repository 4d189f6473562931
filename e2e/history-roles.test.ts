import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  register,
  startServer,
  type RunningServer,
} from './support/harness';
import { signedInPage } from './support/signedIn';
import { impactShown } from './support/impact';

/**
 * Who may change clinical data, and the history with its revert, in headless Chromium against
 * the real server (demo data): an admin changes an interaction's severity with a reason, finds it
 * in History, sees the before and after, reverts it and the data is back; a viewer's console has no
 * change controls (and the server refuses a write anyway); a pending account is told at sign-in.
 */
let server: RunningServer;
let browser: Browser;

jest.setTimeout(240_000);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const api = <T>(path: string, token: string) => callApi<T>(server.baseUrl, path, { token });

interface Interaction {
  id: number;
  severity: string;
  medication: { name: string };
  interacting_medication: { name: string };
}

async function warfarinIbuprofen(token: string): Promise<Interaction> {
  const { data } = await api<{ data: Interaction[] }>('/drug-interaction', token);
  const found = data.find(
    (row) => row.medication.name === 'Warfarin' && row.interacting_medication.name === 'Ibuprofen',
  );
  if (!found) throw new Error('Warfarin + Ibuprofen is not in the demo data');
  return found;
}

const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

describe('as an admin', () => {
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    ({ context, page, token } = await signedInPage(server, browser, 'admin', {
      name: 'Hana History',
    }));
  });
  afterAll(() => context?.close());

  it('changes a severity with a reason, finds it in History, sees the diff, reverts it, and the data is back', async () => {
    const reason = 'E2E: checking the revert';
    expect((await warfarinIbuprofen(token)).severity).toBe('major');

    await page.goto('/dashboard/drugs/interactions');
    await page.getByRole('searchbox', { name: 'Search interactions' }).fill('warfarin ibuprofen');
    await page.getByRole('button', { name: 'Edit Warfarin and Ibuprofen interaction' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Interaction' });
    await edit.getByLabel(/^Severity/).selectOption({ label: 'Moderate' });
    // A severity change needs a reason: Save alone is refused in the form.
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.getByText('A reason is required for this change').waitFor();
    await edit.getByLabel(/^Reason for the change/).fill(reason);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Drug interaction updated successfully');
    expect((await warfarinIbuprofen(token)).severity).toBe('moderate');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'History' })
      .click();
    await page.waitForURL('**/dashboard/history');
    const grid = page.getByRole('grid', { name: 'History' });
    // The unfiltered list already shows the new entry: wait for the search's own answer, or the
    // click below could land while the grid swaps its rows for the filtered ones.
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/audit?') && response.url().includes('checking'),
    );
    await page.getByRole('searchbox').first().fill('checking the revert');
    await searched;
    const entry = grid.getByRole('row').filter({ hasText: reason });
    await entry.getByRole('link', { name: 'Warfarin + Ibuprofen (Drug interaction)' }).waitFor();
    await entry.getByRole('gridcell', { name: 'Hana History' }).waitFor();
    await entry.getByRole('gridcell', { name: 'Updated' }).waitFor();

    await entry.getByRole('gridcell', { name: reason }).click();
    const change = page.getByRole('dialog', { name: /^Change #\d+$/ });
    const severity = change.getByRole('row').filter({ hasText: 'severity' });
    await severity.getByRole('gridcell', { name: 'major', exact: true }).waitFor();
    await severity.getByRole('gridcell', { name: 'moderate', exact: true }).waitFor();

    await change.getByRole('button', { name: 'Revert' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revert this change?' });
    await confirm.getByLabel(/^Reason for the change/).fill('E2E: undo');
    const reverted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/api\/v1\/audit\/\d+\/revert$/.test(response.url()),
    );
    await confirm.getByRole('button', { name: 'Revert' }).click();
    expect((await reverted).status()).toBe(201);
    await change.waitFor({ state: 'detached' });
    expect((await warfarinIbuprofen(token)).severity).toBe('major');

    // The revert is itself in the history, and the interactions screen shows the old severity.
    await page.getByRole('searchbox').first().fill('E2E: undo');
    await grid
      .getByRole('row')
      .filter({ hasText: 'E2E: undo' })
      .getByRole('gridcell', { name: 'Reverted' })
      .waitFor();
    await page.goto('/dashboard/drugs/interactions');
    await page.getByRole('searchbox', { name: 'Search interactions' }).fill('warfarin ibuprofen');
    await page
      .getByRole('row')
      .filter({ hasText: 'Warfarin' })
      .filter({ hasText: 'Ibuprofen' })
      .getByText('Major', { exact: true })
      .waitFor();
  });
});

interface MedicationDetail {
  id: number;
  name: string;
  weight_category_dosages: unknown[];
  age_category_dosages: unknown[];
  condition_contraindications: unknown[];
}

it('deletes a medication with a reason (the confirm lists what goes), and one revert brings it all back', async () => {
  const { context, page, token } = await signedInPage(server, browser, 'admin', {
    name: 'Dora Delete',
  });
  const { data: list } = await api<{ data: MedicationDetail[] }>('/medication', token);
  const before = list.find((medication) => medication.name === 'Fluconazole');
  if (!before) throw new Error('Fluconazole is not in the demo data');
  const interactionsOf = async () =>
    (await api<{ data: Interaction[] }>('/drug-interaction', token)).data.filter((row) =>
      [row.medication.name, row.interacting_medication.name].includes('Fluconazole'),
    ).length;
  const interactions = await interactionsOf();
  expect(interactions).toBeGreaterThan(0);

  await page.goto('/dashboard/drugs/medications');
  await page.getByRole('searchbox', { name: 'Search medications by name' }).fill('fluconazole');
  await page.getByRole('button', { name: 'Delete Fluconazole' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Medication' });
  const goes = confirm.getByRole('list', { name: 'Deleted with it' });
  const dosages = before.weight_category_dosages.length;
  await goes.getByText(`Weight-based dosages: ${dosages}`, { exact: true }).waitFor();
  await goes.getByText(`Drug interactions: ${interactions}`, { exact: true }).waitFor();
  await confirm.getByLabel(/^Reason for the change/).fill('E2E: delete and bring back');
  await impactShown(confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Medication deleted successfully');
  const gone = await fetch(`${server.baseUrl}/api/v1/medication/${before.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status).toBe(404);
  expect(await interactionsOf()).toBe(0);

  await page.goto('/dashboard/history');
  await page.getByRole('searchbox').first().fill('delete and bring back');
  const entry = page.getByRole('grid', { name: 'History' }).getByRole('row').filter({
    hasText: 'E2E: delete and bring back',
  });
  await entry.getByRole('gridcell', { name: 'Deleted' }).click();
  const change = page.getByRole('dialog', { name: /^Change #\d+$/ });
  await change.getByRole('button', { name: 'Revert' }).click();
  const revert = page.getByRole('dialog', { name: 'Revert this change?' });
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/v1\/audit\/\d+\/revert$/.test(response.url()),
  );
  await revert.getByRole('button', { name: 'Revert' }).click();
  expect((await answered).status()).toBe(201);

  const { data: after } = await api<{ data: MedicationDetail }>(`/medication/${before.id}`, token);
  expect(after.name).toBe('Fluconazole');
  expect(after.weight_category_dosages).toHaveLength(dosages);
  expect(after.age_category_dosages).toHaveLength(before.age_category_dosages.length);
  expect(after.condition_contraindications).toHaveLength(before.condition_contraindications.length);
  expect(await interactionsOf()).toBe(interactions);
  await context.close();
});

describe('as a viewer', () => {
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    ({ context, page, token } = await signedInPage(server, browser, 'viewer', {
      name: 'Vera Viewer',
    }));
  });
  afterAll(() => context?.close());

  const none = async (name: string | RegExp) =>
    expect(await page.getByRole('button', { name }).count()).toBe(0);

  it('reads every list with no Add, Edit or Delete, and no Accounts', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'History' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Accounts' }).count()).toBe(0);

    for (const [path, shown, add] of [
      ['/dashboard/drugs/conditions', 'Hypertension', 'Add Condition'],
      ['/dashboard/drugs/interactions', 'Fluconazole', 'Add Interaction'],
      ['/dashboard/drugs/lifestyles', 'Smoking', 'Add Lifestyle'],
      ['/dashboard/drugs', 'Amoxicillin', 'Add Drug'],
    ]) {
      await page.goto(path);
      await page.getByRole('gridcell', { name: shown, exact: true }).first().waitFor();
      await none(add);
      await none(/^(Edit|Delete) /);
      expect(await page.getByRole('button', { name: /^History of / }).count()).toBeGreaterThan(0);
    }

    await page.goto('/dashboard/drugs/medications');
    await page.getByRole('searchbox', { name: 'Search medications by name' }).fill('warfarin');
    const view = page.getByRole('button', { name: 'View Warfarin' });
    await view.waitFor();
    await none(/^(Add|Edit|Delete) /);
    await page.getByRole('button', { name: 'History of Warfarin' }).waitFor();
    await view.click();
    await page.waitForURL(/\/dashboard\/drugs\/medications\/\d+$/);
    await page.getByRole('region', { name: 'Weight-based Dosages' }).waitFor();
    await none('Edit Medication');
    await none(/^(Add|Edit|Remove|Delete) /);
    await page.getByRole('region', { name: 'History' }).waitFor();
  });

  it('is refused a write by the server all the same (403)', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/condition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Viewer condition', description: null }),
    });
    expect(response.status).toBe(403);
  });
});

it('a pending account sees the no-access message at sign-in, and nothing is stored', async () => {
  const pending = {
    name: 'Pat Pending',
    email: `pending-${Date.now()}@example.com`,
    password: 'correct-horse-battery',
  };
  expect((await register(server.baseUrl, pending)).role).toBeNull();
  const { context, page } = await newPage(browser, server.baseUrl);
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(pending.email);
  await page.getByLabel(/^Password/).fill(pending.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Your account has no access to the console yet. Ask an administrator.' })
    .first()
    .waitFor();
  expect(page.url()).toMatch(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('auth_token'))).toBeNull();
  await context.close();
});
