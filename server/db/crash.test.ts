import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  processesNaming,
  sleep,
  startServer as startServerIn,
  dataDirectoryForFile,
  waitFor,
  type ServerProcess,
} from '../test/serverProcess';

/**
 * The crash test: the real server (`node --import tsx server/index.ts`, embedded PostgreSQL in a
 * fixed DATA_DIR) takes writes from 8 concurrent loops and is killed with SIGKILL at a random
 * moment: the server process on odd cycles, the PostgreSQL postmaster (its pid from
 * postmaster.pid) on even ones, after which the server must exit non-zero by itself. It is then
 * started again on the same DATA_DIR and must answer and still hold every write it acknowledged
 * (2xx), from every cycle so far. At the end it must stop
 * cleanly and leave no PostgreSQL behind, and start once more over a postmaster.pid naming a live
 * process that is not PostgreSQL (a pid reused after a reboot).
 *
 * CRASH_CYCLES sets the number of cycles: 2 in `npm test`, 20 in `npm run test:crash`.
 */
const PASSWORD = 'crash-test-password';
const CYCLES = Number(process.env.CRASH_CYCLES || 2);
const WRITERS = 8;
if (!Number.isInteger(CYCLES) || CYCLES < 1)
  throw new Error('CRASH_CYCLES must be a whole number >= 1');
/** The whole file's bound: the first start runs initdb; each cycle is a start, writes and a kill. */
const FILE_TIMEOUT = 90_000 + CYCLES * 45_000;

const paths = dataDirectoryForFile('medref-crash-');
type Server = ServerProcess;

const startServer = () => startServerIn(paths.dataDir);

async function call(server: Server, method: string, path: string, body?: object, token?: string) {
  const response = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: await response.json() };
}

async function logIn(server: Server) {
  const login = await call(server, 'POST', '/auth/login', {
    email: 'crash@example.com',
    password: PASSWORD,
  });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

/** The running postmaster and its backends: their command lines name the cluster directory. */
const postgresProcesses = () => processesNaming(paths.clusterDir);

function postmasterPid(): number {
  const pid = Number(readFileSync(join(paths.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error('no pid in postmaster.pid');
  return pid;
}

/** Every write that was answered 2xx, by id, with the name it was answered with. */
const acknowledged = new Map<number, string>();

/** The server answers, and every acknowledged write so far is there with its name. */
async function checkWrites(server: Server, token: string, cycle: number) {
  const listed = await call(server, 'GET', '/condition', undefined, token);
  expect(listed.status).toBe(200);
  const stored = new Map<number, string>(
    listed.body.data.map((c: { id: number; name: string }) => [c.id, c.name]),
  );
  const missing = [...acknowledged].filter(([id, name]) => stored.get(id) !== name);
  if (missing.length)
    throw new Error(
      `after cycle ${cycle}: ${missing.length} of ${acknowledged.size} acknowledged writes missing, e.g. ${JSON.stringify(missing.slice(0, 5))}`,
    );
  return acknowledged.size;
}

/**
 * 8 loops creating conditions until `stop()`; every 201 is recorded. Any other answer must be a
 * server error (the database went away), never a client error.
 */
function writeLoops(server: Server, token: string, cycle: number) {
  let stopped = false;
  let firstAck: () => void = () => undefined;
  const started = new Promise<void>((r) => (firstAck = r));
  const tally = { acknowledged: 0, failed: 0, unexpected: [] as string[] };
  const loops = Array.from({ length: WRITERS }, async (_, writer) => {
    for (let i = 0; !stopped; i++) {
      const name = `Crash c${cycle} w${writer} #${i}`;
      try {
        const response = await call(server, 'POST', '/condition', { name }, token);
        if (response.status === 201) {
          expect(response.body.data.name).toBe(name);
          acknowledged.set(response.body.data.id, name);
          tally.acknowledged++;
          firstAck();
        } else if (response.status >= 500) {
          tally.failed++;
        } else {
          tally.unexpected.push(`${response.status} ${JSON.stringify(response.body)}`);
        }
      } catch {
        // Cut off by the kill (or the server is gone): not acknowledged.
        tally.failed++;
        if (stopped) return;
        await sleep(20);
      }
    }
  });
  return {
    started,
    tally,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

it(
  `keeps every acknowledged write across ${CYCLES} kill -9 cycles (server and postmaster) on the same DATA_DIR`,
  async () => {
    let server = await startServer();
    const registered = await call(server, 'POST', '/auth/register', {
      name: 'Crash Tester',
      email: 'crash@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const kills = { server: 0, postgres: 0 };
    let checks = 0;

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const token = await logIn(server);
      const victim = cycle % 2 === 1 ? 'server' : 'postgres';
      const writes = writeLoops(server, token, cycle);
      // At a random moment once writes are being acknowledged (no later than 10 s in).
      let noAck: NodeJS.Timeout | undefined;
      await Promise.race([writes.started, new Promise((r) => (noAck = setTimeout(r, 10_000)))]);
      clearTimeout(noAck);
      await sleep(Math.floor(Math.random() * 1_000));
      if (victim === 'server') {
        server.child.kill('SIGKILL');
        await writes.stop();
      } else {
        process.kill(postmasterPid(), 'SIGKILL');
        // The server must not live on without its database: it exits non-zero by itself, so
        // that a supervisor restarts it; writes meanwhile fail, never hang.
        await writes.stop();
      }
      kills[victim]++;
      let hung: NodeJS.Timeout | undefined;
      await Promise.race([server.exited, new Promise((r) => (hung = setTimeout(r, 15_000)))]);
      clearTimeout(hung);
      expect({ exit: server.child.exitCode, signal: server.child.signalCode }).toEqual(
        victim === 'server' ? { exit: null, signal: 'SIGKILL' } : { exit: 1, signal: null },
      );
      if (writes.tally.unexpected.length)
        throw new Error(`cycle ${cycle}: writes answered ${writes.tally.unexpected.join('; ')}`);
      if (writes.tally.acknowledged === 0)
        throw new Error(`cycle ${cycle}: no write was acknowledged before the kill`);
      // A killed server's PostgreSQL outlives it; the next start must stop it first.
      const leftover = postgresProcesses();
      if (victim === 'postgres') expect(leftover).toEqual([]);

      server = await startServer();
      expect(server.output().includes('left running by an earlier start')).toBe(
        leftover.length > 0,
      );
      // Only one postmaster runs for the cluster: the leftover one, if any, was stopped.
      expect(postgresProcesses()).toHaveLength(1);
      checks += await checkWrites(server, await logIn(server), cycle);
    }

    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.child.exitCode).toBe(0);
    expect(await waitFor(() => postgresProcesses().length === 0, 10_000)).toBe(true);

    // After a reboot, postmaster.pid may name a pid that is now another process (here, this
    // test's own): the server must still start, and find every write.
    writeFileSync(
      join(paths.clusterDir, 'postmaster.pid'),
      `${process.pid}\n${paths.clusterDir}\n`,
    );
    server = await startServer();
    checks += await checkWrites(server, await logIn(server), CYCLES + 1);
    server.child.kill('SIGTERM');
    await server.exited;
    expect(server.child.exitCode).toBe(0);
    expect(await waitFor(() => postgresProcesses().length === 0, 10_000)).toBe(true);
    console.log(
      `crash test: ${CYCLES} cycles (${kills.server} server kills, ${kills.postgres} postmaster kills), ` +
        `${acknowledged.size} acknowledged writes, all present after every restart (${checks} look-ups over ${CYCLES} restarts)`,
    );
  },
  FILE_TIMEOUT,
);
