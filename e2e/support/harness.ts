import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_ROLE, DATABASE, appPasswordFile, clusterDirectory } from '../../server/db/embedded';
import { onServer } from '../../server/test/templateDatabase';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The real product for browser tests: `server/index.ts` (what `npm start` runs) on a free port
 * with a database of its own holding the demo data, serving the built console, driven by Debian's
 * Chromium through playwright-core.
 */
export interface RunningServer {
  baseUrl: string;
  /** The application role's connection to the server's database. */
  databaseUrl(): string;
  /** The folder holding the DATA_DIR of a server that runs its own embedded PostgreSQL (outside a
   * Jest run). */
  dataDir?: string;
  /** The first account, registered as the server started, and so its administrator. */
  admin: Credentials;
  process: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Kills any PostgreSQL still running for a cluster under `dir` (never leak processes). */
function killPostgresUnder(dir: string) {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir))
        process.kill(Number(pid), 'SIGKILL');
    } catch {
      // the process ended meanwhile
    }
  }
}

/** The DATA_DIR of a server that runs its own embedded PostgreSQL, for benches that reach into it. */
export function embeddedDataDir(server: RunningServer): string {
  if (!server.dataDir) throw new Error(`${server.baseUrl} does not run its own PostgreSQL`);
  return join(server.dataDir, 'data');
}

/** The cheapest password hashing a server accepts: browser tests' servers and demo data use it. */
export const E2E_PASSWORD_COST = 14;

