import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from './app';
import * as passwords from './auth/passwords';
import { hashToken } from './auth/tokens';
import { defaultLimits } from './config';
import { loadContract, routeDefinitions, type RouteDefinition } from './contract';
import { insertPasswordReset } from './repositories/accounts';
import { contractProblems, errorMessage } from './test/contract';
import {
  appUserToken,
  publishDraft,
  client,
  countRows,
  createTestApp,
  createTestDatabase,
  insertUser,
  signIn,
  testConfig,
  type TestApp,
} from './test/helpers';

// Every hash goes through a mock that calls the real one, so a test can count them (a module's
// exports cannot be spied on once compiled: they are read-only).
jest.mock('./auth/passwords', () => {
  const actual = jest.requireActual<typeof passwords>('./auth/passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});

/**
 * Security at the API: who may call what (every operation of the contract,
 * found from api/openapi.yaml so a new one is covered without touching this file), how sessions
 * end, what never reaches a log line or an answer, the login limits, and the reset links.
 * The browser half (CSP, markup in names) is e2e/security.test.ts.
 */

// ---------- the operations, from the contract ----------

const contract = loadContract();
const definitions = routeDefinitions(contract);
// The FHIR CapabilityStatement is open: FHIR clients read it before they sign in.
const PUBLIC_OPERATIONS = [
  'fhirCapabilities',
  'forgotPassword',
  'login',
  'register',
  'resetPassword',
];

interface ContractOperation {
  operationId: string;
  tags: string[];
  security?: unknown[];
  'x-roles'?: string[];
}

/** Every operation as the YAML states it, read independently of contract.ts's own flags. */
const rawOperations: ContractOperation[] = Object.values(contract.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([key]) => key !== 'parameters')
    .map(([, op]) => op as unknown as ContractOperation),
);
const definition = (operationId: string): RouteDefinition => {
  const found = definitions.get(operationId);
  if (!found) throw new Error(`${operationId} is not in routeDefinitions`);
  return found;
};

const isPublic = (op: ContractOperation) => Array.isArray(op.security) && op.security.length === 0;
const openToUsers = (op: ContractOperation) => (op['x-roles'] ?? []).includes('user');

/** Every operation that needs a token (all but login, register, forgot and reset password). */
const guarded = rawOperations.filter((op) => !isPublic(op)).map((op) => definition(op.operationId));
/** Console operations: those whose x-roles do not name `user` (roles.test.ts covers each role). */
const adminOnly = rawOperations
  .filter((op) => !isPublic(op) && !openToUsers(op))
  .map((op) => definition(op.operationId));
/** Operations any signed-in account may call; logout last, as it ends the session. */
const forUsers = rawOperations
  .filter((op) => !isPublic(op) && openToUsers(op))
  .map((op) => definition(op.operationId))
  .sort((a, b) => Number(a.operationId === 'logout') - Number(b.operationId === 'logout'));

const urlOf = (op: RouteDefinition) => `/api/v1${op.url.replace(/:\w+/g, '1')}`;

/** Calls `op` with the given Authorization header (none when undefined), as a client would. */
function callOperation(app: FastifyInstance, op: RouteDefinition, authorization?: string) {
  return app.inject({
    method: op.method,
    url: urlOf(op),
    headers: authorization === undefined ? {} : { authorization },
    // A body where the operation takes one, so the call looks like a real attempt.
    ...(op.mediaTypes.length > 0 ? { payload: {} } : {}),
  });
}

/** Calls every operation in `ops` and answers a line for each answer that is not `status` with a message. */
async function answersOtherThan(
  app: FastifyInstance,
  ops: RouteDefinition[],
  status: number,
  authorization?: string,
): Promise<string[]> {
  const problems: string[] = [];
  for (const op of ops) {
    const response = await callOperation(app, op, authorization);
    const body: unknown = response.json();
    // The API's `message`, or a FHIR OperationOutcome's diagnostics (FHIR answers errors so).
    const message = errorMessage(body);
    const contractIssues = contractProblems(op.method, urlOf(op), response.statusCode, body);
    if (
      response.statusCode !== status ||
      !/^application\/(fhir\+)?json/.test(String(response.headers['content-type'])) ||
      typeof message !== 'string' ||
      message.length === 0 ||
      contractIssues.length > 0
    ) {
      problems.push(
        `${op.operationId} (${op.method} ${op.url}): ${response.statusCode} ${response.body} ${contractIssues.join('; ')}`,
      );
    }
  }
  return problems;
}

// ---------- shared fixtures ----------

let t: TestApp;
const PASSWORD = 'correct-horse-battery';
let emails = 0;
const freshEmail = () => `sec${++emails}-${randomBytes(3).toString('hex')}@example.com`;

async function loginAs(app: FastifyInstance, email: string, password: string) {
  const response = await client(app).post('/auth/login', { email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string; user: { id: number } }>();
}

/**
 * An app user (role `user`, as the app's users are: never registered through the console) with
 * a session from the app: the console's login refuses them.
 */
async function appUser(pool: TestApp['pool']) {
  const email = freshEmail();
  const { id } = await insertUser(pool, { role: 'user', email, password: PASSWORD });
  // App users read the latest release: the test's data, made in the draft, is published first.
  await publishDraft(pool);
  return { id, email, token: await appUserToken(pool, id) };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the operations under test come from the contract', () => {
  it('has exactly the five public operations, and every other one is routed and guarded', () => {
    expect(
      rawOperations
        .filter(isPublic)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(PUBLIC_OPERATIONS);
    expect(guarded).toHaveLength(definitions.size - PUBLIC_OPERATIONS.length);
    for (const op of guarded) {
      expect({
        op: op.operationId,
        routed: t.app.hasRoute({ method: op.method, url: `/api/v1${op.url}` }),
      }).toEqual({
        op: op.operationId,
        routed: true,
      });
    }
    // contract.ts's own flags (what the guard reads) agree with the YAML as read here.
    expect(guarded.every((op) => !op.isPublic)).toBe(true);
    expect(adminOnly.every((op) => !op.roles.includes('user'))).toBe(true);
    expect(forUsers.every((op) => op.roles.includes('user'))).toBe(true);
    expect(forUsers.map((op) => op.operationId).sort()).toEqual(
      [
        'changePassword',
        'endOtherSessions',
        'getMe',
        'listMySessions',
        'logout',
        'safetyCheck',
        'updateProfile',
        // The reference data, which app users read as published (the latest release).
        ...guarded
          .filter((op) => op.method === 'GET' && op.readsRelease)
          .map((op) => op.operationId)
          .filter((id) => id !== 'getMedicationDependents'),
      ].sort(),
    );
  });
});

// ---------- 1. no token, a malformed token, an expired one, a revoked one: 401 everywhere ----------

describe('every operation but the public ones answers 401 with a message', () => {
  let live: string;
  beforeAll(async () => {
    live = await signIn(t.app);
  });

  it('answers a live administrator token with neither 401 nor 403 (the control)', async () => {
    const problems: string[] = [];
    // Logout, and ending account 1's sessions (this administrator's), would end this session.
    const ending = ['logout', 'endAccountSessions'];
    // The CDS Hooks service takes API clients' secrets only, never a session: its own tests
    // (server/cds-hooks) show a session refused there.
    const forClients = (o: (typeof guarded)[number]) => o.roles.every((r) => r === 'api_client');
    for (const op of guarded.filter((o) => !ending.includes(o.operationId) && !forClients(o))) {
      const response = await callOperation(t.app, op, `Bearer ${live}`);
      if (response.statusCode === 401 || response.statusCode === 403)
        problems.push(`${op.operationId}: ${response.statusCode} ${response.body}`);
    }
    expect(problems).toEqual([]);
    const throwaway = await signIn(t.app);
    expect(
      (await callOperation(t.app, definition('logout'), `Bearer ${throwaway}`)).statusCode,
    ).toBe(200);
  });

  const flipped = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

  it.each<[string, () => string | undefined]>([
    ['no Authorization header', () => undefined],
    ['an empty Authorization header', () => ''],
    ['the Bearer scheme without a token', () => 'Bearer'],
    ['the Bearer scheme and a blank', () => 'Bearer    '],
    [
      'Basic credentials',
      () => `Basic ${Buffer.from(`someone@example.com:${PASSWORD}`).toString('base64')}`,
    ],
    ['a token that was never issued', () => `Bearer ${randomBytes(32).toString('base64url')}`],
    ['a live token without the Bearer scheme', () => live],
    ['a live token with its last character changed', () => `Bearer ${flipped(live)}`],
    ['a live token followed by another word', () => `Bearer ${live} ${live}`],
    ['a live token run into 200 more characters', () => `Bearer ${live}${'a'.repeat(200)}`],
    ['the stored SHA-256 of a live token (hex)', () => `Bearer ${hashToken(live).toString('hex')}`],
    [
      'the stored SHA-256 of a live token (base64url)',
      () => `Bearer ${hashToken(live).toString('base64url')}`,
    ],
  ])('with %s', async (_what, header) => {
    expect(await answersOtherThan(t.app, guarded, 401, header())).toEqual([]);
    // The live token itself still works: the refusals were for the header, not the account.
    expect((await client(t.app, live).get('/auth/me')).statusCode).toBe(200);
  });

  /** A fresh administrator session: its token and the hash its row is found by. */
  async function session() {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD });
    return { token, email, hash: hashToken(token) };
  }
  const works = async (token: string) =>
    (await client(t.app, token).get('/auth/me')).statusCode === 200;

  it('with a token past its absolute expiry (expires_at), while one a minute short of it still works', async () => {
    const expired = await session();
    const nearly = await session();
    await t.pool.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
      [expired.hash],
    );
    await t.pool.query(
      "UPDATE auth_tokens SET expires_at = now() + interval '1 minute' WHERE token_hash = $1",
      [nearly.hash],
    );
    expect(await answersOtherThan(t.app, guarded, 401, `Bearer ${expired.token}`)).toEqual([]);
    expect(await works(nearly.token)).toBe(true);
  });

  it('with a token idle for longer than TOKEN_IDLE_HOURS, while one a minute short of it still works', async () => {
    const idleHours = t.app.config.tokenIdleHours;
    const idle = await session();
    const nearly = await session();
    await t.pool.query(
      `UPDATE auth_tokens SET last_used_at = now() - make_interval(hours => $2) - interval '1 minute'
        WHERE token_hash = $1`,
      [idle.hash, idleHours],
    );
    await t.pool.query(
      `UPDATE auth_tokens SET last_used_at = now() - make_interval(hours => $2) + interval '1 minute'
        WHERE token_hash = $1`,
      [nearly.hash, idleHours],
    );
    expect(await answersOtherThan(t.app, guarded, 401, `Bearer ${idle.token}`)).toEqual([]);
    // Refused calls do not count as use: the idle token stays dead.
    const { rows } = await t.pool.query(
      `SELECT last_used_at < now() - make_interval(hours => $2) AS still_idle FROM auth_tokens WHERE token_hash = $1`,
      [idle.hash, idleHours],
    );
    expect(rows).toEqual([{ still_idle: true }]);
    expect(await works(nearly.token)).toBe(true);
  });

  it('with a token revoked by logout', async () => {
    const { token } = await session();
    expect((await client(t.app, token).post('/auth/logout')).statusCode).toBe(200);
    expect(await answersOtherThan(t.app, guarded, 401, `Bearer ${token}`)).toEqual([]);
  });

  it('with a token signed out by a password change made in another session', async () => {
    const { token, email } = await session();
    const other = (await loginAs(t.app, email, PASSWORD)).token;
    const changed = await client(t.app, other).put('/auth/password', {
      current_password: PASSWORD,
      new_password: 'another-long-password',
    });
    expect(changed.statusCode).toBe(200);
    expect(await answersOtherThan(t.app, guarded, 401, `Bearer ${token}`)).toEqual([]);
    expect(await works(other)).toBe(true);
  });

  it('with a token signed out by a password reset', async () => {
    const { token, email } = await session();
    const { rows } = await t.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    const reset = randomBytes(32).toString('base64url');
    await insertPasswordReset(t.pool, rows[0].id, hashToken(reset), 30);
    const response = await client(t.app).post('/auth/reset-password', {
      token: reset,
      password: 'a-password-after-reset',
    });
    expect(response.statusCode).toBe(200);
    expect(await answersOtherThan(t.app, guarded, 401, `Bearer ${token}`)).toEqual([]);
    // A reset link is not a session either.
    expect(await answersOtherThan(t.app, guarded, 401, `Bearer ${reset}`)).toEqual([]);
  });
});

