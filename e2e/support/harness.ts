import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The real product for browser tests: `server/index.ts` (what `npm start` runs) on a free port
 * with a fresh DATA_DIR and its own embedded PostgreSQL, serving the built console, driven by
 * Debian's Chromium through playwright-core.
 */
export interface RunningServer {
  baseUrl: string;
  dataDir: string;
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

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'medref-e2e-'));
  chmodSync(dataDir, 0o755); // the postgres user must be able to enter it
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      DATA_DIR: join(dataDir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      PASSWORD_HASH_COST: '14', // the floor: the cheapest hashing a server accepts
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
  await started.catch((error: unknown) => {
    child.kill('SIGKILL');
    killPostgresUnder(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
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
      killPostgresUnder(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
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

/** Registers an administrator through the API; answers the credentials. */
export async function registerAdmin(baseUrl: string, name = 'Ada Admin') {
  const email = `admin-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'correct-horse-battery';
  const response = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${await response.text()}`);
  return { name, email, password };
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
