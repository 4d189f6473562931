import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * In a real browser against the real server (demo data): Paracetamol on Ingredients with the two
 * medications containing it and their strengths, a daily limit added in its Daily Limits dialog,
 * Co-codamol 30/500's two ingredients with their strengths on its page, and the Safety Check
 * counting the paracetamol of both medications: a duplicate ingredient, and a day's total above
 * the new limit.
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

const COCODAMOL = 'Co-codamol 30/500';
/** The limit added: the most paracetamol a day for a patient of 50 to 80 kg. */
const NEW_LIMIT = 'Normal (50–80 kg): 3 g';

/** A cell showing exactly `name` (the first, when a name shows in two columns). */
const cell = (scope: Page | Locator, name: string) =>
  scope.getByRole('gridcell', { name, exact: true }).first();
const dialog = (name: string) => page.getByRole('dialog', { name });
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

it('lists Paracetamol with both medications containing it, and adds a daily limit', async () => {
  await page.goto('/dashboard/drugs/ingredients');
  await page.getByRole('heading', { level: 1, name: 'Ingredients' }).waitFor();
  await page.getByRole('searchbox', { name: 'Search ingredients' }).fill('paracetamol');
  const row = page.getByRole('row').filter({ has: cell(page, 'Paracetamol') });
  await cell(row, `${COCODAMOL} (500 mg per tablet), Paracetamol (500 mg per tablet)`).waitFor();

  await button(row, 'Daily Limits of Paracetamol').click();
  const limits = dialog('Daily Limits');
  const list = limits.getByRole('list', { name: 'Daily limits of Paracetamol' });
  await list.getByRole('listitem').filter({ hasText: 'Adult (18–65 years): 4 g' }).waitFor();
  const form = limits.getByRole('form', { name: 'Add Limit' });
  await form.getByLabel(/^Basis/).selectOption({ label: 'Weight' });
  await form.getByLabel(/^Weight Category/).selectOption({ label: 'Normal (50–80 kg)' });
  await form.getByLabel(/^Maximum per day/).fill('3');
  await form.getByLabel(/^Unit/).selectOption({ label: 'G' });
  await button(form, 'Add Limit').click();
  // Said in the dialog: its toast is hidden from assistive technology while the dialog is open.
  await limits.getByRole('status').filter({ hasText: 'Daily limit added successfully' }).waitFor();
  await list.getByRole('listitem').filter({ hasText: NEW_LIMIT }).waitFor();
  await button(limits, 'Close').click();
  await limits.waitFor({ state: 'detached' });
  // The list is asked for again: the row shows the new limit among its others.
  await row.getByRole('gridcell').filter({ hasText: NEW_LIMIT }).waitFor();
});

it(`shows ${COCODAMOL}'s two ingredients with their strengths on its page`, async () => {
  const { data } = await callApi<{ data: { id: number; name: string }[] }>(
    server.baseUrl,
    '/medication?q=Co-codamol',
    { token },
  );
  const medication = data.find((found) => found.name === COCODAMOL);
  if (!medication) throw new Error(`the demo data has no ${COCODAMOL}`);
  await page.goto(`/dashboard/drugs/medications/${medication.id}`);
  const ingredients = page.getByRole('region', { name: 'Ingredients', exact: true });
  for (const [name, strength] of [
    ['Codeine', '30 mg per tablet'],
    ['Paracetamol', '500 mg per tablet'],
  ]) {
    const row = ingredients.getByRole('row').filter({ has: cell(page, name) });
    await cell(row, strength).waitFor();
  }
});

it('the safety check counts the paracetamol of both medications: a duplicate ingredient, and a day above the new limit', async () => {
  await page.goto('/dashboard/safety-check');
  await page.getByText('Choose one or more medications').waitFor();
  const prescribe = async (
    name: string,
    dose: string,
    unit: string,
    every: string,
  ): Promise<void> => {
    await page.getByRole('combobox', { name: 'Add a medication' }).fill(name.slice(0, 4));
    await page.getByRole('option', { name, exact: true }).click();
    await page.getByLabel(`Dose of ${name}`).fill(dose);
    await page.getByLabel(`Dose unit of ${name}`).selectOption(unit);
    await page.getByLabel(`Frequency of ${name}`).fill(every);
    await page.getByLabel(`Frequency unit of ${name}`).selectOption('hours');
  };
  // 1 g every 6 hours is 4 g a day; two tablets of 500 mg every 4 hours, 6 g more.
  await prescribe('Paracetamol', '1', 'g', '6');
  await prescribe(COCODAMOL, '2', 'tablet', '4');
  await page.getByLabel('Age', { exact: true }).fill('40');
  await page.getByLabel('Weight', { exact: true }).fill('70');
  await page.getByRole('combobox', { name: 'Sex', exact: true }).click();
  await page.getByRole('option', { name: 'Male', exact: true }).click();

  const duplicate = page
    .getByRole('region', { name: /^Moderate \(\d+\)$/ })
    .getByRole('listitem')
    .filter({ hasText: 'all contain Paracetamol' });
  await duplicate.getByText('Duplicate ingredient', { exact: true }).waitFor();
  await duplicate.getByText(`${COCODAMOL} + Paracetamol`, { exact: true }).waitFor();

  // The day's paracetamol over both, against the strictest limit for a man of 40 and 70 kg: the
  // one just added (3 g), below the adults' 4 g.
  const total = page
    .getByRole('region', { name: /^Major \(\d+\)$/ })
    .getByRole('listitem')
    .filter({ hasText: 'Paracetamol: 10 g a day' });
  await total.getByText('Daily dose', { exact: true }).waitFor();
  await total
    .getByText(
      `Paracetamol: 10 g a day (${COCODAMOL} 6 g, Paracetamol 4 g) is above the 3 g daily maximum for Normal (50–80 kg).`,
    )
    .waitFor();
});
