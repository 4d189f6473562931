import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { DataDirLockedError, DataDirLockFileError, lockDataDir, lockFile } from './dataDirLock';
import {
  clusterDirectory,
  locationFile,
  startEmbeddedDatabase,
  StartError,
  superuserPasswordFile,
  type EmbeddedDatabase,
} from './embedded';
import { dataDirectoryForFile, processesNaming, waitFor } from '../test/serverProcess';

/**
 * A start trusts nothing it did not make. DATA_DIR may belong to someone else (root starting a
 * server in another user's checkout): as root, DATA_DIR/pg-location is used only when it names a
 * cluster root made for this very DATA_DIR; a process is stopped as a leftover PostgreSQL only
 * when it runs this server's PostgreSQL binary in the cluster's directory, never because its
 * command line names the cluster; and the DATA_DIR lock is a file of the owner's own, which no
 * other user can take first.
 */
const ROOT = resolve(__dirname, '../..');
const asRoot = process.getuid?.() === 0;
// Declared before the data directory's own clean-up, so that it runs first.
const children: ChildProcess[] = [];
const started: EmbeddedDatabase[] = [];
/** Directories this file made outside paths.dir (a cluster kept under /var/lib, a fake cluster). */
const madeElsewhere: string[] = [];
/** Processes started by this file's children. */
const grandchildren: number[] = [];

const kill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

