import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, launchBrowser, startServer, type RunningServer } from './support/harness';
import { signedInPage } from './support/signedIn';

/**
 * In headless Chromium against the real server with the demo data: the dashboard, the
 * users with their search history, and the drug list, all on live data; and a medication added in
 * the console showing on the dashboard after navigating back (tag invalidation).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
/** Every script the page loaded, to see which chunks came when. */
const scripts: string[] = [];

const DRUG = 'E2E Cetirizine';
const MEDICATION = 'E2E Dashboard Medication';

const api = <T>(path: string) => callApi<T>(server.baseUrl, path, { token });

interface Stats {
  total_drugs: number;
  total_users: number;
  total_searches: number;
  active_today: number;
  recent_drugs: { name: string }[];
  recent_searches: { user_name: string; drug_name: string; searched_at: string }[];
  searches_per_day: { date: string; count: number }[];
}

const region = (name: string): Locator => page.getByRole('region', { name, exact: true });
const dialog = (name: string): Locator => page.getByRole('dialog', { name });
const toast = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();
const nav = (name: string) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name, exact: true });
const count = (value: number) => value.toLocaleString('en');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page, token } = await signedInPage(server, browser, 'admin', {
    name: 'Dana Dashboard',
    prepare: (opened) => {
      opened.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
    },
  }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('/dashboard', () => {
  it('shows the counts, the five newest drugs and searches, and the searches per day from the server', async () => {
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await region('Total Drugs').and(page.locator('[aria-busy="false"]')).waitFor();
    const stats = (await api<{ data: Stats }>('/dashboard/stats')).data;
    expect(stats.total_drugs).toBe(41);

    for (const [label, value] of [
      ['Total Drugs', stats.total_drugs],
      ['Total Users', stats.total_users],
      ['Total Searches', stats.total_searches],
      ['Active Today', stats.active_today],
    ] as const) {
      await expect(region(label).getByText(count(value), { exact: true }).count()).resolves.toBe(1);
    }

    const drugs = region('Recent Drugs').getByRole('listitem');
    await expect(drugs.count()).resolves.toBe(5);
    await expect(drugs.allInnerTexts()).resolves.toEqual(
      stats.recent_drugs.map((drug) => expect.stringContaining(drug.name)),
    );
    const searches = region('Recent Searches').getByRole('listitem');
    await expect(searches.count()).resolves.toBe(5);
    const texts = await searches.allInnerTexts();
    stats.recent_searches.forEach((search, i) => {
      expect(texts[i]).toContain(search.drug_name);
      expect(texts[i]).toContain(search.user_name);
      expect(texts[i]).toMatch(/just now|ago/);
    });

    // The relative time shows the exact time on hover.
    const time = region('Recent Searches').locator('time').first();
    const exact = await time.getAttribute('title');
    expect(exact).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2}/);
    await time.hover();
    await expect(page.getByRole('tooltip').innerText()).resolves.toBe(exact);

    // The chart (MUI X Charts) draws the 30 days; it came in its own chunk after the page.
    const total = stats.searches_per_day.reduce((sum, day) => sum + day.count, 0);
    const chart = page.getByRole('img', {
      name: `Searches per day over the last 30 days: ${total} in total`,
    });
    await chart.locator('svg').first().waitFor();
    expect(stats.searches_per_day).toHaveLength(30);
    expect(scripts.some((path) => /SearchesChart-[\w-]+\.js$/.test(path))).toBe(true);
    const entry = scripts.find((path) => /\/assets\/index-[\w-]+\.js$/.test(path));
    expect(entry).toBeDefined();
    const entrySource = await (await fetch(`${server.baseUrl}${entry}`)).text();
    expect(entrySource).not.toContain('MuiChartsSurface');
  });

  it('shows a medication added in the console after navigating back to the dashboard', async () => {
    const before = (await api<{ data: Stats }>('/dashboard/stats')).data.total_drugs;
    await nav('Medications').click();
    await page.getByRole('heading', { level: 1, name: 'Medications Management' }).waitFor();
    await page.getByRole('button', { name: 'Add Medication' }).click();
    const form = dialog('Add Medication');
    await form.getByLabel('Minimum dosage').waitFor();
    // The condition picker searches the server: type part of the name, then pick it.
    await form.getByRole('combobox', { name: /^Condition/ }).fill('hyper');
    await page
      .getByRole('listbox')
      .getByRole('option', { name: 'Hypertension', exact: true })
      .click();
    await form.getByRole('textbox', { name: 'Name' }).fill(MEDICATION);
    await form.getByLabel('Minimum dosage').fill('5');
    await form.getByLabel('Maximum dosage').fill('10');
    await form.getByLabel(/^Reason for the change/).fill('Browser test');
    await form.getByRole('button', { name: 'Add Medication' }).click();
    await toast('Medication added successfully');

    // Back through the sidebar: the same store, so only the invalidated 'dashboard' tag refetches.
    await nav('Dashboard').click();
    await region('Recent Drugs')
      .getByRole('listitem')
      .first()
      .filter({ hasText: MEDICATION })
      .waitFor();
    await region('Total Drugs')
      .getByText(count(before + 1), { exact: true })
      .waitFor();
  });
});

