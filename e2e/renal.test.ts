import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * Kidney function against the real thing, with the demo data: the renal function categories (G1
 * to G5), Enoxaparin's renal rules on its page, and the safety check, which asks for the eGFR of
 * a patient with chronic kidney disease and, given one of 25, finds twice a day too often.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and a whole console on two shared cores: generous time.
jest.setTimeout(240_000);

const EGFR_UNIT = 'mL/min/1.73 m²';

const api = <T>(method: string, path: string, body?: object) =>
  callApi<T>(server.baseUrl, path, { method, token, body: body && JSON.stringify(body) });

async function idOf(path: string, name: string) {
  const { data } = await api<{ data: { id: number; name: string }[] }>('GET', path);
  const found = data.find((record) => record.name === name);
  if (!found) throw new Error(`the demo data has no ${name}`);
  return found.id;
}

/** A grid's row holding a cell of exactly `text`. */
function rowWith(grid: Locator, text: string): Locator {
  return grid
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: text, exact: true }) });
}

const verdict = () => page.getByRole('status', { name: 'Verdict' });

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

it('opens Renal Categories from the sidebar: the KDIGO bands G1 to G5 by eGFR', async () => {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Renal Categories' })
    .click();
  await page.waitForURL('**/dashboard/drugs/renal-categories');
  await page.getByRole('heading', { level: 1, name: 'Renal Categories' }).waitFor();
  const grid = page.getByRole('grid', { name: 'Renal Categories' });
  for (const [name, range] of [
    ['G1', '90 - 200'],
    ['G2', '60 - 90'],
    ['G3a', '45 - 60'],
    ['G3b', '30 - 45'],
    ['G4', '15 - 30'],
    ['G5', '0 - 15'],
  ]) {
    const band = rowWith(grid, name);
    await band.getByRole('gridcell', { name: range, exact: true }).waitFor();
    await band.getByRole('gridcell', { name: EGFR_UNIT, exact: true }).waitFor();
  }
  await page.getByRole('button', { name: 'Add Renal Category' }).waitFor();
});

it("shows Enoxaparin's renal rules on its page: once a day, by weight, below an eGFR of 30", async () => {
  await page.goto(`/dashboard/drugs/medications/${await idOf('/medication', 'Enoxaparin')}`);
  const grid = page
    .getByRole('region', { name: 'Renal Rules', exact: true })
    .getByRole('grid', { name: 'Renal Rules' });
  for (const band of [`G4 (15 - 30 ${EGFR_UNIT})`, `G5 (0 - 15 ${EGFR_UNIT})`]) {
    const rule = rowWith(grid, band);
    await rule.getByRole('gridcell', { name: '1 - 1 Mg/kg', exact: true }).waitFor();
    await rule.getByRole('gridcell', { name: '24 - 24 Hours', exact: true }).waitFor();
  }
  expect(await grid.getByRole('row').count()).toBe(3);
});

it('asks for the eGFR of a patient with chronic kidney disease, then finds twice a day too often at 25', async () => {
  await page.goto('/dashboard/safety-check');
  await page.getByText('Choose one or more medications').waitFor();
  const add = page.getByRole('combobox', { name: 'Add a medication' });
  await add.fill('Enox');
  await page.getByRole('option', { name: 'Enoxaparin', exact: true }).click();
  await page.getByLabel('Dose of Enoxaparin').fill('70');
  await page.getByLabel('Dose unit of Enoxaparin').selectOption('mg');
  await page.getByLabel('Frequency of Enoxaparin').fill('12');
  await page.getByLabel('Frequency unit of Enoxaparin').selectOption('hours');
  await page.getByLabel('Duration of Enoxaparin').fill('5');
  await page.getByLabel('Duration unit of Enoxaparin').selectOption('days');
  await page.getByLabel('Age', { exact: true }).fill('60');
  await page.getByLabel('Weight', { exact: true }).fill('70');
  await page.getByRole('combobox', { name: 'Sex', exact: true }).click();
  await page.getByRole('option', { name: 'Male', exact: true }).click();
  await page.getByRole('combobox', { name: 'Conditions' }).fill('Chronic');
  await page.getByRole('option', { name: 'Chronic kidney disease', exact: true }).click();

  // No eGFR: its renal rules cannot be passed over, so the check is incomplete and says why.
  const notChecked = verdict().getByRole('list', { name: 'Could not be checked' });
  await notChecked.getByText('eGFR not given', { exact: true }).waitFor();
  await notChecked.getByText(/^Enoxaparin: eGFR not given/).waitFor();
  await verdict()
    .getByText(/^Incomplete: /)
    .waitFor();

  // The server's own words for the same prescription at an eGFR of 25.
  const medicationId = await idOf('/medication', 'Enoxaparin');
  const { data } = await api<{
    data: { findings: { kind: string; severity: string | null; message: string }[] };
  }>('POST', '/safety-check', {
    medications: [
      {
        medication_id: medicationId,
        dose: 70,
        dose_unit: 'mg',
        frequency: 12,
        frequency_unit: 'hours',
        duration: 5,
        duration_unit: 'days',
      },
    ],
    patient: { age: 60, age_unit: 'years', weight: 70, weight_unit: 'kg', sex: 'male', egfr: 25 },
  });
  const tooOften = data.findings.find((f) => f.kind === 'frequency' && f.severity === 'major');
  if (!tooOften) throw new Error('no major frequency finding at an eGFR of 25');
  expect(tooOften.message).toContain('eGFR of 25');

  const egfr = page.getByRole('spinbutton', { name: 'eGFR' });
  await egfr.fill('25');
  await page.waitForURL(/egfr=25/);
  await verdict().getByText('Major', { exact: true }).waitFor();
  const finding = page
    .getByRole('region', { name: /^Major \(\d+\)$/ })
    .getByRole('listitem')
    .filter({ hasText: tooOften.message });
  await finding.getByText('Frequency', { exact: true }).waitFor();
  expect(await notChecked.getByText('eGFR not given', { exact: true }).count()).toBe(0);
});
