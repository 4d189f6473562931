import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { clusterDirectory } from './embedded';
import { killServers, spawnServer, startServer, waitForOutput } from './serverProcess';

/**
 * The embedded PostgreSQL's life around the server: a first start cut off part-way (the whole
 * process group killed while initdb runs, as a power loss would) must not leave a cluster that
 * never starts; a cluster is never given a password it was not made with; and SIGTERM drains the
 * requests in flight before PostgreSQL stops, then exits 0.
 */
let dir: string;
let dataDir: string;
let clusterDir: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Process ids whose command line names this test's data directory (initdb, postgres). */
function postgresProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmdline.includes(dirname(clusterDir)) && !cmdline.includes('server/index.ts'))
        pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

async function waitFor(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await sleep(20);
  return condition();
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'medref-lifecycle-'));
  chmodSync(dir, 0o755); // the postgres user must be able to enter it
  dataDir = join(dir, 'data');
  clusterDir = clusterDirectory(dataDir, () => undefined);
  process.once('exit', killServers);
});

afterAll(async () => {
  killServers();
  process.removeListener('exit', killServers);
  for (const pid of postgresProcesses()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await waitFor(() => postgresProcesses().length === 0, 5_000);
  rmSync(dir, { recursive: true, force: true });
  if (!clusterDir.startsWith(dir))
    rmSync(resolve(clusterDir, '..'), { recursive: true, force: true });
}, 30_000);

it('starts after its first start was cut off in the middle of initdb', async () => {
  const parent = dirname(clusterDir);
  const first = await spawnServer(dataDir, {}, { detached: true });
  const initdbStarted = () =>
    existsSync(parent) &&
    readdirSync(parent).some((entry) => existsSync(join(parent, entry, 'PG_VERSION')));
  expect(await waitFor(initdbStarted, 60_000)).toBe(true);
  // The server, its initdb and initdb's postgres, all at once.
  process.kill(-first.child.pid!, 'SIGKILL');
  await first.exited;
  expect(await waitFor(() => postgresProcesses().length === 0, 5_000)).toBe(true);
  // What an earlier version could leave: a cluster directory cut off before PG_VERSION.
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    mkdirSync(join(clusterDir, 'global'), { recursive: true });
    writeFileSync(join(clusterDir, 'postgresql.conf'), '# cut off\n');
  }

  const server = await startServer(dataDir);
  const answer = await fetch(`${server.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
  });
  expect(answer.status).toBe(401);
  expect(readdirSync(parent).filter((entry) => entry.startsWith('pg.initialising'))).toEqual([]);
  server.child.kill('SIGTERM');
  await server.exited;
  expect(server.child.exitCode).toBe(0);
}, 120_000);

it('on SIGTERM finishes the request in flight, then stops PostgreSQL and exits 0', async () => {
  // A registration at the production scrypt cost takes a good half second between reading the
  // database and writing to it: the signal lands in that gap.
  const server = await startServer(dataDir, { PASSWORD_HASH_COST: '17', LOG_LEVEL: 'info' });
  const registering = fetch(`${server.base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'In Flight',
      email: 'in-flight@example.com',
      password: 'a-long-password',
    }),
  });
  await waitForOutput(server, 'incoming request', 10_000);
  expect(postgresProcesses().length).toBeGreaterThan(0);
  server.child.kill('SIGTERM');
  const answer = await registering;
  expect(answer.status).toBe(201);
  await server.exited;
  expect({ exit: server.child.exitCode, signal: server.child.signalCode }).toEqual({
    exit: 0,
    signal: null,
  });
  expect(await waitFor(() => postgresProcesses().length === 0, 10_000)).toBe(true);
  // The account was stored: the server signs it in after a restart.
  const again = await startServer(dataDir);
  const login = await fetch(`${again.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'in-flight@example.com', password: 'a-long-password' }),
  });
  expect(login.status).toBe(200);
  again.child.kill('SIGTERM');
  await again.exited;
  expect(again.child.exitCode).toBe(0);
}, 120_000);

it('refuses to start a cluster whose password file is gone, saying what to do', async () => {
  const passwordFile = join(dirname(clusterDir), 'pg-password');
  rmSync(passwordFile);
  const server = await spawnServer(dataDir);
  await server.exited;
  expect(server.child.exitCode).toBe(1);
  expect(server.output()).toContain(`has no password file ${passwordFile}`);
  expect(server.output()).toContain(`remove ${clusterDir}`);
  // No password was made up for it, and the cluster is untouched.
  expect(existsSync(passwordFile)).toBe(false);
  expect(existsSync(join(clusterDir, 'PG_VERSION'))).toBe(true);
}, 60_000);
