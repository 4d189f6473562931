import { randomBytes } from 'node:crypto';
import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * Accounts: the first registration while no administrator exists becomes one, later ones wait for
 * a role and cannot sign in; an administrator gives roles, disables accounts and ends sessions,
 * each change recorded in the history; the last administrator stays; users end their own sessions.
 */

const PASSWORD = 'correct-horse-battery';
const NO_ACCESS = 'Your account has no access to the console yet. Ask an administrator.';
const freshEmail = () => `acct-${randomBytes(4).toString('hex')}@example.com`;

let t: TestApp;
let api: ReturnType<typeof client>;
let adminId: number;

const anonymous = () => client(t.app);
async function register(name: string, email = freshEmail()) {
  const response = await anonymous().post('/auth/register', { name, email, password: PASSWORD });
  expect(response.statusCode).toBe(201);
  return { email, ...response.json() };
}
const login = (email: string) => anonymous().post('/auth/login', { email, password: PASSWORD });

beforeAll(async () => {
  t = await createTestApp();
  const first = await register('First Admin');
  expect(first.user.role).toBe('admin');
  api = client(t.app, (await login(first.email)).json().token);
  adminId = first.user.id;
});
afterAll(() => t.close());

describe('registration', () => {
  it('makes the first account an administrator and every later one pending, each recorded', async () => {
    const { rows } = await t.pool.query(
      "SELECT count(*)::int AS n FROM users WHERE role = 'admin'",
    );
    expect(rows[0].n).toBe(1);
    const later = await register('Later Person');
    expect(later.user).toMatchObject({ name: 'Later Person', role: null });
    expect(later.message).toMatch(/administrator must give your account a role/);

    const entry = (await api.get(`/audit?entity=account&entity_id=${later.user.id}`)).json()
      .data[0];
    expect(entry).toMatchObject({
      action: 'create',
      actor: { id: later.user.id, name: 'Later Person' },
      label: `Later Person (${later.email})`,
      changes: { role: { to: null }, disabled: { to: false } },
    });
    expect(JSON.stringify(entry.changes)).not.toMatch(/scrypt|password/);
  });

  it('makes exactly one administrator of three first registrations at once', async () => {
    const fresh = await createTestApp();
    try {
      const answers = await Promise.all(
        ['One', 'Two', 'Three'].map((name) =>
          client(fresh.app).post('/auth/register', {
            name,
            email: freshEmail(),
            password: PASSWORD,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      expect(answers.filter((a) => a.json().user.role === 'admin')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('signing in without console access', () => {
  it.each([
    ['a pending account', null, false],
    ['an app user', 'user', false],
    ['a disabled editor', 'editor', true],
  ])('refuses %s with 403 and the message, storing no session', async (_what, role, disabled) => {
    const { email, user } = await register('No Access');
    await t.pool.query('UPDATE users SET role = $2, disabled = $3 WHERE id = $1', [
      user.id,
      role,
      disabled,
    ]);
    const response = await login(email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: NO_ACCESS });
    expect(await countRows(t.pool, 'auth_tokens WHERE user_id = $1', [user.id])).toBe(0);
    expect(
      (await t.pool.query('SELECT last_sign_in_at FROM users WHERE id = $1', [user.id])).rows[0],
    ).toEqual({ last_sign_in_at: null });
  });

  it('still answers a wrong password with 401, whatever the account', async () => {
    const { email } = await register('Pending Guess');
    const response = await anonymous().post('/auth/login', { email, password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /accounts/{id}', () => {
  it('gives a pending account a role with a reason: it can sign in, and the history has who and why', async () => {
    const { email, user } = await register('New Editor');
    const response = await api.put(`/accounts/${user.id}`, {
      role: 'editor',
      reason: 'Joined the pharmacy team',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: user.id,
      role: 'editor',
      disabled: false,
      active_sessions: 0,
    });
    const signedIn = await login(email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.role).toBe('editor');

    const entry = (await api.get(`/audit?entity=account&entity_id=${user.id}`)).json().data[0];
    expect(entry).toMatchObject({
      action: 'update',
      actor: { id: adminId, name: 'First Admin' },
      reason: 'Joined the pharmacy team',
      changes: { role: { from: null, to: 'editor' } },
    });
    const account = (await api.get(`/accounts?q=${encodeURIComponent(email)}`)).json().data[0];
    expect(account).toMatchObject({ role: 'editor', active_sessions: 1 });
    expect(account.last_sign_in_at).toEqual(expect.any(String));
  });

  it('disables an account: its sessions end at once and it cannot sign in; enabling lets it back', async () => {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD, role: 'viewer' });
    const viewer = client(t.app, token);
    expect((await viewer.get('/condition')).statusCode).toBe(200);
    const { id } = (await viewer.get('/auth/me')).json().data;

    const response = await api.put(`/accounts/${id}`, { disabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ disabled: true, active_sessions: 0 });
    expect((await viewer.get('/condition')).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(403);

    expect((await api.put(`/accounts/${id}`, { disabled: false })).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('keeps the last administrator: neither demoted nor disabled (409), and nothing recorded', async () => {
    const before = await countRows(t.pool, 'audit_log');
    for (const change of [{ role: 'viewer' }, { disabled: true }]) {
      const response = await api.put(`/accounts/${adminId}`, change);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('The last administrator cannot be demoted or disabled.');
    }
    expect(await countRows(t.pool, 'audit_log')).toBe(before);
    expect((await api.get('/auth/me')).json().data.role).toBe('admin');
  });

  it('lets only one of two administrators demoting each other at once succeed', async () => {
    const fresh = await createTestApp();
    try {
      const first = client(fresh.app, await signIn(fresh.app));
      const second = client(fresh.app, await signIn(fresh.app));
      const firstId = (await first.get('/auth/me')).json().data.id;
      const secondId = (await second.get('/auth/me')).json().data.id;
      const answers = await Promise.all([
        first.put(`/accounts/${secondId}`, { role: 'viewer' }),
        second.put(`/accounts/${firstId}`, { role: 'viewer' }),
      ]);
      // The one demoted first loses the right to demote, or finds itself the last administrator.
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
      expect(answers.map((a) => a.statusCode)).not.toEqual([200, 200]);
      expect(await countRows(fresh.pool, "users WHERE role = 'admin' AND NOT disabled")).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('refuses an empty change and an unknown role with 422, an unknown account with 404', async () => {
    const { user } = await register('Target');
    expect((await api.put(`/accounts/${user.id}`, {})).statusCode).toBe(422);
    expect((await api.put(`/accounts/${user.id}`, { role: 'owner' })).statusCode).toBe(422);
    expect((await api.put('/accounts/2147483000', { role: 'viewer' })).statusCode).toBe(404);
  });
});

describe('reverting an account change', () => {
  it('is for administrators: an editor gets 403; an administrator puts the role back', async () => {
    const { user } = await register('Promoted');
    await api.put(`/accounts/${user.id}`, { role: 'viewer' });
    const entry = (await api.get(`/audit?entity=account&entity_id=${user.id}`)).json().data[0];
    const editor = client(t.app, await signIn(t.app, { role: 'editor' }));
    expect((await editor.post(`/audit/${entry.id}/revert`, {})).statusCode).toBe(403);

    const response = await api.post(`/audit/${entry.id}/revert`, { reason: 'Not yet' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.changes).toEqual({ role: { from: 'viewer', to: null } });
    expect((await api.get(`/accounts?q=Promoted`)).json().data[0].role).toBeNull();
  });

  it('cannot undo a registration (409), nor demote the last administrator through a revert', async () => {
    const registration = (await api.get(`/audit?entity=account&entity_id=${adminId}`)).json().data;
    const created = registration.find((e: { action: string }) => e.action === 'create');
    expect((await api.post(`/audit/${created.id}/revert`, {})).statusCode).toBe(409);

    const fresh = await createTestApp();
    try {
      const first = client(fresh.app, await signIn(fresh.app));
      const secondEmail = freshEmail();
      const { user } = (
        await client(fresh.app).post('/auth/register', {
          name: 'Second',
          email: secondEmail,
          password: PASSWORD,
        })
      ).json();
      await first.put(`/accounts/${user.id}`, { role: 'admin' });
      const promotion = (await first.get(`/audit?entity=account&entity_id=${user.id}`)).json()
        .data[0];
      const firstId = (await first.get('/auth/me')).json().data.id;
      expect((await first.put(`/accounts/${firstId}`, { role: 'editor' })).statusCode).toBe(200);
      const second = client(
        fresh.app,
        (
          await client(fresh.app).post('/auth/login', { email: secondEmail, password: PASSWORD })
        ).json().token,
      );
      // Undoing the promotion would leave no administrator.
      const refused = await second.post(`/audit/${promotion.id}/revert`, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('The last administrator cannot be demoted or disabled.');
      expect(await countRows(fresh.pool, "users WHERE role = 'admin'")).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('sessions', () => {
  it("lists the caller's own live sessions with the current one marked, and ends all others", async () => {
    const email = freshEmail();
    const phone = client(t.app, await signIn(t.app, { email, password: PASSWORD, role: 'viewer' }));
    const laptop = client(t.app, (await login(email)).json().token);
    const mine = (await laptop.get('/auth/sessions')).json().data;
    expect(mine).toHaveLength(2);
    expect(mine.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const ended = await laptop.delete('/auth/sessions');
    expect(ended.json()).toEqual({ message: 'Signed out of 1 other session.', ended: 1 });
    expect((await phone.get('/auth/me')).statusCode).toBe(401);
    expect((await laptop.get('/auth/sessions')).json().data).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });

  it('lets an administrator end every session of an account', async () => {
    const email = freshEmail();
    const editor = client(
      t.app,
      await signIn(t.app, { email, password: PASSWORD, role: 'editor' }),
    );
    const { id } = (await editor.get('/auth/me')).json().data;
    const response = await api.delete(`/accounts/${id}/sessions`);
    expect(response.statusCode).toBe(200);
    expect(response.json().ended).toBe(1);
    expect((await editor.get('/auth/me')).statusCode).toBe(401);
  });
});

describe('GET /accounts', () => {
  it('pages, searches, sorts and filters by role on the server', async () => {
    const tag = randomBytes(3).toString('hex');
    for (const name of ['Cara', 'Abel', 'Bert']) await register(`${name} ${tag}`);
    const page = (await api.get(`/accounts?q=${tag}&page_size=2&sort=-name`)).json();
    expect(page.meta).toEqual({ total: 3, page: 1, page_size: 2 });
    expect(page.data.map((a: { name: string }) => a.name)).toEqual([`Cara ${tag}`, `Bert ${tag}`]);
    const pending = (await api.get(`/accounts?q=${tag}&role=pending`)).json();
    expect(pending.meta.total).toBe(3);
    expect((await api.get(`/accounts?q=${tag}&role=admin`)).json().meta.total).toBe(0);
  });
});
