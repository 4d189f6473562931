import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import {
  createAccount,
  launchBrowser,
  logIn,
  signIn,
  startServer,
  type ConsoleRole,
  type Credentials,
  type RunningServer,
} from './harness';

/** Where the console keeps its session ("remember me" checked): the keys it reads on start. */
const TOKEN_KEY = 'auth_token';
const USER_KEY = 'user';

export interface SignedInConsole {
  /** The account signed in (made for this session when a role was asked for). */
  account: Credentials;
  /**
   * A session of its own for the test's API calls, separate from the browser's, so that signing
   * out or ending sessions in the console leaves the test's checks working.
   */
  token: string;
  context: BrowserContext;
  /** Open on `path` (default /dashboard), signed in: the top bar has greeted the account. */
  page: Page;
  close(): Promise<void>;
}

export interface SignedInOptions {
  /** The name of the account made for a role (default 'Ada Admin'). */
  name?: string;
  viewport?: { width: number; height: number };
  /** More options for the browser context (for example `bypassCSP`). */
  contextOptions?: BrowserContextOptions;
  /** Runs before the console is first opened: listeners, init scripts, emulated media. */
  prepare?: (page: Page, context: BrowserContext) => void | Promise<void>;
  /** The first page opened (default /dashboard). */
  path?: string;
}

/**
 * A browser context already signed in to the console, as after a sign-in with "remember me": the
 * session is signed in through the API and stored where the console looks for it, so a test
 * starts on its own screen instead of going through the login form (which e2e/shell.test.ts
 * covers). `who` is a role, for a new account given that role by the server's administrator, or
 * an existing account.
 */
export async function signedInPage(
  server: RunningServer,
  browser: Browser,
  who: Exclude<ConsoleRole, 'user'> | Credentials = 'admin',
  options: SignedInOptions = {},
): Promise<SignedInConsole> {
  const account =
    typeof who === 'string' ? await createAccount(server.baseUrl, who, options.name) : who;
  const [session, token] = await Promise.all([
    logIn(server.baseUrl, account),
    signIn(server.baseUrl, account),
  ]);
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...options.contextOptions,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server.baseUrl,
          localStorage: [
            { name: TOKEN_KEY, value: session.token },
            { name: USER_KEY, value: JSON.stringify(session.user) },
          ],
        },
      ],
    },
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await options.prepare?.(page, context);
    await page.goto(options.path ?? '/dashboard');
    // The top bar's greeting shows once the console has restored the stored session.
    await page.getByText(`Welcome, ${session.user.name}`, { exact: true }).waitFor();
    return { account, token, context, page, close: () => context.close() };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** A file's own server (demo data) and browser, with an administrator signed in to the console. */
export interface SignedInRun extends SignedInConsole {
  server: RunningServer;
  browser: Browser;
}

/**
 * Starts a server with the demo data and a browser, and signs an administrator in to the console
 * (signedInPage): what a file whose tests share one signed-in page sets up in its `beforeAll`.
 * Whatever started is stopped again when a later step fails.
 */
export async function startSignedIn(): Promise<SignedInRun> {
  const server = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    return { server, browser, ...(await signedInPage(server, browser)) };
  } catch (error) {
    await stopSignedIn({ browser, server });
    throw error;
  }
}

/** Stops what startSignedIn started, in its `afterAll` (any part may be missing). */
export async function stopSignedIn({
  context,
  browser,
  server,
}: Partial<Pick<SignedInRun, 'context' | 'browser' | 'server'>>): Promise<void> {
  await context?.close();
  await browser?.close();
  await server?.stop();
}
