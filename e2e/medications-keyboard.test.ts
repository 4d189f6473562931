import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { keyboardUser } from './support/keyboard';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * Keyboard access on the medication screens: a keyboard-only user (Tab, Shift+Tab, the arrow
 * keys, Enter, Space, Delete, Escape and typing; no clicks) adds a medication with every kind of
 * field of the Add Medication form, finds it with the search, opens it from the grid, adds and
 * edits a dosage, adds a contraindication, adds and deletes a lifestyle contraindication, renames
 * the medication, goes back to the list and deletes it. Each step is checked on screen and through
 * the API. The real server (demo data) and the built console in headless Chromium.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

// A browser, a server and some sixty form steps on two shared cores: generous time.
jest.setTimeout(240_000);

const LIST = '/dashboard/drugs/medications';
const NAME = 'Keyboard medication';
const RENAMED = 'Keyboard medication forte';

interface Named {
  id: number;
  name: string;
}
interface Dosage {
  id: number;
  min_dosage: number;
  max_dosage: number;
  dosage_unit: string;
  max_daily_dosage: number | null;
  max_dose: number | null;
  min_frequency: number;
  max_frequency: number;
  frequency_unit: string;
  min_frequency_duration: number;
  max_frequency_duration: number;
  frequency_duration_unit: string;
}
interface Medication extends Named {
  condition: Named | null;
  is_dosage_weight_based: number;
  avg_weight_dosage: number | null;
  avg_weight_dosage_unit: string | null;
  pregnancy_category: string | null;
  weight_category_dosages: (Dosage & { weight_category: { category_name: string } })[];
  age_category_dosages: (Dosage & { age_category: { category_name: string | null } })[];
  condition_contraindications: Named[];
  medical_lifestyle_contraindications: { id: number; lifestyle: Named }[];
}

const api = async <T>(path: string) =>
  (await callApi<{ data: T }>(server.baseUrl, path, { token })).data;

const medications = () => api<Medication[]>('/medication');
const medication = (id: number) => api<Medication>(`/medication/${id}`);

beforeAll(async () => {
  ({ server, browser, context, page, token } = await startSignedIn());
});

afterAll(() => stopSignedIn({ context, browser, server }));

