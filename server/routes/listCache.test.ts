import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createTestApp, signIn, type TestApp } from '../test/helpers';
import { acceptsGzip, listCache } from './listCache';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
  // Enough conditions for a list answer worth compressing (well over 1 KiB).
  await t.pool.query(
    `INSERT INTO conditions (name, description)
     SELECT 'Gzip condition ' || g, repeat('described at length ', 5) FROM generate_series(1, 50) g`,
  );
});
afterAll(() => t.close());

const list = (path: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });

describe('cached list answers', () => {
  it('are gzipped for a client that accepts gzip, and say so', async () => {
    const plain = await list('/condition');
    const zipped = await list('/condition', 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const unzipped = JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'));
    expect(unzipped).toEqual(plain.json());
    expect(unzipped.data).toHaveLength(50);
  });

  it('are sent plain when gzip is refused, and small ones always', async () => {
    expect((await list('/condition', 'gzip;q=0, br')).headers['content-encoding']).toBeUndefined();
    expect((await list('/condition', 'identity')).headers['content-encoding']).toBeUndefined();
    const small = await list('/lifestyle', 'gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('follow a write at once, compressed too', async () => {
    await list('/condition', 'gzip');
    // Any write moves data_version (a statement trigger), even one made outside the API.
    await t.pool.query(
      "UPDATE conditions SET name = 'Renamed by SQL' WHERE name = 'Gzip condition 1'",
    );
    const after = JSON.parse(gunzipSync((await list('/condition', 'gzip')).rawPayload).toString());
    expect(after.data.map((c: { name: string }) => c.name)).toContain('Renamed by SQL');
  });
});

describe('listCache', () => {
  /** A reply as the list routes see it, for a request whose session read `version`. */
  const replyAt = (version: string) => {
    const reply = {
      request: { session: { data_version: version }, headers: {} },
      serialize: (value: unknown) => JSON.stringify(value),
      type: () => reply,
      header: () => reply,
      send: (body: string) => body,
    };
    return reply as unknown as FastifyReply;
  };
  const noDb = { db: { query: jest.fn() } } as unknown as FastifyInstance;

  it('builds a list once per version, however many requests wait for it', async () => {
    const send = listCache(noDb);
    let builds = 0;
    const load = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return [`built ${builds}`];
    };
    const first = await Promise.all(
      Array.from({ length: 20 }, () => send(replyAt('7'), 'k', load)),
    );
    expect(builds).toBe(1);
    expect(new Set(first)).toEqual(new Set(['{"data":["built 1"]}']));
    // A request that read the version before the next write finds the newer list and keeps it.
    expect(await send(replyAt('8'), 'k', load)).toBe('{"data":["built 2"]}');
    expect(await send(replyAt('7'), 'k', load)).toBe('{"data":["built 2"]}');
    expect(builds).toBe(2);
    expect(noDb.db.query).not.toHaveBeenCalled();
  });

  it('does not keep a failed build', async () => {
    const send = listCache(noDb);
    await expect(
      send(replyAt('1'), 'k', () => Promise.reject(new Error('connection lost'))),
    ).rejects.toThrow('connection lost');
    expect(await send(replyAt('1'), 'k', async () => ['ok'])).toBe('{"data":["ok"]}');
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['br;q=1, *;q=0.1', true],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['br', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
