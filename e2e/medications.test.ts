import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';
import { impactShown } from './support/impact';

/**
 * Medications against the real thing: the built console in headless Chromium, the server on its own
 * embedded PostgreSQL with the demo data. One admin works through the Medications screens in order;
 * each step relies on the ones before it.
 */
jest.setTimeout(120_000);

const LIST = '/dashboard/drugs/medications';
const WEIGHT_MED = 'E2E Weightcillin';
const AGE_MED = 'E2E Agemol';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

/** The newest notification showing `text` (notifications carry role="alert"). */
async function toast(text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

function dialog(name: string): Locator {
  return page.getByRole('dialog', { name });
}

/** Waits until no dialog is open (they close after a save). */
async function dialogsClosed() {
  await page.getByRole('dialog').first().waitFor({ state: 'detached' });
}

function section(name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

async function api(path: string) {
  return fetch(`${server.baseUrl}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

async function medicationByName(name: string) {
  const response = await api('/medication');
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  const found = data.find((medication) => medication.name === name);
  if (!found) throw new Error(`${name} is not listed`);
  return found;
}

async function searchList(text: string) {
  const search = page.getByRole('searchbox', { name: 'Search medications by name' });
  await search.fill(text);
}

function row(name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('gridcell', { name, exact: true }) });
}

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

/** Dosage ranges, pregnancy categories and medication deletes need a reason in the history. */
async function giveReason(form: Locator) {
  await form.getByLabel(/^Reason for the change/).fill('Browser test');
}

it('lists the demo medications', async () => {
  await page.goto(LIST);
  await page.getByRole('heading', { level: 1, name: 'Medications Management' }).waitFor();
  await page.getByRole('gridcell', { name: 'Acyclovir', exact: true }).waitFor();
  await searchList('warf');
  await page.getByRole('gridcell', { name: 'Warfarin', exact: true }).waitFor();
  await page
    .getByRole('gridcell', { name: 'Acyclovir', exact: true })
    .waitFor({ state: 'detached' });
  await searchList('');
});

/**
 * Types part of a record's name into the form's picker labelled `label` and picks it from the
 * server's suggestions.
 */
async function pick(form: Locator, label: RegExp | string, name: string) {
  await form.getByRole('combobox', { name: label }).fill(name.slice(0, 5).toLowerCase());
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
}

it('creates a weight-based medication with contraindications and a pregnancy category', async () => {
  await page.getByRole('button', { name: 'Add Medication' }).click();
  const form = dialog('Add Medication');
  await form.getByLabel('Minimum dosage').waitFor();
  await pick(form, /^Condition/, 'Hypertension');
  await form.getByRole('textbox', { name: 'Name' }).fill(WEIGHT_MED);
  await pick(form, 'Contraindicated conditions', 'Asthma');
  await pick(form, 'Contraindicated conditions', 'Liver cirrhosis');
  await form.getByText('2 condition(s) selected').waitFor();
  await form.getByLabel('Average weight dosage', { exact: true }).fill('15');
  await form.getByRole('checkbox', { name: 'Dosage is weight-based' }).check();
  await form.getByLabel('Weight Category').selectOption({ label: 'Normal (50 - 80 Kg)' });
  await form.getByLabel('Minimum dosage').fill('250');
  await form.getByLabel('Maximum dosage').fill('500');
  // Min above max is refused under the field, before any request.
  await form.getByLabel('Minimum frequency').fill('5');
  await form.getByRole('button', { name: 'Add Medication' }).click();
  await form.getByText('Minimum frequency must not exceed maximum frequency').waitFor();
  await form.getByLabel('Minimum frequency').fill('1');
  await form.getByRole('checkbox', { name: 'Is Pregnancy' }).check();
  await form.getByText(/replaced by narrative labelling/).waitFor();
  await form.getByLabel('Pregnancy Category').selectOption('B');
  await giveReason(form);
  await form.getByRole('button', { name: 'Add Medication' }).click();
  await toast('Medication added successfully');
  await dialogsClosed();

  await searchList('E2E');
  const created = row(WEIGHT_MED);
  await created.waitFor();
  await expect(created.getByRole('gridcell').allTextContents()).resolves.toEqual([
    WEIGHT_MED,
    'Weight-based',
    '15 Mg',
    '1Add',
    '0Add',
    'Asthma, Liver cirrhosisAdd',
    'BAsthma, Liver cirrhosis',
    // No codes given; then the actions.
    '',
    '',
  ]);
});

it('creates an age-based medication with the defaults', async () => {
  await page.getByRole('button', { name: 'Add Medication' }).click();
  const form = dialog('Add Medication');
  await form.getByLabel('Minimum dosage').waitFor();
  // No condition is pre-selected: it is searched for.
  await pick(form, /^Condition/, 'Hypertension');
  await form.getByRole('textbox', { name: 'Name' }).fill(AGE_MED);
  await form.getByLabel('Minimum dosage').fill('5');
  await form.getByLabel('Maximum dosage').fill('10');
  await giveReason(form);
  await form.getByRole('button', { name: 'Add Medication' }).click();
  await toast('Medication added successfully');
  await dialogsClosed();
  await row(AGE_MED).getByRole('gridcell', { name: 'Age-based' }).waitFor();
  const { id } = await medicationByName(AGE_MED);
  const { data } = (await (await api(`/medication/${id}`)).json()) as {
    data: { pregnancy_category: string | null; age_category_dosages: Record<string, unknown>[] };
  };
  expect(data.pregnancy_category).toBeNull();
  expect(data.age_category_dosages).toHaveLength(1);
  expect(data.age_category_dosages[0]).toMatchObject({
    min_dosage: 5,
    max_dosage: 10,
    dosage_unit: 'mg',
    min_frequency: 1,
    max_frequency: 3,
    frequency_unit: 'hours',
    min_frequency_duration: 3,
    max_frequency_duration: 7,
    frequency_duration_unit: 'days',
  });
});

it('adds an age dosage from the list’s Add link, with that medication pre-selected', async () => {
  await row(AGE_MED)
    .getByRole('button', { name: `Add age dosage for ${AGE_MED}` })
    .click();
  const form = dialog('Add Age-Based Dosage');
  await form.getByLabel('Minimum dosage').waitFor();
  await expect(form.getByLabel('Medication').inputValue()).resolves.toBe(AGE_MED);
  // The first category already has this medication's dosage: choose another.
  const category = form.getByLabel('Age Category');
  const labels = await category.locator('option').allTextContents();
  await category.selectOption({ label: labels[1] });
  await form.getByLabel('Minimum dosage').fill('2.5');
  await form.getByLabel('Maximum dosage').fill('5');
  await giveReason(form);
  await form.getByRole('button', { name: 'Add Dosage' }).click();
  await toast('Age dosage added successfully');
  await dialogsClosed();
  await row(AGE_MED)
    .locator('[data-field="age_dosage_count"]', { hasText: /^2Add$/ })
    .waitFor();
});

it('opens the detail page with View and shows the information', async () => {
  await row(WEIGHT_MED)
    .getByRole('button', { name: `View ${WEIGHT_MED}` })
    .click();
  await page.waitForURL(/\/dashboard\/drugs\/medications\/\d+$/);
  const info = section('Information');
  await info.getByText(WEIGHT_MED).waitFor();
  await info.getByText('Hypertension').waitFor();
  await info.getByText('Weight-based').waitFor();
  await info.getByText('15 Mg').waitFor();
  await section('Age-based Dosages').getByText('No age-based dosages found.').waitFor();
  await section('Lifestyle Contraindications')
    .getByText('No lifestyle contraindications found.')
    .waitFor();
});

it('adds a weight dosage and edits a dosage (the category stays)', async () => {
  const weight = section('Weight-based Dosages');
  await weight.getByRole('button', { name: 'Add Weight Dosage' }).click();
  const form = dialog('Add Weight-Based Dosage');
  await form.getByLabel('Weight Category').selectOption({ label: 'Obese (100 - 650 Kg)' });
  await form.getByLabel('Minimum dosage').fill('500');
  await form.getByLabel('Maximum dosage').fill('750');
  await form.getByLabel('Duration unit').selectOption('weeks');
  await giveReason(form);
  await form.getByRole('button', { name: 'Add Dosage' }).click();
  await toast('Weight dosage added successfully');
  await dialogsClosed();
  const obese = weight.getByRole('row').filter({ hasText: 'Obese (100 - 650 Kg)' });
  await obese.getByRole('gridcell', { name: '500 - 750 Mg' }).waitFor();
  await obese.getByRole('gridcell', { name: '3 - 7 Weeks' }).waitFor();

  await obese.getByRole('button', { name: /^Edit weight dosage/ }).click();
  const edit = dialog('Edit Weight-Based Dosage');
  await expect(edit.getByLabel('Weight Category').isDisabled()).resolves.toBe(true);
  await edit.getByLabel('Maximum dosage').fill('1000');
  await edit.getByLabel('Frequency unit').selectOption('days');
  await giveReason(edit);
  await edit.getByRole('button', { name: 'Save' }).click();
  await toast('Weight dosage updated successfully');
  await dialogsClosed();
  await obese.getByRole('gridcell', { name: '500 - 1000 Mg' }).waitFor();
  await obese.getByRole('gridcell', { name: '1 - 3 Days' }).waitFor();
});

it('adds and removes a condition contraindication', async () => {
  const contraindications = section('Contraindications');
  await contraindications.getByRole('button', { name: 'Add Contraindication' }).click();
  const form = dialog('Add Contraindication');
  await pick(form, /^Condition/, 'Type 2 diabetes');
  await form.getByRole('button', { name: 'Add Contraindication' }).click();
  await toast('Contraindication added successfully');
  await dialogsClosed();
  await contraindications.getByRole('gridcell', { name: 'Type 2 diabetes', exact: true }).waitFor();

  await contraindications
    .getByRole('button', { name: 'Remove contraindication Type 2 diabetes' })
    .click();
  const remove = dialog('Remove Contraindication');
  await impactShown(remove);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await toast('Contraindication removed successfully');
  await contraindications
    .getByRole('gridcell', { name: 'Type 2 diabetes', exact: true })
    .waitFor({ state: 'detached' });
  await contraindications.getByRole('gridcell', { name: 'Asthma', exact: true }).waitFor();
});

it('adds and deletes a lifestyle contraindication', async () => {
  const lifestyles = section('Lifestyle Contraindications');
  await lifestyles.getByRole('button', { name: 'Add Lifestyle Contraindication' }).click();
  const form = dialog('Add Lifestyle Contraindication');
  await pick(form, /^Lifestyle/, 'Smoking');
  await form.getByRole('button', { name: 'Add Lifestyle Contraindication' }).click();
  await toast('Lifestyle contraindication added successfully');
  await dialogsClosed();
  await lifestyles.getByRole('gridcell', { name: 'Smoking', exact: true }).waitFor();

  await lifestyles
    .getByRole('button', { name: 'Delete lifestyle contraindication Smoking' })
    .click();
  const confirm = dialog('Delete Lifestyle Contraindication');
  await confirm
    .getByText(
      'Are you sure you want to delete this lifestyle contraindication? This action cannot be undone.',
    )
    .waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast('Lifestyle contraindication deleted successfully');
  await lifestyles.getByText('No lifestyle contraindications found.').waitFor();
});

it('edits the name and pregnancy category', async () => {
  await page.getByRole('button', { name: 'Edit Medication' }).click();
  const form = dialog('Edit Medication');
  await expect(form.getByRole('checkbox', { name: 'Is Pregnancy' }).isChecked()).resolves.toBe(
    true,
  );
  await expect(form.getByLabel('Pregnancy Category').inputValue()).resolves.toBe('B');
  await form.getByRole('textbox', { name: 'Name' }).fill(`${WEIGHT_MED} Forte`);
  await form.getByLabel('Pregnancy Category').selectOption('C');
  await giveReason(form);
  await form.getByRole('button', { name: 'Save' }).click();
  await toast('Medication updated successfully');
  await dialogsClosed();
  const info = section('Information');
  await info.getByText(`${WEIGHT_MED} Forte`).waitFor();
  await info
    .getByRole('definition')
    .filter({ hasText: /^C \(legacy FDA letter/ })
    .waitFor();
});

it('shows the detail page after a reload, and for a pasted link', async () => {
  const url = page.url();
  await page.reload();
  await section('Information').getByText(`${WEIGHT_MED} Forte`).waitFor();
  await section('Weight-based Dosages').getByRole('gridcell', { name: '500 - 1000 Mg' }).waitFor();

  const { id } = await medicationByName(AGE_MED);
  const pasted = await context.newPage();
  await pasted.goto(url.replace(/\d+$/, String(id)));
  await pasted.getByRole('region', { name: 'Information' }).getByText(AGE_MED).waitFor();
  await pasted
    .getByRole('region', { name: 'Age-based Dosages', exact: true })
    .getByRole('gridcell', { name: '2.5 - 5 Mg' })
    .waitFor();
  await pasted.goto(url.replace(/\d+$/, '999999'));
  await pasted.getByRole('main').getByText('Medication not found').waitFor();
  await pasted.close();
});

it('goes Back to the list and deletes a medication on the server', async () => {
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(`**${LIST}`);
  await searchList('E2E');
  await row(AGE_MED)
    .getByRole('button', { name: `Delete ${AGE_MED}` })
    .click();
  const confirm = dialog('Delete Medication');
  await confirm.getByText('Are you sure you want to delete this medication?').waitFor();
  // It says what goes with it: the two age dosages added above.
  await confirm.getByText('Age-based dosages: 2').waitFor();
  await confirm.getByText('Drug interactions: 0').waitFor();
  await giveReason(confirm);
  await impactShown(confirm);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast('Medication deleted successfully');
  await row(AGE_MED).waitFor({ state: 'detached' });
  await row(`${WEIGHT_MED} Forte`).waitFor();
  const response = await api('/medication');
  const { data } = (await response.json()) as { data: { name: string }[] };
  expect(data.map((medication) => medication.name)).not.toContain(AGE_MED);
});
