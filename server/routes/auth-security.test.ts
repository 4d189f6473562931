import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { hashToken } from '../auth/tokens';
import { defaultLimits, type RateLimits } from '../config';
import { contractProblems } from '../test/contract';
import {
  client,
  countRows,
  createTestApp,
  createTestDatabase,
  insertUser,
  signIn,
  testConfig,
  type TestApp,
} from '../test/helpers';

/**
 * Account security: device cookies keep a stranger's failed sign-ins from locking the owner out;
 * a change of role ends sessions; a new e-mail needs the current password; an app user promoted
 * to the console chooses a new password first; reset links stay out of the log unless asked for,
 * and an administrator can make one; each account event is in the history, without secrets.
 */

const PASSWORD = 'correct-horse-battery';
const DEMO_PASSWORD = 'demo-user-password';
const freshEmail = () => `sec-${randomBytes(4).toString('hex')}@example.com`;

let t: TestApp;
let admin: ReturnType<typeof client>;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  const token = await signIn(t.app, { email: freshEmail(), password: PASSWORD });
  admin = client(t.app, token);
  adminId = (await admin.get('/auth/me')).json().data.id;
});
afterAll(() => t.close());

/** A sign-in as a client sends it, checked against the contract. */
async function login(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { address?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: options.address ?? '192.0.2.1',
    headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { email, password },
  });
  expect(
    contractProblems('POST', '/api/v1/auth/login', response.statusCode, response.json()),
  ).toEqual([]);
  return response;
}

/** The Set-Cookie header of an answer (one at most). */
function setCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value !== 'string') throw new Error(`no Set-Cookie in ${response.statusCode}`);
  return value;
}
/** The `name=value` part of a Set-Cookie header, as a browser sends it back. */
const cookiePair = (setCookie: string) => setCookie.split(';')[0];

const accountKey = (email: string) => `login:email:${email.toLowerCase()}`;

/** Time passing: the account's anonymous failures made at least `seconds` ago. */
async function age(pool: TestApp['pool'], email: string, seconds: number) {
  await pool.query(
    `UPDATE auth_attempts SET attempted_at = least(attempted_at, now() - make_interval(secs => $2))
      WHERE key = $1`,
    [accountKey(email), seconds],
  );
}

/** `n` anonymous failures on the account just now, as strangers' guesses would leave them. */
async function failures(pool: TestApp['pool'], email: string, n: number) {
  await pool.query(
    'INSERT INTO auth_attempts (key, attempted_at) SELECT $1, clock_timestamp() FROM generate_series(1, $2)',
    [accountKey(email), n],
  );
}

const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);

