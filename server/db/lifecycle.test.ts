import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  processesNaming,
  spawnServer,
  startServer,
  dataDirectoryForFile,
  waitFor,
  waitForOutput,
} from '../test/serverProcess';

/**
 * The embedded PostgreSQL's life around the server: a first start cut off part-way (the whole
 * process group killed while initdb runs, as a power loss would) must not leave a cluster that
 * never starts; a cluster is never given a password it was not made with; and SIGTERM drains the
 * requests in flight before PostgreSQL stops, then exits 0.
 */
const paths = dataDirectoryForFile('medref-lifecycle-');

/** Process ids whose command line names this test's clusters (initdb, postgres). */
const postgresProcesses = () => processesNaming(dirname(paths.clusterDir));

it('starts after its first start was cut off in the middle of initdb', async () => {
  const parent = dirname(paths.clusterDir);
  const first = await spawnServer(paths.dataDir, {}, { detached: true });
  const initdbStarted = () =>
    existsSync(parent) &&
    readdirSync(parent).some((entry) => existsSync(join(parent, entry, 'PG_VERSION')));
  expect(await waitFor(initdbStarted, 60_000)).toBe(true);
  // The server, its initdb and initdb's postgres, all at once.
  process.kill(-first.child.pid!, 'SIGKILL');
  await first.exited;
  expect(await waitFor(() => postgresProcesses().length === 0, 5_000)).toBe(true);

  const server = await startServer(paths.dataDir);
  const answer = await fetch(`${server.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
  });
  expect(answer.status).toBe(401);
  expect(readdirSync(parent).filter((entry) => entry.startsWith('pg.initialising'))).toEqual([]);
  server.child.kill('SIGTERM');
  await server.exited;
  expect(server.child.exitCode).toBe(0);
});

it('on SIGTERM finishes the request in flight, then stops PostgreSQL and exits 0', async () => {
  // A registration at the production scrypt cost hashes for long enough between reading the
  // database and writing to it for the signal to land in that gap.
  const server = await startServer(paths.dataDir, { PASSWORD_HASH_COST: '17', LOG_LEVEL: 'info' });
  const registering = fetch(`${server.base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'In Flight',
      email: 'in-flight@example.com',
      password: 'a-long-password',
    }),
  });
  await waitForOutput(server, 'incoming request', 10_000);
  expect(postgresProcesses().length).toBeGreaterThan(0);
  server.child.kill('SIGTERM');
  const answer = await registering;
  expect(answer.status).toBe(201);
  await server.exited;
  expect({ exit: server.child.exitCode, signal: server.child.signalCode }).toEqual({
    exit: 0,
    signal: null,
  });
  expect(await waitFor(() => postgresProcesses().length === 0, 10_000)).toBe(true);
  // The account was stored: the server signs it in after a restart.
  const again = await startServer(paths.dataDir);
  const login = await fetch(`${again.base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'in-flight@example.com', password: 'a-long-password' }),
  });
  expect(login.status).toBe(200);
  again.child.kill('SIGTERM');
  await again.exited;
  expect(again.child.exitCode).toBe(0);
});

it('refuses to start a cluster whose password file is gone, saying what to do', async () => {
  const passwordFile = join(dirname(paths.clusterDir), 'pg-password');
  rmSync(passwordFile);
  const server = await spawnServer(paths.dataDir);
  await server.exited;
  expect(server.child.exitCode).toBe(1);
  expect(server.output()).toContain(`has no password file ${passwordFile}`);
  expect(server.output()).toContain(`remove ${paths.clusterDir}`);
  // No password was made up for it, and the cluster is untouched.
  expect(existsSync(passwordFile)).toBe(false);
  expect(existsSync(join(paths.clusterDir, 'PG_VERSION'))).toBe(true);
});
