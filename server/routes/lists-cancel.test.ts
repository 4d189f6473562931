import type pg from 'pg';
import { createTestApp, signIn, type TestApp } from '../test/helpers';
import { insertListData } from '../test/listData';

// A list page whose client goes away before its answer (a search's earlier letters, superseded
// by the next) is not read on: PostgreSQL cancels its statements. Here the conditions table is
// locked, so a page's statements wait until the test lets them go, or until they are cancelled.
jest.setTimeout(60_000);

let t: TestApp;
let base: string;
let token: string;
let locker: pg.PoolClient;

beforeAll(async () => {
  t = await createTestApp({ host: '127.0.0.1' });
  token = await signIn(t.app);
  await insertListData(t.pool);
  base = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/v1`;
});
afterAll(async () => {
  // fetch keeps its connections open, which the server's close would wait for.
  t.app.server.closeAllConnections();
  await t.close();
});

beforeEach(async () => {
  locker = await t.pool.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE conditions IN ACCESS EXCLUSIVE MODE');
});
afterEach(async () => {
  await locker.query('ROLLBACK');
  locker.release();
});

/** The statements waiting for the lock on conditions now. */
async function waiting() {
  const { rows } = await locker.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
      WHERE c.relname = 'conditions' AND NOT l.granted`,
  );
  return rows[0].n;
}

async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function ask(path: string, signal?: AbortSignal) {
  return fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, signal });
}

it("cancels a page's statements once its client has gone", async () => {
  const controller = new AbortController();
  const abandoned = ask('/condition?q=asth', controller.signal).catch((error: unknown) => error);
  await until(async () => (await waiting()) > 0);
  controller.abort();
  expect(await abandoned).toMatchObject({ name: 'AbortError' });
  await until(async () => (await waiting()) === 0);
  // The lock is still held: nothing was waiting any more because the statement was cancelled.
  await locker.query('ROLLBACK');
  await locker.query('BEGIN');
  const answer = await ask('/condition?q=asth');
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { data: { name: string }[] }).data.map((c) => c.name)).toEqual([
    'Asthma',
  ]);
});

it('reads nothing for a client that went away while its session was checked', async () => {
  // The session check waits for the sign-ins' table, locked on another connection.
  const sessions = await t.pool.connect();
  try {
    await sessions.query('BEGIN');
    await sessions.query('LOCK TABLE auth_tokens IN ACCESS EXCLUSIVE MODE');
    const controller = new AbortController();
    const abandoned = ask('/condition?q=hypert', controller.signal).catch(
      (error: unknown) => error,
    );
    await until(async () => {
      const { rows } = await locker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE c.relname = 'auth_tokens' AND NOT l.granted`,
      );
      return rows[0].n > 0;
    });
    controller.abort();
    expect(await abandoned).toMatchObject({ name: 'AbortError' });
    // The server sees the connection close, then the session check goes on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sessions.query('ROLLBACK');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The search never reached the conditions (still locked): nothing waits for them.
    expect(await waiting()).toBe(0);
  } finally {
    sessions.release();
  }
});

it('reads on for a client still waiting for the same page as one that has gone', async () => {
  const controller = new AbortController();
  const abandoned = ask('/condition?q=fib', controller.signal).catch((error: unknown) => error);
  await until(async () => (await waiting()) > 0);
  // The same page again, which waits for the read the first one started.
  const kept = ask('/condition?q=fib');
  await new Promise((resolve) => setTimeout(resolve, 300));
  controller.abort();
  expect(await abandoned).toMatchObject({ name: 'AbortError' });
  // Give a wrongly sent cancel the time to arrive, then let the statement go.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await waiting()).toBeGreaterThan(0);
  await locker.query('ROLLBACK');
  await locker.query('BEGIN');
  const answer = await kept;
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { data: { name: string }[] }).data.map((c) => c.name)).toEqual([
    'Cystic fibrosis',
  ]);
});