// ---------- 2. an app user: 403 on every admin operation, allowed on the ones open to users ----------

describe('an app user (role user)', () => {
  let user: { id: number; email: string; token: string };
  let medicationId: number;

  beforeAll(async () => {
    const admin = client(t.app, await signIn(t.app));
    const condition = await admin.post('/condition', {
      name: `Security condition ${randomBytes(3).toString('hex')}`,
    });
    const medication = await admin.post('/medication', {
      name: `Security medication ${randomBytes(3).toString('hex')}`,
      condition_id: condition.json().data.id,
      is_dosage_weight_based: false,
    });
    expect(medication.statusCode).toBe(201);
    medicationId = medication.json().data.id;
    user = await appUser(t.pool);
  });

  it('gets 403 with a message from every administrator operation, and stays signed in', async () => {
    expect(adminOnly.length).toBeGreaterThan(40);
    expect(await answersOtherThan(t.app, adminOnly, 403, `Bearer ${user.token}`)).toEqual([]);
    expect((await client(t.app, user.token).get('/auth/me')).statusCode).toBe(200);
  });

  it('changes nothing through an administrator operation, even with a valid body', async () => {
    const api = client(t.app, user.token);
    const before = await countRows(t.pool, 'conditions');
    expect((await api.post('/condition', { name: 'Made by an app user' })).statusCode).toBe(403);
    expect(
      (
        await api.put('/medication/update-medication', {
          id: medicationId,
          name: 'Renamed by a user',
        })
      ).statusCode,
    ).toBe(403);
    expect((await api.delete(`/medications/${medicationId}`)).statusCode).toBe(403);
    expect(await countRows(t.pool, 'conditions')).toBe(before);
    expect(
      await countRows(t.pool, 'medications WHERE id = $1 AND name LIKE $2', [
        medicationId,
        'Security medication%',
      ]),
    ).toBe(1);
  });

  it('is let through (neither 401 nor 403) by every operation open to users', async () => {
    const own = await appUser(t.pool);
    const problems: string[] = [];
    for (const op of forUsers) {
      const response = await callOperation(t.app, op, `Bearer ${own.token}`);
      if (response.statusCode === 401 || response.statusCode === 403)
        problems.push(`${op.operationId}: ${response.statusCode} ${response.body}`);
    }
    expect(problems).toEqual([]);
  });

  it('looks a medication up and runs a safety check (200), as the app does', async () => {
    const api = client(t.app, user.token);
    const read = await api.get(`/medication/${medicationId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.id).toBe(medicationId);
    const check = await api.post('/safety-check', { medication_ids: [medicationId] });
    expect(check.statusCode).toBe(200);
    expect(
      (await api.put('/auth/profile', { name: 'Renamed App User', email: user.email })).statusCode,
    ).toBe(200);
  });

  it('loses administrator rights at once when demoted: the role is read on every call, not kept in the token', async () => {
    const email = freshEmail();
    const token = await signIn(t.app, { email, password: PASSWORD });
    const api = client(t.app, token);
    expect((await api.get('/audit')).statusCode).toBe(200);
    await t.pool.query("UPDATE users SET role = 'user' WHERE email = $1", [email]);
    expect((await api.get('/audit')).statusCode).toBe(403);
    // What app users may read, it reads as they do: the latest release, never the draft.
    expect((await api.get('/condition?release=draft')).statusCode).toBe(403);
    expect((await api.get('/auth/me')).json().data.role).toBe('user');
  });
});

// ---------- 3. logout revokes ----------

describe('logout', () => {
  it('revokes only that token, for an app user too; a new session gives a new token and the old one stays dead', async () => {
    const user = await appUser(t.pool);
    const second = await appUserToken(t.pool, user.id);
    const api = client(t.app, user.token);
    expect((await api.get(`/auth/me`)).statusCode).toBe(200);
    expect((await api.post('/auth/logout')).statusCode).toBe(200);
    expect((await api.get('/auth/me')).statusCode).toBe(401);
    expect((await api.post('/safety-check', { medication_ids: [1] })).statusCode).toBe(401);

    const again = await appUserToken(t.pool, user.id);
    expect(again).not.toBe(user.token);
    expect((await client(t.app, again).get('/auth/me')).statusCode).toBe(200);
    expect((await client(t.app, second).get('/auth/me')).statusCode).toBe(200);
    expect((await api.get('/auth/me')).statusCode).toBe(401);
    const { rows } = await t.pool.query(
      'SELECT revoked_at IS NOT NULL AS revoked FROM auth_tokens WHERE token_hash = $1',
      [hashToken(user.token)],
    );
    expect(rows).toEqual([{ revoked: true }]);
  });
});

// ---------- 4 and 6: what the log and the answers hold; the reset link ----------

interface LoggedApp {
  app: FastifyInstance;
  pool: TestApp['pool'];
  lines: string[];
  close(): Promise<void>;
}

/**
 * An app whose Fastify log is captured line by line, at `trace` and without the production
 * redaction (server/index.ts redacts authorization, password and token): whatever a secret
 * could reach here, production's stricter logger would hold too.
 */
async function createLoggedApp(): Promise<LoggedApp> {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  // Reset links go to the log only where asked for (LOG_RESET_LINKS=1): these tests read them there.
  const app = await buildApp(database.pool, testConfig({ logResetLinks: true }), {
    logger: { level: 'trace', stream },
  });
  await app.ready();
  return {
    app,
    pool: database.pool,
    lines,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

const resetLinkLines = (lines: string[]) =>
  lines.filter((line) => (JSON.parse(line) as { resetLink?: string }).resetLink !== undefined);

/** The token of the newest reset link in the log (there is no mail server: the log is the mail). */
function newestResetToken(lines: string[]): string {
  const links = resetLinkLines(lines).map(
    (line) => (JSON.parse(line) as { resetLink: string }).resetLink,
  );
  const match = /^\/reset-password\?token=([\w-]+)$/.exec(links.at(-1) ?? '');
  if (!match) throw new Error(`no reset link in the log:\n${lines.join('\n')}`);
  return match[1];
}

describe('secrets in logs and answers', () => {
  let logged: LoggedApp;
  beforeAll(async () => {
    logged = await createLoggedApp();
  });
  afterAll(() => logged?.close());

  it('never puts a password, a session token or a hash of one in a log line or an answer (but the login answer its own token)', async () => {
    const answers: { what: string; text: string; token?: string }[] = [];
    /** Sends one request, checks its answer against the contract, and keeps the answer. */
    async function send(
      what: string,
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      bearer?: string,
    ) {
      const response = await logged.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        ...(payload ? { payload } : {}),
      });
      const problems = contractProblems(
        method,
        `/api/v1${url}`,
        response.statusCode,
        response.json(),
      );
      expect({ what, problems }).toEqual({ what, problems: [] });
      const token = (response.json() as { token?: string }).token;
      answers.push({ what, text: `${JSON.stringify(response.headers)}\n${response.body}`, token });
      return response;
    }
    const status = async (...args: Parameters<typeof send>) => (await send(...args)).statusCode;
    const tokenOf = async (...args: Parameters<typeof send>) => {
      const response = await send(...args);
      expect(response.statusCode).toBe(200);
      return response.json<{ token: string }>().token;
    };

    const email = freshEmail();
    const unique = () => `Pw${randomBytes(9).toString('hex')}`;
    const passwords = {
      registered: unique(),
      wrongAtLogin: unique(),
      unknownAccount: unique(),
      wrongCurrent: unique(),
      changed: unique(),
      reset: unique(),
      tooLong: `${unique()}${'x'.repeat(120)}`,
    };

    const body = (password: string) => ({ name: 'Log Watcher', email, password });
    expect(await status('register', 'POST', '/auth/register', body(passwords.registered))).toBe(
      201,
    );
    expect(
      await status('register, a password too long', 'POST', '/auth/register', {
        ...body(passwords.tooLong),
        email: freshEmail(),
      }),
    ).toBe(422);
    const firstToken = await tokenOf('login', 'POST', '/auth/login', {
      email,
      password: passwords.registered,
    });
    expect(await status('me', 'GET', '/auth/me', undefined, firstToken)).toBe(200);
    expect(
      await status('failing login: wrong password', 'POST', '/auth/login', {
        email,
        password: passwords.wrongAtLogin,
      }),
    ).toBe(401);
    expect(
      await status('failing login: unknown account', 'POST', '/auth/login', {
        email: freshEmail(),
        password: passwords.unknownAccount,
      }),
    ).toBe(401);
    expect(
      await status(
        'change password: a wrong current one',
        'PUT',
        '/auth/password',
        { current_password: passwords.wrongCurrent, new_password: passwords.changed },
        firstToken,
      ),
    ).toBe(422);
    expect(
      await status(
        'change password',
        'PUT',
        '/auth/password',
        { current_password: passwords.registered, new_password: passwords.changed },
        firstToken,
      ),
    ).toBe(200);
    const secondToken = await tokenOf('login after the change', 'POST', '/auth/login', {
      email,
      password: passwords.changed,
    });
    expect(await status('forgot password', 'POST', '/auth/forgot-password', { email })).toBe(200);
    const resetToken = newestResetToken(logged.lines);
    const resetBody = { token: resetToken, password: passwords.reset };
    expect(await status('reset password', 'POST', '/auth/reset-password', resetBody)).toBe(200);
    expect(await status('reset password again', 'POST', '/auth/reset-password', resetBody)).toBe(
      422,
    );
    expect(
      await status('me, signed out by the reset', 'GET', '/auth/me', undefined, secondToken),
    ).toBe(401);
    const thirdToken = await tokenOf('login after the reset', 'POST', '/auth/login', {
      email,
      password: passwords.reset,
    });
    expect(await status('logout', 'POST', '/auth/logout', undefined, thirdToken)).toBe(200);

    const { rows } = await logged.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    const sessionTokens = [firstToken, secondToken, thirdToken];
    const secrets: Record<string, string> = {
      ...Object.fromEntries(Object.entries(passwords).map(([k, v]) => [`password ${k}`, v])),
      ...Object.fromEntries(sessionTokens.map((token, i) => [`session token ${i + 1}`, token])),
      ...Object.fromEntries(
        sessionTokens.flatMap((token, i) => [
          [`session token ${i + 1} hash (hex)`, hashToken(token).toString('hex')],
          [`session token ${i + 1} hash (base64)`, hashToken(token).toString('base64')],
        ]),
      ),
      'stored password hash': rows[0].password_hash,
      'stored password hash, key part': rows[0].password_hash.split('$').at(-1) as string,
      'reset token hash (hex)': hashToken(resetToken).toString('hex'),
    };

    // The capture works: every request is logged, and the reset link is.
    expect(logged.lines.filter((line) => line.includes('incoming request')).length).toBe(
      answers.length,
    );
    expect(resetLinkLines(logged.lines)).toHaveLength(1);

    const leaks: string[] = [];
    for (const [name, secret] of Object.entries(secrets)) {
      logged.lines.forEach((line, i) => {
        if (line.includes(secret)) leaks.push(`${name} in log line ${i}: ${line}`);
      });
      for (const answer of answers) {
        if (answer.text.includes(secret) && answer.token !== secret)
          leaks.push(`${name} in the answer to ${answer.what}: ${answer.text}`);
      }
    }
    // No password hash at all, of any password at any time (scrypt$cost$r$p$salt$key).
    const scrypt = /scrypt\$\d+\$/;
    logged.lines.forEach((line, i) => {
      if (scrypt.test(line)) leaks.push(`a password hash in log line ${i}: ${line}`);
    });
    for (const answer of answers)
      if (scrypt.test(answer.text)) leaks.push(`a password hash in the answer to ${answer.what}`);
    // The reset token is delivered by the log (there is no mail server), in that one line only;
    // it is never in an answer, nor in the log of the request that uses it.
    logged.lines.forEach((line, i) => {
      if (line.includes(resetToken) && !line.includes('"resetLink"'))
        leaks.push(`reset token in log line ${i}: ${line}`);
    });
    for (const answer of answers)
      if (answer.text.includes(resetToken))
        leaks.push(`reset token in the answer to ${answer.what}`);
    expect(leaks).toEqual([]);

    // Each login answer holds its own token (so the exception above was needed, and only there).
    expect(answers.filter((a) => a.token).map((a) => a.what)).toEqual([
      'login',
      'login after the change',
      'login after the reset',
    ]);
  });

  // ---------- 6. a reset link works once and expires ----------

  describe('a reset link, as delivered in the log', () => {
    const forgot = (email: string) =>
      logged.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email },
      });
    const reset = (token: string, password: string) =>
      logged.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token, password },
      });
    const canLogin = async (email: string, password: string) =>
      (
        await logged.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password },
        })
      ).statusCode === 200;

    // Every request here comes from one address: each test starts with its allowance of resets.
    beforeEach(() => logged.pool.query("DELETE FROM auth_attempts WHERE key LIKE 'reset:%'"));

    async function accountWithLink() {
      const email = freshEmail();
      const token = await signIn(logged.app, { email, password: PASSWORD });
      expect((await forgot(email)).statusCode).toBe(200);
      return { email, token, link: newestResetToken(logged.lines) };
    }

    it('is stored only as its SHA-256, for 30 minutes, and none is made for an unknown e-mail', async () => {
      const before = resetLinkLines(logged.lines).length;
      const { email, link } = await accountWithLink();
      const { rows } = await logged.pool.query(
        `SELECT r.token_hash, r.used_at, extract(epoch FROM r.expires_at - r.created_at)::int AS seconds
           FROM password_resets r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash.equals(hashToken(link))).toBe(true);
      expect(rows[0].seconds).toBe(30 * 60);
      expect(rows[0].used_at).toBeNull();
      expect(
        await countRows(
          logged.pool,
          'password_resets WHERE position($1::bytea IN token_hash) > 0',
          [Buffer.from(link)],
        ),
      ).toBe(0);

      expect((await forgot(freshEmail())).statusCode).toBe(200);
      expect(resetLinkLines(logged.lines)).toHaveLength(before + 1);
    });

    it('works once: a second use is refused and keeps the password the first one set', async () => {
      const { email, link } = await accountWithLink();
      expect((await reset(link, 'first-use-password')).statusCode).toBe(200);
      const again = await reset(link, 'second-use-password');
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toHaveProperty('token');
      expect(await canLogin(email, 'first-use-password')).toBe(true);
      expect(await canLogin(email, 'second-use-password')).toBe(false);
    });

    it('expires: once past expires_at it is refused and changes nothing; a minute before, it works', async () => {
      const expired = await accountWithLink();
      await logged.pool.query(
        "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
        [hashToken(expired.link)],
      );
      const refused = await reset(expired.link, 'too-late-password');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toHaveProperty('token');
      expect(await canLogin(expired.email, PASSWORD)).toBe(true);
      expect(await canLogin(expired.email, 'too-late-password')).toBe(false);
      // The session the link would have ended goes on.
      expect((await client(logged.app, expired.token).get('/auth/me')).statusCode).toBe(200);

      const nearly = await accountWithLink();
      await logged.pool.query(
        "UPDATE password_resets SET expires_at = now() + interval '1 minute' WHERE token_hash = $1",
        [hashToken(nearly.link)],
      );
      expect((await reset(nearly.link, 'just-in-time-password')).statusCode).toBe(200);
      expect(await canLogin(nearly.email, 'just-in-time-password')).toBe(true);
    });

    it('names the account it opens in its log line', async () => {
      const { email } = await accountWithLink();
      const line = JSON.parse(resetLinkLines(logged.lines).at(-1) as string) as { userId: number };
      const { rows } = await logged.pool.query('SELECT id FROM users WHERE email = $1', [email]);
      expect(line.userId).toBe(rows[0].id);
    });

    it('is used up by a password change, like every other outstanding link of the account', async () => {
      const { email, token, link } = await accountWithLink();
      expect((await forgot(email)).statusCode).toBe(200);
      const second = newestResetToken(logged.lines);
      const change = await client(logged.app, token).put('/auth/password', {
        current_password: PASSWORD,
        new_password: 'changed-by-owner',
      });
      expect(change.statusCode).toBe(200);
      for (const used of [link, second]) {
        const refused = await reset(used, 'taken-over-password');
        expect(refused.statusCode).toBe(422);
        expect(refused.json().errors).toHaveProperty('token');
      }
      expect(await canLogin(email, 'changed-by-owner')).toBe(true);
      expect(await canLogin(email, 'taken-over-password')).toBe(false);
    });

    it('is looked up before any password is hashed: an unknown, used or expired link costs no hash', async () => {
      const { link } = await accountWithLink();
      const hashing = jest.mocked(passwords.hashPassword);
      hashing.mockClear();
      try {
        expect(
          (await reset(randomBytes(32).toString('base64url'), 'guess-password')).statusCode,
        ).toBe(422);
        expect(hashing).not.toHaveBeenCalled();
        expect((await reset(link, 'the-first-new-password')).statusCode).toBe(200);
        expect(hashing).toHaveBeenCalledTimes(1);
        expect((await reset(link, 'the-second-new-password')).statusCode).toBe(422);
        expect(hashing).toHaveBeenCalledTimes(1);
      } finally {
        hashing.mockClear();
      }
    });

    it('is deleted once expired, when the next link is asked for; unexpired links stay', async () => {
      const expired = await accountWithLink();
      const current = await accountWithLink();
      await logged.pool.query(
        "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
        [hashToken(expired.link)],
      );
      await accountWithLink();
      expect(
        await countRows(logged.pool, 'password_resets WHERE token_hash = $1', [
          hashToken(expired.link),
        ]),
      ).toBe(0);
      expect(await countRows(logged.pool, 'password_resets WHERE expires_at < now()')).toBe(0);
      expect((await reset(current.link, 'still-valid-link-pw')).statusCode).toBe(200);
    });

    it('is not a session token, and a session token is not a reset link', async () => {
      const { email, token, link } = await accountWithLink();
      expect((await client(logged.app, link).get('/auth/me')).statusCode).toBe(401);
      const refused = await reset(token, 'session-as-reset-link');
      expect(refused.statusCode).toBe(422);
      expect(await canLogin(email, PASSWORD)).toBe(true);
      // The link itself is still good after both attempts.
      expect((await reset(link, 'the-real-reset-pass')).statusCode).toBe(200);
    });
  });
});

