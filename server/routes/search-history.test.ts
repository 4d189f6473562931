import {
  appUserToken,
  publishDraft,
  client,
  countRows,
  createTestApp,
  insertUser,
  signIn,
  type TestApp,
} from '../test/helpers';

// Search history is real. A look-up of a medication (GET /medication/{id}) by an app user
// records one history row: the caller, the medication and a copy of its name.

let t: TestApp;
let admin: ReturnType<typeof client>;
let conditionId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t.app, await signIn(t.app));
  conditionId = (await admin.post('/condition', { name: 'Hypertension' })).json().data.id;
});
afterAll(() => t.close());

async function createMedication(name: string): Promise<number> {
  const response = await admin.post('/medication', {
    name,
    condition_id: conditionId,
    is_dosage_weight_based: false,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

/** An app user (role `user`) signed in to the app; answers their id and an API client with their token. */
async function appUser(name: string) {
  const { id } = await insertUser(t.pool, { name, role: 'user' });
  // App users read the latest release: the test's data, made in the draft, is published first.
  await publishDraft(t.pool);
  return { id, api: client(t.app, await appUserToken(t.pool, id)) };
}

const historyOf = async (userId: number) =>
  (
    await t.pool.query(
      'SELECT user_id, medication_id, drug_name FROM search_history WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).rows;

describe('GET /medication/{id} records a search', () => {
  it('is open to an app user (not an administrator) and records one row per look-up', async () => {
    const lisinopril = await createMedication('Lisinopril');
    const amlodipine = await createMedication('Amlodipine');
    const user = await appUser('Sam Searcher');

    const read = await user.api.get(`/medication/${lisinopril}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: lisinopril, name: 'Lisinopril' });
    expect((await user.api.get(`/medication/${amlodipine}`)).statusCode).toBe(200);
    expect((await user.api.get(`/medication/${lisinopril}`)).statusCode).toBe(200);

    expect(await historyOf(user.id)).toEqual([
      { user_id: user.id, medication_id: lisinopril, drug_name: 'Lisinopril' },
      { user_id: user.id, medication_id: amlodipine, drug_name: 'Amlodipine' },
      { user_id: user.id, medication_id: lisinopril, drug_name: 'Lisinopril' },
    ]);

    // What the console shows: the user's history newest first, their count, the dashboard's total.
    const history = (await admin.get(`/users/${user.id}/search-history`)).json().data;
    expect(history.map((h: { drug_name: string }) => h.drug_name)).toEqual([
      'Lisinopril',
      'Amlodipine',
      'Lisinopril',
    ]);
    const listed = (await admin.get('/users'))
      .json()
      .data.find((u: { id: number }) => u.id === user.id);
    expect(listed.search_count).toBe(3);
    const stats = (await admin.get('/dashboard/stats')).json().data;
    expect(stats.total_searches).toBe(await countRows(t.pool, 'search_history'));
    expect(stats.recent_searches[0]).toMatchObject({
      user_id: user.id,
      user_name: 'Sam Searcher',
      drug_id: lisinopril,
      drug_name: 'Lisinopril',
    });
  });

  it("does not record an administrator's read (the console's detail page refetches after each change)", async () => {
    const id = await createMedication('Losartan');
    const before = await countRows(t.pool, 'search_history');
    expect((await admin.get(`/medication/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/medication/${id}`)).statusCode).toBe(200);
    expect(await countRows(t.pool, 'search_history')).toBe(before);
  });

  it('keeps the name as it was looked up; a later rename or delete does not rewrite history', async () => {
    const id = await createMedication('Hydrochlorothiazide');
    const user = await appUser('Rita Renamed');
    expect((await user.api.get(`/medication/${id}`)).statusCode).toBe(200);
    expect(
      (await admin.put('/medication/update-medication', { id, name: 'HCTZ' })).statusCode,
    ).toBe(200);
    await publishDraft(t.pool);
    expect((await user.api.get(`/medication/${id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/medications/${id}`)).statusCode).toBe(200);

    const history = (await admin.get(`/users/${user.id}/search-history`)).json().data;
    expect(
      history.map((h: { drug_id: number | null; drug_name: string }) => [h.drug_id, h.drug_name]),
    ).toEqual([
      [null, 'HCTZ'],
      [null, 'Hydrochlorothiazide'],
    ]);
  });

  it('records nothing for an unknown medication (404), an invalid id (422) or no token (401)', async () => {
    const user = await appUser('Nora Nothing');
    const before = await countRows(t.pool, 'search_history');
    expect((await user.api.get('/medication/999999')).statusCode).toBe(404);
    expect((await user.api.get('/medication/abc')).statusCode).toBe(422);
    expect((await client(t.app).get('/medication/1')).statusCode).toBe(401);
    expect(await countRows(t.pool, 'search_history')).toBe(before);
  });

  it('opens only reads to app users: the rest of the medication API stays for administrators', async () => {
    const id = await createMedication('Atenolol');
    const user = await appUser('Uma User');
    expect((await user.api.get('/medication')).statusCode).toBe(200);
    expect(
      (await user.api.put('/medication/update-medication', { id, name: 'Hacked' })).statusCode,
    ).toBe(403);
    expect((await user.api.delete(`/medications/${id}`)).statusCode).toBe(403);
    expect((await user.api.get(`/users/${user.id}/search-history`)).statusCode).toBe(403);
    expect((await user.api.get('/dashboard/stats')).statusCode).toBe(403);
    expect((await user.api.get(`/medication/${id}`)).json().data.name).toBe('Atenolol');
  });
});
