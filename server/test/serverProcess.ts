import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { clusterDirectory, freePort, superuserPasswordFile } from '../db/embedded';

/**
 * The real server as a child process (`node --import tsx server/index.ts`, embedded PostgreSQL
 * in a given DATA_DIR), for the tests that kill, signal or restart it.
 */
const ROOT = resolve(__dirname, '../..');
const children: ChildProcess[] = [];
/** Children that lead a process group of their own. */
const groups = new Set<ChildProcess>();

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<void>;
}

/** Never leak a server, whatever happens (a timeout, a failed expectation, Jest exiting). */
export function killServers() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      // A detached server leads its own process group (with its initdb, say): kill all of it.
      process.kill(groups.has(child) ? -child.pid : child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Spawns the server without waiting for it. `detached` puts it in a process group of its own
 * (its PostgreSQL and initdb too), so `process.kill(-pid)` cuts everything off at once, as a
 * power loss would.
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  options: { detached?: boolean } = {},
): Promise<ServerProcess & { port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    detached: options.detached ?? false,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      PASSWORD_HASH_COST: '14', // the floor: the cheapest hashing a server accepts
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  if (options.detached) groups.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { child, port, base: `http://127.0.0.1:${port}/api/v1`, output: () => output, exited };
}

/** Resolves once `output` includes `text`; rejects if the server exits first or after `ms`. */
export function waitForOutput(server: ServerProcess, text: string, ms = 60_000): Promise<void> {
  return new Promise<void>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`no "${text}" after ${ms / 1000} s:\n${server.output()}`)),
      ms,
    );
    const check = () => {
      if (!server.output().includes(text)) return;
      clearTimeout(timer);
      clearInterval(poll);
      ready();
    };
    const poll = setInterval(check, 20);
    check();
    void server.exited.then(() => {
      if (server.output().includes(text)) return;
      clearTimeout(timer);
      clearInterval(poll);
      fail(
        new Error(
          `server exited (${server.child.exitCode ?? server.child.signalCode}) before "${text}":\n${server.output()}`,
        ),
      );
    });
  });
}

/** Starts the server and waits until it says it is ready. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await spawnServer(dataDir, env);
  await waitForOutput(server, 'is ready at');
  return server;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `condition` until it holds or `ms` have passed; resolves with its last value. */
export async function waitFor(condition: () => boolean, ms: number, step = 50) {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await sleep(step);
  return condition();
}

/** Process ids whose command line names `path` (PostgreSQL, initdb), the servers left out. */
export function processesNaming(path: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmdline.includes(path) && !cmdline.includes('server/index.ts')) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * A DATA_DIR of the test file's own (reachable by the postgres user), filled in before its tests;
 * after them every server and PostgreSQL started there is killed and the directory removed.
 */
export function dataDirectoryForFile(prefix: string) {
  const paths = { dir: '', dataDir: '', clusterDir: '' };
  beforeAll(() => {
    paths.dir = mkdtempSync(join(tmpdir(), prefix));
    chmodSync(paths.dir, 0o755); // the postgres user must be able to enter it
    paths.dataDir = join(paths.dir, 'data');
    paths.clusterDir = clusterDirectory(paths.dataDir);
    process.once('exit', killServers);
  });
  afterAll(async () => {
    killServers();
    process.removeListener('exit', killServers);
    // The cluster's parent: a cluster still being initialised sits beside it.
    const clusters = dirname(paths.clusterDir);
    for (const pid of processesNaming(clusters)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await waitFor(() => processesNaming(clusters).length === 0, 5_000);
    rmSync(paths.dir, { recursive: true, force: true });
    // A cluster moved under /var/lib (root, unreachable DATA_DIR) is this file's too.
    if (!paths.clusterDir.startsWith(paths.dir)) rmSync(clusters, { recursive: true, force: true });
  }, 30_000);
  return paths;
}

/** The superuser's connection to the cluster of a running server on `dataDir`, for inspection. */
export async function superuserClient(dataDir: string, database = 'medref'): Promise<pg.Client> {
  const port = readFileSync(join(clusterDirectory(dataDir), 'postmaster.pid'), 'utf8').split(
    '\n',
  )[3];
  const password = readFileSync(superuserPasswordFile(dataDir), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database,
  });
  client.on('error', () => undefined); // the cluster may be killed under it
  await client.connect();
  return client;
}
