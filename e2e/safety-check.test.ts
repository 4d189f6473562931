import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  registerAdmin,
  signInThroughUi,
  startServer,
  type RunningServer,
} from './support/harness';

/**
 * Issue 7 in a real browser against the real server with the demo data: the safety check (a
 * known major interaction, a category X medication in pregnancy, a shared link reloaded, opened
 * from a medication's detail page) and the data-quality report (a problem created through the
 * API, and one the demo data has).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and a whole console on two shared cores: generous time.
jest.setTimeout(240_000);

async function api<T>(method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await registerAdmin(server.baseUrl);
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  token = ((await login.json()) as { token: string }).token;
  ({ context, page } = await newPage(browser, server.baseUrl));
  page.setDefaultTimeout(30_000);
  await signInThroughUi(page, admin);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const verdict = (p: Page = page) => p.getByRole('status', { name: 'Verdict' });

/** Waits until the verdict badge says `word`. */
async function verdictIs(word: string, p: Page = page) {
  await verdict(p).getByText(word, { exact: true }).waitFor();
}

/** The findings as shown: each severity group's text, most severe first. */
async function findings(p: Page = page) {
  return p.getByRole('region').allInnerTexts();
}

async function chooseMedication(name: string) {
  const input = page.getByRole('combobox', { name: 'Medications' });
  await input.fill(name.slice(0, 4));
  await page.getByRole('option', { name, exact: true }).click();
}

describe('the safety check', () => {
  let sharedLink = '';

  it('opens from the sidebar; Warfarin with Ibuprofen (a known major interaction) says Major', async () => {
    await page.getByRole('link', { name: 'Safety Check' }).click();
    await page.waitForURL('**/dashboard/safety-check');
    await page.getByText('Choose one or more medications').waitFor();
    await chooseMedication('Warfarin');
    await chooseMedication('Ibuprofen');
    await verdictIs('Major');
    await page.getByText('Ibuprofen and Warfarin: Increased bleeding risk').waitFor();
    await page
      .getByRole('table', { name: 'Dosing' })
      .getByText('No age given: Warfarin is dosed by age.')
      .waitFor();
  });

  it('a pregnancy with Warfarin (category X) makes it Contraindicated, and the link holds the form', async () => {
    await page.getByRole('checkbox', { name: 'Pregnant' }).check();
    await page.getByLabel('Age', { exact: true }).fill('30');
    await verdictIs('Contraindicated');
    await page
      .getByText('Warfarin is pregnancy category X: contraindicated in pregnancy.')
      .waitFor();
    // The dosing table follows the age: Warfarin's adult dosage.
    await page.getByRole('table', { name: 'Dosing' }).getByText('Adult (18–65 years)').waitFor();
    await page.waitForURL(/pregnant=true/);
    sharedLink = page.url();
    expect(sharedLink).toMatch(/medications=\d+,\d+/);
    expect(sharedLink).toContain('age=30&age_unit=years');
  });

  it('a shared link, reloaded or opened in another tab, gives the same result', async () => {
    const before = await findings();
    expect(before[0]).toContain('Contraindicated');
    await page.reload();
    await verdictIs('Contraindicated');
    await page.getByText('Warfarin is pregnancy category X').waitFor();
    expect(await findings()).toEqual(before);
    await expect(page.getByRole('checkbox', { name: 'Pregnant' }).isChecked()).resolves.toBe(true);

    const other = await context.newPage();
    await other.goto(sharedLink);
    await verdictIs('Contraindicated', other);
    await other.getByText('Warfarin is pregnancy category X').waitFor();
    expect(await findings(other)).toEqual(before);
    await other.close();
  });
});

describe("the medication detail page's button", () => {
  it('opens the check with that medication selected', async () => {
    const medications = await api<{ data: { id: number; name: string }[] }>('GET', '/medication');
    const isotretinoin = medications.data.find((m) => m.name === 'Isotretinoin');
    if (!isotretinoin) throw new Error('the demo data has no Isotretinoin');
    await page.goto(`/dashboard/drugs/medications/${isotretinoin.id}`);
    await page.getByRole('link', { name: 'Check this medication' }).click();
    await page.waitForURL(`**/dashboard/safety-check?medications=${isotretinoin.id}`);
    await page
      .getByRole('table', { name: 'Dosing' })
      .getByRole('rowheader', { name: 'Isotretinoin' })
      .waitFor();
    await verdictIs('No findings');
    // A pregnancy makes it contraindicated (category X).
    await page.getByRole('checkbox', { name: 'Pregnant' }).check();
    await verdictIs('Contraindicated');
  });
});

describe('the data-quality report', () => {
  it('lists a problem made through the API and one in the demo data, each linked to its record', async () => {
    // 100 to 150 lbs is 45.36 to 68.04 kg: it overlaps Underweight (0 to 50 kg) and Normal (50.1 to 80 kg).
    const created = await api<{ data: { id: number } }>('POST', '/weight-category', {
      minimum_weight: 100,
      maximum_weight: 150,
      unit: 'lbs',
      category: 'Normal',
      description: 'E2E overlap',
    });
    await page.getByRole('link', { name: 'Data quality' }).click();
    await page.waitForURL('**/dashboard/data-quality');
    await page.getByRole('searchbox', { name: 'Search findings' }).fill('150 lbs');
    const overlap = page
      .getByRole('row')
      .filter({ hasText: 'Weight categories overlap' })
      .filter({ hasText: `Normal #${created.data.id} (100 to 150 lbs)` })
      .first();
    await overlap.waitFor();
    await overlap.getByText(/overlap from [\d.]+ to [\d.]+ kg/).waitFor();

    await page.getByRole('searchbox', { name: 'Search findings' }).fill('Fluconazole');
    // The quick filter is debounced: pick the row by its own text, not by how many rows are left.
    const pregnancy = page
      .getByRole('row')
      .filter({ hasText: 'No pregnancy category' })
      .filter({ hasText: 'Fluconazole has no pregnancy category' });
    await pregnancy.getByRole('link').click();
    await page.waitForURL(/\/dashboard\/drugs\/medications\/\d+$/);

    await page.goBack();
    await page.getByRole('searchbox', { name: 'Search findings' }).fill('150 lbs');
    await overlap.getByRole('link').click();
    await page.waitForURL('**/dashboard/drugs/weight-categories');
  });
});
