import { dashboardStats, SERVER_TIME_ZONE } from '../repositories/activity';
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

const stats = async () => {
  const response = await api.get('/dashboard/stats');
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

/** Start of today in the API server's time zone, as an SQL timestamptz expression. */
const MIDNIGHT = `date_trunc('day', now() AT TIME ZONE '${SERVER_TIME_ZONE}') AT TIME ZONE '${SERVER_TIME_ZONE}'`;

/** A user whose last activity is `sql`, an SQL timestamp expression computed by the database. */
async function userActiveAt(name: string, sql: string | null) {
  const user = await insertUser(t.pool, { name });
  if (sql) await t.pool.query(`UPDATE users SET last_active_at = ${sql} WHERE id = $1`, [user.id]);
  return user.id;
}

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

describe('GET /dashboard/stats', () => {
  it('answers zeros and empty lists on an empty database (but the signed-in admin)', async () => {
    const data = await stats();
    expect(data).toMatchObject({
      total_drugs: 0,
      total_users: 1,
      total_searches: 0,
      recent_drugs: [],
      recent_searches: [],
    });
  });

  it('counts users active today from 00:00 server time, not those active yesterday', async () => {
    const before = (await stats()).active_today;
    // Today's and yesterday's boundaries in the API server's time zone.
    await userActiveAt('Early Bird', `${MIDNIGHT} + interval '1 second'`);
    await userActiveAt('Right Now', 'now()');
    await userActiveAt('Night Owl', `${MIDNIGHT} - interval '1 second'`);
    await userActiveAt('Last Week', "now() - interval '7 days'");
    await userActiveAt('Never Active', null);
    expect((await stats()).active_today).toBe(before + 2);
  });

  it('counts medications, users and searches, and lists the 5 newest medications and searches', async () => {
    const condition = (await api.post('/condition', { name: 'Diabetes' })).json().data.id;
    const names = [
      'Metformin',
      'Insulin',
      'Glipizide',
      'Sitagliptin',
      'Empagliflozin',
      'Pioglitazone',
      'Acarbose',
    ];
    const ids: Record<string, number> = {};
    for (const [i, name] of names.entries()) {
      ids[name] = (
        await api.post('/medication', {
          name,
          condition_id: condition,
          is_dosage_weight_based: false,
        })
      ).json().data.id;
      // Known creation times: Metformin oldest, Acarbose newest, one day apart.
      await t.pool.query(
        "UPDATE medications SET created_at = '2024-06-01T00:00:00Z'::timestamptz + make_interval(days => $2) WHERE id = $1",
        [ids[name], i],
      );
    }
    const searcher = await insertUser(t.pool, { name: 'Sam Searcher' });
    const other = await insertUser(t.pool, { name: 'Olga Other' });
    const searches = [
      [searcher.id, 'Metformin', '2024-07-01T10:00:00Z'],
      [other.id, 'Insulin', '2024-07-01T11:00:00Z'],
      [searcher.id, 'Glipizide', '2024-07-01T12:00:00Z'],
      [other.id, 'Sitagliptin', '2024-07-01T13:00:00Z'],
      [searcher.id, 'Empagliflozin', '2024-07-01T14:00:00Z'],
      [other.id, 'Pioglitazone', '2024-07-01T15:00:00Z'],
      [searcher.id, 'Acarbose', '2024-07-01T16:00:00Z'],
    ] as const;
    for (const [user, drug, at] of searches) {
      await t.pool.query(
        'INSERT INTO search_history (user_id, medication_id, drug_name, searched_at) VALUES ($1, $2, $3, $4)',
        [user, ids[drug], drug, at],
      );
    }

    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM users');
    const data = await stats();
    expect(data.total_drugs).toBe(7);
    expect(data.total_users).toBe(rows[0].n);
    expect(data.total_searches).toBe(7);

    expect(data.recent_drugs).toEqual(
      ['Acarbose', 'Pioglitazone', 'Empagliflozin', 'Sitagliptin', 'Glipizide'].map((name) => ({
        id: ids[name],
        name,
        created_at: expect.any(String),
      })),
    );
    expect(data.recent_drugs[0].created_at).toBe('2024-06-07T00:00:00.000Z');

    expect(data.recent_searches).toHaveLength(5);
    expect(data.recent_searches[0]).toEqual({
      id: expect.any(Number),
      user_id: searcher.id,
      user_name: 'Sam Searcher',
      drug_id: ids.Acarbose,
      drug_name: 'Acarbose',
      searched_at: expect.any(String),
    });
    expect(data.recent_searches[0].searched_at).toBe('2024-07-01T16:00:00.000Z');
    // ISO 8601 in UTC with Z, as every other timestamp the API answers, whatever the database
    // session's time zone (json_agg alone would write its offset, e.g. +14:00).
    const session = await t.pool.connect();
    try {
      await session.query("SET TIME ZONE 'Pacific/Kiritimati'");
      const seen = await dashboardStats(session);
      expect(seen.recent_drugs[0].created_at).toBe('2024-06-07T00:00:00.000Z');
      expect(seen.recent_searches[0].searched_at).toBe('2024-07-01T16:00:00.000Z');
    } finally {
      await session.query('RESET TIME ZONE');
      session.release();
    }
    expect(
      data.recent_searches.map((s: { drug_name: string; user_name: string }) => [
        s.drug_name,
        s.user_name,
      ]),
    ).toEqual([
      ['Acarbose', 'Sam Searcher'],
      ['Pioglitazone', 'Olga Other'],
      ['Empagliflozin', 'Sam Searcher'],
      ['Sitagliptin', 'Olga Other'],
      ['Glipizide', 'Sam Searcher'],
    ]);

    // A deleted medication leaves its searches with the name and no id.
    expect((await api.delete(`/medications/${ids.Acarbose}`)).statusCode).toBe(200);
    const after = await stats();
    expect(after.total_drugs).toBe(6);
    expect(after.recent_searches[0]).toMatchObject({ drug_id: null, drug_name: 'Acarbose' });
    expect(after.recent_drugs[0].name).toBe('Pioglitazone');
  });

  it('answers 401 without a token and 403 to an app user', async () => {
    expect((await client(t.app).get('/dashboard/stats')).statusCode).toBe(401);
    const { id } = await insertUser(t.pool, { name: 'Plain User' });
    const token = await appUserToken(t.pool, id);
    expect((await client(t.app, token).get('/dashboard/stats')).statusCode).toBe(403);
  });
});
