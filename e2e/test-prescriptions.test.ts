import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, launchBrowser, startServer, type RunningServer } from './support/harness';
import { signedInPage } from './support/signedIn';

/**
 * Test prescriptions in headless Chromium against the real server (demo data), as an editor: a
 * safety check saved as a test prescription; an interaction's severity changed, with the impact on
 * that test shown in the dialog before saving (as worse than expected); the test then marked worse
 * on its screen, accepted with a reason as a downgrade, and the accept found in History.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

jest.setTimeout(240_000);

const TEST_NAME = 'E2E: warfarin with ibuprofen';
const ACCEPT_REASON = 'E2E: moderate is right after the review';

const api = <T>(path: string) => callApi<T>(server.baseUrl, path, { token });

interface StoredTest {
  name: string;
  request: { medications?: { medication_id: number }[] };
  expected: { verdict: string };
  last_result: { status: string } | null;
}

async function storedTest(): Promise<StoredTest | undefined> {
  const { data } = await api<{ data: StoredTest[] }>('/test-prescription');
  return data.find((test) => test.name === TEST_NAME);
}

const toast = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page, token } = await signedInPage(server, browser, 'editor', {
    name: 'Erin Editor',
  }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('test prescriptions', () => {
  it('saves a safety check as a test prescription, with its outcome as expected', async () => {
    const { data: medications } = await api<{ data: { id: number; name: string }[] }>(
      '/medication',
    );
    const id = (name: string) => medications.find((m) => m.name === name)?.id;
    await page.goto(`/dashboard/safety-check?medications=${id('Warfarin')},${id('Ibuprofen')}`);
    await page
      .getByRole('status', { name: 'Verdict' })
      .getByText('Major', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Save as test prescription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as test prescription' });
    await dialog.getByLabel(/^Name/).fill(TEST_NAME);
    await dialog.getByLabel(/^Note/).fill('The bleeding risk must stay flagged');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const stored = await storedTest();
    expect(stored?.expected.verdict).toBe('major');
    expect(stored?.request.medications?.map((m) => m.medication_id)).toEqual([
      id('Warfarin'),
      id('Ibuprofen'),
    ]);
  });

  it("shows a severity change's impact in the dialog before saving, then the test marked worse", async () => {
    await page.goto('/dashboard/drugs/interactions');
    await page.getByRole('searchbox', { name: 'Search interactions' }).fill('warfarin ibuprofen');
    await page.getByRole('button', { name: 'Edit Warfarin and Ibuprofen interaction' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Interaction' });
    const impact = edit.getByRole('region', { name: 'Impact on the test prescriptions' });
    // Unchanged, the form alters nothing; a lower severity alters the saved test.
    await impact.getByText(/^This change alters no test prescriptions/).waitFor();
    await edit.getByLabel(/^Severity/).selectOption({ label: 'Moderate' });
    await impact.getByText(/^This change alters \d+ test prescriptions?$/).waitFor();
    await impact.getByText(/^\d+ would be worse than expected$/).waitFor();
    await impact
      .getByRole('list', { name: 'Altered test prescriptions' })
      .getByText(TEST_NAME, { exact: true })
      .waitFor();
    // The preview stored nothing.
    expect((await storedTest())?.last_result?.status).toBe('pass');

    await edit.getByLabel(/^Reason for the change/).fill('E2E: lowering the severity');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Drug interaction updated successfully');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Test Prescriptions' })
      .click();
    await page.waitForURL('**/dashboard/test-prescriptions');
    await page.getByRole('searchbox', { name: 'Search test prescriptions' }).fill(TEST_NAME);
    const row = page.getByRole('row').filter({ hasText: TEST_NAME });
    // The server re-runs the suite in the background; the screen asks again until it shows.
    // A lower severity protects the patient less: worse, not merely changed.
    await row.getByText('Worse', { exact: true }).waitFor();
    await row.getByRole('link', { name: 'Warfarin + Ibuprofen' }).waitFor();

    await row.getByRole('button', { name: `Compare ${TEST_NAME}` }).click();
    const compare = page.getByRole('dialog', { name: TEST_NAME });
    await compare.getByRole('region', { name: 'Expected' }).getByText('Major').first().waitFor();
    await compare.getByRole('region', { name: 'Actual' }).getByText('Moderate').first().waitFor();
    await compare.getByRole('button', { name: 'Close' }).click();
    await compare.waitFor({ state: 'detached' });
  });

  it('accepts the worse outcome with a reason, and the accept is in History as a downgrade', async () => {
    const row = page.getByRole('row').filter({ hasText: TEST_NAME });
    await row.getByRole('button', { name: `Accept ${TEST_NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Accept a worse outcome?' });
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await confirm.getByText('A reason is required for this change').waitFor();
    await confirm.getByLabel(/^Reason for the change/).fill(ACCEPT_REASON);
    await confirm.getByRole('button', { name: 'Accept' }).click();
    await toast(`${TEST_NAME}: worse outcome accepted as a downgrade`);
    await row.getByText('Pass', { exact: true }).waitFor();
    const stored = await storedTest();
    expect(stored?.expected.verdict).toBe('moderate');
    expect(stored?.last_result?.status).toBe('pass');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'History' })
      .click();
    await page.waitForURL('**/dashboard/history');
    await page.getByRole('searchbox').first().fill('moderate is right');
    const entry = page
      .getByRole('grid', { name: 'History' })
      .getByRole('row')
      .filter({ hasText: ACCEPT_REASON });
    await entry.getByRole('gridcell', { name: 'Erin Editor' }).waitFor();
    await entry.getByText(/Test prescription/).waitFor();
    await entry.getByText(`Downgrade accepted: ${ACCEPT_REASON}`).waitFor();
  });
});
