import {
  appUserToken,
  client,
  createTestApp,
  insertUser,
  signIn,
  type TestApp,
} from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
let medicationId: number;

/** Records a search at a known time, straight into the table the app users' searches land in. */
async function search(
  userId: number,
  drugName: string,
  at: string,
  medication: number | null = null,
) {
  const { rows } = await t.pool.query<{ id: number }>(
    'INSERT INTO search_history (user_id, medication_id, drug_name, searched_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, medication, drugName, at],
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const condition = (await api.post('/condition', { name: 'Hypertension' })).json().data.id;
  medicationId = (
    await api.post('/medication', {
      name: 'Lisinopril',
      condition_id: condition,
      is_dosage_weight_based: false,
    })
  ).json().data.id;
});
afterAll(() => t.close());

describe('GET /users', () => {
  it('lists every user with registration, last activity and search count, by name', async () => {
    const bea = await insertUser(t.pool, {
      name: 'Bea Searcher',
      createdAt: new Date('2024-03-01T10:00:00Z'),
      lastActiveAt: new Date('2024-05-02T08:30:00Z'),
    });
    const abe = await insertUser(t.pool, {
      name: 'Abe Idle',
      createdAt: new Date('2024-04-01T00:00:00Z'),
    });
    await search(bea.id, 'Lisinopril', '2024-05-01T09:00:00Z', medicationId);
    await search(bea.id, 'Ibuprofen', '2024-05-02T09:00:00Z');
    await search(bea.id, 'Lisinopril', '2024-05-02T10:00:00Z', medicationId);

    const response = await api.get('/users');
    expect(response.statusCode).toBe(200);
    const users: { id: number; name: string }[] = response.json().data;
    const byId = new Map(users.map((u) => [u.id, u]));
    expect(byId.get(bea.id)).toEqual({
      id: bea.id,
      name: 'Bea Searcher',
      email: bea.email,
      role: 'user',
      registered_at: '2024-03-01T10:00:00.000Z',
      last_active_at: '2024-05-02T08:30:00.000Z',
      search_count: 3,
    });
    expect(byId.get(abe.id)).toMatchObject({
      name: 'Abe Idle',
      last_active_at: null,
      search_count: 0,
    });
    // The signed-in administrator is listed too.
    expect(users.find((u) => u.name === 'Test Admin')).toMatchObject({
      role: 'admin',
      search_count: 0,
    });
    const names = users.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(response.body).not.toMatch(/password|scrypt/i);
  });
});

describe('GET /users/{id}/search-history', () => {
  it('answers the searches newest first, with the drug id (null for a deleted medication)', async () => {
    const user = await insertUser(t.pool, { name: 'History Holder' });
    const other = await insertUser(t.pool, { name: 'Someone Else' });
    const oldest = await search(user.id, 'Lisinopril', '2024-01-01T08:00:00Z', medicationId);
    const newest = await search(user.id, 'Metformin', '2024-01-03T08:00:00Z');
    const middle = await search(user.id, 'Amlodipine', '2024-01-02T08:00:00Z');
    await search(other.id, 'Not mine', '2024-01-04T08:00:00Z');

    const response = await api.get(`/users/${user.id}/search-history`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      {
        id: newest,
        drug_id: null,
        drug_name: 'Metformin',
        searched_at: '2024-01-03T08:00:00.000Z',
      },
      {
        id: middle,
        drug_id: null,
        drug_name: 'Amlodipine',
        searched_at: '2024-01-02T08:00:00.000Z',
      },
      {
        id: oldest,
        drug_id: medicationId,
        drug_name: 'Lisinopril',
        searched_at: '2024-01-01T08:00:00.000Z',
      },
    ]);
  });

  it('answers an empty list for a user without searches', async () => {
    const user = await insertUser(t.pool, { name: 'Never Searched' });
    const response = await api.get(`/users/${user.id}/search-history`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });

  it('answers 404 for an unknown user and 422 for an id that is not a number', async () => {
    const unknown = await api.get('/users/999999/search-history');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/User/);
    const invalid = await api.get('/users/abc/search-history');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('id');
  });
});

describe('access', () => {
  it('answers 401 without a token and 403 to an app user', async () => {
    const anonymous = client(t.app);
    expect((await anonymous.get('/users')).statusCode).toBe(401);
    expect((await anonymous.get('/users/1/search-history')).statusCode).toBe(401);

    const { id } = await insertUser(t.pool, { name: 'Curious User' });
    const user = client(t.app, await appUserToken(t.pool, id));
    expect((await user.get('/users')).statusCode).toBe(403);
    expect((await user.get('/users/1/search-history')).statusCode).toBe(403);
  });
});
