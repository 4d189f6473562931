import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * In a real browser against the real server with the demo data: the safety check (a known major
 * interaction, a category X medication in pregnancy, a pregnancy status not given, a shared link
 * reloaded, opened from a medication's detail page, a medication's age limit set there, a
 * prescribed overdose, a child's dose above the most for one dose, an incomplete check in amber and
 * never green) and the data-quality report
 * (a problem created through the API, and one the demo data has).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and a whole console on two shared cores: generous time.
jest.setTimeout(240_000);

const api = <T>(method: string, path: string, body?: object) =>
  callApi<T>(server.baseUrl, path, { method, token, body: body && JSON.stringify(body) });

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

const verdict = (p: Page = page) => p.getByRole('status', { name: 'Verdict' });

/** Waits until the verdict badge says `word`. */
async function verdictIs(word: string, p: Page = page) {
  await verdict(p).getByText(word, { exact: true }).waitFor();
}

/** The findings as shown: each severity group's text, most severe first. */
async function findings(p: Page = page) {
  // The rules' grids arrive after the result: compare once every one has.
  await p
    .getByRole('progressbar', { name: /^Loading the rules of/ })
    .first()
    .waitFor({ state: 'detached' });
  return p.getByRole('region').allInnerTexts();
}

/** Chooses `option` in one of the patient's selects (Sex, Pregnant). */
async function choose(label: string, option: string, p: Page = page) {
  await p.getByRole('combobox', { name: label, exact: true }).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

async function addMedication(name: string) {
  const input = page.getByRole('combobox', { name: 'Add a medication' });
  await input.fill(name.slice(0, 4));
  await page.getByRole('option', { name, exact: true }).click();
}

/**
 * The incomplete notice's colours as the browser paints them: its fill's hue (amber is about 30 to
 * 50 degrees; green about 120) and the contrast of its text on that fill (WCAG's formula).
 */
async function incompleteColours(p: Page = page) {
  const notice = verdict(p).locator('.MuiAlert-root');
  return notice.evaluate((element) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const style = getComputedStyle(element);
    const [r, g, b] = rgb(style.backgroundColor).map((c) => c / 255);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const d = max - min;
    const hue =
      d === 0
        ? 0
        : max === r
          ? (60 * ((g - b) / d) + 360) % 360
          : max === g
            ? 60 * ((b - r) / d) + 120
            : 60 * ((r - g) / d) + 240;
    const luminance = (css: string) => {
      const [lr, lg, lb] = rgb(css).map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const [light, dark] = [luminance(style.backgroundColor), luminance(style.color)].sort(
      (a, b) => b - a,
    );
    return { hue, contrast: (light + 0.05) / (dark + 0.05) };
  });
}

/** The check is incomplete: amber notice, readable, and no green "No findings" anywhere. */
async function expectIncomplete(p: Page = page) {
  await verdict(p)
    .getByText(/^Incomplete: \d+ things? could not be checked$/)
    .waitFor();
  const { hue, contrast } = await incompleteColours(p);
  expect(hue).toBeGreaterThanOrEqual(25);
  expect(hue).toBeLessThanOrEqual(50);
  expect(contrast).toBeGreaterThanOrEqual(4.5);
  expect(await p.getByText('No findings', { exact: true }).count()).toBe(0);
  expect(await p.getByText(/Nothing in the reference data speaks against/).count()).toBe(0);
  expect(await p.locator('[data-severity="none"]').count()).toBe(0);
}

describe('the safety check', () => {
  let sharedLink = '';

  it('opens from the sidebar; Warfarin with Ibuprofen (a known major interaction) says Major, and incomplete without a patient', async () => {
    await page.getByRole('link', { name: 'Safety Check' }).click();
    await page.waitForURL('**/dashboard/safety-check');
    await page.getByText('Choose one or more medications').waitFor();
    await addMedication('Warfarin');
    await addMedication('Ibuprofen');
    await verdictIs('Major');
    await page.getByText('Ibuprofen and Warfarin: Increased bleeding risk').waitFor();
    await expectIncomplete();
    await verdict()
      .getByText('Warfarin: no age given, so its age-based dosages could not be checked.')
      .waitFor();
  });

  it('a pregnancy with Warfarin (category X) makes it Contraindicated, and the link holds the form', async () => {
    await choose('Pregnant', 'Yes');
    await page.getByLabel('Age', { exact: true }).fill('30');
    await page.getByLabel('Dose of Warfarin').fill('5');
    await verdictIs('Contraindicated');
    await page
      .getByText('Warfarin is pregnancy category X: contraindicated in pregnancy.')
      .waitFor();
    // The rules follow the age: Warfarin's adult dosage.
    await page
      .getByRole('grid', { name: 'Rules applied to Warfarin' })
      .getByRole('gridcell', { name: /Adult \(18–65 years\)/ })
      .waitFor();
    await page.waitForURL(/pregnant=true/);
    sharedLink = page.url();
    expect(sharedLink).toMatch(/medications=\d+,\d+/);
    expect(sharedLink).toMatch(/dose_\d+=5&dose_unit_\d+=mg/);
    expect(sharedLink).toContain('age=30&age_unit=years');
  });

  it('a shared link, reloaded or opened in another tab, gives the same result', async () => {
    const before = await findings();
    expect(before[0]).toContain('Contraindicated');
    await page.reload();
    await verdictIs('Contraindicated');
    await page.getByText('Warfarin is pregnancy category X').waitFor();
    expect(await findings()).toEqual(before);
    await expect(
      page.getByRole('combobox', { name: 'Pregnant', exact: true }).textContent(),
    ).resolves.toBe('Yes');
    await expect(page.getByLabel('Dose of Warfarin').inputValue()).resolves.toBe('5');

    const other = await context.newPage();
    await other.goto(sharedLink);
    await verdictIs('Contraindicated', other);
    await other.getByText('Warfarin is pregnancy category X').waitFor();
    expect(await findings(other)).toEqual(before);
    await other.close();
  });

  it('a prescribed overdose shows its message: Paracetamol 1,000 mg for an underweight adult', async () => {
    await page.goto('/dashboard/safety-check');
    await page.getByText('Choose one or more medications').waitFor();
    await addMedication('Paracetamol');
    await page.getByLabel('Dose of Paracetamol').fill('1000');
    await page.getByLabel('Dose unit of Paracetamol').selectOption('mg');
    await page.getByLabel('Frequency of Paracetamol').fill('6');
    await page.getByLabel('Duration of Paracetamol').fill('2');
    await page.getByLabel('Age', { exact: true }).fill('30');
    await page.getByLabel('Weight', { exact: true }).fill('45');
    await verdictIs('Major');
    const message =
      'Paracetamol: 1,000 mg is above the 675 mg (15 mg/kg × 45 kg) maximum for Underweight (0–50 kg).';
    const major = page.getByRole('region', { name: 'Major (2)' });
    await major.getByText(message).waitFor();
    // Four such doses a day are 4 g, above 60 mg/kg a day (2.7 g) for an adult under 50 kg.
    await major.getByText(/makes 4,000 mg a day, which is above the 2,700 mg/).waitFor();
    // The rule applied, with its per-kg range and its outcome.
    const underweight = page
      .getByRole('grid', { name: 'Rules applied to Paracetamol' })
      .getByRole('row')
      .filter({ hasText: 'Underweight (0–50 kg)' });
    await underweight.getByText('10–15 mg/kg').waitFor();
    await underweight.getByText('Compared: 1,000 mg against 450–675 mg').waitFor();
    await underweight.getByText('At most 60 mg/kg').waitFor();
    // The dose and the day's total.
    await underweight.getByText('Above maximum').nth(1).waitFor();
    expect(await underweight.getByText('Above maximum').count()).toBe(2);
  });

  it("a child's per-kg dose above the most for one dose: Ondansetron 0.15 mg/kg at 40 kg is 6 mg, above 4 mg", async () => {
    await page.goto('/dashboard/safety-check');
    await page.getByText('Choose one or more medications').waitFor();
    await addMedication('Ondansetron');
    await page.getByLabel('Dose of Ondansetron').fill('0.15');
    await page.getByLabel('Dose unit of Ondansetron').selectOption('mg/kg');
    await page.getByLabel('Age', { exact: true }).fill('10');
    await page.getByLabel('Weight', { exact: true }).fill('40');
    await verdictIs('Major');
    await page
      .getByRole('region', { name: /^Major/ })
      .getByText(
        /Ondansetron: 0\.15 mg\/kg × 40 kg = 6 mg in one dose is above the most for one dose, 4 mg/,
      )
      .waitFor();
    // The rule shows its single-dose maximum and what the dose came to.
    const grid = page.getByRole('grid', { name: 'Rules applied to Ondansetron' });
    await grid.getByRole('columnheader', { name: 'One dose' }).waitFor();
    await grid.getByText('At most 4 mg').waitFor();
    await grid.getByText('Compared: 6 mg against 0–4 mg').waitFor();
  });

  it('is amber, never green, until everything could be checked; then, and only then, "No findings"', async () => {
    // Gentamicin with no patient: nothing could be compared.
    const medications = await api<{ data: { id: number; name: string }[] }>('GET', '/medication');
    const idOf = (name: string) => {
      const found = medications.data.find((m) => m.name === name);
      if (!found) throw new Error(`the demo data has no ${name}`);
      return found.id;
    };
    await page.goto(`/dashboard/safety-check?medications=${idOf('Gentamicin')}`);
    await expectIncomplete();
    await verdict()
      .getByText(/^Gentamicin: no weight given/)
      .waitFor();

    // Paracetamol 500 mg every 6 hours for 2 days, for a 30-year-old of 70 kg: every rule compared.
    const id = idOf('Paracetamol');
    await page.goto(
      `/dashboard/safety-check?medications=${id}&dose_${id}=500&dose_unit_${id}=mg` +
        `&frequency_${id}=6&frequency_unit_${id}=hours&duration_${id}=2&duration_unit_${id}=days` +
        '&age=30&age_unit=years&weight=70&weight_unit=kg',
    );
    await verdictIs('No findings');
    await page
      .getByText('Nothing in the reference data speaks against this combination.')
      .waitFor();
    expect(
      await verdict()
        .getByText(/could not be checked/)
        .count(),
    ).toBe(0);

    // Take the weight away: amber again.
    await page.getByLabel('Weight', { exact: true }).fill('');
    await expectIncomplete();
    await verdict()
      .getByText('Paracetamol: no weight given, so its weight-based dosages could not be checked.')
      .waitFor();
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
      .getByRole('list', { name: 'Prescribed medications' })
      .getByRole('heading', { name: 'Isotretinoin' })
      .waitFor();
    // No patient: nothing could be compared, so amber, not green.
    await expectIncomplete();
    // A pregnancy makes it contraindicated (category X).
    await choose('Pregnant', 'Yes');
    await verdictIs('Contraindicated');
    await page.waitForURL(/pregnant=true/);
  });
});

describe('a pregnancy status not given, and a medication age limit', () => {
  it('pregnancy not given for a 25-year-old on Isotretinoin (category X) is not checked, in amber; a male patient is not asked', async () => {
    const medications = await api<{ data: { id: number; name: string }[] }>('GET', '/medication');
    const isotretinoin = medications.data.find((m) => m.name === 'Isotretinoin');
    if (!isotretinoin) throw new Error('the demo data has no Isotretinoin');
    await page.goto(`/dashboard/safety-check?medications=${isotretinoin.id}&age=25&age_unit=years`);
    await expectIncomplete();
    const notChecked = verdict().getByRole('list', { name: 'Could not be checked' });
    const status = notChecked
      .getByRole('listitem')
      .filter({ hasText: 'Pregnancy status not given' });
    await status
      .getByText(/^Isotretinoin is pregnancy category X: pregnancy status not given/)
      .waitFor();
    expect(await page.getByRole('combobox', { name: 'Pregnant', exact: true }).textContent()).toBe(
      'Not known',
    );
    await choose('Sex', 'Male');
    await page.waitForURL(/sex=male/);
    await status.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('pregnant=');
  });

  it("an age limit set in Edit Medication shows on the medication's page, and the check finds it for a younger patient", async () => {
    const medications = await api<{ data: { id: number; name: string }[] }>('GET', '/medication');
    const zolpidem = medications.data.find((m) => m.name === 'Zolpidem');
    if (!zolpidem) throw new Error('the demo data has no Zolpidem');
    await page.goto(`/dashboard/drugs/medications/${zolpidem.id}`);
    const information = page.getByRole('region', { name: 'Information' });
    await information.getByText('Age Limit', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Medication' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Medication' });
    await edit.getByRole('checkbox', { name: 'Has Age Limit' }).check();
    await edit.getByLabel('Minimum age').fill('18');
    await edit.getByLabel('Reason for the change').fill('Not for children');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await information.getByText('Contraindicated under 18 years', { exact: true }).waitFor();
    expect(
      (await api<{ data: { age_limit: unknown } }>('GET', `/medication/${zolpidem.id}`)).data,
    ).toMatchObject({
      age_limit: { min_age: 18, max_age: null, unit: 'years', severity: 'contraindicated' },
    });

    await page.getByRole('link', { name: 'Check this medication' }).click();
    await page.waitForURL(`**/dashboard/safety-check?medications=${zolpidem.id}`);
    await page.getByLabel('Age', { exact: true }).fill('10');
    await verdictIs('Contraindicated');
    const finding = page
      .getByRole('region', { name: /^Contraindicated \(\d+\)$/ })
      .getByRole('listitem')
      .filter({ hasText: 'Zolpidem is contraindicated under 18 years' });
    await finding.getByText('Age limit', { exact: true }).waitFor();
  });
});

