import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { RoleName } from '@contract/enums';
import { buildApp } from '../app';
import { newToken } from '../auth/tokens';
import { readConfig, type Config } from '../config';
import { createPool, withTransaction } from '../db/pool';
import { seedDemo } from '../db/seed';
import { insertToken } from '../repositories/accounts';
import { ensureFirstRelease } from '../repositories/releases';
export { publishDraft } from './publishDraft';
import { contractProblems } from './contract';
import { databaseUrl, onServer } from './templateDatabase';

/**
 * A database of its own on the run's PostgreSQL (server/test/globalSetup.mjs), migrated and empty:
 * a copy of the run's template database.
 */
export async function createTestDatabase(): Promise<{
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!base || !template)
    throw new Error(
      'TEST_DATABASE_URL is not set: run the tests through Jest (server/test/globalSetup.mjs)',
    );
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(base, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = databaseUrl(base, name);
  const pool = createPool(url, 5);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      await onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const TEST_PASSWORD_COST = 10;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...readConfig({ SEED: 'none', STATIC_DIR: '/nonexistent' }),
    passwordCost: TEST_PASSWORD_COST,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(database.pool, testConfig(overrides));
  await app.ready();
  return {
    app,
    pool: database.pool,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
const ROLE_NAMES_SHOWN = { admin: 'Test Admin', editor: 'Test Editor', viewer: 'Test Viewer' };

/**
 * Registers and signs in a fresh account with `role` (an administrator unless said otherwise);
 * answers its bearer token. Only a database's first registration becomes an administrator by
 * itself: later ones are given their role here, as an administrator would.
 */
export async function signIn(
  app: FastifyInstance,
  who: { email?: string; password?: string; role?: 'admin' | 'editor' | 'viewer' } = {},
) {
  const email = who.email ?? `admin${++counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = who.password ?? 'correct-horse-battery';
  const role = who.role ?? 'admin';
  await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: ROLE_NAMES_SHOWN[role], email, password },
  });
  await grantRole(app.db, email, role);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return login.json<{ token: string }>().token;
}

/** Gives a registered account a role, as an administrator would on the Accounts screen. */
export async function grantRole(pool: pg.Pool, email: string, role: RoleName) {
  await pool.query('UPDATE users SET role = $2 WHERE lower(email) = lower($1)', [email, role]);
}

/**
 * A session for an app user (role `user`): they sign in to the app, never to the console, so
 * the console's login refuses them; the API still serves them the operations whose x-roles
 * list `user`. Answers the token.
 */
export async function appUserToken(pool: pg.Pool, userId: number): Promise<string> {
  const { token, hash } = newToken();
  await insertToken(pool, userId, hash, 1, 'app');
  return token;
}

/**
 * A small client: `api.post('/condition', body)` with the token, answering the inject response.
 * Every answer is checked against the contract (status declared, body valid), so each API test
 * is also a contract test.
 */
export function client(app: FastifyInstance, token?: string) {
  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    async (url: string, payload?: object): Promise<LightMyRequestResponse> => {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload !== undefined ? { payload } : {}),
      });
      // An NDJSON download (the FHIR export) is lines of JSON, which its own tests check.
      if (String(response.headers['content-type']).startsWith('application/fhir+ndjson'))
        return response;
      const problems = contractProblems(
        method,
        `/api/v1${url}`,
        response.statusCode,
        response.json(),
      );
      if (problems.length)
        throw new Error(`Answer breaks the contract:\n${problems.join('\n')}\n${response.body}`);
      return response;
    };
  return { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') };
}

// ---------- additions for the per-resource API tests ----------

/** `SELECT count(*) FROM <from>` as a number, e.g. `await countRows(t.pool, 'medications WHERE name = $1', ['X'])`. */
export async function countRows(
  pool: pg.Pool,
  from: string,
  params: unknown[] = [],
): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${from}`,
    params,
  );
  return rows[0].n;
}

/**
 * Inserts a user straight into the database (the app users who search drugs are never registered
 * through the API). The password is hashed only when one is given, so it can sign in.
 */
export async function insertUser(
  pool: pg.Pool,
  fields: {
    name?: string;
    email?: string;
    role?: RoleName | null;
    password?: string;
    createdAt?: Date;
    lastActiveAt?: Date | null;
  } = {},
): Promise<{ id: number; email: string }> {
  const { hashPassword } = await import('../auth/passwords');
  const email = fields.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const hash = fields.password
    ? await hashPassword(fields.password, TEST_PASSWORD_COST)
    : 'scrypt$none';
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, role, created_at, last_active_at)
     VALUES ($1, $2, $3, $4, COALESCE($5, now()), $6) RETURNING id`,
    [
      fields.name ?? 'App User',
      email,
      hash,
      fields.role === undefined ? 'user' : fields.role,
      fields.createdAt ?? null,
      fields.lastActiveAt ?? null,
    ],
  );
  return { id: rows[0].id, email };
}

/** A hand-built multipart/form-data body (text fields only; repeat a name to send a list). */
export function multipartBody(fields: [string, string | number | boolean][]): {
  payload: string;
  contentType: string;
} {
  const boundary = `----medref${randomBytes(8).toString('hex')}`;
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POSTs a multipart form to `url` (under /api/v1), checking the answer against the contract like `client`. */
export async function postMultipart(
  app: FastifyInstance,
  token: string | undefined,
  url: string,
  fields: [string, string | number | boolean][],
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(fields);
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
  const problems = contractProblems('POST', `/api/v1${url}`, response.statusCode, response.json());
  if (problems.length)
    throw new Error(`Answer breaks the contract:\n${problems.join('\n')}\n${response.body}`);
  return response;
}

/**
 * Loads the demo data into a test app's database. The connection is released even when the seed fails: closing the pool would wait for it.
 */
export async function seedDemoData(t: TestApp): Promise<void> {
  const connection = await t.pool.connect();
  try {
    await seedDemo(connection, { passwordCost: TEST_PASSWORD_COST });
  } finally {
    connection.release();
  }
  // As at a server's first start: the seeded data is release 1, which app users read.
  await withTransaction(t.pool, ensureFirstRelease);
}

/** The ids of a table's records by name, e.g. `(await idsByName(t.pool, 'medications')).Warfarin`. */
export async function idsByName(
  pool: pg.Pool,
  table: 'medications' | 'conditions' | 'lifestyles',
): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`);
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}