const heading = (name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
const cell = (name: string) => page.getByRole('gridcell', { name, exact: true }).first();
const dialog = (name: string) => page.getByRole('dialog', { name });
const section = (name: string) => page.getByRole('region', { name, exact: true });
const toast = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

/** Waits until the grid shows `shown` and no progress bar runs over it. */
async function gridLoaded(shown: string) {
  await cell(shown).waitFor();
  await page.locator('.MuiDataGrid-overlay').waitFor({ state: 'detached' });
}

/** A table row of a detail-page section, found by its first cell's text. */
const tableRow = (scope: Locator, first: string) =>
  scope.getByRole('row').filter({ has: page.getByRole('gridcell', { name: first, exact: true }) });

it('adds, finds, opens, edits and deletes a medication with its dosages and contraindications, by keyboard alone', async () => {
  const { focused, press, moveTo, choose } = keyboardUser(page);
  const type = async (text: string) => page.keyboard.type(text);
  /** Replaces the focused input's text, as a person would: select all, then type over it. */
  const retype = async (text: string) => {
    await press('Control+a');
    await type(text);
  };

  /**
   * Types a record's whole name into the focused picker, moves onto the server's first match with
   * ArrowDown (checked to be that record) and picks it with Enter.
   */
  const pick = async (name: string) => {
    await type(name);
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name, exact: true }).waitFor();
    await press('ArrowDown');
    expect(await listbox.locator('[role="option"].Mui-focused').textContent()).toBe(name);
    await press('Enter');
    await listbox.waitFor({ state: 'detached' });
  };

  await page.goto(LIST);
  await heading('Medications Management');
  await gridLoaded('Acyclovir');

  // --- Add Medication: every kind of field, from the keyboard.
  await moveTo('Add Medication');
  await press('Enter');
  const add = dialog('Add Medication');
  await add.getByRole('spinbutton', { name: 'Minimum dosage' }).waitFor();
  // The condition picker loads with the form, a moment after its other fields.
  await add.getByRole('combobox', { name: 'Condition', exact: true }).waitFor();
  // The form opens on the Name field; the condition picker is before it.
  await moveTo('Name');
  await press('Shift+Tab');
  expect(await focused()).toEqual({ role: 'combobox', name: 'Condition' });
  await pick('Hypertension');
  await press('Tab');
  expect(await focused()).toEqual({ role: 'input', name: 'Name' });
  await type(NAME);

  // The contraindicated conditions: each typed, then picked with ArrowDown and Enter; the focus
  // stays in the search.
  await press('Tab');
  expect(await focused()).toEqual({ role: 'combobox', name: 'Contraindicated conditions' });
  await pick('Asthma');
  await pick('Liver cirrhosis');
  expect(await focused()).toEqual({ role: 'combobox', name: 'Contraindicated conditions' });
  await add.getByText('2 condition(s) selected').waitFor();
  // Each chosen condition is a chip: Tab onto Asthma's, Delete removes it, and the focus stays in
  // the form, on the next chip.
  const chips = add.getByRole('list', { name: 'Selected contraindicated conditions' });
  await press('Tab');
  expect(await focused()).toEqual({ role: 'button', name: 'Asthma' });
  await press('Delete');
  await add.getByText('1 condition(s) selected').waitFor();
  await chips.getByRole('button', { name: 'Asthma' }).waitFor({ state: 'detached' });
  expect(await focused()).toEqual({ role: 'button', name: 'Liver cirrhosis' });

  // Average dosage and its unit; the weight-based box (Space) swaps the age category for a weight one.
  await moveTo('Average weight dosage');
  await type('12.5');
  await press('Tab');
  await choose('G');
  await press('Tab');
  expect(await focused()).toEqual({ role: 'input', name: 'Dosage is weight-based' });
  await press('Space');
  await add.getByRole('combobox', { name: 'Weight Category' }).waitFor();
  await add.getByRole('combobox', { name: 'Age Category' }).waitFor({ state: 'detached' });
  await press('Tab');
  expect(await focused()).toEqual({ role: 'select', name: 'Weight Category' });
  await choose('Obese (100 - 650 Kg)');
  await press('Tab');
  await type('100');
  await press('Tab');
  expect(await focused()).toEqual({ role: 'input', name: 'Maximum dosage' });
  await type('200');
  await moveTo('Maximum frequency');
  await retype('4');
  await moveTo('Duration unit');
  await choose('Weeks');
  await press('Tab');
  expect(await focused()).toEqual({ role: 'input', name: 'Maximum per day' });
  await type('800');
  await press('Tab');
  expect(await focused()).toEqual({ role: 'input', name: 'Maximum single dose' });
  // Is Pregnancy (Space) shows the category select.
  await press('Tab');
  expect(await focused()).toEqual({ role: 'input', name: 'Is Pregnancy' });
  await press('Space');
  await add.getByRole('combobox', { name: 'Pregnancy Category' }).waitFor();
  await press('Tab');
  await choose('C');
  // A dosage range needs a reason in the history.
  await moveTo('Reason for the change');
  await type('Keyboard test');
  await moveTo('Add Medication');
  await press('Enter');
  await toast('Medication added successfully');
  await add.waitFor({ state: 'detached' });
  // The dialog gives the focus back to the button that opened it.
  expect(await focused()).toEqual({ role: 'button', name: 'Add Medication' });

  const listed = (await medications()).find((m) => m.name === NAME);
  if (!listed) throw new Error(`${NAME} was not saved`);
  const id = listed.id;
  const saved = await medication(id);
  expect(saved).toMatchObject({
    condition: { name: 'Hypertension' },
    is_dosage_weight_based: 1,
    avg_weight_dosage: 12.5,
    avg_weight_dosage_unit: 'g',
    pregnancy_category: 'C',
    age_category_dosages: [],
    condition_contraindications: [{ name: 'Liver cirrhosis' }],
  });
  expect(saved.weight_category_dosages).toHaveLength(1);
  expect(saved.weight_category_dosages[0]).toMatchObject({
    weight_category: { category_name: 'Obese' },
    min_dosage: 100,
    max_dosage: 200,
    dosage_unit: 'mg',
    min_frequency: 1,
    max_frequency: 4,
    frequency_unit: 'hours',
    min_frequency_duration: 3,
    max_frequency_duration: 7,
    frequency_duration_unit: 'weeks',
    max_daily_dosage: 800,
    max_dose: null,
  });

  // --- Find it with the search, and open it from the grid: Tab into the grid (its column
  // headers), the arrow keys to its View button, Enter.
  await moveTo('Search medications by name');
  await type('keyboard med');
  await cell(NAME).waitFor();
  await cell('Acyclovir').waitFor({ state: 'detached' });
  await moveTo({ role: 'columnheader' });
  await moveTo(NAME, 'ArrowDown');
  await moveTo(`View ${NAME}`, 'ArrowRight');
  await press('Enter');
  await page.waitForURL(`**${LIST}/${id}`);
  await heading('Medication Details');
  const information = section('Information');
  await information.getByText(NAME, { exact: true }).waitFor();
  await information.getByText('Weight-based', { exact: true }).waitFor();
  await information.getByText('12.5 G', { exact: true }).waitFor();
  await tableRow(section('Weight-based Dosages'), 'Obese (100 - 650 Kg)')
    .getByRole('gridcell', { name: '100 - 200 Mg', exact: true })
    .waitFor();

  // --- An age dosage: add, then edit.
  const ageDosages = section('Age-based Dosages');
  await ageDosages.getByText('No age-based dosages found.').waitFor();
  await moveTo('Add Age Dosage');
  await press('Enter');
  const addDosage = dialog('Add Age-Based Dosage');
  await addDosage.getByRole('spinbutton', { name: 'Minimum dosage' }).waitFor();
  await moveTo('Age Category');
  await choose('Adult (18 - 65 Years)');
  await press('Tab');
  await type('5');
  await press('Tab');
  await type('10');
  await moveTo('Reason for the change');
  await type('Keyboard test');
  await moveTo('Add Dosage');
  await press('Enter');
  await toast('Age dosage added successfully');
  await addDosage.waitFor({ state: 'detached' });
  const adult = tableRow(ageDosages, 'Adult (18 - 65 Years)');
  await adult.getByRole('gridcell', { name: '5 - 10 Mg', exact: true }).waitFor();
  const [ageDosage] = (await medication(id)).age_category_dosages;
  expect(ageDosage).toMatchObject({
    age_category: { category_name: 'Adult' },
    min_dosage: 5,
    max_dosage: 10,
  });

  // Into the dosages grid: Tab reaches its header, the arrow keys move between its cells.
  await moveTo({ role: 'columnheader' });
  await press('ArrowDown');
  await moveTo('Edit age dosage for Adult (18 - 65 Years)', 'ArrowRight');
  await press('Enter');
  const editDosage = dialog('Edit Age-Based Dosage');
  await editDosage.getByRole('spinbutton', { name: 'Maximum dosage' }).waitFor();
  await moveTo('Maximum dosage');
  await retype('15');
  await moveTo('Frequency unit');
  await choose('Days');
  await moveTo('Reason for the change');
  await type('Keyboard test');
  await moveTo('Save');
  await press('Enter');
  await toast('Age dosage updated successfully');
  await editDosage.waitFor({ state: 'detached' });
  await adult.getByRole('gridcell', { name: '5 - 15 Mg', exact: true }).waitFor();
  await adult.getByRole('gridcell', { name: '1 - 3 Days', exact: true }).waitFor();
  expect((await medication(id)).age_category_dosages).toEqual([
    expect.objectContaining({ id: ageDosage.id, max_dosage: 15, frequency_unit: 'days' }),
  ]);

  // --- A condition contraindication.
  const contraindications = section('Contraindications');
  await moveTo('Add Contraindication');
  await press('Enter');
  const addContraindication = dialog('Add Contraindication');
  await addContraindication.getByRole('combobox', { name: 'Condition' }).waitFor();
  await moveTo('Condition');
  await pick('Type 2 diabetes');
  await moveTo('Add Contraindication');
  await press('Enter');
  await toast('Contraindication added successfully');
  await addContraindication.waitFor({ state: 'detached' });
  await contraindications.getByRole('gridcell', { name: 'Type 2 diabetes', exact: true }).waitFor();
  expect(
    (await medication(id)).condition_contraindications.map((condition) => condition.name).sort(),
  ).toEqual(['Liver cirrhosis', 'Type 2 diabetes']);

  // --- A lifestyle contraindication: add, then delete through its confirm (which opens on Cancel).
  const lifestyles = section('Lifestyle Contraindications');
  await moveTo('Add Lifestyle Contraindication');
  await press('Enter');
  const addLifestyle = dialog('Add Lifestyle Contraindication');
  await addLifestyle.getByRole('combobox', { name: 'Lifestyle' }).waitFor();
  await moveTo('Lifestyle');
  await pick('Smoking');
  await moveTo('Add Lifestyle Contraindication');
  await press('Enter');
  await toast('Lifestyle contraindication added successfully');
  await addLifestyle.waitFor({ state: 'detached' });
  await lifestyles.getByRole('gridcell', { name: 'Smoking', exact: true }).waitFor();
  expect(
    (await medication(id)).medical_lifestyle_contraindications.map((link) => link.lifestyle.name),
  ).toEqual(['Smoking']);

  await moveTo({ role: 'columnheader' });
  await press('ArrowDown');
  await moveTo('Delete lifestyle contraindication Smoking', 'ArrowRight');
  await press('Enter');
  const confirmLifestyle = dialog('Delete Lifestyle Contraindication');
  await confirmLifestyle
    .getByText('Are you sure you want to delete this lifestyle contraindication?', { exact: false })
    .waitFor();
  expect(await focused()).toEqual({ role: 'button', name: 'Cancel' });
  await moveTo('Delete');
  await press('Enter');
  await toast('Lifestyle contraindication deleted successfully');
  await confirmLifestyle.waitFor({ state: 'detached' });
  await lifestyles.getByText('No lifestyle contraindications found.').waitFor();
  expect((await medication(id)).medical_lifestyle_contraindications).toEqual([]);

  // --- Edit Medication: a new name (the field opens focused; End, then type).
  await moveTo('Edit Medication');
  await press('Enter');
  const edit = dialog('Edit Medication');
  await edit.getByRole('textbox', { name: 'Name' }).waitFor();
  await moveTo('Name');
  await press('End');
  await type(' forte');
  await moveTo('Save');
  await press('Enter');
  await toast('Medication updated successfully');
  await edit.waitFor({ state: 'detached' });
  await information.getByText(RENAMED, { exact: true }).waitFor();
  expect(await medication(id)).toMatchObject({ name: RENAMED, pregnancy_category: 'C' });

  // --- Back to the list, and delete it there: its Delete button is after View, in the row's
  // actions cell; the confirm opens on Cancel.
  await moveTo('Back', 'Shift+Tab');
  await press('Enter');
  await page.waitForURL(`**${LIST}`);
  await heading('Medications Management');
  await gridLoaded('Acyclovir');
  await moveTo('Search medications by name');
  await type('forte');
  await cell(RENAMED).waitFor();
  await cell('Acyclovir').waitFor({ state: 'detached' });
  await moveTo({ role: 'columnheader' });
  await moveTo(RENAMED, 'ArrowDown');
  await moveTo(`View ${RENAMED}`, 'ArrowRight');
  await moveTo(`Delete ${RENAMED}`);
  await press('Enter');
  const confirm = dialog('Delete Medication');
  await confirm.getByText('Are you sure you want to delete this medication?').waitFor();
  expect(await focused()).toEqual({ role: 'button', name: 'Cancel' });
  // A medication delete needs a reason: its box is just before Cancel.
  await moveTo('Reason for the change', 'Shift+Tab');
  await type('Keyboard test');
  await moveTo('Delete');
  await press('Enter');
  await toast('Medication deleted successfully');
  await confirm.waitFor({ state: 'detached' });
  await page.getByText('No medications found. Add a new medication to get started.').waitFor();
  expect((await medications()).some((m) => m.id === id)).toBe(false);
});