describe('the data-quality report', () => {
  it('lists a problem made through the API and one in the demo data, each linked to its record', async () => {
    // 100 to 150 lbs is 45.36 to 68.04 kg: it overlaps Underweight (0 to 50 kg) and Normal (50 to 80 kg).
    const created = await api<{ data: { id: number } }>('POST', '/weight-category', {
      minimum_weight: 100,
      maximum_weight: 150,
      unit: 'lbs',
      category: 'Normal',
      description: 'E2E overlap',
    });
    // The dashboard's card counts the same findings the report lists.
    const report = await api<{ data: unknown[] }>('GET', '/data-quality');
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Data quality' })
      .getByText(String(report.data.length), { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'Data Quality' }).click();
    await page.waitForURL('**/dashboard/data-quality');
    await page.getByRole('searchbox', { name: 'Search findings' }).fill('150 lbs');
    const overlap = page
      .getByRole('row')
      .filter({ hasText: 'Weight categories overlap' })
      .filter({ hasText: `Normal #${created.data.id} (100 to 150 lbs)` })
      .first();
    await overlap.waitFor();
    await overlap.getByText(/overlap from [\d.]+ to [\d.]+ kg/).waitFor();
    // The server filters the findings: by problem (still there), then by severity (gone).
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters
      .getByRole('combobox', { name: 'Problem' })
      .selectOption({ label: 'Weight categories overlap' });
    await overlap.waitFor();
    await filters.getByRole('combobox', { name: 'Severity' }).selectOption({ label: 'Error' });
    await page.getByText('No finding matches the search and filters.').waitFor();
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await overlap.waitFor();

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
