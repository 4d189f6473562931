import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './embedded';

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
      PASSWORD_HASH_COST: '10',
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
