import type { Browser, Page } from 'playwright-core';
import {
  callApi,
  launchBrowser,
  newPage,
  startServer,
  type RunningServer,
} from './support/harness';
import { signedInPage, type SignedInConsole } from './support/signedIn';

/**
 * Account security in headless Chromium against the real server (demo data, whose app users share
 * the published password `demo-user-password`): an app user given a console role must choose a
 * new password before the console opens, and an administrator's reset link is shown once and
 * sets a new password.
 */
let server: RunningServer;
let browser: Browser;
let admin: SignedInConsole;

jest.setTimeout(240_000);

const DEMO_PASSWORD = 'demo-user-password';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await signedInPage(server, browser, 'admin', { name: 'Sam Security' });
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.stop();
});

/** A demo app user's account id, found as the administrator. */
async function demoUser(email: string): Promise<number> {
  const { data } = await callApi<{ data: { id: number; email: string; role: string }[] }>(
    server.baseUrl,
    `/accounts?q=${encodeURIComponent(email)}`,
    { token: admin.token },
  );
  const found = data.find((account) => account.email === email);
  if (!found || found.role !== 'user') throw new Error(`${email} is not a demo app user`);
  return found.id;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

it('a demo app user given a console role chooses a new password before the console opens', async () => {
  const email = 'olivia.bennett@example.com';
  const id = await demoUser(email);
  await callApi(server.baseUrl, `/accounts/${id}`, {
    method: 'PUT',
    token: admin.token,
    body: JSON.stringify({ role: 'viewer' }),
  });

  const { context, page } = await newPage(browser, server.baseUrl);
  try {
    await signInThroughForm(page, email, DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    // The sign-in left its device cookie, for the sign-in routes only and out of scripts' reach.
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: `medref_device_${id}`,
      path: '/api/v1/auth',
      httpOnly: true,
      sameSite: 'Strict',
    });

    await page.getByLabel(/^New password/).fill('olivias-own-password');
    await page.getByLabel(/^Confirm new password/).fill('olivias-own-password');
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await page.getByText('Welcome, Olivia Bennett', { exact: true }).waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    // The console works with the session: a list loads.
    await page.goto('/dashboard/drugs/conditions');
    await page.getByRole('grid').first().waitFor();
  } finally {
    await context.close();
  }
  const old = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(old.status).toBe(401);
});

it('an administrator makes a reset link, shown once, that sets a new password', async () => {
  const email = 'liam.carter@example.com';
  await demoUser(email);
  const { page } = admin;
  await page.goto('/dashboard/accounts');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('liam carter');
  // The search's answer redraws the rows: a click on the first page's row while it is being
  // replaced can be lost, so the search is let settle to its one row first.
  await page.waitForFunction(
    () => document.querySelectorAll('[aria-label^="Make reset link for "]').length === 1,
  );
  await page.getByRole('button', { name: 'Make reset link for Liam Carter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make reset link' });
  await dialog.getByRole('button', { name: 'Make link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Reset link for Liam Carter' });
  await field.waitFor();
  const link = await field.inputValue();
  expect(link).toMatch(new RegExp(`^${server.baseUrl}/reset-password\\?token=[\\w-]{43}$`));
  await dialog.getByText(/shown only once/).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await page.getByRole('textbox', { name: /^Reset link for / }).count()).toBe(0);

  const { context, page: owner } = await newPage(browser, server.baseUrl);
  try {
    await owner.goto(link.slice(server.baseUrl.length));
    await owner.getByLabel(/^New password/).fill('a-fresh-password');
    await owner.getByLabel(/^Confirm new password/).fill('a-fresh-password');
    await owner.getByRole('button', { name: 'Set new password' }).click();
    await owner.waitForURL(/\/login$/);
  } finally {
    await context.close();
  }
  // An app user: the new password signs in to the app.
  const signedIn = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a-fresh-password', audience: 'app' }),
  });
  expect(signedIn.status).toBe(200);
});
