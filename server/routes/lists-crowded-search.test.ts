import { client, createTestApp, signIn, type TestApp } from '../test/helpers';

// A search sorted by the names it searches: its matches crowd at one end of the order. The list
// first walks a bounded stretch of the order; where the matches sit further on, it finds them
// first instead. Either way the page is the same as the whole ordered list's.
jest.setTimeout(30_000);

let t: TestApp;
let api: ReturnType<typeof client>;

/** 20 medications of each family; every two of a family interact (190 pairs a family). */
const FAMILIES = ['Alpha', 'Mid', 'Zeta'];

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const condition = await t.pool.query<{ id: number }>(
    `INSERT INTO conditions (name) VALUES ('Pain') RETURNING id`,
  );
  await t.pool.query(
    `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
     SELECT family || ' ' || lpad(n::text, 2, '0'), $2, false
       FROM unnest($1::text[]) AS family, generate_series(1, 20) AS n`,
    [FAMILIES, condition.rows[0].id],
  );
  await t.pool.query(
    `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description)
     SELECT a.id, b.id, 'minor', 'Pair'
       FROM medications a JOIN medications b
         ON split_part(a.name, ' ', 1) = split_part(b.name, ' ', 1) AND a.id < b.id`,
  );
});
afterAll(() => t.close());

interface Interaction {
  id: number;
  medication: { name: string };
  interacting_medication: { name: string };
}

/** The page as the server answers it, as 'Medication+Interacting' pairs. */
async function pairs(path: string): Promise<string[]> {
  const response = await api.get(path);
  expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
  return (response.json() as { data: Interaction[] }).data.map(
    (row) => `${row.medication.name}+${row.interacting_medication.name}`,
  );
}

/** The page worked out from every interaction matching `word`, in the sort's order. */
async function expected(word: string, descending: boolean, page: number, size: number) {
  const direction = descending ? 'DESC' : 'ASC';
  const { rows } = await t.pool.query<{ pair: string }>(
    `SELECT a.name || '+' || b.name AS pair
       FROM drug_interactions t
       JOIN medications a ON a.id = t.medication_id
       JOIN medications b ON b.id = t.interacting_medication_id
      WHERE a.name ILIKE $1 OR b.name ILIKE $1
      ORDER BY lower(a.name) ${direction}, t.id ${direction}
      LIMIT $2 OFFSET $3`,
    [`%${word}%`, size, (page - 1) * size],
  );
  return rows.map((row) => row.pair);
}

it.each([
  // At the order's start: found by the walk.
  ['alpha', 'medication', 1],
  ['zeta', '-medication', 2],
  // At its end, past the walk's stretch: found first instead.
  ['zeta', 'medication', 1],
  ['zeta', 'medication', 3],
  ['alpha', '-medication', 1],
  ['mid', 'medication', 2],
])('searches %s sorted by %s, page %d of 5, in the whole list order', async (word, sort, page) => {
  const answer = await pairs(`/drug-interaction?q=${word}&sort=${sort}&page=${page}&page_size=5`);
  expect(answer).toHaveLength(5);
  expect(answer).toEqual(await expected(word, sort.startsWith('-'), page, 5));
  for (const pair of answer) expect(pair.toLowerCase()).toContain(word);
});

it('answers the last, short page of a crowded search', async () => {
  // 190 matches: page 38 of 5 holds the last 5, page 39 none.
  expect(await pairs('/drug-interaction?q=zeta&sort=medication&page=38&page_size=5')).toEqual(
    await expected('zeta', false, 38, 5),
  );
  expect(await pairs('/drug-interaction?q=zeta&sort=medication&page=39&page_size=5')).toEqual([]);
});
