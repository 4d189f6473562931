import { client, createTestApp, signIn, type TestApp } from '../test/helpers';
import { insertListData } from '../test/listData';

// The whole interaction and medication lists (their GET without parameters) are kept as one
// answer while small, and streamed from the database, batch by batch, past the server's
// wholeListKeptMax: the same answer either way.
jest.setTimeout(60_000);

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const id = await insertListData(t.pool);
  // 65 medications more and an interaction for each of their pairs: 2,080 interactions, more
  // than two batches of the stream.
  await t.pool.query(
    `INSERT INTO medications (name, condition_id, is_dosage_weight_based, pregnancy_category)
     SELECT 'Extra ' || g, $1, g % 2 = 0, 'B' FROM generate_series(1, 65) g`,
    [id.Asthma],
  );
  await t.pool.query(
    `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description)
     SELECT a.id, b.id, 'minor', 'Pair ' || a.name || ' and ' || b.name
       FROM medications a JOIN medications b ON a.id < b.id
      WHERE a.name LIKE 'Extra %' AND b.name LIKE 'Extra %'`,
  );
});
afterAll(() => t.close());

async function whole(path: string, keptMax: number) {
  t.app.config.wholeListKeptMax = keptMax;
  const response = await api.get(path);
  expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return { body: response.body, streamed: response.headers['transfer-encoding'] === 'chunked' };
}

it.each([
  ['/drug-interaction', 'drug_interactions', 2085],
  ['/medication', 'medications', 70],
])('answers the whole %s list streamed as it answers it kept', async (path, table, rows) => {
  // Streamed first: a list kept at a version is sent kept until a write, whatever its limit.
  const streamed = await whole(path, 10);
  const kept = await whole(path, 1_000_000);
  expect([kept.streamed, streamed.streamed]).toEqual([false, true]);
  expect(streamed.body).toBe(kept.body);
  expect((JSON.parse(streamed.body) as { data: unknown[] }).data).toHaveLength(rows);
  const { rows: stored } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table}`,
  );
  expect(stored[0].n).toBe(rows);
});

it('shows a write in the next streamed answer, and gives its connection back', async () => {
  const before = JSON.parse((await whole('/drug-interaction', 10)).body) as { data: unknown[] };
  await t.pool.query(
    `DELETE FROM drug_interactions WHERE description = 'Pair Extra 1 and Extra 2'`,
  );
  const after = JSON.parse((await whole('/drug-interaction', 10)).body) as { data: unknown[] };
  expect(after.data).toHaveLength(before.data.length - 1);
  // Every connection the downloads used is back in the pool, idle.
  expect(t.pool.totalCount - t.pool.idleCount).toBe(0);
});
