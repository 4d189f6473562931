import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/tokens';
import { defaultLimits } from '../config';
import { insertPasswordReset } from '../repositories/accounts';
import {
  client,
  countRows,
  appUserToken,
  createTestApp,
  grantRole,
  insertUser,
  signIn,
  type TestApp,
} from '../test/helpers';

let t: TestApp;
const anonymous = () => client(t.app);

let emails = 0;
const freshEmail = () => `person${++emails}-${randomBytes(3).toString('hex')}@example.com`;
const PASSWORD = 'correct-horse-battery';

/** Registers through the API, is made an administrator, and answers the account and a signed-in client. */
async function account(password = PASSWORD) {
  const email = freshEmail();
  const registered = await anonymous().post('/auth/register', {
    name: 'Ada Admin',
    email,
    password,
  });
  expect(registered.statusCode).toBe(201);
  await grantRole(t.pool, email, 'admin');
  const login = await anonymous().post('/auth/login', { email, password });
  expect(login.statusCode).toBe(200);
  const { token, user } = login.json();
  return { email, token, user, api: client(t.app, token) };
}

const login = (email: string, password: string) =>
  anonymous().post('/auth/login', { email, password });

/** A reset token made the way forgot-password makes one, without reading the server log. */
async function resetToken(userId: number, minutes = 30) {
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(t.pool, userId, hashToken(token), minutes);
  return token;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /auth/register', () => {
  // The file's first registration, on an empty database: accounts.test.ts covers the later ones.
  it('makes the first account an administrator and never answers the password or its hash', async () => {
    const email = freshEmail();
    const response = await anonymous().post('/auth/register', {
      name: '  Grace Hopper ',
      email,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Registration successful',
      user: {
        id: expect.any(Number),
        name: 'Grace Hopper',
        email,
        role: 'admin',
        created_at: expect.any(String),
      },
    });
    expect(response.body).not.toContain(PASSWORD);
    expect(response.body).not.toMatch(/scrypt|password/i);

    const { rows } = await t.pool.query(
      'SELECT name, role, password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('Grace Hopper');
    expect(rows[0].role).toBe('admin');
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
  });

  it('refuses a taken e-mail (any case) with 422 and errors.email', async () => {
    const { email } = await account();
    const again = await anonymous().post('/auth/register', {
      name: 'Copy',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual([expect.stringMatching(/already been taken/)]);
    expect(await countRows(t.pool, 'users WHERE lower(email) = lower($1)', [email])).toBe(1);
  });

  it.each([
    ['a password of 7 characters', { password: 'short77' }, 'password'],
    ['a password over 128 characters', { password: 'p'.repeat(129) }, 'password'],
    ['an e-mail that is not one', { email: 'not-an-email' }, 'email'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a missing name', { name: undefined }, 'name'],
    ['an extra role field', { role: 'admin' }, 'role'],
  ])('refuses %s with 422 naming the field, storing nothing', async (_what, change, field) => {
    const body = { name: 'Valid Name', email: freshEmail(), password: PASSWORD, ...change };
    const before = await countRows(t.pool, 'users');
    const response = await anonymous().post('/auth/register', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
    expect(await countRows(t.pool, 'users')).toBe(before);
  });

  it('accepts a password of exactly 8 characters', async () => {
    const response = await anonymous().post('/auth/register', {
      name: 'Eight',
      email: freshEmail(),
      password: '12345678',
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers 403 when registration is closed, storing nothing', async () => {
    const closed = await createTestApp({ allowRegistration: false });
    try {
      const response = await client(closed.app).post('/auth/register', {
        name: 'Late',
        email: freshEmail(),
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/closed/i);
      expect(await countRows(closed.pool, 'users')).toBe(0);
    } finally {
      await closed.close();
    }
  });
});

describe('POST /auth/login', () => {
  it('answers a token stored only as its SHA-256 hash, and the user without a hash', async () => {
    const email = freshEmail();
    await anonymous().post('/auth/register', { name: 'Linus', email, password: PASSWORD });
    await grantRole(t.pool, email, 'admin');
    const response = await login(email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Login successful');
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Linus',
      email,
      role: 'admin',
      created_at: expect.any(String),
    });
    expect(response.body).not.toMatch(/scrypt|password/i);
    expect(Buffer.from(body.token, 'base64url')).toHaveLength(32);

    const { rows } = await t.pool.query(
      'SELECT token_hash, expires_at, revoked_at FROM auth_tokens WHERE user_id = $1',
      [body.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash.equals(hashToken(body.token))).toBe(true);
    expect(rows[0].revoked_at).toBeNull();
    expect(rows[0].expires_at.getTime()).toBeGreaterThan(Date.now());
    expect((await client(t.app, body.token).get('/auth/me')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const { email } = await account();
    const unknown = await login(freshEmail(), PASSWORD);
    const wrong = await login(email, 'wrong-password-here');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('refuses a missing password with 422 naming it', async () => {
    const response = await anonymous().post('/auth/login', { email: freshEmail() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual(['is required']);
  });
});

describe('rate limiting', () => {
  it('answers 429 after 3 failed logins for one account, even with the right password, and not for others', async () => {
    const limited = await createTestApp({ limits: { ...defaultLimits, loginPerAccount: 3 } });
    try {
      const api = client(limited.app);
      const target = freshEmail();
      const other = freshEmail();
      for (const email of [target, other]) {
        expect(
          (await api.post('/auth/register', { name: 'Target', email, password: PASSWORD }))
            .statusCode,
        ).toBe(201);
        await grantRole(limited.pool, email, 'editor');
      }
      for (let i = 0; i < 3; i++) {
        expect(
          (await api.post('/auth/login', { email: target, password: `wrong-${i}-password` }))
            .statusCode,
        ).toBe(401);
      }
      const blocked = await api.post('/auth/login', { email: target, password: PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many attempts/);
      expect(await countRows(limited.pool, 'auth_tokens')).toBe(0);

      expect((await api.post('/auth/login', { email: other, password: PASSWORD })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('answers 429 to too many registrations from one address', async () => {
    const limited = await createTestApp({ limits: { ...defaultLimits, registerPerAddress: 2 } });
    try {
      const api = client(limited.app);
      for (let i = 0; i < 2; i++) {
        expect(
          (
            await api.post('/auth/register', {
              name: 'Many',
              email: freshEmail(),
              password: PASSWORD,
            })
          ).statusCode,
        ).toBe(201);
      }
      const blocked = await api.post('/auth/register', {
        name: 'Many',
        email: freshEmail(),
        password: PASSWORD,
      });
      expect(blocked.statusCode).toBe(429);
      expect(await countRows(limited.pool, 'users')).toBe(2);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    expect((await anonymous().get('/auth/me')).statusCode).toBe(401);
    expect((await client(t.app, 'not-a-real-token').get('/auth/me')).statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().message).toEqual(expect.any(String));
  });

  it('answers 401 once the token is past its absolute expiry', async () => {
    const { token, api } = await account();
    expect((await api.get('/auth/me')).statusCode).toBe(200);
    await t.pool.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [hashToken(token)],
    );
    expect((await api.get('/auth/me')).statusCode).toBe(401);
  });

  it('answers 401 once the token has been idle too long', async () => {
    const { token, api } = await account();
    await t.pool.query(
      "UPDATE auth_tokens SET last_used_at = now() - interval '400 days' WHERE token_hash = $1",
      [hashToken(token)],
    );
    expect((await api.get('/auth/me')).statusCode).toBe(401);
  });

  it('keeps a token in use alive and marks the user active', async () => {
    const { token, api, user } = await account();
    await t.pool.query(
      "UPDATE auth_tokens SET last_used_at = now() - interval '2 hours' WHERE token_hash = $1",
      [hashToken(token)],
    );
    expect((await api.get('/auth/me')).statusCode).toBe(200);
    const { rows } = await t.pool.query(
      `SELECT t.last_used_at > now() - interval '1 minute' AS fresh, u.last_active_at > now() - interval '1 minute' AS active
         FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
      [hashToken(token)],
    );
    expect(rows[0]).toEqual({ fresh: true, active: true });
    expect(user.role).toBe('admin');
  });
});

describe('roles', () => {
  it('refuses an app user at the console login, and answers its app session 403 on console calls', async () => {
    const email = freshEmail();
    const { id } = await insertUser(t.pool, {
      name: 'App User',
      email,
      role: 'user',
      password: 'app-user-password',
    });
    const refused = await login(email, 'app-user-password');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your account has no access to the console yet. Ask an administrator.',
    );
    expect(await countRows(t.pool, 'auth_tokens WHERE user_id = $1', [id])).toBe(0);

    const api = client(t.app, await appUserToken(t.pool, id));
    const forbidden = await api.get('/audit');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toEqual(expect.any(String));
    expect((await api.post('/condition', { name: 'Sneaky' })).statusCode).toBe(403);
    expect(await countRows(t.pool, "conditions WHERE name = 'Sneaky'")).toBe(0);

    const me = await api.get('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email, role: 'user' });
  });
});

describe('GET /auth/me', () => {
  it('answers the signed-in user', async () => {
    const { api, user, email } = await account();
    const me = await api.get('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: { ...user, email } });
    expect(me.body).not.toMatch(/scrypt|password/i);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token: the next call answers 401', async () => {
    const { api, token } = await account();
    const other = await login((await api.get('/auth/me')).json().data.email, PASSWORD);
    const response = await api.post('/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await api.get('/auth/me')).statusCode).toBe(401);
    expect((await api.post('/auth/logout')).statusCode).toBe(401);
    const { rows } = await t.pool.query(
      'SELECT revoked_at FROM auth_tokens WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
    // Only this session ends.
    expect((await client(t.app, other.json().token).get('/auth/me')).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await anonymous().post('/auth/logout')).statusCode).toBe(401);
  });
});

describe('PUT /auth/profile', () => {
  it('updates the name and e-mail', async () => {
    const { api, user } = await account();
    const email = freshEmail();
    const response = await api.put('/auth/profile', {
      name: ' Ada Lovelace ',
      email,
      current_password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile updated successfully');
    expect(response.json().data).toMatchObject({
      id: user.id,
      name: 'Ada Lovelace',
      email,
      role: 'admin',
    });
    const { rows } = await t.pool.query('SELECT name, email FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ name: 'Ada Lovelace', email });
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('keeps its own e-mail, and refuses one another account has with 422 errors.email', async () => {
    const { api, user, email } = await account();
    expect((await api.put('/auth/profile', { name: 'Same Mail', email })).statusCode).toBe(200);
    const { email: taken } = await account();
    const response = await api.put('/auth/profile', {
      name: 'Thief',
      email: taken.toUpperCase(),
      current_password: PASSWORD,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([expect.stringMatching(/already been taken/)]);
    const { rows } = await t.pool.query('SELECT name, email FROM users WHERE id = $1', [user.id]);
    expect(rows[0]).toEqual({ name: 'Same Mail', email });
  });

  it('refuses invalid fields with 422 and answers 401 without a token', async () => {
    const { api } = await account();
    const response = await api.put('/auth/profile', { name: '', email: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'name']);
    expect(
      (await anonymous().put('/auth/profile', { name: 'x', email: freshEmail() })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /auth/password', () => {
  it('changes the password, signs out other sessions and keeps this one', async () => {
    const { api, email, token } = await account();
    const otherSession = (await login(email, PASSWORD)).json().token;
    const response = await api.put('/auth/password', {
      current_password: PASSWORD,
      new_password: 'a-brand-new-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password updated successfully');

    expect((await api.get('/auth/me')).statusCode).toBe(200);
    expect((await client(t.app, otherSession).get('/auth/me')).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'a-brand-new-secret')).statusCode).toBe(200);
    const { rows } = await t.pool.query(
      'SELECT revoked_at FROM auth_tokens WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(rows[0].revoked_at).toBeNull();
  });

  it('refuses a wrong current password with 422 and keeps the old one', async () => {
    const { api, email } = await account();
    const response = await api.put('/auth/password', {
      current_password: 'not-my-password',
      new_password: 'another-new-secret',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('current_password');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect((await login(email, 'another-new-secret')).statusCode).toBe(401);
  });

  it('refuses a new password of 7 characters with 422 and answers 401 without a token', async () => {
    const { api, email } = await account();
    const response = await api.put('/auth/password', {
      current_password: PASSWORD,
      new_password: 'seven77',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('new_password');
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect(
      (
        await anonymous().put('/auth/password', {
          current_password: PASSWORD,
          new_password: 'whatever-else',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /auth/forgot-password', () => {
  it('answers the same for a known and an unknown e-mail, and stores a reset only for the known one', async () => {
    const { email, user } = await account();
    const before = await countRows(t.pool, 'password_resets');
    const known = await anonymous().post('/auth/forgot-password', { email });
    const unknown = await anonymous().post('/auth/forgot-password', { email: freshEmail() });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await countRows(t.pool, 'password_resets')).toBe(before + 1);
    const { rows } = await t.pool.query(
      'SELECT user_id, used_at, expires_at > now() AS live FROM password_resets WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ user_id: user.id, used_at: null, live: true }]);
  });

  it('refuses an invalid e-mail with 422 naming it', async () => {
    const response = await anonymous().post('/auth/forgot-password', { email: 'nobody' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('email');
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password once; a second use is a 422; old sessions end', async () => {
    const { email, user, api } = await account();
    const token = await resetToken(user.id);
    const response = await anonymous().post('/auth/reset-password', {
      token,
      password: 'reset-to-this-one',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await login(email, 'reset-to-this-one')).statusCode).toBe(200);
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await api.get('/auth/me')).statusCode).toBe(401);
    expect(
      await countRows(t.pool, 'password_resets WHERE user_id = $1 AND used_at IS NOT NULL', [
        user.id,
      ]),
    ).toBe(1);

    const again = await anonymous().post('/auth/reset-password', {
      token,
      password: 'and-then-this-one',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('token');
    expect((await login(email, 'reset-to-this-one')).statusCode).toBe(200);
  });

  it("uses up the account's other reset links too", async () => {
    const { email, user } = await account();
    const earlier = await resetToken(user.id);
    const later = await resetToken(user.id);
    const other = await account();
    const othersLink = await resetToken(other.user.id);
    expect(
      (await anonymous().post('/auth/reset-password', { token: later, password: 'reset-by-later' }))
        .statusCode,
    ).toBe(200);
    const stale = await anonymous().post('/auth/reset-password', {
      token: earlier,
      password: 'reset-by-earlier',
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors).toHaveProperty('token');
    expect((await login(email, 'reset-by-later')).statusCode).toBe(200);
    // Another account's link is untouched.
    expect(
      (
        await anonymous().post('/auth/reset-password', {
          token: othersLink,
          password: 'others-reset',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an expired token and an unknown one with 422', async () => {
    const { email, user } = await account();
    const expired = await resetToken(user.id, -1);
    const response = await anonymous().post('/auth/reset-password', {
      token: expired,
      password: 'too-late-password',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('token');
    const unknown = await anonymous().post('/auth/reset-password', {
      token: 'made-up-token',
      password: 'too-late-password',
    });
    expect(unknown.statusCode).toBe(422);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a password of 7 characters with 422 without using up the token', async () => {
    const { email, user } = await account();
    const token = await resetToken(user.id);
    const short = await anonymous().post('/auth/reset-password', { token, password: 'seven77' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toHaveProperty('password');
    expect(
      await countRows(t.pool, 'password_resets WHERE user_id = $1 AND used_at IS NULL', [user.id]),
    ).toBe(1);
    expect(
      (await anonymous().post('/auth/reset-password', { token, password: 'long-enough-now' }))
        .statusCode,
    ).toBe(200);
    expect((await login(email, 'long-enough-now')).statusCode).toBe(200);
  });
});

describe('signIn helper', () => {
  it('signs in an administrator that can use admin calls', async () => {
    const api = client(t.app, await signIn(t.app));
    expect((await api.get('/condition')).statusCode).toBe(200);
  });
});
