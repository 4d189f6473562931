import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import {
  dataDirectoryForFile,
  processesNaming,
  spawnServer,
  startServer,
  superuserClient,
  waitFor,
  waitForOutput,
} from '../test/serverProcess';

/**
 * What a server does with its DATA_DIR and its embedded PostgreSQL: one server per DATA_DIR, the
 * cluster inside DATA_DIR and nowhere else, a folder of the user's own never touched, queries as
 * a role that is not a superuser, and a database that dies taking the server with it.
 */
const paths = dataDirectoryForFile('medref-datadir-');

const register = (base: string, email: string) =>
  fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Someone', email, password: 'a-long-password' }),
  });

const conditions = (base: string) => fetch(`${base}/condition`).then((r) => r.status);

const VAR_LIB = '/var/lib/medref-admin';
const clustersNamed = (name: string) =>
  existsSync(VAR_LIB) ? readdirSync(VAR_LIB).filter((entry) => entry.startsWith(`${name}-`)) : [];

it("keeps a pg folder of the user's own and refuses to start, saying what to do", async () => {
  const dataDir = join(paths.dir, 'own-pg');
  mkdirSync(join(dataDir, 'pg', 'notes'), { recursive: true });
  writeFileSync(join(dataDir, 'pg', 'notes', 'keep.txt'), 'mine');
  const server = await spawnServer(dataDir);
  await server.exited;
  expect(server.child.exitCode).toBe(1);
  expect(server.output()).toContain(`${join(dataDir, 'pg')} is not a PostgreSQL cluster`);
  expect(server.output()).toContain('Move it out of DATA_DIR');
  expect(server.output()).not.toMatch(/\n\s+at /); // one line, no stack
  expect(readFileSync(join(dataDir, 'pg', 'notes', 'keep.txt'), 'utf8')).toBe('mine');
  expect(readdirSync(join(dataDir, 'pg'))).toEqual(['notes']);
});

it('refuses a second server on the same DATA_DIR, naming the first, which keeps answering', async () => {
  const first = await startServer(paths.dataDir);
  const postmaster = readFileSync(join(paths.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0];
  expect(await conditions(first.base)).toBe(401);

  const second = await spawnServer(paths.dataDir);
  await second.exited;
  expect(second.child.exitCode).toBe(1);
  expect(second.output()).toContain(
    `another MedRef Admin process (pid ${first.child.pid}) is using DATA_DIR ${paths.dataDir}`,
  );
  // The first server and its PostgreSQL are untouched: same postmaster, still answering.
  expect(readFileSync(join(paths.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]).toBe(
    postmaster,
  );
  expect((await register(first.base, 'after-second@example.com')).status).toBe(201);

  first.child.kill('SIGTERM');
  await first.exited;
  expect(first.child.exitCode).toBe(0);
});

it('runs its queries as a role that owns the schema and is not a superuser, also for a database made by an earlier version', async () => {
  const server = await startServer(paths.dataDir);
  expect((await register(server.base, 'before-handover@example.com')).status).toBe(201);
  let admin = await superuserClient(paths.dataDir);
  const sessions = await admin.query<{ usename: string; usesuper: boolean }>(
    `SELECT a.usename, u.usesuper FROM pg_stat_activity a JOIN pg_user u ON u.usename = a.usename
      WHERE a.datname = 'medref' AND a.pid <> pg_backend_pid()`,
  );
  expect(sessions.rows.length).toBeGreaterThan(0);
  expect(new Set(sessions.rows.map((r) => `${r.usename} super=${r.usesuper}`))).toEqual(
    new Set(['medref super=false']),
  );
  // What an earlier version left: the superuser owning the tables and functions.
  await admin.query('ALTER TABLE conditions OWNER TO postgres');
  await admin.query('CREATE TABLE legacy_notes (id serial PRIMARY KEY, note text)');
  await admin.query('ALTER FUNCTION bump_data_version() OWNER TO postgres');
  await admin.end();
  server.child.kill('SIGTERM');
  await server.exited;

  const again = await startServer(paths.dataDir);
  admin = await superuserClient(paths.dataDir);
  const notOwned = await admin.query(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relowner <> 'medref'::regrole
     UNION ALL
     SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proowner <> 'medref'::regrole`,
  );
  expect(notOwned.rows).toEqual([]);
  const role = await admin.query(
    "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = 'medref'",
  );
  expect(role.rows).toEqual([{ rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
  await admin.end();
  // The server still works on the handed-over tables.
  expect((await register(again.base, 'after-handover@example.com')).status).toBe(201);
  again.child.kill('SIGTERM');
  await again.exited;
  expect(again.child.exitCode).toBe(0);
});

it('exits non-zero within seconds when its PostgreSQL is killed', async () => {
  const server = await startServer(paths.dataDir);
  const postmaster = Number(
    readFileSync(join(paths.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  process.kill(postmaster, 'SIGKILL');
  await waitForOutput(server, 'PostgreSQL exited unexpectedly', 10_000);
  await server.exited;
  expect(server.child.exitCode).toBe(1);
  // The next start takes over the same cluster.
  const again = await startServer(paths.dataDir);
  expect(await conditions(again.base)).toBe(401);
  again.child.kill('SIGTERM');
  await again.exited;
});

it('drains on Ctrl-C (SIGINT to the whole process group), as on SIGTERM', async () => {
  const server = await spawnServer(
    paths.dataDir,
    { PASSWORD_HASH_COST: '17', LOG_LEVEL: 'info' },
    { detached: true },
  );
  await waitForOutput(server, 'is ready at');
  const registering = register(server.base, 'ctrl-c@example.com');
  await waitForOutput(server, 'incoming request', 10_000);
  // What a terminal's Ctrl-C does: SIGINT to every process of the foreground group.
  process.kill(-server.child.pid!, 'SIGINT');
  expect((await registering).status).toBe(201);
  await server.exited;
  expect({ exit: server.child.exitCode, signal: server.child.signalCode }).toEqual({
    exit: 0,
    signal: null,
  });
  expect(await waitFor(() => processesNaming(paths.clusterDir).length === 0, 10_000)).toBe(true);
});

it('keeps the cluster inside DATA_DIR: nothing of it stays behind once DATA_DIR is removed, and DATA_DIR keeps its permissions', async () => {
  // A unique name, so that a cluster kept elsewhere for it would be recognisable.
  const name = `data-${basename(paths.dir).replace(/\W/g, '')}`;
  const dataDir = join(paths.dir, name);
  mkdirSync(dataDir, { mode: 0o751 });
  const server = await startServer(dataDir);
  expect(statSync(dataDir).mode & 0o777).toBe(0o751);
  for (const secret of ['pg-password', 'pg-app-password'])
    expect(statSync(join(dataDir, secret)).mode & 0o777).toBe(0o600);
  expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  expect(existsSync(join(dataDir, 'pg-location'))).toBe(false);
  server.child.kill('SIGTERM');
  await server.exited;
  expect(await waitFor(() => processesNaming(dataDir).length === 0, 10_000)).toBe(true);

  rmSync(dataDir, { recursive: true, force: true });
  expect(clustersNamed(name)).toEqual([]);
  // No initdb password file was left where initdb could read it.
  expect(readdirSync(paths.dir).filter((entry) => entry.includes('password'))).toEqual([]);
});
