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
    // Any write moves its table's version (a statement trigger), even one made outside the API.
    await t.pool.query(
      "UPDATE conditions SET name = 'Renamed by SQL' WHERE name = 'Gzip condition 1'",
    );
    const after = JSON.parse(gunzipSync((await list('/condition', 'gzip')).rawPayload).toString());
    expect(after.data.map((c: { name: string }) => c.name)).toContain('Renamed by SQL');
  });
});

describe('each cached list', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const one = async (sql: string, values: unknown[] = []) =>
      (await t.pool.query<{ id: number }>(`${sql} RETURNING id`, values)).rows[0].id;
    ids.condition = await one("INSERT INTO conditions (name) VALUES ('Dep condition')");
    ids.other = await one("INSERT INTO conditions (name) VALUES ('Dep other condition')");
    ids.lifestyle = await one("INSERT INTO lifestyles (name) VALUES ('Dep lifestyle')");
    ids.weight = await one(
      "INSERT INTO weight_categories (min_weight, max_weight, weight_unit, category_name) VALUES (1, 2, 'kg', 'Normal')",
    );
    ids.age = await one(
      "INSERT INTO age_categories (min_age, max_age, age_unit) VALUES (1, 2, 'years')",
    );
    const medication = (name: string) =>
      one(
        'INSERT INTO medications (name, condition_id, is_dosage_weight_based) VALUES ($1, $2, true)',
        [name, ids.condition],
      );
    ids.a = await medication('Dep medication A');
    ids.b = await medication('Dep medication B');
    const dosage = `(medication_id, %s, min_dosage, max_dosage, dosage_unit, min_frequency,
      max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
      VALUES ($1, $2, 1, 2, 'mg', 1, 2, 'days', 1, 2, 'days')`;
    await one(`INSERT INTO weight_category_dosages ${dosage.replace('%s', 'weight_category_id')}`, [
      ids.a,
      ids.weight,
    ]);
    await one(`INSERT INTO age_category_dosages ${dosage.replace('%s', 'age_category_id')}`, [
      ids.a,
      ids.age,
    ]);
    await t.pool.query(
      'INSERT INTO medication_contraindications (medication_id, condition_id) VALUES ($1, $2)',
      [ids.a, ids.condition],
    );
    await one(
      'INSERT INTO lifestyle_contraindications (medication_id, lifestyle_id) VALUES ($1, $2)',
      [ids.a, ids.lifestyle],
    );
    await one(
      "INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description) VALUES ($1, $2, 'minor', 'Dep interaction')",
      [ids.a, ids.b],
    );
    await one(
      `INSERT INTO drugs (name, description, dosage, side_effects, contraindications, category, manufacturer)
       VALUES ('Dep drug', 'd', '1 mg', '{}', '{}', 'c', 'm')`,
    );
  });

  // A list declares the tables it reads (listCache's `tables`); one it forgot would be served stale
  // here. Each write is plain SQL, as another server or a person at psql would make it.
  it.each([
    [
      "UPDATE conditions SET name = 'Dep condition v2' WHERE name = 'Dep condition'",
      'Dep condition v2',
      ['/condition', '/medication'],
    ],
    [
      "UPDATE medications SET name = 'Dep medication A v2' WHERE name = 'Dep medication A'",
      'Dep medication A v2',
      ['/medication', '/drug-interaction', '/lifestyle-contraindication'],
    ],
    [
      "UPDATE lifestyles SET name = 'Dep lifestyle v2' WHERE name = 'Dep lifestyle'",
      'Dep lifestyle v2',
      ['/lifestyle', '/medication', '/lifestyle-contraindication'],
    ],
    [
      "UPDATE weight_categories SET description = 'Dep weight v2'",
      'Dep weight v2',
      ['/weight-category', '/medication'],
    ],
    [
      "UPDATE age_categories SET description = 'Dep age v2'",
      'Dep age v2',
      ['/age-category', '/medication'],
    ],
    ['UPDATE weight_category_dosages SET max_dosage = 4321', '4321', ['/medication']],
    ['UPDATE age_category_dosages SET max_dosage = 8765', '8765', ['/medication']],
    [
      `INSERT INTO medication_contraindications (medication_id, condition_id)
       SELECT m.id, c.id FROM medications m, conditions c
        WHERE m.name LIKE 'Dep medication A%' AND c.name = 'Dep other condition'`,
      'Dep other condition',
      ['/medication'],
    ],
    [
      `INSERT INTO lifestyle_contraindications (medication_id, lifestyle_id)
       SELECT m.id, l.id FROM medications m, lifestyles l
        WHERE m.name = 'Dep medication B' AND l.name LIKE 'Dep lifestyle%'`,
      '"medication_id":B',
      ['/lifestyle-contraindication'],
    ],
    [
      "UPDATE drug_interactions SET description = 'Dep interaction v2'",
      'Dep interaction v2',
      ['/drug-interaction'],
    ],
    ["UPDATE drugs SET name = 'Dep drug v2'", 'Dep drug v2', ['/drug']],
  ])('follows %s', async (sql, text, paths) => {
    const expected = text.replace('B', String(ids.b));
    for (const path of paths) expect((await list(path)).body).not.toContain(expected);
    await t.pool.query(sql);
    for (const path of paths)
      expect({ path, body: (await list(path)).body }).toEqual({
        path,
        body: expect.stringContaining(expected),
      });
  });
});

describe('listCache', () => {
  /** A reply as the list routes see it, for a request whose session read these versions. */
  const replyAt = (conditions: string, lifestyles = '1') => {
    const reply = {
      request: { session: { data_versions: { conditions, lifestyles } }, headers: {} },
      serialize: (value: unknown) => JSON.stringify(value),
      type: () => reply,
      header: () => reply,
      send: (body: Buffer) => body.toString(),
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
      Array.from({ length: 20 }, () => send(replyAt('7'), 'k', ['conditions'], load)),
    );
    expect(builds).toBe(1);
    expect(new Set(first)).toEqual(new Set(['{"data":["built 1"]}']));
    // A request that read the version before the next write finds the newer list and keeps it.
    expect(await send(replyAt('8'), 'k', ['conditions'], load)).toBe('{"data":["built 2"]}');
    expect(await send(replyAt('7'), 'k', ['conditions'], load)).toBe('{"data":["built 2"]}');
    expect(builds).toBe(2);
    expect(noDb.db.query).not.toHaveBeenCalled();
  });

  it('does not keep a failed build', async () => {
    const send = listCache(noDb);
    await expect(
      send(replyAt('1'), 'k', ['conditions'], () => Promise.reject(new Error('connection lost'))),
    ).rejects.toThrow('connection lost');
    expect(await send(replyAt('1'), 'k', ['conditions'], async () => ['ok'])).toBe(
      '{"data":["ok"]}',
    );
  });

  it('rebuilds a list after a write to a table it reads, and only then', async () => {
    const send = listCache(noDb);
    let builds = 0;
    const load = async () => [`built ${++builds}`];
    await send(replyAt('3', '5'), 'k', ['conditions'], load);
    // Lifestyles moved: a conditions-only list stays as built.
    expect(await send(replyAt('3', '9'), 'k', ['conditions'], load)).toBe('{"data":["built 1"]}');
    expect(await send(replyAt('4', '9'), 'k', ['conditions'], load)).toBe('{"data":["built 2"]}');
    // A list of both tables follows either.
    await send(replyAt('4', '9'), 'both', ['conditions', 'lifestyles'], load);
    expect(await send(replyAt('4', '10'), 'both', ['conditions', 'lifestyles'], load)).toBe(
      '{"data":["built 4"]}',
    );
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