describe('sign-in limits with device cookies', () => {
  it('a stranger with 100 addresses cannot lock an administrator out: their device cookie signs them in, and without it they wait a bounded delay', async () => {
    const email = freshEmail();
    await insertUser(t.pool, { email, role: 'admin', password: PASSWORD });
    const first = await login(t.app, email, PASSWORD, { address: '198.51.100.1' });
    expect(first.statusCode).toBe(200);
    const cookie = cookiePair(setCookieOf(first));

    // 100 wrong passwords from 127.0.0.10 to 127.0.0.109, spread out enough that none waits.
    const statuses = new Set<number>();
    for (let i = 10; i < 110; i++) {
      await age(t.pool, email, defaultLimits.loginDelayMaxSeconds + 1);
      const guess = await login(t.app, email, `guess-${i}-password`, { address: `127.0.0.${i}` });
      statuses.add(guess.statusCode);
    }
    expect([...statuses]).toEqual([401]);
    expect(await countRows(t.pool, 'auth_attempts WHERE key = $1', [`login:email:${email}`])).toBe(
      100,
    );

    // The owner's browser, from a fresh address: signed in.
    const owner = await login(t.app, email, PASSWORD, { address: '203.0.113.5', cookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toEqual(expect.any(String));

    // Without the cookie: a delay, at most loginDelayMaxSeconds, not a lock.
    const waiting = await login(t.app, email, PASSWORD, { address: '203.0.113.6' });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toMatch(/too many attempts/i);
    expect(retryAfter(waiting)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(defaultLimits.loginDelayMaxSeconds);
    await age(t.pool, email, retryAfter(waiting));
    expect((await login(t.app, email, PASSWORD, { address: '203.0.113.6' })).statusCode).toBe(200);
  });

  describe('with small limits', () => {
    const limits: RateLimits = {
      ...defaultLimits,
      loginPerAccount: 3,
      loginPerDevice: 3,
      loginDelayMaxSeconds: 8,
      loginPerAddress: 50,
    };
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ limits });
    });
    afterAll(() => limited?.close());

    async function owner() {
      const email = freshEmail();
      const { id } = await insertUser(limited.pool, { email, role: 'editor', password: PASSWORD });
      const first = await login(limited.app, email, PASSWORD);
      expect(first.statusCode).toBe(200);
      return { email, id, cookie: cookiePair(setCookieOf(first)) };
    }

    it('sets an HttpOnly, SameSite=Strict cookie for the sign-in path, Secure only over https, and none on a failure', async () => {
      const { email } = await owner();
      const plain = setCookieOf(await login(limited.app, email, PASSWORD));
      expect(plain).toMatch(/^medref_device_\d+=\d+\.[\w-]{22}\.[\w-]{43}; /);
      expect(plain.split('; ').slice(1).sort()).toEqual(
        ['HttpOnly', 'Max-Age=31536000', 'Path=/api/v1/auth', 'SameSite=Strict'].sort(),
      );
      expect(plain).not.toContain(PASSWORD);
      expect((await login(limited.app, email, 'wrong-password-1')).headers['set-cookie']).toBe(
        undefined,
      );

      const proxied = await createTestApp({ limits, trustProxy: 1 });
      try {
        const other = freshEmail();
        await insertUser(proxied.pool, { email: other, role: 'admin', password: PASSWORD });
        const secure = await login(proxied.app, other, PASSWORD, {
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(setCookieOf(secure).split('; ')).toContain('Secure');
      } finally {
        await proxied.close();
      }
    });

    it('grows the delay with the anonymous failures, answering Retry-After, while the device cookie is never delayed', async () => {
      const { email, cookie } = await owner();
      for (let i = 0; i < limits.loginPerAccount; i++)
        expect((await login(limited.app, email, `wrong-${i}-password`)).statusCode).toBe(401);
      const firstWait = await login(limited.app, email, PASSWORD, { address: '192.0.2.99' });
      expect(firstWait.statusCode).toBe(429);
      expect(retryAfter(firstWait)).toBe(1);
      // A refused attempt is not counted.
      expect(
        await countRows(limited.pool, 'auth_attempts WHERE key = $1', [`login:email:${email}`]),
      ).toBe(limits.loginPerAccount);

      // Time passes; one more failure doubles the wait, and so on up to the most.
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        await age(limited.pool, email, limits.loginDelayMaxSeconds);
        expect((await login(limited.app, email, `more-${i}-password`)).statusCode).toBe(401);
        const refused = await login(limited.app, email, PASSWORD);
        expect(refused.statusCode).toBe(429);
        waits.push(retryAfter(refused));
      }
      expect(waits).toEqual([2, 4, 8, 8]);

      expect((await login(limited.app, email, PASSWORD, { cookie })).statusCode).toBe(200);
    });

    it('counts a device cookie’s failures on that device alone: past loginPerDevice it waits, other devices and the anonymous path do not', async () => {
      const { email, cookie } = await owner();
      const second = cookiePair(setCookieOf(await login(limited.app, email, PASSWORD)));
      for (let i = 0; i < limits.loginPerDevice; i++)
        expect((await login(limited.app, email, `dev-${i}-password`, { cookie })).statusCode).toBe(
          401,
        );
      const locked = await login(limited.app, email, PASSWORD, { cookie });
      expect(locked.statusCode).toBe(429);
      expect(retryAfter(locked)).toBeGreaterThan(limits.windowMinutes * 60 - 60);
      // Not one anonymous failure was counted for the account.
      expect(
        await countRows(limited.pool, 'auth_attempts WHERE key = $1', [`login:email:${email}`]),
      ).toBe(0);
      expect((await login(limited.app, email, PASSWORD, { cookie: second })).statusCode).toBe(200);
      expect((await login(limited.app, email, PASSWORD)).statusCode).toBe(200);
    });

    it('takes a forged cookie, or another account’s, for none', async () => {
      const victim = await owner();
      const other = await owner();
      // Enough that the next attempt without the victim's cookie waits the longest.
      await failures(limited.pool, victim.email, limits.loginPerAccount + 3);
      const [name, value] = victim.cookie.split('=');
      const [id, nonce, signature] = value.split('.');
      const forged = `${name}=${id}.${nonce}.${signature.slice(0, -2)}AA`;
      const renamed = `${name}=${other.cookie.split('=')[1]}`;
      const foreign = `medref_device_${other.id}=${victim.cookie.split('=')[1]}`;
      for (const cookie of [forged, renamed, foreign, other.cookie])
        expect((await login(limited.app, victim.email, PASSWORD, { cookie })).statusCode).toBe(429);
      expect(
        (await login(limited.app, victim.email, PASSWORD, { cookie: victim.cookie })).statusCode,
      ).toBe(200);
    });

    it('shares the cookie secret between two instances on one database, and never answers it', async () => {
      const { email, cookie } = await owner();
      const twin = await buildApp(limited.pool, testConfig({ limits }));
      try {
        await twin.ready();
        await failures(limited.pool, email, limits.loginPerAccount + 3);
        expect((await login(twin, email, PASSWORD)).statusCode).toBe(429);
        const answer = await login(twin, email, PASSWORD, { cookie });
        expect(answer.statusCode).toBe(200);
        const { rows } = await limited.pool.query<{ value: Buffer }>(
          "SELECT value FROM server_secrets WHERE name = 'device_cookie'",
        );
        expect(rows).toHaveLength(1);
        expect(rows[0].value.length).toBeGreaterThanOrEqual(32);
        for (const encoding of ['hex', 'base64', 'base64url'] as const)
          expect(answer.body + JSON.stringify(answer.headers)).not.toContain(
            rows[0].value.toString(encoding),
          );
      } finally {
        await twin.close();
      }
    });

    it('holds under a burst of concurrent guesses from many addresses', async () => {
      const { email } = await owner();
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(limited.app, email, `burst-${i}-password`, { address: `198.18.7.${i + 1}` }),
        ),
      ).then((answers) => answers.map((answer) => answer.statusCode));
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
        limits.loginPerAccount,
      );
    });
  });
});

