import { client, createTestApp, signIn, type TestApp } from '../test/helpers';
import { insertListData } from '../test/listData';

// The server keeps list pages and their totals while the tables they read keep their versions
// (routes/lists.ts): a page asked for again after any write to those tables, made through this
// server or straight in the database (as another server would), shows the write.
jest.setTimeout(30_000);

let t: TestApp;
let api: ReturnType<typeof client>;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  id = await insertListData(t.pool);
});
afterAll(() => t.close());

interface Page<T> {
  data: T[];
  meta: { total: number; page: number; page_size: number };
}
type Named = { id: number; name: string };

async function page<T>(path: string): Promise<Page<T>> {
  const response = await api.get(path);
  expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
  return response.json() as Page<T>;
}

it('answers a page asked for again the same, until a write', async () => {
  const path = '/drug-interaction?page=1&page_size=2';
  const first = await api.get(path);
  const again = await api.get(path);
  expect(again.body).toBe(first.body);
  expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
  expect((first.json() as Page<unknown>).meta).toEqual({ total: 5, page: 1, page_size: 2 });
});

it('shows a rename of a medication in the interactions that name it, and a new one in the total', async () => {
  type Interaction = { id: number; medication: Named; interacting_medication: Named };
  const path = `/drug-interaction?medication_id=${id.Warfarin}&sort=medication`;
  const before = await page<Interaction>(path);
  expect(before.data.map((row) => row.medication.name)).toEqual([
    'Amoxicillin',
    'aspirin',
    'Warfarin',
  ]);
  expect(before.meta.total).toBe(3);

  await t.pool.query("UPDATE medications SET name = 'Zz-amoxicillin' WHERE id = $1", [
    id.Amoxicillin,
  ]);
  const renamed = await page<Interaction>(path);
  expect(renamed.data.map((row) => row.medication.name)).toEqual([
    'aspirin',
    'Warfarin',
    'Zz-amoxicillin',
  ]);

  await t.pool.query(
    `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description)
     VALUES ($1, $2, 'minor', 'Added elsewhere')`,
    [id.Warfarin, id.Ibuprofen],
  );
  const added = await page<Interaction>(path);
  expect(added.meta.total).toBe(4);
  expect(added.data.map((row) => row.interacting_medication.name)).toContain('Ibuprofen');
  await t.pool.query("UPDATE medications SET name = 'Amoxicillin' WHERE id = $1", [id.Amoxicillin]);
});

it("shows a change to a medication's contraindications, a table its page reads but does not search", async () => {
  type Medication = Named & { contraindications: number[] };
  const path = '/medication?q=farin';
  expect((await page<Medication>(path)).data[0].contraindications).toEqual(
    [id.Asthma, id['Cystic fibrosis']].sort((a, b) => a - b),
  );
  await t.pool.query(
    'INSERT INTO medication_contraindications (medication_id, condition_id) VALUES ($1, $2)',
    [id.Warfarin, id.bronchitis],
  );
  expect((await page<Medication>(path)).data[0].contraindications).toEqual(
    [id.Asthma, id['Cystic fibrosis'], id.bronchitis].sort((a, b) => a - b),
  );
});

it('shows a condition created through the API in the next search and its total', async () => {
  const path = '/condition?q=asth&page_size=20';
  expect((await page<Named>(path)).data.map((row) => row.name)).toEqual(['Asthma']);
  const created = await api.post('/condition', { name: 'Asthma, exercise-induced' });
  expect(created.statusCode).toBe(201);
  const after = await page<Named>(path);
  expect(after.data.map((row) => row.name)).toEqual(['Asthma', 'Asthma, exercise-induced']);
  expect(after.meta.total).toBe(2);
});

it('shows a write in another page or order of a search whose matches it kept', async () => {
  type Interaction = { id: number; description: string };
  const search = async (sort: string) =>
    (await page<Interaction>(`/drug-interaction?q=ra&sort=${sort}`)).data.map((row) => row.id);
  const rash = id['Amoxicillin+Ibuprofen'];
  const raises = id['Amoxicillin+Warfarin'];
  const contraindicated = id['Warfarin+Ibuprofen 2'];
  expect(await search('severity')).toEqual([rash, raises, contraindicated]);
  await t.pool.query("UPDATE drug_interactions SET description = 'Hives' WHERE id = $1", [rash]);
  expect(await search('-severity')).toEqual([contraindicated, raises]);
  await t.pool.query(
    "UPDATE drug_interactions SET description = 'Rash in 100% of cases' WHERE id = $1",
    [rash],
  );
  expect(await search('created_at')).toEqual([raises, contraindicated, rash]);
});

it("shows a medication's rename in the next page of a search of its name", async () => {
  type Interaction = { medication: Named };
  const search = async (sort: string) => {
    const { data, meta } = await page<Interaction>(`/drug-interaction?q=xi&sort=${sort}`);
    return { names: data.map((row) => row.medication.name), total: meta.total };
  };
  expect(await search('severity')).toEqual({ names: ['Amoxicillin', 'Amoxicillin'], total: 2 });
  await t.pool.query("UPDATE medications SET name = 'Amoclav' WHERE id = $1", [id.Amoxicillin]);
  expect(await search('-severity')).toEqual({ names: [], total: 0 });
  await t.pool.query("UPDATE medications SET name = 'Amoxicillin' WHERE id = $1", [id.Amoxicillin]);
  expect(await search('created_at')).toEqual({ names: ['Amoxicillin', 'Amoxicillin'], total: 2 });
});

it('counts the matches of a page past the last one, asked for first', async () => {
  // A page's statement counts the matches with its rows: with none, they are counted apart.
  for (const [path, total] of [
    ['/drug-interaction?severity=major&page=5', 1],
    ['/lifestyle?sort=-name&page=4', 3],
    ['/medication?pregnancy_category=C&page=3&page_size=1', 2],
  ] as const) {
    const past = await page<Named>(path);
    expect({ path, data: past.data, total: past.meta.total }).toEqual({ path, data: [], total });
  }
});