describe('stored sessions and password hashes', () => {
  it('deletes tokens past their expiry or idle too long at the next sign-in, revoked ones included, and keeps live ones', async () => {
    const email = freshEmail();
    await insertUser(t.pool, { email, role: 'admin', password: PASSWORD });
    const live = await loginAs(t.app, email, PASSWORD);
    const expired = await loginAs(t.app, email, PASSWORD);
    const idle = await loginAs(t.app, email, PASSWORD);
    const revoked = await loginAs(t.app, email, PASSWORD);
    await client(t.app, revoked.token).post('/auth/logout');
    await t.pool.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ANY($1)",
      [[hashToken(expired.token), hashToken(revoked.token)]],
    );
    await t.pool.query(
      `UPDATE auth_tokens SET last_used_at = now() - make_interval(hours => $2) - interval '1 minute'
        WHERE token_hash = $1`,
      [hashToken(idle.token), testConfig().tokenIdleHours],
    );
    await loginAs(t.app, email, PASSWORD);
    const left = async (token: string) =>
      countRows(t.pool, 'auth_tokens WHERE token_hash = $1', [hashToken(token)]);
    expect([await left(expired.token), await left(idle.token), await left(revoked.token)]).toEqual([
      0, 0, 0,
    ]);
    expect(await left(live.token)).toBe(1);
    expect((await client(t.app, live.token).get('/auth/me')).statusCode).toBe(200);
  });

  it('redoes a hash made below PASSWORD_HASH_COST at the next successful sign-in, never after a failed one, and never lowers one', async () => {
    const cost = testConfig().passwordCost;
    const stored = async (email: string) =>
      (await t.pool.query('SELECT password_hash FROM users WHERE email = $1', [email])).rows[0]
        .password_hash as string;
    const insertWithCost = async (hashCost: number) => {
      const email = freshEmail();
      await t.pool.query(
        "INSERT INTO users (name, email, password_hash, role) VALUES ('Old Hash', $1, $2, 'admin')",
        [email, await passwords.hashPassword(PASSWORD, hashCost)],
      );
      return email;
    };
    const cheap = await insertWithCost(cost - 2);
    const before = await stored(cheap);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: cheap, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await stored(cheap)).toBe(before);
    await loginAs(t.app, cheap, PASSWORD);
    const after = await stored(cheap);
    expect(after.split('$')[1]).toBe(String(cost));
    expect(after).not.toBe(before);
    expect(await passwords.verifyPassword(PASSWORD, after)).toBe(true);
    await loginAs(t.app, cheap, PASSWORD);
    expect(await stored(cheap)).toBe(after);

    const dear = await insertWithCost(cost + 1);
    const dearHash = await stored(dear);
    await loginAs(t.app, dear, PASSWORD);
    expect(await stored(dear)).toBe(dearHash);
  });
});