/** The application role's URL of the embedded PostgreSQL running for `dataDir`. */
function embeddedAppUrl(dataDir: string) {
  // postmaster.pid's fourth line is the port PostgreSQL listens on.
  const pidFile = join(clusterDirectory(dataDir), 'postmaster.pid');
  const port = readFileSync(pidFile, 'utf8').split('\n')[3].trim();
  const password = readFileSync(appPasswordFile(dataDir), 'utf8').trim();
  return `postgres://${APP_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * Where a started server keeps its data. In a Jest run: a database of its own, copied from the
 * run's migrated and seeded one (e2e/support/globalSetup.mjs). Elsewhere (benches, screenshots),
 * or when the caller names a DATABASE_URL or DATA_DIR: what `npm start` does, a DATA_DIR of its
 * own with an embedded PostgreSQL.
 */
async function storage(env: Record<string, string>) {
  const { E2E_TEMPLATE_URL: template, E2E_ADMIN_URL: admin } = process.env;
  if (template && admin && !env.DATABASE_URL && !env.DATA_DIR) {
    const url = new URL(template);
    const copy = `e2e_${randomBytes(6).toString('hex')}`;
    await onServer(
      admin,
      `CREATE DATABASE ${copy} TEMPLATE ${url.pathname.slice(1)} OWNER ${url.username}`,
    );
    url.pathname = `/${copy}`;
    return {
      env: { DATABASE_URL: url.toString() },
      databaseUrl: () => url.toString(),
      remove: () => onServer(admin, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'medref-e2e-'));
  chmodSync(dataDir, 0o755); // the postgres user must be able to enter it
  return {
    env: { DATA_DIR: join(dataDir, 'data') },
    dataDir,
    databaseUrl: () => embeddedAppUrl(join(dataDir, 'data')),
    async remove() {
      killPostgresUnder(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const data = await storage(env);
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      ...data.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      PASSWORD_HASH_COST: String(E2E_PASSWORD_COST),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('is ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  // A server that failed to start leaves nothing behind: no process, no PostgreSQL, no files.
  await started.catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await data.remove();
    throw error;
  });
  // The first registration while no administrator exists is the one that becomes an administrator:
  // the harness makes it, so every test's accounts come from it (see createAccount).
  const admin = await bootstrapAdmin(baseUrl).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await data.remove();
    throw error;
  });
  return {
    baseUrl,
    admin,
    databaseUrl: data.databaseUrl,
    dataDir: data.dataDir,
    process: child,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          exited,
          new Promise((resolve) => (timer = setTimeout(resolve, 10_000))),
        ]);
        clearTimeout(timer); // a pending timer would keep Jest from exiting
      }
      await data.remove();
      adminTokens.delete(baseUrl);
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, viewport });
  const page: Page = await context.newPage();
  return { context, page };
}

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

export type ConsoleRole = 'admin' | 'editor' | 'viewer' | 'user';

/** Each started server's administrator token (the bootstrap admin's), by base URL. */
const adminTokens = new Map<string, string>();

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * A call to the API under /api/v1 as `token`'s session (none without one); answers the parsed
 * JSON, and throws with the method, path, status and the server's text on any answer but a 2xx.
 */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: RequestInit & { token?: string } = {},
) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Registers an account (no role, unless it is the server's first); answers its id. */
export async function register(baseUrl: string, credentials: Credentials) {
  const { user } = await callApi<{ user: { id: number; role: string | null } }>(
    baseUrl,
    '/auth/register',
    { method: 'POST', body: JSON.stringify(credentials) },
  );
  return user;
}

/** Signs in through the API; answers the new session's token and the user as the server sends it. */
export function logIn(baseUrl: string, credentials: Pick<Credentials, 'email' | 'password'>) {
  return callApi<{ token: string; user: { id: number; name: string; role: string | null } }>(
    baseUrl,
    '/auth/login',
    {
      method: 'POST',
      body: JSON.stringify({ email: credentials.email, password: credentials.password }),
    },
  );
}

/** Signs in through the API; answers the token. */
export async function signIn(
  baseUrl: string,
  credentials: Pick<Credentials, 'email' | 'password'>,
) {
  return (await logIn(baseUrl, credentials)).token;
}

async function bootstrapAdmin(baseUrl: string): Promise<Credentials> {
  const admin = {
    name: 'Harness Admin',
    email: uniqueEmail('harness'),
    password: 'correct-horse-battery',
  };
  const user = await register(baseUrl, admin);
  if (user.role !== 'admin') throw new Error(`the first account became ${user.role}, not admin`);
  adminTokens.set(baseUrl, await signIn(baseUrl, admin));
  return admin;
}

/** Gives an account a role through the admin API (`PUT /accounts/{id}`), as the server's admin. */
export async function grantRole(baseUrl: string, id: number, role: ConsoleRole) {
  const token = adminTokens.get(baseUrl);
  if (!token) throw new Error(`no administrator known for ${baseUrl}: start it with startServer`);
  await callApi(baseUrl, `/accounts/${id}`, {
    method: 'PUT',
    token,
    body: JSON.stringify({ role }),
  });
}

/** The id of the account registered with `email` (found through `GET /accounts`, as the admin). */
export async function accountId(baseUrl: string, email: string): Promise<number> {
  const { data } = await callApi<{ data: { id: number; email: string }[] }>(
    baseUrl,
    `/accounts?q=${encodeURIComponent(email)}`,
    { token: adminTokens.get(baseUrl) },
  );
  const found = data.find((account) => account.email === email);
  if (!found) throw new Error(`no account ${email}`);
  return found.id;
}

/**
 * An account with `role`, as a real one is made: registered (it has no role then, the server's
 * administrator existing already), then given the role by that administrator through the API.
 */
export async function createAccount(
  baseUrl: string,
  role: ConsoleRole,
  name = 'Ada Admin',
): Promise<Credentials> {
  const credentials = { name, email: uniqueEmail(role), password: 'correct-horse-battery' };
  const { id } = await register(baseUrl, credentials);
  await grantRole(baseUrl, id, role);
  return credentials;
}

/** An administrator account of its own (registered, then promoted by the server's admin). */
export function registerAdmin(baseUrl: string, name = 'Ada Admin') {
  return createAccount(baseUrl, 'admin', name);
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInThroughUi(
  page: Page,
  credentials: { email: string; password: string },
) {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(credentials.email);
  await page.getByLabel(/^password/i).fill(credentials.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.waitForURL('**/dashboard');
}
