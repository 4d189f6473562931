import type { FastifyInstance } from 'fastify';
import { ROLE_NAMES, type RoleName } from '@contract/enums';
import { loadContract, routeDefinitions, type RouteDefinition } from './contract';
import { contractProblems, errorMessage } from './test/contract';
import {
  appUserToken,
  countRows,
  createTestApp,
  insertUser,
  signIn,
  type TestApp,
} from './test/helpers';

/**
 * The role matrix: every operation of the contract (read from api/openapi.yaml, so a new one is
 * covered without touching this file) called by every role. A role the operation's `x-roles`
 * names is let through (neither 401 nor 403); any other, and a pending account, gets 403 with a
 * message, and nothing is stored.
 */

const contract = loadContract();
const operations = [...routeDefinitions(contract).values()].filter((op) => !op.isPublic);
/** Operations that end the caller's own session: each gets a session of its own. */
const ENDS_SESSION = new Set(['logout', 'endAccountSessions', 'endOtherSessions']);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await signIn(t.app); // the database's first account: the administrator
});
afterAll(() => t.close());

/** A live session for `role`: console roles sign in; app users and pending accounts cannot, so
 * theirs is made the way the app (or a session from before a demotion) would hold one. */
async function tokenFor(role: RoleName | 'pending'): Promise<string> {
  if (role === 'admin' || role === 'editor' || role === 'viewer') return signIn(t.app, { role });
  const { id } = await insertUser(t.pool, { role: role === 'pending' ? null : 'user' });
  return appUserToken(t.pool, id);
}

/** Ids in paths name no record: what a role may do must not depend on which record it names. */
const urlOf = (op: RouteDefinition) => `/api/v1${op.url.replace(/:\w+/g, '2147483000')}`;

function call(app: FastifyInstance, op: RouteDefinition, token: string) {
  return app.inject({
    method: op.method,
    url: urlOf(op),
    headers: { authorization: `Bearer ${token}` },
    ...(op.mediaTypes.length > 0 ? { payload: {} } : {}),
  });
}

/** Row counts of every table that holds data (not the sessions, attempts or list versions). */
async function counts() {
  const { rows } = await t.pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
       AND tablename NOT IN ('table_versions', 'auth_attempts', 'auth_tokens') ORDER BY tablename`,
  );
  const out: Record<string, number> = {};
  for (const { name } of rows) out[name] = await countRows(t.pool, `"${name}"`);
  return out;
}

it('covers every guarded operation, each naming at least one role', () => {
  expect(operations.length).toBeGreaterThan(60);
  for (const op of operations)
    expect([op.operationId, op.roles.length > 0]).toEqual([op.operationId, true]);
});

describe.each([...ROLE_NAMES, 'pending' as const])('role %s', (role) => {
  const allowed = operations.filter((op) => (role === 'pending' ? false : op.roles.includes(role)));
  const refused = operations.filter((op) => !allowed.includes(op));

  it(`gets 403 with a message from the ${refused.length} operations its role is not named on, storing nothing`, async () => {
    const token = await tokenFor(role);
    const before = await counts();
    const problems: string[] = [];
    for (const op of refused) {
      const response = await call(t.app, op, token);
      const body: unknown = response.json();
      const url = urlOf(op);
      if (
        response.statusCode !== 403 ||
        typeof errorMessage(body) !== 'string' ||
        contractProblems(op.method, url, 403, body).length > 0
      )
        problems.push(`${op.operationId}: ${response.statusCode} ${response.body}`);
    }
    expect(problems).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  if (allowed.length > 0) {
    it(`is let through by the ${allowed.length} operations its role is named on`, async () => {
      let token = await tokenFor(role);
      const problems: string[] = [];
      for (const op of allowed) {
        const response = await call(t.app, op, token);
        if (response.statusCode === 401 || response.statusCode === 403)
          problems.push(`${op.operationId}: ${response.statusCode} ${response.body}`);
        if (ENDS_SESSION.has(op.operationId)) token = await tokenFor(role);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('the matrix as the console expects it', () => {
  const rolesOf = (operationId: string) =>
    operations.find((op) => op.operationId === operationId)?.roles;

  it('gives viewers every read, the safety check and runs of the test prescriptions, but no write', () => {
    const viewer = operations.filter((op) => op.roles.includes('viewer'));
    expect(
      viewer
        .filter((op) => op.method !== 'GET')
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(
      [
        'changePassword',
        'endOtherSessions',
        'logout',
        'runTestPrescription',
        'safetyCheck',
        'updateProfile',
      ].sort(),
    );
  });

  it('keeps the accounts to administrators and lets editors write the reference data and revert', () => {
    for (const id of ['listAccounts', 'updateAccount', 'endAccountSessions'])
      expect(rolesOf(id)).toEqual(['admin']);
    for (const id of [
      'createMedication',
      'deleteMedication',
      'updateWeightBasedDosage',
      'revertAuditEntry',
    ])
      expect(rolesOf(id)).toEqual(['admin', 'editor']);
  });
});