describe('TRUST_PROXY', () => {
  /** The address a failed login was counted under, as the rate limits see it. */
  async function countedAddress(
    trustProxy: false | number | string[],
    remoteAddress: string,
    forwardedFor?: string,
  ) {
    const database = await createTestDatabase();
    const app = await buildApp(database.pool, testConfig({ trustProxy }));
    try {
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        payload: { email: freshEmail(), password: 'a-wrong-password' },
      });
      const { rows } = await database.pool.query<{ key: string }>(
        "SELECT key FROM auth_attempts WHERE key LIKE 'login:ip:%'",
      );
      return rows.map((row) => row.key.replace('login:ip:', ''));
    } finally {
      await app.close();
      await database.drop();
    }
  }

  it('counts the connecting address when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
    expect(await countedAddress(false, '192.0.2.9', '203.0.113.1')).toEqual(['192.0.2.9']);
  });

  it('with a hop count, takes that many proxies off the end of X-Forwarded-For, and no more', async () => {
    expect(await countedAddress(1, '10.0.0.1', '203.0.113.1, 198.51.100.2')).toEqual([
      '198.51.100.2',
    ]);
    expect(await countedAddress(2, '10.0.0.1', '203.0.113.1, 198.51.100.2')).toEqual([
      '203.0.113.1',
    ]);
  });

  it('with a list, believes X-Forwarded-For only from the listed proxies, and counts IPv6 by /64', async () => {
    expect(await countedAddress(['10.0.0.0/8'], '10.0.0.1', '2001:db8:5:6::42')).toEqual([
      '2001:db8:5:6::/64',
    ]);
    expect(await countedAddress(['10.0.0.0/8'], '192.0.2.7', '203.0.113.1')).toEqual(['192.0.2.7']);
  });
});

