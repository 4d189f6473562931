import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * Standard codes and the import in a real browser against the real server (demo data): an ATC
 * code added to a new ingredient in its form shows as a chip and finds the ingredient when
 * searched for, and a malformed one is refused by the form and never stored; a conditions CSV
 * file with an error is previewed with the error first and cannot be applied, and the corrected
 * file is applied and its new condition listed.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and a whole console on two shared cores: generous time.
jest.setTimeout(240_000);

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

const INGREDIENT = 'E2E Codeol';
/** A well-formed ATC code (level 5) no demo record has. */
const CODE = 'V03AB99';

const dialog = (name: string) => page.getByRole('dialog', { name });
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });
const cell = (scope: Page | Locator, name: string) =>
  scope.getByRole('gridcell', { name, exact: true }).first();

/** The newest notification showing `text` (notifications carry role="alert"). */
async function toast(text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

async function storedCodes(name: string) {
  const { data } = await callApi<{ data: { name: string; codes: { code: string }[] }[] }>(
    server.baseUrl,
    `/ingredient?q=${encodeURIComponent(name)}`,
    { token },
  );
  return data.find((row) => row.name === name)?.codes.map((code) => code.code);
}

describe('standard codes', () => {
  it('an ATC code added in the ingredient form shows as a chip and finds the ingredient', async () => {
    await page.goto('/dashboard/drugs/ingredients');
    await page.getByRole('heading', { level: 1, name: 'Ingredients' }).waitFor();
    await button(page, 'Add Ingredient').click();
    const form = dialog('Add Ingredient');
    await form.getByLabel(/^Name/).fill(INGREDIENT);
    await button(form, 'Add code').click();
    const code = form.getByRole('group', { name: 'Code 1' });
    await code.getByLabel('System').selectOption({ label: 'ATC' });
    await code.getByLabel(/^Code/).fill(CODE.toLowerCase());
    await button(form, 'Save').click();
    await form.waitFor({ state: 'detached' });
    await toast(/Ingredient/);

    // Searched by its code, the list holds the ingredient with the code as a chip.
    await page.getByRole('searchbox', { name: 'Search ingredients' }).fill(CODE);
    const row = page.getByRole('row').filter({ has: cell(page, INGREDIENT) });
    await row.getByText(`ATC ${CODE}`, { exact: true }).waitFor();
    // The header row and the ingredient's, once the search has narrowed the list.
    await page.waitForFunction(() => document.querySelectorAll('[role="row"]').length === 2);
    expect(await storedCodes(INGREDIENT)).toEqual([CODE]);
  });

  it('a malformed code shows the form’s error and is not stored', async () => {
    const row = page.getByRole('row').filter({ has: cell(page, INGREDIENT) });
    await button(row, `Edit ${INGREDIENT}`).click();
    const form = dialog('Edit Ingredient');
    const code = form.getByRole('group', { name: 'Code 1' });
    await code.getByLabel(/^Code/).fill('V3AB99');
    await button(form, 'Save').click();
    await code.getByText(/^An ATC code is a letter, then 2 digits/).waitFor();
    await button(form, 'Cancel').click();
    await form.waitFor({ state: 'detached' });
    expect(await storedCodes(INGREDIENT)).toEqual([CODE]);
  });
});

describe('the conditions import', () => {
  const csv = (kidney: string) =>
    Buffer.from(
      `"Name","Description","Affects Kidney Function"\r\n"E2E Imported Alpha","-","No"\r\n"E2E Imported Beta","Imported from a file","${kidney}"\r\n`,
    );
  const preview = () => page.getByRole('grid', { name: 'Preview' });

  it('previews a file with an error, the error first, and offers no Apply', async () => {
    await page.goto('/dashboard/drugs/conditions');
    await page.getByRole('heading', { level: 1, name: 'Conditions' }).waitFor();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Import Conditions' }).waitFor();
    await page.getByLabel('Import file').setInputFiles({
      name: 'conditions.csv',
      mimeType: 'text/csv',
      buffer: csv('Maybe'),
    });
    await preview().waitFor();
    // The first row of the grid is the error (row 3), before the row that would create Alpha.
    const rows = preview().getByRole('row');
    const first = rows.nth(1);
    await cell(first, 'Error').waitFor();
    await cell(first, '3').waitFor();
    await cell(first, 'Affects Kidney Function').waitFor();
    const second = rows.nth(2);
    await cell(second, 'Create').waitFor();
    await cell(second, 'E2E Imported Alpha').waitFor();
    expect(await button(page, 'Apply').isDisabled()).toBe(true);
  });

  it('applies the corrected file: the toast, and the new condition in the list', async () => {
    await page.getByLabel('Import file').setInputFiles({
      name: 'conditions.csv',
      mimeType: 'text/csv',
      buffer: csv('Yes'),
    });
    await cell(preview(), 'E2E Imported Beta').waitFor();
    expect(await preview().getByRole('gridcell', { name: 'Error', exact: true }).count()).toBe(0);
    await button(page, 'Apply').click();
    await button(dialog('Apply this import?'), 'Apply').click();
    await toast('Imported: 2 created, 0 changed, 0 unchanged');
    await page.getByRole('heading', { level: 1, name: 'Conditions' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search conditions' }).fill('E2E Imported');
    await cell(page, 'E2E Imported Alpha').waitFor();
    const beta = page.getByRole('row').filter({ has: cell(page, 'E2E Imported Beta') });
    await cell(beta, 'Yes').waitFor();
  });
});
