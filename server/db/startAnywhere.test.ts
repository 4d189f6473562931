import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { freePort } from './embedded';
import { processesNaming, waitFor, waitForOutput, type ServerProcess } from '../test/serverProcess';

/**
 * `npm start` in a fresh checkout inside a directory only its owner can enter (what `mktemp -d`
 * makes, and what /root is), with the default DATA_DIR (./data, so also unreachable): it must
 * start. As root, PostgreSQL runs as the postgres user, which can reach neither the binaries nor
 * DATA_DIR there: the binaries are copied where it can run them, and the cluster lives in a
 * location unique to it, recorded in DATA_DIR. A later DATA_DIR of the same name starts a new,
 * empty database, never the old one. A backup taken while the server runs works there too.
 */
const ROOT = resolve(__dirname, '../..');
const asRoot = process.getuid?.() === 0;
let parent = '';
const started: ServerProcess[] = [];
const locations: string[] = [];

beforeAll(() => {
  // Inside the checkout, so that node_modules can be hard-linked (same file system) rather than
  // copied; 0700, as mktemp makes it.
  parent = mkdtempSync(join(ROOT, '.start-anywhere-'));
  chmodSync(parent, 0o700);
  const checkout = join(parent, 'medref-admin');
  mkdirSync(checkout);
  const skip = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', basename(parent)]);
  for (const entry of readdirSync(ROOT))
    if (!skip.has(entry) && !entry.startsWith('.start-anywhere-'))
      cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
  const linked = spawnSync('cp', ['-al', join(ROOT, 'node_modules'), checkout]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules: ${linked.stderr}`);
});

afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const location of locations) {
    for (const pid of processesNaming(location)) process.kill(pid, 'SIGKILL');
    await waitFor(() => processesNaming(location).length === 0, 5_000);
    rmSync(dirname(location), { recursive: true, force: true });
  }
  rmSync(parent, { recursive: true, force: true });
});

async function npmStart(checkout: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: checkout,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      PASSWORD_HASH_COST: '14',
      LOG_LEVEL: 'warn',
      DATA_DIR: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = {
    child,
    base: `http://127.0.0.1:${port}/api/v1`,
    output: () => output,
    exited: new Promise<void>((done) => child.once('exit', () => done())),
  };
  started.push(server);
  await waitForOutput(server, 'is ready at', 180_000);
  return server;
}

const account = { name: 'Root Case', email: 'root-case@example.com', password: 'a-long-password' };
const post = (base: string, path: string, body: object) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.status);

it('npm start works in a checkout inside a 0700 directory; a re-made DATA_DIR starts empty', async () => {
  const checkout = join(parent, 'medref-admin');
  const dataDir = join(checkout, 'data');
  const server = await npmStart(checkout);
  expect(server.output()).not.toMatch(/EACCES|\n\s+at /);
  expect(await post(server.base, '/auth/register', account)).toBe(201);
  const recorded = join(dataDir, 'pg-location');
  if (asRoot) {
    // The postgres user cannot enter the checkout: the cluster is elsewhere, recorded in DATA_DIR.
    const location = readFileSync(recorded, 'utf8').trim();
    locations.push(location);
    expect(location).toMatch(/^\/var\/lib\/medref-admin\/data-[0-9a-f]{16}\/pg$/);
    expect(server.output()).toContain(`keeping its database in ${location}`);
    expect(statSync(parent).mode & 0o777).toBe(0o700); // never opened up
  } else {
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  }

  // A backup while the server runs.
  const backup = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/backup.ts', 'backup', 'snapshot.gz'],
    {
      cwd: checkout,
      env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', INIT_CWD: checkout },
      encoding: 'utf8',
    },
  );
  expect(backup.stderr + backup.stdout).toMatch(/backed up \d+ tables, \d+ rows to .*snapshot\.gz/);
  expect(backup.status).toBe(0);

  server.child.kill('SIGTERM');
  await server.exited;
  expect(server.child.exitCode).toBe(0);

  // DATA_DIR removed and made again under the same name: a new, empty database.
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir);
  const again = await npmStart(checkout);
  if (asRoot) locations.push(readFileSync(recorded, 'utf8').trim());
  expect(
    await post(again.base, '/auth/login', { email: account.email, password: account.password }),
  ).toBe(401);
  if (asRoot) expect(locations[1]).not.toBe(locations[0]);
  again.child.kill('SIGTERM');
  await again.exited;
  expect(again.child.exitCode).toBe(0);
});