afterAll(async () => {
  for (const database of started) await database.stop().catch(() => undefined);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  grandchildren.forEach(kill);
  for (const dir of madeElsewhere) {
    processesNaming(dir).forEach(kill);
    await waitFor(() => processesNaming(dir).length === 0, 5_000);
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

const paths = dataDirectoryForFile('medref-rootstart-');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The uid and gid PostgreSQL runs as: the postgres user's as root, else this process's own. */
function postgresIds(): { uid: number; gid: number } {
  if (!asRoot) return { uid: process.getuid!(), gid: process.getgid!() };
  return { uid: statSync(paths.clusterDir).uid, gid: statSync(paths.clusterDir).gid };
}

/**
 * A process that is not PostgreSQL, waiting until killed (or until this process ends and its
 * stdin closes), with `args` on its command line: the process a forged pid file names.
 */
function decoy(args: string[], options: { cwd?: string; uid?: number; gid?: number } = {}) {
  const child = spawn('sh', ['-c', 'read line', 'decoy', ...args], {
    stdio: ['pipe', 'ignore', 'ignore'],
    ...options,
  });
  children.push(child);
  if (!child.pid) throw new Error('the decoy did not start');
  return child.pid;
}

async function start(dataDir: string, logs: string[] = []) {
  const database = await startEmbeddedDatabase(dataDir, (line) => logs.push(line));
  started.push(database);
  return database;
}

async function stop(database: EmbeddedDatabase) {
  await database.stop();
  started.splice(started.indexOf(database), 1);
}

const writePidFile = (clusterDir: string, pid: number) =>
  writeFileSync(join(clusterDir, 'postmaster.pid'), `${pid}\n${clusterDir}\n`);

/**
 * Runs `script` in a Node process of its own that loads TypeScript as the server does; resolves
 * with the number it prints after `ready `, once it prints it.
 */
async function runScript(script: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  expect(await waitFor(() => /ready \d+/.test(output) || child.exitCode !== null, 60_000)).toBe(
    true,
  );
  return { child, exited, number: Number(/ready (\d+)/.exec(output)?.[1]) };
}

describe('a postmaster.pid naming a process that is not this cluster’s PostgreSQL', () => {
  beforeAll(async () => {
    // A real cluster, stopped: its postmaster.pid is written below by the test.
    await stop(await start(paths.dataDir));
  });
  afterEach(async () => {
    for (const database of [...started]) await stop(database);
  });

  it('never signals a process whose command line names the cluster, and starts', async () => {
    // Run as the user PostgreSQL runs as, so that only what the process runs tells it apart.
    const pid = decoy([paths.clusterDir], postgresIds());
    writePidFile(paths.clusterDir, pid);
    const logs: string[] = [];
    const database = await start(paths.dataDir, logs);
    expect(alive(pid)).toBe(true);
    expect(logs.join('\n')).not.toContain('left running by an earlier start');
    expect(logs.join('\n')).toContain(
      `removing postmaster.pid: its pid ${pid} is not this cluster's PostgreSQL`,
    );
    await stop(database);
    expect(alive(pid)).toBe(true);
  });

  it('never signals a process working in the cluster directory that is not PostgreSQL', async () => {
    const pid = decoy([], { cwd: paths.clusterDir, ...postgresIds() });
    writePidFile(paths.clusterDir, pid);
    await stop(await start(paths.dataDir));
    expect(alive(pid)).toBe(true);
  });

  it('still stops the PostgreSQL a killed server left running', async () => {
    // A server's start, in a process of its own, its PostgreSQL in a process group of its own.
    const server = await runScript(`
      import('./server/db/embedded.ts')
        .then(({ startEmbeddedDatabase }) =>
          startEmbeddedDatabase(${JSON.stringify(paths.dataDir)}, undefined, { detached: true }))
        .then((database) => console.log('ready ' + database.pid));
      setInterval(() => undefined, 1000);`);
    const postmaster = server.number;
    expect(alive(postmaster)).toBe(true);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(alive(postmaster)).toBe(true);
    const logs: string[] = [];
    const database = await start(paths.dataDir, logs);
    expect(logs.join('\n')).toContain(`stopping a PostgreSQL (pid ${postmaster}) left running`);
    expect(alive(postmaster)).toBe(false);
    await stop(database);
  });
});

describe('DATA_DIR/pg-location naming a directory of somebody else’s', () => {
  it('does not stop the process a fake cluster’s postmaster.pid names', async () => {
    // Anyone can make a directory under /tmp that looks like a cluster, and name a process whose
    // command line contains that directory in its postmaster.pid.
    const fake = join(mkdtempSync(join(tmpdir(), 'medref-fake-')), 'pg');
    madeElsewhere.push(dirname(fake));
    chmodSync(dirname(fake), 0o755);
    mkdirSync(fake);
    writeFileSync(join(fake, 'PG_VERSION'), '18\n');
    const victim = decoy([fake]);
    writePidFile(fake, victim);
    const dataDir = join(paths.dir, 'fake-location');
    mkdirSync(dataDir);
    writeFileSync(locationFile(dataDir), `${fake}\n`);
    writeFileSync(superuserPasswordFile(dataDir), 'a-password\n');
    const before = readdirSync(fake).sort();

    const starting = start(dataDir);
    await expect(starting).rejects.toThrow(StartError);
    expect(alive(victim)).toBe(true);
    if (asRoot) {
      await expect(starting).rejects.toThrow(
        `${locationFile(dataDir)} names "${fake}", which is not a location this server makes`,
      );
      await expect(starting).rejects.toThrow('nothing was stopped or changed');
      expect(readdirSync(fake).sort()).toEqual(before);
      expect(readFileSync(join(fake, 'postmaster.pid'), 'utf8')).toBe(`${victim}\n${fake}\n`);
    }
    // The lock was let go: the failed start left nothing behind that blocks the next one.
    (await lockDataDir(dataDir)).release();
  });

  if (asRoot) {
    describe('as root, with a cluster kept under /var/lib/medref-admin', () => {
      let first: EmbeddedDatabase;
      let firstDataDir = '';
      beforeAll(async () => {
        // A DATA_DIR the postgres user cannot enter: its cluster is kept under /var/lib.
        const closed = mkdtempSync(join(paths.dir, 'closed-'));
        chmodSync(closed, 0o700);
        firstDataDir = join(closed, 'data');
        first = await start(firstDataDir);
        madeElsewhere.push(dirname(first.clusterDir));
      });

      it('records which DATA_DIR the location was made for, and starts from it again', async () => {
        const marker = JSON.parse(
          readFileSync(join(dirname(first.clusterDir), 'data-dir'), 'utf8'),
        ) as { dataDir: string; inode: string };
        expect(marker).toEqual({
          dataDir: firstDataDir,
          inode: statSync(firstDataDir, { bigint: true }).ino.toString(),
        });
        expect(statSync(join(dirname(first.clusterDir), 'data-dir')).uid).toBe(0);
        await stop(first);
        const logs: string[] = [];
        first = await start(firstDataDir, logs);
        expect(logs.join('\n')).toContain(`is kept in ${first.clusterDir}`);
      });

      it('refuses another DATA_DIR’s location, leaving its running PostgreSQL alone', async () => {
        // What another user can do in a DATA_DIR of theirs: copy a pg-location (and a password).
        const dataDir = join(paths.dir, 'copied-location');
        mkdirSync(dataDir);
        copyFileSync(locationFile(firstDataDir), locationFile(dataDir));
        copyFileSync(superuserPasswordFile(firstDataDir), superuserPasswordFile(dataDir));
        const starting = start(dataDir);
        await expect(starting).rejects.toThrow(
          `says it was made for DATA_DIR ${firstDataDir}, not for ${dataDir}`,
        );
        await expect(starting).rejects.toThrow('nothing was stopped or changed');
        expect(alive(first.pid!)).toBe(true);
        const client = new pg.Client({ connectionString: first.url });
        await client.connect();
        expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      });

      it('refuses a moved DATA_DIR until root vouches for it with the line the message gives', async () => {
        await stop(first);
        const moved = `${firstDataDir}-moved`;
        renameSync(firstDataDir, moved);
        const refused = await start(moved).then(
          () => '',
          (error: Error) => error.message,
        );
        expect(refused).toContain(
          `says it was made for DATA_DIR ${firstDataDir}, not for ${moved}`,
        );
        const line = /echo '(.*)' > (\S+)\. Otherwise/.exec(refused);
        expect(line?.[2]).toBe(join(dirname(first.clusterDir), 'data-dir'));
        writeFileSync(line![2], `${line![1]}\n`);
        first = await start(moved);
        firstDataDir = moved;
        expect(alive(first.pid!)).toBe(true);
      });

      it('refuses a location under /var/lib/medref-admin that records no DATA_DIR', async () => {
        const home = join('/var/lib/medref-admin', `unmarked-${'0123456789abcdef'}`);
        madeElsewhere.push(home);
        mkdirSync(join(home, 'pg'), { recursive: true, mode: 0o755 });
        const { uid, gid } = statSync(first.clusterDir);
        chownSync(join(home, 'pg'), uid, gid);
        const dataDir = join(paths.dir, 'unmarked-location');
        mkdirSync(dataDir);
        writeFileSync(locationFile(dataDir), `${join(home, 'pg')}\n`);
        await expect(start(dataDir)).rejects.toThrow(
          `but ${join(home, 'data-dir')}, which records the DATA_DIR a cluster there was made for, is missing`,
        );
        expect(readdirSync(join(home, 'pg'))).toEqual([]);
      });

      it('refuses a DATA_DIR/pg that is a link to another cluster', async () => {
        const dataDir = join(paths.dir, 'linked-cluster');
        mkdirSync(dataDir);
        symlinkSync(first.clusterDir, join(dataDir, 'pg'));
        copyFileSync(superuserPasswordFile(firstDataDir), superuserPasswordFile(dataDir));
        await expect(start(dataDir)).rejects.toThrow(
          `${join(dataDir, 'pg')} is a symbolic link; as root, a start follows no link`,
        );
        expect(alive(first.pid!)).toBe(true);
      });
    });
  } else {
    it('as an ordinary user, keeps the cluster of a DATA_DIR only its owner can enter in it', async () => {
      const closed = mkdtempSync(join(paths.dir, 'closed-'));
      chmodSync(closed, 0o700);
      const dataDir = join(closed, 'data');
      const database = await start(dataDir);
      expect(database.clusterDir).toBe(join(dataDir, 'pg'));
      expect(existsSync(locationFile(dataDir))).toBe(false);
      expect(clusterDirectory(dataDir)).toBe(join(dataDir, 'pg'));
      await stop(database);
    });
  }
});

describe('the DATA_DIR lock', () => {
  /** A process holding DATA_DIR's lock as a server does, until killed. */
  async function holder(dataDir: string) {
    const held = await runScript(`
      const { spawn } = require('node:child_process');
      import('./server/db/dataDirLock.ts').then(async ({ lockDataDir }) => {
        await lockDataDir(${JSON.stringify(dataDir)});
        // A child started while the lock is held, as PostgreSQL is, must not keep it.
        const child = spawn('sleep', ['1000'], { stdio: 'ignore', detached: true });
        child.unref();
        console.log('ready ' + child.pid);
        setInterval(() => undefined, 1000);
      });`);
    grandchildren.push(held.number);
    return { child: held.child, exited: held.exited, grandchild: held.number };
  }

  /** What answered on the old lock's name, an abstract socket anyone could bind. */
  function squat(dataDir: string): Promise<Server> {
    const { dev, ino } = statSync(dataDir);
    const squatter = createServer((socket) => socket.end('1'));
    return new Promise((listening, fail) => {
      squatter.once('error', fail);
      squatter.listen({ path: `\0medref-admin-data-dir:${dev}:${ino}` }, () => listening(squatter));
    });
  }

  it('is not blocked by a squatter on the old abstract socket', async () => {
    const dataDir = join(paths.dir, 'squatted');
    mkdirSync(dataDir);
    const squatter = await squat(dataDir);
    try {
      const lock = await lockDataDir(dataDir);
      expect(statSync(lockFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(readFileSync(lockFile(dataDir), 'utf8')).toBe(`${process.pid}\n`);
      lock.release();
    } finally {
      await new Promise((closed) => squatter.close(closed));
    }
  });

  it('refuses a second start while held, naming the holder, and is free once the holder is killed with SIGKILL', async () => {
    const dataDir = join(paths.dir, 'held');
    mkdirSync(dataDir);
    const held = await holder(dataDir);
    expect(held.child.exitCode).toBeNull();
    expect(statSync(lockFile(dataDir)).mode & 0o777).toBe(0o600);
    const inUse = `another MedRef Admin process (pid ${held.child.pid}) is using DATA_DIR ${dataDir}`;
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(inUse);
    await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(inUse);

    held.child.kill('SIGKILL');
    await held.exited;
    // The holder's child still runs, and the lock went with the holder all the same.
    expect(alive(held.grandchild)).toBe(true);
    kill(held.grandchild);
    const lock = await lockDataDir(dataDir);
    expect(readFileSync(lockFile(dataDir), 'utf8')).toBe(`${process.pid}\n`);
    // A lock is exclusive within one process too.
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockedError);
    lock.release();
    (await lockDataDir(dataDir)).release();
  });

  it('makes an existing lock file of its own readable by its owner only', async () => {
    const dataDir = join(paths.dir, 'loose');
    mkdirSync(dataDir);
    writeFileSync(lockFile(dataDir), '', { mode: 0o644 });
    chmodSync(lockFile(dataDir), 0o644);
    const lock = await lockDataDir(dataDir);
    expect(statSync(lockFile(dataDir)).mode & 0o777).toBe(0o600);
    lock.release();
  });

  it('refuses a lock file that is a link, has another name, or belongs to another user, changing nothing', async () => {
    const dataDir = join(paths.dir, 'planted');
    mkdirSync(dataDir);
    const target = join(paths.dir, 'someone-elses-file');
    writeFileSync(target, 'keep me\n');

    symlinkSync(target, lockFile(dataDir));
    await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirLockFileError);
    await expect(lockDataDir(dataDir)).rejects.toThrow(`${lockFile(dataDir)} is a symbolic link`);
    rmSync(lockFile(dataDir));

    linkSync(target, lockFile(dataDir));
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      `the lock file ${lockFile(dataDir)} has 2 names (hard links)`,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    rmSync(lockFile(dataDir));

    if (asRoot) {
      writeFileSync(lockFile(dataDir), '4242\n', { mode: 0o600 });
      chownSync(lockFile(dataDir), 65534, 65534);
      await expect(lockDataDir(dataDir)).rejects.toThrow(
        `the lock file ${lockFile(dataDir)} belongs to uid 65534, not to this user (uid 0)`,
      );
      expect(readFileSync(lockFile(dataDir), 'utf8')).toBe('4242\n');
    }
  });
});
