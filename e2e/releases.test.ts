import type { Browser, Locator, Page } from 'playwright-core';
import {
  callApi,
  createAccount,
  launchBrowser,
  startServer,
  type RunningServer,
} from './support/harness';
import { signedInPage, type SignedInConsole } from './support/signedIn';

/**
 * Releases in headless Chromium against the real server (demo data, which is release 1): an
 * editor widens Paracetamol's adult dose range, which makes the test prescription for a dose above
 * the adult maximum worse; publishing is blocked; an administrator (a second person) rejects the
 * change on the Review screen, the test passes again, approves the editor's other change, and
 * publishes; an app user's check then reads the new release.
 */
let server: RunningServer;
let browser: Browser;
let editor: SignedInConsole;
let admin: SignedInConsole;
/** An app user's token, signed in to the app as the drug search app does. */
let appToken: string;

jest.setTimeout(240_000);

const OVER_MAXIMUM_TEST = 'Paracetamol 1.5 g: above the adult maximum';
const NEW_DESCRIPTION = 'E2E: bleeding risk, reviewed';

const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  editor = await signedInPage(server, browser, 'editor', { name: 'Erin Editor' });
  admin = await signedInPage(server, browser, 'admin', { name: 'Ada Admin' });
  const appUser = await createAccount(server.baseUrl, 'user', 'Uma App');
  ({ token: appToken } = await callApi<{ token: string }>(server.baseUrl, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: appUser.email, password: appUser.password, audience: 'app' }),
  }));
});

afterAll(async () => {
  await editor?.close();
  await admin?.close();
  await browser?.close();
  await server?.stop();
});

async function idOf(path: string, name: string): Promise<number> {
  const { data } = await callApi<{ data: { id: number; name: string }[] }>(server.baseUrl, path, {
    token: admin.token,
  });
  const found = data.find((record) => record.name === name);
  if (!found) throw new Error(`${name} is not listed at ${path}`);
  return found.id;
}

/** The Publish dialog, opened on the Releases screen, once the draft has been checked. */
async function openPublish(page: Page): Promise<Locator> {
  await page.goto('/dashboard/releases');
  await page.getByRole('button', { name: 'Publish release' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish release' });
  await dialog.getByRole('region', { name: 'Readiness' }).waitFor();
  return dialog;
}

it('an editor widens an adult dose range: the draft banner counts it, app users still read release 1', async () => {
  const { page } = editor;
  await page.goto(`/dashboard/drugs/medications/${await idOf('/medication', 'Paracetamol')}`);
  const weight = page.getByRole('region', { name: 'Weight-based Dosages', exact: true });
  const normal = weight.getByRole('row').filter({ hasText: 'Normal' });
  await normal.getByRole('button', { name: /^Edit weight dosage/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit Weight-Based Dosage' });
  await form.getByLabel('Maximum dosage').fill('2000');
  await form.getByLabel(/^Reason for the change/).fill('E2E: a wider range');
  await form.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Weight dosage updated successfully');
  await page
    .getByRole('status')
    .filter({ hasText: 'Draft: 1 change since release 1, 1 awaiting review' })
    .waitFor();

  // The editor's second change, which the reviewer will approve.
  const warfarin = await idOf('/medication', 'Warfarin');
  const ibuprofen = await idOf('/medication', 'Ibuprofen');
  const { data: interactions } = await callApi<{
    data: { id: number; medication_id: number; interacting_medication_id: number }[];
  }>(server.baseUrl, '/drug-interaction', { token: editor.token });
  const pair = interactions.find(
    (i) =>
      [i.medication_id, i.interacting_medication_id].sort().join() ===
      [warfarin, ibuprofen].sort().join(),
  );
  await callApi(server.baseUrl, '/drug-interaction', {
    token: editor.token,
    method: 'PUT',
    body: JSON.stringify({ id: pair?.id, severity: 'major', description: NEW_DESCRIPTION }),
  });

  const check = await callApi<{ data: { release: number | string } }>(
    server.baseUrl,
    '/safety-check',
    {
      token: appToken,
      method: 'POST',
      body: JSON.stringify({ medication_ids: [warfarin, ibuprofen] }),
    },
  );
  expect(check.data.release).toBe(1);
});

it('publishing is blocked while the change awaits review and its test prescription got worse', async () => {
  const dialog = await openPublish(admin.page);
  const blockers = dialog.getByRole('list', { name: 'Blockers' });
  await blockers.getByText(/Paracetamol · Normal.*awaits review/).waitFor();
  await blockers
    .getByText(`Test prescription "${OVER_MAXIMUM_TEST}" is worse on the draft.`)
    .waitFor();
  await dialog.getByText(`${OVER_MAXIMUM_TEST}: Worse`).waitFor();
  await expect(
    dialog.getByRole('button', { name: 'Publish', exact: true }).isDisabled(),
  ).resolves.toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

it('the editor may not review their own change; a second person rejects it, and the test passes again', async () => {
  await editor.page.goto('/dashboard/review');
  const own = editor.page.getByRole('region', { name: /Paracetamol · Normal/ });
  await own
    .getByText('You changed this record: another reviewer must approve or reject it.')
    .waitFor();

  const { page } = admin;
  await page.goto('/dashboard/review');
  const card = page.getByRole('region', { name: /Paracetamol · Normal/ });
  await card.getByRole('gridcell', { name: '2000' }).waitFor();
  await card.getByText(/Erin Editor/).waitFor();
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: /Reject/ });
  await dialog.getByLabel('Comment (optional)').fill('1 g is the adult maximum');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.waitFor({ state: 'detached' });

  const { data: paracetamol } = await callApi<{
    data: { weight_category_dosages: { max_dosage: number; category_name?: string }[] };
  }>(server.baseUrl, `/medication/${await idOf('/medication', 'Paracetamol')}`, {
    token: admin.token,
  });
  expect(paracetamol.weight_category_dosages.map((d) => d.max_dosage)).not.toContain(2000);

  const interaction = page.getByRole('region', { name: /Warfarin \+ Ibuprofen/ });
  await interaction.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: /Approve/ });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await approve.waitFor({ state: 'detached' });
  await interaction.getByText(/Approved by Ada Admin/).waitFor();
});

it('the release is published, and an app user checks against it', async () => {
  const dialog = await openPublish(admin.page);
  await dialog.getByText(`${OVER_MAXIMUM_TEST}: Pass`).waitFor();
  await dialog.getByLabel(/^Title/).fill('Warfarin and ibuprofen reviewed');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await toast(admin.page, 'Release 2 published');
  await admin.page.getByRole('gridcell', { name: 'Warfarin and ibuprofen reviewed' }).waitFor();

  const check = await callApi<{
    data: { release: number | string; verdict: string; findings: { message: string }[] };
  }>(server.baseUrl, '/safety-check', {
    token: appToken,
    method: 'POST',
    body: JSON.stringify({
      medication_ids: [
        await idOf('/medication', 'Warfarin'),
        await idOf('/medication', 'Ibuprofen'),
      ],
    }),
  });
  expect(check.data.release).toBe(2);
  expect(check.data.verdict).toBe('major');
  expect(JSON.stringify(check.data.findings)).toContain(NEW_DESCRIPTION);
});
