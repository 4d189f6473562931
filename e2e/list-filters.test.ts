import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * In a real browser against the real server (demo data): the filter controls above a list ask the
 * server for the matching rows, and the grid shows exactly the rows the API answers for that
 * filter; Clear filters brings the whole list back. Interactions by severity, medications by
 * pregnancy category. And the grid's own paging asks the server for the page shown.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and a whole console on two shared cores: generous time per flow.
jest.setTimeout(240_000);

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

interface ListAnswer<Row> {
  data: Row[];
  meta: { total: number };
}

/** A list page as the API answers it to the test's own session. */
const api = <Row>(path: string) => callApi<ListAnswer<Row>>(server.baseUrl, path, { token });

const filters = () => page.getByRole('group', { name: 'Filters' });

/** The texts of the grid's cells in the column `field`, top to bottom. */
const column = (field: string) =>
  page.locator(`[role="gridcell"][data-field="${field}"]`).allTextContents();

/** Waits until the grid's column `field` reads `expected` (the server's answer has arrived). */
async function columnReads(field: string, expected: string[]) {
  const deadline = Date.now() + 30_000;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    shown = await column(field);
    if (JSON.stringify(shown) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(shown).toEqual(expected);
}

interface Interaction {
  medication: { name: string };
  severity: string;
}

it('interactions: a severity shows exactly the rows the server has of it; Clear filters shows all again', async () => {
  const all = await api<Interaction>('/drug-interaction?sort=medication');
  const major = await api<Interaction>('/drug-interaction?severity=major&sort=medication');
  expect(major.meta.total).toBeGreaterThan(0);
  expect(major.meta.total).toBeLessThan(all.meta.total);

  await page.goto('/dashboard/drugs/interactions');
  await columnReads(
    'medication',
    all.data.map((row) => row.medication.name),
  );
  await filters().getByLabel('Severity').selectOption({ label: 'Major' });
  await columnReads(
    'medication',
    major.data.map((row) => row.medication.name),
  );
  expect(new Set(await column('severity'))).toEqual(new Set(['Major']));
  await page.getByText(`of ${major.meta.total}`).first().waitFor();

  await filters().getByRole('button', { name: 'Clear filters' }).click();
  await columnReads(
    'medication',
    all.data.map((row) => row.medication.name),
  );
  expect(await filters().getByLabel('Severity').inputValue()).toBe('');
});

interface Medication {
  name: string;
  pregnancy_category: string | null;
}

it('medications: a pregnancy category shows exactly the medications the server has of it', async () => {
  const all = await api<Medication>('/medication?sort=name');
  const categoryX = await api<Medication>('/medication?pregnancy_category=X&sort=name');
  expect(categoryX.meta.total).toBeGreaterThan(0);
  expect(categoryX.meta.total).toBeLessThan(all.meta.total);

  await page.goto('/dashboard/drugs/medications');
  await columnReads(
    'name',
    all.data.map((row) => row.name),
  );
  await filters().getByLabel('Pregnancy category').selectOption('X');
  await columnReads(
    'name',
    categoryX.data.map((row) => row.name),
  );

  // A second filter narrows it further.
  await filters().getByLabel('Dosage type').selectOption({ label: 'Weight-based' });
  const weightX = await api<Medication>(
    '/medication?pregnancy_category=X&is_dosage_weight_based=true&sort=name',
  );
  await columnReads(
    'name',
    weightX.data.map((row) => row.name),
  );

  await filters().getByRole('button', { name: 'Clear filters' }).click();
  await columnReads(
    'name',
    all.data.map((row) => row.name),
  );
});

it('interactions: Next clicked twice at once shows the third page, as the server pages it', async () => {
  const third = await api<Interaction>('/drug-interaction?sort=medication&page=3&page_size=10');
  expect(third.meta.total).toBeGreaterThan(20);

  await page.goto('/dashboard/drugs/interactions');
  // The first page's rows first, as a user sees them: the footer, with the rows-per-page menu,
  // moves down when they arrive, and a click aimed at it before then lands on a row.
  await page
    .getByText(`1–${Math.min(25, third.meta.total)} of ${third.meta.total}`)
    .first()
    .waitFor();
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByText(`1–10 of ${third.meta.total}`).first().waitFor();
  // The second click goes on from the page the first one asked for, whenever the grid draws it.
  await page.getByRole('button', { name: 'Go to next page' }).dblclick();
  await columnReads(
    'medication',
    third.data.map((row) => row.medication.name),
  );
  await page.getByText(`21–${Math.min(30, third.meta.total)} of ${third.meta.total}`).waitFor();
});
