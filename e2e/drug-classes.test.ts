import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, type RunningServer } from './support/harness';
import { startSignedIn, stopSignedIn } from './support/signedIn';

/**
 * In a real browser against the real server (demo data): a drug class made on Drug Classes with
 * an ATC code and a duplicate-therapy severity, two members added in its Members dialog and seen
 * in the list after a reload and on a member's page, a class rule made on Class Rules, and the
 * Safety Check finding the duplicate therapy of the two members and the class rule's interaction.
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

const CLASS = 'E2E Blood pressure';
/** The reason a change that needs one (a severity set) gives. */
const REASON = 'Browser test';

/** A cell showing exactly `name` (the first, when a name shows in two columns). */
const cell = (name: string) => page.getByRole('gridcell', { name, exact: true }).first();
const dialog = (name: string) => page.getByRole('dialog', { name });
const button = (scope: Page | Locator, name: string) =>
  scope.getByRole('button', { name, exact: true });

/** Waits for the notification saying `text`. */
async function toast(text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Types the start of `name` into the picker labelled `label` in `scope` and picks it. */
async function pick(scope: Locator, label: string | RegExp, name: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.fill(name.slice(0, 5).toLowerCase());
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
}

it('adds a class with an ATC code and a duplicate-therapy severity, and two members', async () => {
  await page.goto('/dashboard/drugs/classes');
  await page.getByRole('heading', { level: 1, name: 'Drug Classes' }).waitFor();
  await cell('Statins').waitFor();
  await button(page, 'Add Class').click();
  const add = dialog('Add Class');
  await add.getByLabel(/^Name/).fill(CLASS);
  await add.getByLabel(/^ATC Code/).fill('c09');
  await add.getByLabel(/^Duplicate Therapy/).selectOption({ label: 'Moderate' });
  await add.getByLabel(/^Reason for the change/).fill(REASON);
  await button(add, 'Save').click();
  await toast('Drug class added successfully');
  await add.waitFor({ state: 'detached' });

  await page.getByRole('searchbox', { name: 'Search drug classes' }).fill('e2e blood');
  await cell(CLASS).waitFor();
  await cell('Statins').waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ has: cell(CLASS) });
  // The code was typed in lowercase: it is kept uppercase.
  await row.getByRole('gridcell', { name: 'C09', exact: true }).waitFor();
  await row.locator('[data-severity="moderate"]').waitFor();
  await row.getByRole('gridcell', { name: 'None', exact: true }).waitFor();

  await button(page, `Members of ${CLASS}`).click();
  const members = dialog('Class Members');
  await pick(members, 'Add a medication', 'Lisinopril');
  // Said in the dialog: its toast is hidden from assistive technology while the dialog is open.
  await members.getByRole('status').filter({ hasText: 'Medication added to the class' }).waitFor();
  await members.getByRole('listitem').filter({ hasText: 'Lisinopril' }).waitFor();
  await pick(members, 'Add a medication', 'Amlodipine');
  await members.getByRole('listitem').filter({ hasText: 'Amlodipine' }).waitFor();
  expect(await members.getByRole('listitem').allInnerTexts()).toEqual(['Amlodipine', 'Lisinopril']);
  await button(members, 'Close').click();
  await members.waitFor({ state: 'detached' });

  await page.reload();
  await page.getByRole('searchbox', { name: 'Search drug classes' }).fill('e2e blood');
  await cell('Amlodipine, Lisinopril (2)').waitFor();
});

it("shows the class on a member's page", async () => {
  const { data } = await callApi<{ data: { id: number; name: string }[] }>(
    server.baseUrl,
    '/medication?q=Lisinopril',
    { token },
  );
  const lisinopril = data.find((medication) => medication.name === 'Lisinopril');
  if (!lisinopril) throw new Error('the demo data has no Lisinopril');
  await page.goto(`/dashboard/drugs/medications/${lisinopril.id}`);
  await page
    .getByRole('region', { name: 'Drug Classes' })
    .getByRole('gridcell', { name: CLASS, exact: true })
    .waitFor();
});

it('adds a class rule: the new class with the NSAIDs', async () => {
  await page.goto('/dashboard/drugs/class-rules');
  await page.getByRole('heading', { level: 1, name: 'Class Rules' }).waitFor();
  await cell('SSRIs').waitFor();
  await button(page, 'Add Rule').click();
  const add = dialog('Add Rule');
  await pick(add, /^Class/, CLASS);
  await pick(add, /^Other Class/, 'NSAIDs');
  await add.getByLabel(/^Severity/).selectOption({ label: 'Moderate' });
  await add.getByLabel(/^Description/).fill('E2E: NSAIDs blunt the blood pressure effect.');
  await add.getByLabel(/^Reason for the change/).fill(REASON);
  await button(add, 'Save').click();
  await toast('Class rule added successfully');
  await add.waitFor({ state: 'detached' });

  await page.getByRole('searchbox', { name: 'Search class rules' }).fill('e2e');
  const row = page.getByRole('row').filter({ has: cell(CLASS) });
  await row.getByRole('gridcell', { name: 'Interaction', exact: true }).waitFor();
  await row.getByRole('gridcell', { name: 'NSAIDs', exact: true }).waitFor();
  await cell('SSRIs').waitFor({ state: 'detached' });
});

it("the safety check finds the two members' duplicate therapy, and the class rule's interaction", async () => {
  await page.goto('/dashboard/safety-check');
  await page.getByText('Choose one or more medications').waitFor();
  const prescribe = async (name: string) => {
    await page.getByRole('combobox', { name: 'Add a medication' }).fill(name.slice(0, 4));
    await page.getByRole('option', { name, exact: true }).click();
  };
  await prescribe('Lisinopril');
  await prescribe('Amlodipine');
  const moderate = page.getByRole('region', { name: /^Moderate \(\d+\)$/ });
  const duplicate = moderate
    .getByRole('listitem')
    .filter({ hasText: `are both ${CLASS}: two of this class together are a duplicate therapy` });
  await duplicate.getByText('Duplicate therapy', { exact: true }).waitFor();
  await duplicate.getByText(/^(Amlodipine \+ Lisinopril|Lisinopril \+ Amlodipine)$/).waitFor();

  // Amlodipine with Ibuprofen has no interaction of its own: the class rule speaks for the pair.
  await prescribe('Ibuprofen');
  const rule = page
    .getByRole('listitem')
    .filter({ hasText: `(class rule: ${CLASS} with NSAIDs)` })
    .filter({ hasText: 'Amlodipine' });
  await rule.getByText('Class rule', { exact: true }).waitFor();
  await rule.getByText('Interaction', { exact: true }).waitFor();
});
