import type { Browser, Response } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  registerAdmin,
  startServer,
  type RunningServer,
} from './support/harness';

/** The first-start promise: a fresh DATA_DIR gives a console page and a seeded API, in one process. */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('serves the built console, client routes included, with a Content-Security-Policy', async () => {
  const { page, context } = await newPage(browser, server.baseUrl);
  const scripts: Promise<string>[] = [];
  const caching: Promise<string>[] = [];
  const noteScript = (answer: Response) => {
    if (/\/assets\/.+\.js$/.test(answer.url())) {
      scripts.push(answer.headerValue('content-encoding').then((value) => value ?? 'none'));
      caching.push(answer.headerValue('cache-control').then((value) => value ?? 'none'));
    }
  };
  page.on('response', noteScript);
  const response = await page.goto('/dashboard/drugs/medications');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.title()).resolves.toBe('MedRef Admin');
  // The console itself rendered (not just the HTML shell): signed out, it shows the login screen.
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: /sign in|log in|login/i }).waitFor();
  // The scripts come compressed at build time (vite.config.ts), brotli for Chromium. No script
  // loaded later is asked about: its headers could not be read once the page closes.
  page.off('response', noteScript);
  expect(scripts.length).toBeGreaterThan(3);
  expect(new Set(await Promise.all(scripts))).toEqual(new Set(['br']));
  // A built script's name carries a hash of its content: the browser keeps it for good and asks
  // no more on a reload. The page itself, which names the current build's scripts, is asked again.
  expect(new Set(await Promise.all(caching))).toEqual(
    new Set(['public, max-age=31536000, immutable']),
  );
  expect(response?.headers()['cache-control']).toBe('public, max-age=0');
  await context.close();
});

it('lets a newcomer register, log in and list the seeded medications', async () => {
  const { email, password } = await registerAdmin(server.baseUrl);
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${server.baseUrl}/api/v1/medication`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await list.json()) as {
    data: { name: string; weight_category_dosages: unknown[] }[];
  };
  expect(data).toHaveLength(41);
  expect(data.map((m) => m.name)).toContain('Warfarin');
  // The token is never logged.
  expect(server.log()).not.toContain(token);
});