describe('a change of role', () => {
  it('ends the account’s sessions: a viewer’s token no longer works once it is an editor, and the history says so', async () => {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD, role: 'viewer' });
    const viewer = client(t.app, token);
    const { id } = (await viewer.get('/auth/me')).json().data;
    expect((await viewer.post('/condition', { name: 'Viewer write' })).statusCode).toBe(403);

    expect((await admin.put(`/accounts/${id}`, { role: 'editor' })).statusCode).toBe(200);
    expect((await viewer.get('/auth/me')).statusCode).toBe(401);
    expect((await viewer.post('/condition', { name: 'Viewer write' })).statusCode).toBe(401);
    expect(await countRows(t.pool, "conditions WHERE name = 'Viewer write'")).toBe(0);
    expect(
      await countRows(t.pool, 'auth_tokens WHERE user_id = $1 AND revoked_at IS NULL', [id]),
    ).toBe(0);

    const { rows } = await t.pool.query(
      `SELECT action, actor_id, changes FROM audit_entries
        WHERE entity = 'account' AND entity_id = $1 AND action <> 'create' ORDER BY id`,
      [id],
    );
    expect(rows).toEqual([
      {
        action: 'sessions_end',
        actor_id: adminId,
        changes: { sessions_ended: { to: 1 }, cause: { to: 'role changed' } },
      },
      {
        action: 'update',
        actor_id: adminId,
        changes: { role: { from: 'viewer', to: 'editor' } },
      },
    ]);
    // A fresh sign-in works with the new role.
    const again = await login(t.app, email, PASSWORD);
    expect(again.json().user.role).toBe('editor');
  });

  it('leaves sessions alone when the role stays the same', async () => {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD, role: 'viewer' });
    const viewer = client(t.app, token);
    const { id } = (await viewer.get('/auth/me')).json().data;
    expect((await admin.put(`/accounts/${id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await viewer.get('/auth/me')).statusCode).toBe(200);
  });
});

describe('an e-mail change', () => {
  async function editor() {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD, role: 'editor' });
    const api = client(t.app, token);
    return { email, api, id: (await api.get('/auth/me')).json().data.id as number };
  }
  const stored = async (id: number) =>
    (await t.pool.query('SELECT name, email FROM users WHERE id = $1', [id])).rows[0];

  it('is refused without the current password, or with a wrong one, and nothing is stored', async () => {
    const { api, id, email } = await editor();
    const taker = freshEmail();
    const missing = await api.put('/auth/profile', { name: 'Taken Over', email: taker });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual([expect.any(String)]);
    const wrong = await api.put('/auth/profile', {
      name: 'Taken Over',
      email: taker,
      current_password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
    expect(await stored(id)).toEqual({ name: 'Test Editor', email });
    expect(await countRows(t.pool, 'users WHERE lower(email) = lower($1)', [taker])).toBe(0);
  });

  it('is made with the current password; a name alone, or the same address in another case, needs none', async () => {
    const { api, id, email } = await editor();
    expect(
      (await api.put('/auth/profile', { name: 'Renamed', email: email.toUpperCase() })).statusCode,
    ).toBe(200);
    const next = freshEmail();
    const changed = await api.put('/auth/profile', {
      name: 'Renamed',
      email: next,
      current_password: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(await stored(id)).toEqual({ name: 'Renamed', email: next });
  });
});

describe('an app user given a console role', () => {
  it('must choose a new password first: the login says so, every other call is refused until then', async () => {
    // As the demo accounts are: an app user whose password is published.
    const email = freshEmail();
    const { id } = await insertUser(t.pool, { email, role: 'user', password: DEMO_PASSWORD });
    expect((await admin.put(`/accounts/${id}`, { role: 'editor' })).statusCode).toBe(200);

    const answer = await login(t.app, email, DEMO_PASSWORD);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      password_change_required: true,
      token: expect.any(String),
    });
    const api = client(t.app, answer.json().token);
    const refused = await api.get('/condition');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/new password/i);
    expect((await api.post('/condition', { name: 'Demo write' })).statusCode).toBe(403);
    expect((await api.put('/auth/profile', { name: 'Demo', email })).statusCode).toBe(403);
    expect(await countRows(t.pool, "conditions WHERE name = 'Demo write'")).toBe(0);
    expect((await api.get('/auth/me')).statusCode).toBe(200);

    expect(
      (
        await api.put('/auth/password', {
          current_password: DEMO_PASSWORD,
          new_password: 'a-password-of-my-own',
        })
      ).statusCode,
    ).toBe(200);
    expect((await api.get('/condition')).statusCode).toBe(200);
    const next = await login(t.app, email, 'a-password-of-my-own');
    expect(next.statusCode).toBe(200);
    expect(next.json()).not.toHaveProperty('password_change_required');
  });

  it('does not apply to a pending registration given a role, nor to a change between console roles', async () => {
    const email = freshEmail();
    const { id } = await insertUser(t.pool, { email, role: null, password: PASSWORD });
    expect((await admin.put(`/accounts/${id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await admin.put(`/accounts/${id}`, { role: 'editor' })).statusCode).toBe(200);
    const answer = await login(t.app, email, PASSWORD);
    expect(answer.json()).not.toHaveProperty('password_change_required');
    expect((await client(t.app, answer.json().token).get('/condition')).statusCode).toBe(200);
  });
});

