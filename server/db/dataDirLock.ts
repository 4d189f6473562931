import { spawnSync } from 'node:child_process';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * One process per DATA_DIR: an exclusive lock held for the life of the process.
 *
 * On Linux the lock is flock(2) on DATA_DIR/server.lock, a file readable and writable by its
 * owner only. A lock on a file has the file's permissions: nobody who cannot open the file can
 * take it first and so keep the server from starting. flock belongs to the open file, and this
 * process holds the only descriptor of it (Node opens files close-on-exec, so PostgreSQL and
 * other children never inherit it): the kernel lets the lock go the moment the process ends,
 * however it ends (kill -9 included), so there is never a stale lock to judge. Node has no flock
 * of its own, so util-linux's `flock` takes it on a copy of the descriptor and exits; the lock
 * stays with the descriptor this process keeps open.
 *
 * The holder writes its pid into the file, so that a second start can say which process to stop;
 * only the file's owner can write it, so the pid is not one a stranger chose.
 *
 * Elsewhere it is a socket file in DATA_DIR (`server.lock`), taken over only when nothing listens
 * on it any more; whoever holds it answers a connection with its pid.
 */
export class DataDirLockedError extends Error {}

/** The lock file is not one this process can trust; the message says what is wrong with it. */
export class DataDirLockFileError extends Error {}

export interface DataDirLock {
  release(): void;
}

export const lockFile = (dataDir: string) => join(dataDir, 'server.lock');

/** What flock says when another open file holds the lock; any other failure is an error. */
const LOCKED_EXIT_CODE = 75;

const inUse = (dataDir: string, pid: number | undefined) =>
  new DataDirLockedError(
    `another MedRef Admin process${pid ? ` (pid ${pid})` : ''} is using DATA_DIR ${dataDir}: ` +
      'stop it first, or set DATA_DIR to another directory',
  );

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  return process.platform === 'linux' ? lockFileOnLinux(dataDir) : lockSocketFile(dataDir);
}

/** Opens DATA_DIR/server.lock, refusing anything but a plain file of this user's own. */
function openLockFile(path: string): number {
  let fd: number;
  try {
    // No O_TRUNC: nothing is written until the file is known to be ours alone.
    fd = openSync(
      path,
      constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      0o600,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP')
      throw new DataDirLockFileError(
        `${path} is a symbolic link, and the lock file must be a file of its own: remove the link and start again`,
      );
    throw new DataDirLockFileError(
      `cannot open the lock file ${path}: ${(error as Error).message}`,
    );
  }
  try {
    const stat = fstatSync(fd);
    const uid = process.getuid?.();
    const problem = !stat.isFile()
      ? 'is not a regular file'
      : uid !== undefined && stat.uid !== uid
        ? `belongs to uid ${stat.uid}, not to this user (uid ${uid}), so someone else made it`
        : stat.nlink !== 1
          ? `has ${stat.nlink} names (hard links), so it may be another file`
          : undefined;
    if (problem)
      throw new DataDirLockFileError(
        `the lock file ${path} ${problem}; nothing was changed. Remove it and start again (and check who else can write to DATA_DIR)`,
      );
    if ((stat.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** The pid the holder wrote into the lock file, if it wrote one. */
function recordedHolder(fd: number): number | undefined {
  const buffer = Buffer.alloc(32);
  const length = readSync(fd, buffer, 0, buffer.length, 0);
  const text = buffer.subarray(0, length).toString('utf8').trim();
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

function lockFileOnLinux(dataDir: string): DataDirLock {
  const path = lockFile(dataDir);
  const fd = openLockFile(path);
  try {
    // The child gets a copy of the descriptor as its fd 3 and locks the open file behind it.
    const flock = spawnSync(
      'flock',
      ['--exclusive', '--nonblock', '--conflict-exit-code', String(LOCKED_EXIT_CODE), '3'],
      { stdio: ['ignore', 'ignore', 'pipe', fd], encoding: 'utf8', timeout: 10_000 },
    );
    if (flock.status === LOCKED_EXIT_CODE) throw inUse(dataDir, recordedHolder(fd));
    if (flock.error || flock.status !== 0)
      throw new DataDirLockFileError(
        `could not lock ${path} with flock (from util-linux; install it if it is missing): ${
          flock.error?.message ?? (flock.stderr.trim() || `exit code ${flock.status}`)
        }`,
      );
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid}\n`, 0);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      try {
        ftruncateSync(fd, 0);
      } finally {
        closeSync(fd); // the last descriptor of the open file: the lock goes with it
      }
    },
  };
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen({ path, exclusive: true }, () => {
      server.removeListener('error', fail);
      done();
    });
  });
}

/** The pid the holder answers with, or undefined when nothing listens (a stale socket file). */
function holderPid(path: string): Promise<number | undefined> {
  return new Promise((done) => {
    let answer = '';
    const socket = connect({ path });
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => done(Number(answer) || undefined));
    socket.on('error', () => done(undefined));
  });
}

async function lockSocketFile(dataDir: string): Promise<DataDirLock> {
  const path = lockFile(dataDir);
  for (let attempt = 0; ; attempt++) {
    const server = createServer((socket) => socket.end(String(process.pid)));
    try {
      await listen(server, path);
      server.unref(); // held for the process's life, without keeping the process alive
      return {
        release() {
          server.close();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const pid = await holderPid(path);
      if (pid !== undefined || attempt > 0) throw inUse(dataDir, pid);
      // A socket file left by a process that is gone: nobody answers on it.
      unlinkSync(path);
    }
  }
}
