import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, insertUser } from './test/helpers';
import { killServers, startServer, type ServerProcess } from './test/serverProcess';

/**
 * Two API servers (real processes, as behind a load balancer) on one DATABASE_URL. Each keeps
 * serialised lists in memory (lib/listCache.ts): a write through one must show in the other's
 * lists at once, and a list read after a write was acknowledged must never miss it.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
const servers: ServerProcess[] = [];
let token: string;

interface Named {
  id: number;
  name: string;
}

/** One server's API, signed in with the shared administrator's token. */
function api(server: ServerProcess) {
  const call = async (method: string, path: string, body?: object, encoding?: string) => {
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as { data: unknown };
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  return {
    /** A list; gzip-encoded and plain answers are cached apart, so tests ask for both. */
    list: (path: string, encoding = 'gzip') =>
      call('GET', path, undefined, encoding) as Promise<Named[]>,
    async names(path: string, encoding = 'gzip') {
      return (await this.list(path, encoding)).map((row) => row.name);
    },
    create: (path: string, body: object) => call('POST', path, body) as Promise<Named>,
    update: (path: string, body: object) => call('PUT', path, body) as Promise<Named>,
    remove: (path: string) => call('DELETE', path),
    get: (path: string) => call('GET', path) as Promise<Named>,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'medref-two-'));
  chmodSync(dir, 0o755);
  process.once('exit', killServers);
  for (const name of ['a', 'b'])
    servers.push(await startServer(join(dir, name), { DATABASE_URL: database.url, SEED: 'none' }));
  const email = 'two-instances@example.com';
  await insertUser(database.pool, { email, role: 'admin', password: 'correct-horse-battery' });
  const login = await fetch(`${servers[0].base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-battery' }),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  killServers();
  process.removeListener('exit', killServers);
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

it('shows a write through one server in the other at once: creates, renames and deletes, in lists and single reads', async () => {
  const [a, b] = servers.map(api);
  // Both servers hold the (empty) lists in memory before the writes.
  for (const server of [a, b]) {
    expect(await server.names('/condition')).toEqual([]);
    expect(await server.names('/condition', 'identity')).toEqual([]);
    expect(await server.names('/medication')).toEqual([]);
  }
  const expected: string[] = [];
  for (let i = 0; i < 6; i++) {
    const [writer, reader] = i % 2 ? [b, a] : [a, b];
    const created = await writer.create('/condition', { name: `Condition ${i}` });
    expected.push(created.name);
    for (const encoding of ['gzip', 'identity'])
      expect((await reader.names('/condition', encoding)).sort()).toEqual([...expected].sort());
    // A page and its total, kept by each server as the whole list is (routes/lists.ts).
    expect((await reader.names('/condition?q=condition&sort=name')).sort()).toEqual(
      [...expected].sort(),
    );
    expect((await reader.get(`/condition/${created.id}`)).name).toBe(created.name);
  }

  const { id: renamedId } = await a.create('/condition', { name: 'To rename' });
  expect(await b.names('/condition')).toContain('To rename');
  expect(await a.names('/condition?q=rename')).toEqual(['To rename']);
  await b.update('/condition', { id: renamedId, name: 'Renamed through b' });
  expect(await a.names('/condition?q=rename')).toEqual(['Renamed through b']);
  expect(await a.names('/condition')).toContain('Renamed through b');
  expect(await a.names('/condition')).not.toContain('To rename');
  expect((await a.get(`/condition/${renamedId}`)).name).toBe('Renamed through b');

  await a.remove(`/condition/${renamedId}`);
  expect(await b.names('/condition')).not.toContain('Renamed through b');
  expect(await b.names('/condition', 'identity')).not.toContain('Renamed through b');

  // A list that reads several tables (medications with their condition): written through b,
  // read through a, which had it cached empty.
  const conditionId = (await a.list('/condition'))[0].id;
  const medication = await b.create('/medication', {
    name: 'Shared Amoxicillin',
    condition_id: conditionId,
    is_dosage_weight_based: false,
  });
  expect(await a.names('/medication')).toEqual(['Shared Amoxicillin']);
  await a.update('/condition', { id: conditionId, name: 'Renamed condition' });
  expect((await b.get(`/medication/${medication.id}`)).name).toBe('Shared Amoxicillin');
});

it('never serves a list missing a write acknowledged before the read began, under concurrent writes and reads', async () => {
  const [a, b] = servers.map(api);
  const acknowledged: string[] = [];
  const stale: string[] = [];
  let writing = true;
  const writes = (async () => {
    for (let i = 0; i < 20; i++) {
      const writer = i % 2 ? b : a;
      acknowledged.push((await writer.create('/condition', { name: `Concurrent ${i}` })).name);
    }
    writing = false;
  })();
  const read = async (server: ReturnType<typeof api>, label: string) => {
    let reads = 0;
    while (writing || reads === 0) {
      const before = [...acknowledged];
      // The whole list (cached apart for gzip and identity) and a page of a search (cached too).
      const path = reads % 3 === 2 ? '/condition?q=concurrent&page_size=100' : '/condition';
      const names = new Set(await server.names(path, reads % 2 ? 'identity' : 'gzip'));
      const missing = before.filter((name) => !names.has(name));
      if (missing.length) stale.push(`${label} read ${reads} missed ${missing.join(', ')}`);
      reads++;
    }
    return reads;
  };
  const [, readsA, readsB] = await Promise.all([writes, read(a, 'a'), read(b, 'b')]);
  expect(stale).toEqual([]);
  expect(readsA).toBeGreaterThan(1);
  expect(readsB).toBeGreaterThan(1);
  for (const server of [a, b])
    expect(
      (await server.names('/condition')).filter((n) => n.startsWith('Concurrent')),
    ).toHaveLength(20);
});
