import type { Browser, Page } from 'playwright-core';
import {
  accountId,
  grantRole,
  launchBrowser,
  newPage,
  registerAdmin,
  startServer,
  type RunningServer,
} from './support/harness';
import { signedInPage } from './support/signedIn';

/**
 * The console shell, in headless Chromium against the real server (`npm start`'s
 * process on a fresh DATA_DIR): account screens, the session, the layout on a desktop and a phone.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The reset link test reads the link from the log, where it goes only when asked for.
  server = await startServer({ LOG_RESET_LINKS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Headless windows have no focus, so toasts (paused while unfocused) stay: take the newest.
const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).last();
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token'));
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

it('registers (waiting for a role), is given one, logs in, logs out (revoking the token), and logs in after a wrong password', async () => {
  const { page, context } = await newPage(browser, server.baseUrl);
  const email = `new-${unique()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Rosalind Franklin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('double-helix-51');
  await page.getByLabel('Confirm password').fill('double-helix-5');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('Confirm password').fill('double-helix-51');
  await page.getByRole('button', { name: 'Sign up' }).click();

  // Registered: the server has its administrator already, so the account waits for a role and
  // nothing signs in until an administrator gives it one.
  await toast(page, 'Registration successful!').waitFor();
  await page
    .getByText('An administrator must give it a role before you can sign in', { exact: false })
    .waitFor();
  expect(await storedToken(page)).toBeNull();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await fillLogin(page, email, 'double-helix-51');
  await page
    .getByRole('alert')
    .filter({ hasText: 'Your account has no access to the console yet. Ask an administrator.' })
    .first()
    .waitFor();
  expect(await storedToken(page)).toBeNull();

  await grantRole(server.baseUrl, await accountId(server.baseUrl, email), 'editor');
  await fillLogin(page, email, 'double-helix-51');
  await page.waitForURL('**/dashboard');
  await page.getByText('Welcome, Rosalind Franklin').waitFor();
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  await logout(page);
  expect(await storedToken(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  const revoked = await fetch(`${server.baseUrl}/api/v1/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status).toBe(401);

  await fillLogin(page, email, 'not-the-password');
  await toast(page, 'Invalid email or password').waitFor();
  expect(page.url()).toMatch(/\/login$/);
  await fillLogin(page, email, 'double-helix-51');
  await page.waitForURL('**/dashboard');
  await toast(page, 'Login successful!').waitFor();
  await context.close();
});

it('sends a reset link for a forgotten password, and the link sets a new one', async () => {
  const { email } = await registerAdmin(server.baseUrl, 'Forgetful Admin');
  const { page, context } = await newPage(browser, server.baseUrl);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  // The router keeps /login on screen while the next page's code loads: wait for the new page,
  // or the fill lands in the old form's Email field.
  await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Check your email for password reset instructions').waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe('');

  // No mail server: the link is in the server's log (LOG_RESET_LINKS=1).
  const links = [...server.log().matchAll(/\/reset-password\?token=([\w-]+)/g)];
  expect(links.length).toBeGreaterThan(0);
  await page.goto(links[links.length - 1][0]);
  await page.getByLabel(/^New password/).fill('brand-new-secret-1');
  await page.getByLabel('Confirm new password').fill('brand-new-secret-1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL('**/login');
  await fillLogin(page, email, 'brand-new-secret-1');
  await page.waitForURL('**/dashboard');
  await context.close();
});

it('changes the profile (the top bar follows at once) and the password', async () => {
  const {
    account: credentials,
    page,
    context,
  } = await signedInPage(server, browser, 'admin', { name: 'Grace Admin' });
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.waitForURL('**/dashboard/settings');

  const profile = page.getByRole('form', { name: 'Profile Information' });
  await profile.getByLabel('Full name').fill('Grace Hopper');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await toast(page, 'Profile updated successfully').waitFor();
  await page.getByText('Welcome, Grace Hopper').waitFor();
  await page.reload();
  await page.getByText('Welcome, Grace Hopper').waitFor(); // the server kept it

  const password = page.getByRole('form', { name: 'Change Password' });
  await password.getByLabel('Current password').fill('wrong-current-password');
  await password.getByLabel(/^New password/).fill('a-better-password-2');
  await password.getByLabel('Confirm new password').fill('a-better-password-3');
  await password.getByRole('button', { name: 'Update password' }).click();
  await password.getByText('Passwords do not match').waitFor();
  await password.getByLabel('Confirm new password').fill('a-better-password-2');
  await password.getByRole('button', { name: 'Update password' }).click();
  await toast(page, 'Failed to update password').waitFor();
  expect(page.url()).toMatch(/\/dashboard\/settings$/); // a wrong password is no reason to sign out
  await password.getByLabel('Current password').fill(credentials.password);
  await password.getByRole('button', { name: 'Update password' }).click();
  await toast(page, 'Password updated successfully').waitFor();

  await logout(page);
  await fillLogin(page, credentials.email, credentials.password);
  await toast(page, 'Invalid email or password').waitFor();
  await fillLogin(page, credentials.email, 'a-better-password-2');
  await page.waitForURL('**/dashboard');
  await context.close();
});

it('sends a forged token found in storage to /login', async () => {
  const { page, context } = await newPage(browser, server.baseUrl);
  await page.goto('/login');
  await page.evaluate(() => {
    localStorage.setItem('auth_token', 'forged-token-that-was-never-issued');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 1, name: 'Mallory', email: 'm@example.com', role: 'admin' }),
    );
  });
  await page.goto('/dashboard/settings');
  await page.waitForURL('**/login');
  await toast(page, 'Unauthorized - Please log in again').waitFor();
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByText('Welcome, Mallory').count()).resolves.toBe(0);
  await context.close();
});

it('on a phone-sized screen the sidebar hides behind a menu button', async () => {
  const { page, context } = await signedInPage(server, browser, 'admin', {
    name: 'Phone Admin',
    viewport: { width: 390, height: 844 },
  });
  await page.getByText('Welcome, Phone Admin').waitFor();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  expect(await nav.count()).toBe(0); // collapsed: not shown at all
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const menu = page.getByRole('button', { name: 'Open navigation menu' });
  await menu.click();
  await nav.waitFor();
  await nav.getByRole('link', { name: 'Medications' }).click();
  await page.waitForURL('**/dashboard/drugs/medications');
  await nav.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Medications Management' }).waitFor();

  await menu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await context.close();
});