describe('reset links', () => {
  async function loggedApp(logResetLinks: boolean) {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp(database.pool, testConfig({ logResetLinks }), {
      logger: { level: 'trace', stream },
    });
    await app.ready();
    return { app, pool: database.pool, lines, close: () => app.close().then(database.drop) };
  }
  /** Asks for a link; answers the log's lines about it. */
  async function forgot(logged: Awaited<ReturnType<typeof loggedApp>>) {
    const email = freshEmail();
    const { id } = await insertUser(logged.pool, { email, role: 'admin', password: PASSWORD });
    const response = await client(logged.app).post('/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(await countRows(logged.pool, 'password_resets WHERE user_id = $1', [id])).toBe(1);
    return logged.lines.filter((line) => line.includes('password reset requested'));
  }

  it('are not written to the log by default', async () => {
    const logged = await loggedApp(false);
    try {
      const lines = await forgot(logged);
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toMatch(/reset-password|token|resetLink/);
      expect(logged.lines.join('\n')).not.toContain('/reset-password?token=');
    } finally {
      await logged.close();
    }
  });

  it('are written to the log with LOG_RESET_LINKS=1', async () => {
    const logged = await loggedApp(true);
    try {
      const lines = await forgot(logged);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]).resetLink).toMatch(/^\/reset-password\?token=[\w-]{43}$/);
    } finally {
      await logged.close();
    }
  });

  it('an administrator makes one for an account: shown once, works once, recorded without the link', async () => {
    const email = freshEmail();
    const { id } = await insertUser(t.pool, { email, role: 'viewer', password: PASSWORD });
    const made = await admin.post(`/accounts/${id}/reset-link`);
    expect(made.statusCode).toBe(201);
    const { path, expires_at: expiresAt } = made.json().data;
    expect(path).toMatch(/^\/reset-password\?token=[\w-]{43}$/);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
    const token = path.split('token=')[1];
    const { rows } = await t.pool.query(
      'SELECT token_hash FROM password_resets WHERE user_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash.equals(hashToken(token))).toBe(true);

    const reset = () =>
      client(t.app).post('/auth/reset-password', { token, password: 'chosen-by-the-owner' });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(422);
    expect((await login(t.app, email, 'chosen-by-the-owner')).statusCode).toBe(200);

    const entries = await t.pool.query(
      `SELECT action, actor_id, changes::text AS changes FROM audit_entries
        WHERE entity = 'account' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(entries.rows.map((row) => [row.action, row.actor_id])).toEqual([
      ['reset_link', adminId],
      ['password_reset', id],
    ]);
    for (const row of entries.rows) expect(row.changes).not.toContain(token);
  });

  it('only an administrator makes one', async () => {
    const { id } = await insertUser(t.pool, { role: 'viewer', password: PASSWORD });
    for (const role of ['editor', 'viewer'] as const) {
      const other = client(t.app, await signIn(t.app, { email: freshEmail(), role }));
      expect((await other.post(`/accounts/${id}/reset-link`)).statusCode).toBe(403);
    }
    expect((await client(t.app).post(`/accounts/${id}/reset-link`)).statusCode).toBe(401);
    expect(await countRows(t.pool, 'password_resets WHERE user_id = $1', [id])).toBe(0);
    expect((await admin.post('/accounts/999999/reset-link')).statusCode).toBe(404);
  });
});

describe('account events in the history', () => {
  it('records password changes, resets and ended sessions without a password, hash or token, and refuses to revert them', async () => {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD, role: 'editor' });
    const own = client(t.app, token);
    const { id } = (await own.get('/auth/me')).json().data;
    const other = (await login(t.app, email, PASSWORD)).json().token as string;

    expect((await own.delete('/auth/sessions')).json().ended).toBe(1);
    expect(
      (
        await own.put('/auth/password', {
          current_password: PASSWORD,
          new_password: 'second-pass-word',
        })
      ).statusCode,
    ).toBe(200);
    await login(t.app, email, 'second-pass-word');
    expect((await admin.delete(`/accounts/${id}/sessions`)).json().ended).toBe(2);
    await login(t.app, email, 'second-pass-word');
    expect((await admin.put(`/accounts/${id}`, { disabled: true })).statusCode).toBe(200);

    const listed = await admin.get(`/audit?entity=account&entity_id=${id}&sort=at`);
    expect(listed.statusCode).toBe(200);
    // After its registration's entry.
    const entries = (
      listed.json().data as { id: number; action: string; actor: { id: number }; changes: object }[]
    ).slice(1);
    expect(listed.json().data[0].action).toBe('create');
    expect(entries.map((entry) => [entry.action, entry.actor.id, entry.changes])).toEqual([
      [
        'sessions_end',
        id,
        { sessions_ended: { to: 1 }, cause: { to: 'signed out of other sessions' } },
      ],
      ['password_change', id, { password: { to: 'changed' }, sessions_ended: { to: 0 } }],
      [
        'sessions_end',
        adminId,
        { sessions_ended: { to: 2 }, cause: { to: 'ended by an administrator' } },
      ],
      ['sessions_end', adminId, { sessions_ended: { to: 1 }, cause: { to: 'account disabled' } }],
      ['update', adminId, { disabled: { from: false, to: true } }],
    ]);
    const { rows } = await t.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [id],
    );
    const text = listed.body;
    for (const secret of [
      rows[0].password_hash,
      'second-pass-word',
      PASSWORD,
      token,
      other,
      'scrypt',
    ])
      expect(text).not.toContain(secret);

    const byAction = await admin.get('/audit?action=password_change');
    expect(byAction.json().data.map((entry: { entity_id: number }) => entry.entity_id)).toContain(
      id,
    );

    const revert = await admin.post(`/audit/${entries[1].id}/revert`, {});
    expect(revert.statusCode).toBe(409);
    expect(revert.json().message).toMatch(/cannot be reverted/);
    // A later account event does not stand in the way of reverting the disable.
    expect((await admin.post(`/accounts/${id}/reset-link`)).statusCode).toBe(201);
    expect((await admin.post(`/audit/${entries[4].id}/revert`, {})).statusCode).toBe(201);
  });
});
