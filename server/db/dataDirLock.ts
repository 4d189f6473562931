import { statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * One process per DATA_DIR: an exclusive lock held for the life of the process.
 *
 * On Linux the lock is a listening socket in the abstract namespace named after DATA_DIR's device
 * and inode: binding it is atomic, only one process can hold it, and the kernel lets it go the
 * moment the process ends, however it ends (kill -9 included), so there is never a stale lock to
 * judge. Elsewhere it is a socket file in DATA_DIR (`server.lock`), taken over only when nothing
 * listens on it any more. Whoever holds it answers a connection with its pid, so a second start
 * can say which process to stop.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function lockAddress(dataDir: string): string {
  if (process.platform !== 'linux') return join(dataDir, 'server.lock');
  const { dev, ino } = statSync(dataDir);
  return `\0medref-admin-data-dir:${dev}:${ino}`;
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

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const path = lockAddress(dataDir);
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
      if (pid !== undefined || attempt > 0 || !path.startsWith('/'))
        throw new DataDirLockedError(
          `another MedRef Admin process${pid ? ` (pid ${pid})` : ''} is using DATA_DIR ${dataDir}: ` +
            'stop it first, or set DATA_DIR to another directory',
        );
      // A socket file left by a process that is gone: nobody answers on it.
      unlinkSync(path);
    }
  }
}
