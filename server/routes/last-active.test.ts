import {
  appUserToken,
  client,
  createTestApp,
  insertUser,
  publishDraft,
  type TestApp,
} from '../test/helpers';

// A user's last_active_at moves on every authenticated call, written at most once a
// minute per user (whichever of their tokens is used); the token's own last use at most once a
// minute per token. A row's xmin changes on every write, so it shows whether a call wrote.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'app-user-password';

async function userRow(id: number) {
  const { rows } = await t.pool.query<{
    xmin: string;
    last_active_at: Date | null;
    age: number | null;
  }>(
    'SELECT xmin::text, last_active_at, extract(epoch FROM now() - last_active_at)::float AS age FROM users WHERE id = $1',
    [id],
  );
  return rows[0];
}
/** What a write would change (the row version and the value), without the moving age. */
const written = ({ xmin, last_active_at }: { xmin: string; last_active_at: Date | null }) => ({
  xmin,
  last_active_at,
});
async function tokenRows(userId: number) {
  const { rows } = await t.pool.query<{ id: number; xmin: string }>(
    'SELECT id, xmin::text FROM auth_tokens WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows;
}
async function login(email: string) {
  const response = await client(t.app).post('/auth/login', { email, password: PASSWORD });
  expect(response.statusCode).toBe(200);
  return client(t.app, response.json().token);
}
/** Moves the user's last activity and every token's last use `seconds` into the past. */
async function age(userId: number, seconds: number) {
  await t.pool.query(
    'UPDATE users SET last_active_at = now() - make_interval(secs => $2) WHERE id = $1',
    [userId, seconds],
  );
  await t.pool.query(
    'UPDATE auth_tokens SET last_used_at = now() - make_interval(secs => $2) WHERE user_id = $1',
    [userId, seconds],
  );
}

describe('last_active_at', () => {
  it('is set by the first call after signing in, even within the first minute of the token', async () => {
    const { id, email } = await insertUser(t.pool, {
      role: 'viewer',
      password: PASSWORD,
      lastActiveAt: null,
    });
    const api = await login(email);
    expect((await userRow(id)).last_active_at).toBeNull(); // signing in alone is not activity
    expect((await api.get('/auth/me')).statusCode).toBe(200);
    const row = await userRow(id);
    expect(row.last_active_at).not.toBeNull();
    expect(row.age).toBeLessThan(5);
  });

  it('is written at most once a minute: calls within the minute do not write the user row', async () => {
    const { id, email } = await insertUser(t.pool, { role: 'viewer', password: PASSWORD });
    const api = await login(email);
    await api.get('/auth/me');
    const first = await userRow(id);
    for (let n = 0; n < 5; n += 1) expect((await api.get('/auth/me')).statusCode).toBe(200);
    expect(written(await userRow(id))).toEqual(written(first));
  });

  it('moves again on the first call once a minute has passed', async () => {
    const { id, email } = await insertUser(t.pool, { role: 'viewer', password: PASSWORD });
    const api = await login(email);
    await age(id, 61);
    const before = await userRow(id);
    expect(before.age).toBeGreaterThan(60);
    await api.get('/auth/me');
    const after = await userRow(id);
    expect(after.xmin).not.toBe(before.xmin);
    expect(after.age).toBeLessThan(5);
  });

  it('counts per user: a second token of an active user updates its own last use but not the user', async () => {
    const { id, email } = await insertUser(t.pool, { role: 'viewer', password: PASSWORD });
    const phone = await login(email);
    const laptop = await login(email);
    await age(id, 120); // both tokens and the user are stale
    await phone.get('/auth/me'); // writes the user and the phone's token
    const user = await userRow(id);
    const [phoneToken, laptopToken] = await tokenRows(id);
    await laptop.get('/auth/me'); // the user was active seconds ago: only the laptop's token moves
    expect(written(await userRow(id))).toEqual(written(user));
    const [phoneAfter, laptopAfter] = await tokenRows(id);
    expect(phoneAfter.xmin).toBe(phoneToken.xmin);
    expect(laptopAfter.xmin).not.toBe(laptopToken.xmin);
  });

  it('moves on calls of every kind, including a medication look-up by an app user', async () => {
    const admin = await insertUser(t.pool, { role: 'admin', password: PASSWORD });
    const adminApi = await login(admin.email);
    const condition = (await adminApi.post('/condition', { name: 'Asthma' })).json().data.id;
    const medication = (
      await adminApi.post('/medication', {
        name: 'Salbutamol',
        condition_id: condition,
        is_dosage_weight_based: false,
      })
    ).json().data.id;
    const { id } = await insertUser(t.pool, { password: PASSWORD });
    const api = client(t.app, await appUserToken(t.pool, id));
    // App users read the latest release: the medication, made in the draft, is published.
    await publishDraft(t.pool);
    await age(id, 3600);
    expect((await api.get(`/medication/${medication}`)).statusCode).toBe(200);
    expect((await userRow(id)).age).toBeLessThan(5);
  });
});
