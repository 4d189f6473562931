import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * In a real browser against the real server (demo data): on each of the five reference-data
 * screens, add, find by search, edit and delete a record through the UI, seeing each change after a
 * reload; a delete the server refuses (409, still used by medications) shows its message; and the
 * interaction rules (self-interaction, duplicate pair, fixed medications on edit).
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

// A browser, a server and a whole console on two shared cores: generous time per screen.
jest.setTimeout(240_000);

beforeAll(async () => {
  ({ server, browser, context, page } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

/** A cell showing exactly `name` (the first, when a name shows in two columns). */
const cell = (name: string) => page.getByRole('gridcell', { name, exact: true }).first();
const dialog = (name: string) => page.getByRole('dialog', { name });
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

/** Goes to `path` (or reloads) and waits until the list shows `shown`, a record known to be there. */
async function load(path: string | null, shown: string) {
  if (path) await page.goto(path);
  else await page.reload();
  await cell(shown).waitFor();
}

async function search(label: string, term: string) {
  await page.getByRole('searchbox', { name: label }).fill(term);
}

/** Waits for the notification saying `text` (a string is matched as a substring). */
async function toast(text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

async function save(form: Locator) {
  await button(form, 'Save').click();
}

/** Confirms the delete of the row named `name`, checking the confirm's question. */
/** The reason a change that needs one (a severity set, an interaction deleted) gives. */
const REASON = 'Browser test';

async function confirmDelete(name: string, title: string, question: string, reason?: string) {
  await button(page, `Delete ${name}`).click();
  const confirm = dialog(title);
  await confirm.getByText(question, { exact: true }).waitFor();
  if (reason) await confirm.getByLabel(/^Reason for the change/).fill(reason);
  await button(confirm, 'Delete').click();
  await confirm.waitFor({ state: 'detached' });
}

it('conditions: add, search, edit, delete, each seen after a reload; a used one is refused', async () => {
  await load('/dashboard/drugs/conditions', 'Hypertension');
  await button(page, 'Add Condition').click();
  const add = dialog('Add Condition');
  await add.getByLabel(/^Name/).fill('E2E Condition');
  await add.getByLabel(/^Description/).fill('Made by the browser test');
  await save(add);
  await toast('Condition created successfully');
  await add.waitFor({ state: 'detached' });

  await load(null, 'Hypertension');
  await search('Search conditions', 'e2e CONDITION');
  await cell('E2E Condition').waitFor();
  await cell('Hypertension').waitFor({ state: 'detached' });

  await button(page, 'Edit E2E Condition').click();
  const edit = dialog('Edit Condition');
  await edit.getByLabel(/^Name/).fill('E2E Condition renamed');
  await save(edit);
  await toast('Condition updated successfully');
  await edit.waitFor({ state: 'detached' });

  await load(null, 'Hypertension');
  await search('Search conditions', 'renamed');
  await cell('E2E Condition renamed').waitFor();
  await cell('Made by the browser test').waitFor();

  await confirmDelete(
    'E2E Condition renamed',
    'Delete Condition',
    'Are you sure you want to delete this condition?',
  );
  await toast('Condition deleted successfully');
  await load(null, 'Hypertension');
  await search('Search conditions', 'renamed');
  await page.getByText('No conditions found. Add a new condition to get started.').waitFor();

  // Still the condition that medications treat: the server refuses (409) and says why.
  await search('Search conditions', 'Hypertension');
  await confirmDelete(
    'Hypertension',
    'Delete Condition',
    'Are you sure you want to delete this condition?',
  );
  await toast(/This condition cannot be deleted: it is still used by medications/);
  await load(null, 'Hypertension');
});

it('age categories: min above max refused; add, search, edit, delete after reloads; a used one is refused', async () => {
  await load('/dashboard/drugs/age-categories', '18 - 65');
  await button(page, 'Add Age Category').click();
  const add = dialog('Add Age Category');
  await add.getByLabel(/^Minimum age/).fill('44');
  await add.getByLabel(/^Maximum age/).fill('43');
  await add.getByLabel(/^Age unit/).selectOption({ label: 'Months' });
  await add.getByLabel(/^Category/).selectOption({ label: 'Geriatric' });
  await add.getByLabel(/^Description/).fill('E2E age band');
  await save(add);
  await add.getByText('Minimum age must not exceed maximum age').waitFor();
  await add.getByLabel(/^Minimum age/).fill('41');
  await save(add);
  await toast('Age category created successfully');
  await add.waitFor({ state: 'detached' });

  await load(null, '18 - 65');
  // The server searches the category, unit and description (not the numbers).
  await search('Search age categories', 'e2e age');
  await cell('41 - 43').waitFor();
  await cell('18 - 65').waitFor({ state: 'detached' });

  await button(page, 'Edit 41 - 43 Months (Geriatric)').click();
  const edit = dialog('Edit Age Category');
  await edit.getByLabel(/^Maximum age/).fill('47');
  await edit.getByLabel(/^Category/).selectOption({ label: 'None' });
  await save(edit);
  await toast('Age category updated successfully');
  await edit.waitFor({ state: 'detached' });

  await load(null, '18 - 65');
  await search('Search age categories', 'e2e age');
  await cell('41 - 47').waitFor();

  await confirmDelete(
    '41 - 47 Months',
    'Delete Age Category',
    'Are you sure you want to delete this age category?',
  );
  await toast('Age category deleted successfully');
  await load(null, '18 - 65');
  await search('Search age categories', 'e2e age');
  await page.getByText('No age categories found. Add a new age category to get started.').waitFor();

  await search('Search age categories', 'adult');
  await confirmDelete(
    '18 - 65 Years (Adult)',
    'Delete Age Category',
    'Are you sure you want to delete this age category?',
  );
  await toast(/This age category cannot be deleted/);
});

it('weight categories: add, search, edit, delete after reloads; a used one is refused', async () => {
  await load('/dashboard/drugs/weight-categories', '50 - 80');
  await button(page, 'Add Weight Category').click();
  const add = dialog('Add Weight Category');
  await add.getByLabel(/^Minimum weight/).fill('301');
  await add.getByLabel(/^Maximum weight/).fill('302.5');
  await add.getByLabel(/^Weight unit/).selectOption({ label: 'Lbs' });
  await add.getByLabel(/^Category/).selectOption({ label: 'Overweight' });
  await add.getByLabel(/^Description/).fill('E2E weight band');
  await save(add);
  await toast('Weight category created successfully');
  await add.waitFor({ state: 'detached' });

  await load(null, '50 - 80');
  await search('Search weight categories', 'e2e weight');
  await cell('E2E weight band').waitFor();
  await cell('50 - 80').waitFor({ state: 'detached' });

  await button(page, 'Edit Overweight (301 - 302.5 Lbs)').click();
  const edit = dialog('Edit Weight Category');
  await edit.getByLabel(/^Category/).selectOption({ label: 'Obese' });
  await edit.getByLabel(/^Description/).fill('E2E weight band edited');
  await save(edit);
  await toast('Weight category updated successfully');
  await edit.waitFor({ state: 'detached' });

  await load(null, '50 - 80');
  await search('Search weight categories', 'e2e weight');
  await cell('E2E weight band edited').waitFor();

  await confirmDelete(
    'Obese (301 - 302.5 Lbs)',
    'Delete Weight Category',
    'Are you sure you want to delete this weight category?',
  );
  await toast('Weight category deleted successfully');
  await load(null, '50 - 80');
  await search('Search weight categories', 'e2e weight');
  await page
    .getByText('No weight categories found. Add a new weight category to get started.')
    .waitFor();

  await search('Search weight categories', 'Normal');
  await confirmDelete(
    'Normal (50 - 80 Kg)',
    'Delete Weight Category',
    'Are you sure you want to delete this weight category?',
  );
  await toast(/This weight category cannot be deleted/);
});

it('lifestyles: add, search, edit, delete after reloads; a used one is refused', async () => {
  await load('/dashboard/drugs/lifestyles', 'Smoking');
  await page.getByRole('heading', { name: 'Lifestyle Management' }).waitFor();
  await button(page, 'Add Lifestyle').click();
  const add = dialog('Add Lifestyle');
  await add.getByLabel(/^Name/).fill('E2E Night shifts');
  await save(add);
  await toast('Lifestyle added successfully');
  await add.waitFor({ state: 'detached' });

  await load(null, 'Smoking');
  await search('Search lifestyles by name', 'night');
  await cell('E2E Night shifts').waitFor();
  await cell('Smoking').waitFor({ state: 'detached' });

  await button(page, 'Edit E2E Night shifts').click();
  const edit = dialog('Edit Lifestyle');
  await edit.getByLabel(/^Name/).fill('E2E Night work');
  await save(edit);
  await toast('Lifestyle updated successfully');
  await edit.waitFor({ state: 'detached' });

  await load(null, 'Smoking');
  await search('Search lifestyles by name', 'night');
  await cell('E2E Night work').waitFor();

  await confirmDelete(
    'E2E Night work',
    'Delete Lifestyle',
    'Are you sure you want to delete this lifestyle? This action cannot be undone.',
  );
  await toast('Lifestyle deleted successfully');
  await load(null, 'Smoking');
  await search('Search lifestyles by name', 'night');
  await page.getByText('No lifestyles found. Add a new lifestyle to get started.').waitFor();

  await search('Search lifestyles by name', 'alcohol');
  await confirmDelete(
    'Alcohol consumption',
    'Delete Lifestyle',
    'Are you sure you want to delete this lifestyle? This action cannot be undone.',
  );
  await toast(/This lifestyle cannot be deleted/);
});

/** The Allergen cell of the interaction row whose description is `description`. */
const allergenCell = (description: string) =>
  page
    .getByRole('row')
    .filter({ has: cell(description) })
    .locator('[role="gridcell"][data-field="is_allergen"]');

/**
 * Types part of a medication's name into the form's picker labelled `label` and picks it from the
 * server's suggestions.
 */
async function pickMedication(form: Locator, label: RegExp, name: string) {
  const input = form.getByRole('combobox', { name: label });
  await input.fill(name.slice(0, 5).toLowerCase());
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  expect(await input.inputValue()).toBe(name);
}

/** Saves the interaction form; answers the status and body of the server's answer to its POST. */
async function saveInteraction(form: Locator) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/v1/drug-interaction',
  );
  await save(form);
  const response = await answered;
  return { status: response.status(), body: (await response.json()) as { message?: string } };
}

it('drug interactions: add, search, edit (medications fixed), delete after reloads', async () => {
  await load('/dashboard/drugs/interactions', 'Fluconazole');
  await button(page, 'Add Interaction').click();
  const add = dialog('Add Interaction');
  await pickMedication(add, /^Medication/, 'Alendronate');
  await pickMedication(add, /^Interacting Medication/, 'Salbutamol');
  await add.getByLabel(/^Severity/).selectOption({ label: 'Moderate' });
  await add.getByLabel(/^Description/).fill('E2E interaction text');
  await add.getByRole('checkbox', { name: 'Is an allergen' }).check();
  await add.getByLabel(/^Reason for the change/).fill(REASON);
  await save(add);
  await toast('Drug interaction added successfully');
  await add.waitFor({ state: 'detached' });

  await load(null, 'Fluconazole');
  await search('Search interactions', 'ALENDRONATE salbutamol');
  await cell('E2E interaction text').waitFor();
  await cell('Fluconazole').waitFor({ state: 'detached' });
  // 'Is an allergen' was ticked: the row's Allergen column says so.
  await allergenCell('E2E interaction text').filter({ hasText: /^Yes$/ }).waitFor();

  await button(page, 'Edit Alendronate and Salbutamol interaction').click();
  const edit = dialog('Edit Interaction');
  expect(await edit.getByRole('combobox', { name: /^Medication/ }).isDisabled()).toBe(true);
  expect(await edit.getByRole('combobox', { name: /^Interacting Medication/ }).isDisabled()).toBe(
    true,
  );
  expect(await edit.getByLabel(/^Description/).inputValue()).toBe('E2E interaction text');
  await edit.getByLabel(/^Severity/).selectOption({ label: 'Major' });
  await edit.getByLabel(/^Description/).fill('E2E interaction text, edited');
  await edit.getByLabel(/^Reason for the change/).fill(REASON);
  await save(edit);
  await toast('Drug interaction updated successfully');
  await edit.waitFor({ state: 'detached' });

  await load(null, 'Fluconazole');
  await search('Search interactions', 'e2e interaction');
  await cell('E2E interaction text, edited').waitFor();
  await page
    .getByRole('row')
    .filter({ hasText: 'Alendronate' })
    .getByText('Major', { exact: true })
    .waitFor();
  // The edit kept the allergen flag.
  await allergenCell('E2E interaction text, edited').filter({ hasText: /^Yes$/ }).waitFor();

  await confirmDelete(
    'Alendronate and Salbutamol interaction',
    'Delete Interaction',
    'Are you sure you want to delete this drug interaction? This action cannot be undone.',
    REASON,
  );
  await toast('Drug interaction deleted successfully');
  await load(null, 'Fluconazole');
  await search('Search interactions', 'e2e interaction');
  await page.getByText('No drug interactions found').waitFor();
});

it('drug interactions: a medication cannot interact with itself, and an existing pair is refused in either order', async () => {
  await load('/dashboard/drugs/interactions', 'Fluconazole');
  await button(page, 'Add Interaction').click();
  const add = dialog('Add Interaction');
  const medication = /^Medication/;
  const interacting = /^Interacting Medication/;

  await pickMedication(add, medication, 'Warfarin');
  await add.getByRole('combobox', { name: interacting }).fill('warf');
  const self = page.getByRole('listbox').getByRole('option', { name: 'Warfarin', exact: true });
  expect(await self.getAttribute('aria-disabled')).toBe('true');
  await page.keyboard.press('Escape');
  // Chosen the other way round, the form refuses it under the field.
  await pickMedication(add, medication, 'Digoxin');
  await pickMedication(add, interacting, 'Warfarin');
  await pickMedication(add, medication, 'Warfarin');
  await add.getByLabel(/^Description/).fill('Self');
  await add.getByLabel(/^Reason for the change/).fill(REASON);
  await save(add);
  await add.getByText('A medication cannot interact with itself').waitFor();

  // Sertraline + Fluoxetine exists: the same pair in the same order is refused (409), the message
  // naming the existing interaction.
  const exists =
    'An interaction between Sertraline and Fluoxetine already exists. Edit it instead.';
  await pickMedication(add, medication, 'Sertraline');
  await pickMedication(add, interacting, 'Fluoxetine');
  expect(await saveInteraction(add)).toEqual({ status: 409, body: { message: exists } });
  // The form stays open and says why (the toast is hidden from assistive technology behind the modal).
  await add.getByRole('alert').filter({ hasText: exists }).waitFor();
  await page.locator('[data-toast-order]', { hasText: exists }).first().waitFor();

  // Fluoxetine + Sertraline is the same pair the other way round: refused alike.
  await pickMedication(add, medication, 'Fluoxetine');
  await pickMedication(add, interacting, 'Sertraline');
  expect(await saveInteraction(add)).toEqual({ status: 409, body: { message: exists } });
  await add.getByRole('alert').filter({ hasText: exists }).waitFor();

  // Closing with changes asks first.
  await button(add, 'Cancel').click();
  const discard = dialog('Discard unsaved changes?');
  await button(discard, 'Discard').click();
  await add.waitFor({ state: 'detached' });
});