// ---------- 5. login limits ----------

describe('login limits', () => {
  let limited: TestApp;
  const limits = {
    ...defaultLimits,
    loginPerAccount: 3,
    loginPerDevice: 3,
    loginDelayMaxSeconds: 8,
    loginPerAddress: 5,
  };
  beforeAll(async () => {
    limited = await createTestApp({ limits });
  });
  afterAll(() => limited?.close());

  /** A login from `address`, checked against the contract. */
  async function loginFrom(address: string, email: string, password: string) {
    const response = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: address,
      payload: { email, password },
    });
    expect(
      contractProblems('POST', '/api/v1/auth/login', response.statusCode, response.json()),
    ).toEqual([]);
    return response;
  }
  async function registered() {
    const email = freshEmail();
    await insertUser(limited.pool, { email, role: 'admin', password: PASSWORD });
    return email;
  }
  const tooMany = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/too many attempts/i);
  };

  it('per address: after loginPerAddress failures on different accounts, even a right password from there is 429, and another address is unaffected', async () => {
    const address = '203.0.113.10';
    const victim = await registered();
    for (let i = 0; i < limits.loginPerAddress; i++) {
      const email = i % 2 ? await registered() : freshEmail();
      expect((await loginFrom(address, email, `guess-${i}-password`)).statusCode).toBe(401);
    }
    const tokensBefore = await countRows(limited.pool, 'auth_tokens');
    tooMany(await loginFrom(address, victim, PASSWORD));
    tooMany(await loginFrom(address, freshEmail(), PASSWORD));
    expect(await countRows(limited.pool, 'auth_tokens')).toBe(tokensBefore);
    expect((await loginFrom('203.0.113.11', victim, PASSWORD)).statusCode).toBe(200);
  });

  it('per account: failures from many addresses add up, the case of the e-mail does not help, and other accounts are unaffected', async () => {
    const victim = await registered();
    const bystander = await registered();
    for (let i = 0; i < limits.loginPerAccount; i++) {
      expect(
        (
          await loginFrom(
            `198.51.100.${i + 1}`,
            i === 1 ? victim.toUpperCase() : victim,
            `guess-${i}-password`,
          )
        ).statusCode,
      ).toBe(401);
    }
    // Past loginPerAccount failures, the next attempt without a device cookie waits, even with the
    // right password, from any address.
    tooMany(await loginFrom('198.51.100.1', victim, PASSWORD));
    tooMany(await loginFrom('198.51.100.2', victim.toUpperCase(), PASSWORD));
    expect((await loginFrom('198.51.100.1', bystander, PASSWORD)).statusCode).toBe(200);
  });

  it("cannot be used to lock an administrator out: with the default limits, the attacker's guesses wait ever longer while the owner's browser (its device cookie) signs in at once", async () => {
    const owner = freshEmail();
    await insertUser(t.pool, { email: owner, role: 'admin', password: PASSWORD });
    const attempt = (address: string, password: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: address,
        headers: cookie ? { cookie } : {},
        payload: { email: owner, password },
      });
    const signedIn = await attempt('198.51.100.77', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
    const attacker = '203.0.113.66';
    const statuses = [];
    for (let i = 0; i <= defaultLimits.loginPerAccount; i++)
      statuses.push((await attempt(attacker, `guess-${i}-password`)).statusCode);
    expect(statuses).toEqual([...Array(defaultLimits.loginPerAccount).fill(401), 429]);
    const waiting = await attempt(attacker, PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The owner's browser signs in, from anywhere: once, and again after more guesses.
    expect((await attempt('198.51.100.78', PASSWORD, cookie)).statusCode).toBe(200);
    for (let i = 0; i <= defaultLimits.loginPerAccount; i++)
      await attempt(`203.0.113.${100 + i}`, `more-${i}-password`);
    expect((await attempt(attacker, PASSWORD, cookie)).statusCode).toBe(200);
    // Its own mistyped password counts on that device alone.
    expect((await attempt('198.51.100.78', 'mistyped-password', cookie)).statusCode).toBe(401);
    expect((await attempt('198.51.100.78', PASSWORD, cookie)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: loginPerAddress failures from one /64 close it to every account, another /64 is a new address', async () => {
    const other = await registered();
    for (let i = 1; i <= limits.loginPerAddress; i++)
      await loginFrom(`2001:db8:9:9::${i}`, freshEmail(), `v6-${i}-password`);
    tooMany(await loginFrom('2001:db8:9:9::abcd', other, PASSWORD));
    expect((await loginFrom('2001:db8:9:a::1', other, PASSWORD)).statusCode).toBe(200);
  });

  it('holds an account that many /64s guess at (a /56 has 256): attempts without a device cookie wait, whichever /64 they come from', async () => {
    const victim = await registered();
    for (let i = 1; i <= limits.loginPerAccount; i++)
      expect(
        (await loginFrom(`2001:db8:0:${i.toString(16)}::1`, victim, `v6-${i}-password`)).statusCode,
      ).toBe(401);
    tooMany(await loginFrom('2001:db8:0:ff::1', victim, 'another-guess-password'));
  });

  it('never closes an account: past loginPerAccount failures from many addresses, an attempt without a device cookie waits Retry-After seconds, then signs in', async () => {
    const victim = await registered();
    for (let i = 0; i < limits.loginPerAccount; i++)
      expect(
        (await loginFrom(`198.19.0.${i + 1}`, victim, `spread-${i}-password`)).statusCode,
      ).toBe(401);
    const refused = await loginFrom('198.19.1.1', victim, PASSWORD);
    tooMany(refused);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(limits.loginDelayMaxSeconds);
    await limited.pool.query(
      `UPDATE auth_attempts SET attempted_at = attempted_at - make_interval(secs => $2)
        WHERE key = $1`,
      [`login:email:${victim}`, seconds],
    );
    expect((await loginFrom('198.19.1.1', victim, PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password alike: same status and message, before and once limited', async () => {
    const known = await registered();
    const unknown = freshEmail();
    // One address per round, so the per-address limit stays out of the way.
    for (let i = 0; i < limits.loginPerAccount; i++) {
      const wrong = await loginFrom(`192.0.2.${40 + i}`, known, `wrong-${i}-password`);
      const missing = await loginFrom(`192.0.2.${40 + i}`, unknown, `wrong-${i}-password`);
      expect([wrong.statusCode, wrong.json()]).toEqual([
        401,
        { message: 'Invalid email or password' },
      ]);
      expect([missing.statusCode, missing.json()]).toEqual([wrong.statusCode, wrong.json()]);
    }
    // From an address that has failed on both.
    const wrong = await loginFrom('192.0.2.40', known, 'wrong-again-password');
    const missing = await loginFrom('192.0.2.40', unknown, 'wrong-again-password');
    tooMany(wrong);
    expect([missing.statusCode, missing.body]).toEqual([wrong.statusCode, wrong.body]);
  });

  // Each attempt is counted before its password is checked: a burst of concurrent guesses
  // cannot all see a count under the limit.
  const burst = (size: number, send: (i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: size }, (_, i) => send(i))).then((answers) =>
      answers.map((answer) => answer.statusCode),
    );

  it('holds per account under a burst of concurrent guesses from many addresses, and from one', async () => {
    const victim = await registered();
    const statuses = await burst(6 * limits.loginPerAccount, (i) =>
      loginFrom(`198.18.0.${i + 1}`, victim, `burst-${i}-password`),
    );
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      limits.loginPerAccount,
    );
    const target = await registered();
    const fromOne = await burst(limits.loginPerAddress - 1, (i) =>
      loginFrom('198.18.2.1', target, `one-${i}-password`),
    );
    expect(fromOne.filter((status) => status === 401).length).toBeLessThanOrEqual(
      limits.loginPerAccount,
    );
  });

  it('holds per address under a burst of concurrent guesses at many accounts', async () => {
    const statuses = await burst(6 * limits.loginPerAddress, (i) =>
      loginFrom('198.18.1.1', freshEmail(), `burst-${i}-password`),
    );
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      limits.loginPerAddress,
    );
  });

  it('is a window, not a lock-out: failures older than windowMinutes no longer count', async () => {
    const victim = await registered();
    for (let i = 0; i < limits.loginPerAccount; i++)
      expect((await loginFrom('192.0.2.50', victim, `old-${i}-password`)).statusCode).toBe(401);
    tooMany(await loginFrom('192.0.2.50', victim, PASSWORD));
    await limited.pool.query(
      `UPDATE auth_attempts SET attempted_at = now() - make_interval(mins => $2) - interval '1 second'
        WHERE key LIKE $1`,
      [`login:email%:${victim}%`, limits.windowMinutes],
    );
    expect((await loginFrom('192.0.2.50', victim, PASSWORD)).statusCode).toBe(200);
  });

  it('prunes attempts older than windowMinutes on the next attempt, keeping newer ones', async () => {
    await limited.pool.query(
      `INSERT INTO auth_attempts (key, attempted_at) VALUES
         ('prune:old', now() - make_interval(mins => $1) - interval '1 second'),
         ('prune:old', now() - interval '30 days'),
         ('prune:recent', now() - make_interval(mins => $1) + interval '1 minute')`,
      [limits.windowMinutes],
    );
    expect((await loginFrom('192.0.2.60', freshEmail(), 'any-wrong-password')).statusCode).toBe(
      401,
    );
    const { rows } = await limited.pool.query<{ key: string; n: number }>(
      "SELECT key, count(*)::int AS n FROM auth_attempts WHERE key LIKE 'prune:%' GROUP BY key",
    );
    expect(rows).toEqual([{ key: 'prune:recent', n: 1 }]);
    const { rows: stale } = await limited.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM auth_attempts WHERE attempted_at < now() - make_interval(mins => $1)',
      [limits.windowMinutes],
    );
    expect(stale[0].n).toBe(0);
  });

  it('limits guesses of the current password on change-password (per account, 429 even when right)', async () => {
    const email = await registered();
    const { token } = await loginAs(limited.app, email, PASSWORD);
    const api = client(limited.app, token);
    for (let i = 0; i < limits.loginPerAccount; i++) {
      const response = await api.put('/auth/password', {
        current_password: `guess-${i}-password`,
        new_password: 'the-new-password',
      });
      expect(response.statusCode).toBe(422);
    }
    const blocked = await api.put('/auth/password', {
      current_password: PASSWORD,
      new_password: 'the-new-password',
    });
    tooMany(blocked);
    expect((await loginFrom('192.0.2.60', email, PASSWORD)).statusCode).toBe(200);
  });

  it('limits a burst of concurrent guesses of the current password on change-password', async () => {
    const email = await registered();
    const { token } = await loginAs(limited.app, email, PASSWORD);
    const api = client(limited.app, token);
    const statuses = await burst(6 * limits.loginPerAccount, (i) =>
      api.put('/auth/password', {
        current_password: `burst-${i}-password`,
        new_password: 'the-new-password',
      }),
    );
    expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(
      limits.loginPerAccount,
    );
  });

  it('limits reset-link guesses per address', async () => {
    const resetLimited = await createTestApp({ limits: { ...defaultLimits, resetPerAddress: 3 } });
    try {
      const guess = (address: string) =>
        resetLimited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          remoteAddress: address,
          payload: { token: randomBytes(32).toString('base64url'), password: 'guessing-password' },
        });
      for (let i = 0; i < 3; i++) expect((await guess('192.0.2.70')).statusCode).toBe(422);
      const blocked = await guess('192.0.2.70');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/too many attempts/i);
      expect((await guess('192.0.2.71')).statusCode).toBe(422);
    } finally {
      await resetLimited.close();
    }
  });
});