describe('/dashboard/users', () => {
  it("lists the users, searches by name or email, and opens a user's history, newest first", async () => {
    await nav('Users').click();
    await page.getByRole('heading', { level: 1, name: 'User Management' }).waitFor();
    await page.getByRole('gridcell', { name: 'Liam Carter', exact: true }).waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      'Name',
      'Email',
      'Registered',
      'Last Active',
      'Searches',
      'View History',
    ]);

    await page.getByLabel('Search by name or email').fill('olivia.bennett@');
    await page
      .getByRole('gridcell', { name: 'Liam Carter', exact: true })
      .waitFor({ state: 'detached' });
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: 'Olivia Bennett', exact: true }) });
    await row.waitFor();

    const { data: users } = await api<{ data: { id: number; search_count: number }[] }>(
      '/users?q=olivia.bennett%40',
    );
    expect(users).toHaveLength(1);
    const { data: history } = await api<{ data: { drug_name: string }[] }>(
      `/users/${users[0].id}/search-history`,
    );
    expect(history.length).toBe(users[0].search_count);
    expect(history.length).toBeGreaterThan(10);
    await row.getByRole('gridcell', { name: String(users[0].search_count), exact: true }).waitFor();

    await row.getByRole('button', { name: 'View history of Olivia Bennett' }).click();
    const modal = dialog('Search History: Olivia Bennett');
    const grid = modal.getByRole('grid', { name: 'Search history' });
    await grid.waitFor();
    // Every search counts (the header row too), though the grid draws only the rows in view.
    await expect(grid.getAttribute('aria-rowcount')).resolves.toBe(String(history.length + 1));
    await expect(
      grid.getByRole('row').nth(1).getByRole('gridcell').first().innerText(),
    ).resolves.toBe(history[0].drug_name);
    // It scrolls inside a box of about 24rem (384 px at the default font size).
    const { maxHeight, scrolls } = await grid.evaluate((element) => {
      const root = element.closest('.MuiDataGrid-root') as HTMLElement;
      const scroller = root.querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
      return {
        maxHeight: getComputedStyle(root.parentElement as HTMLElement).maxHeight,
        scrolls: scroller.scrollHeight > scroller.clientHeight,
      };
    });
    expect(maxHeight).toBe('384px');
    expect(scrolls).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.getByLabel('Search by name or email').fill('nobody-by-this-name');
    await page.getByText('No users found').waitFor();
  });
});

describe('/dashboard/drugs', () => {
  const drugRow = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('gridcell', { name, exact: true }) });

  it('creates a drug (lists comma-separated), searches, edits and deletes it', async () => {
    await nav('Drugs').click();
    await page.getByRole('heading', { level: 1, name: 'Drugs Management' }).waitFor();
    await drugRow('Amoxicillin')
      .getByRole('gridcell', { name: 'Antibiotic', exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Add Drug' }).click();
    const add = dialog('Add Drug');
    await add.getByRole('textbox', { name: 'Name' }).fill(DRUG);
    await add.getByRole('textbox', { name: 'Category' }).fill('Antihistamine');
    await add.getByRole('textbox', { name: 'Manufacturer' }).fill('E2E Labs');
    await add.getByRole('textbox', { name: 'Dosage' }).fill('10 mg once daily');
    await add.getByRole('textbox', { name: 'Description' }).fill('Allergy relief.');
    await add.getByRole('textbox', { name: 'Side Effects' }).fill(' Drowsiness ,, Dry mouth , ');
    await add.getByRole('textbox', { name: 'Contraindications' }).fill('Severe kidney disease');
    await add.getByRole('button', { name: 'Save' }).click();
    await toast('Drug added successfully');
    await add.waitFor({ state: 'detached' });

    const { data } = await api<{
      data: { id: number; name: string; side_effects: string[]; contraindications: string[] }[];
    }>('/drug');
    const created = data.find((drug) => drug.name === DRUG);
    expect(created).toMatchObject({
      side_effects: ['Drowsiness', 'Dry mouth'],
      contraindications: ['Severe kidney disease'],
    });

    await page.getByRole('searchbox', { name: 'Search drugs' }).fill('antihist');
    await drugRow(DRUG).waitFor();
    await drugRow('Amoxicillin').waitFor({ state: 'detached' });

    await drugRow(DRUG)
      .getByRole('button', { name: `Edit ${DRUG}` })
      .click();
    const edit = dialog('Edit Drug');
    await expect(edit.getByRole('textbox', { name: 'Side Effects' }).inputValue()).resolves.toBe(
      'Drowsiness, Dry mouth',
    );
    await edit.getByRole('textbox', { name: 'Dosage' }).fill('5 mg twice daily');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast('Drug updated successfully');
    await drugRow(DRUG).getByRole('gridcell', { name: '5 mg twice daily', exact: true }).waitFor();

    await drugRow(DRUG)
      .getByRole('button', { name: `Delete ${DRUG}` })
      .click();
    const confirm = dialog('Delete Drug');
    await confirm.getByText('Are you sure you want to delete this drug?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Drug deleted successfully');
    await drugRow(DRUG).waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Search drugs' }).fill('no drug is called this');
    await page.getByText('No drugs found', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search drugs' }).fill('');
    await drugRow('Amoxicillin').waitFor();
    const after = await api<{ data: { name: string }[] }>('/drug');
    expect(after.data.map((drug) => drug.name)).not.toContain(DRUG);
  });
});
