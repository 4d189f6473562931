import type pg from 'pg';
import { createTestDatabase } from '../test/helpers';
import { withCancellation } from './cancellation';
import { ambientPool, createPool } from './pool';

jest.setTimeout(60_000);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: pg.Pool;
/** A connection of its own, to watch the tested pool's statements even when they hold it whole. */
let observer: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  db = ambientPool(database.pool);
  observer = createPool(database.url, 1);
});
afterAll(async () => {
  await observer.end();
  await database.drop();
});

/** The statements of this test's database running `text` now. */
async function running(text: string) {
  const { rows } = await observer.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'active' AND query = $1`,
    [text],
  );
  return rows[0].n;
}

const SLOW = 'SELECT pg_sleep(30)';

describe('withCancellation', () => {
  it('cancels the statement running for work whose signal aborts, and only that one', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const cancelled = withCancellation(controller.signal, () => db.query(SLOW)).catch(
      (error: unknown) => error,
    );
    const outside = db.query('SELECT pg_sleep(1)');
    while ((await running(SLOW)) === 0) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await cancelled).toMatchObject({ code: '57014' });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await running(SLOW)).toBe(0);
    // The statement outside the scope ran to its end.
    await expect(outside).resolves.toMatchObject({ rowCount: 1 });
  });

  it('cancels at once when the statements to stop hold every connection of the pool', async () => {
    const controller = new AbortController();
    const started = performance.now();
    // The pool has five connections: five abandoned searches hold them all.
    const cancelled = Array.from({ length: 5 }, () =>
      withCancellation(controller.signal, () => db.query(SLOW)).catch((error: unknown) => error),
    );
    while ((await running(SLOW)) < 5) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    for (const outcome of await Promise.all(cancelled)) {
      expect(outcome).toMatchObject({ code: '57014' });
    }
    // Not after the pool's wait for a free connection (5 s), nor after the statements' end.
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(await running(SLOW)).toBe(0);
  });

  it('sends nothing more once the work is abandoned', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      withCancellation(controller.signal, () => db.query('SELECT 1')),
    ).rejects.toMatchObject({ code: '57014' });
  });

  it('never reuses a connection it sent a cancel for, even when the statement ended first', async () => {
    // One connection, so that every statement runs on the same backend unless it is replaced.
    const single = createPool(database.url, 1);
    const pool = ambientPool(single);
    const pid = async () =>
      (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    try {
      let endedFirst = 0;
      for (let i = 0; i < 20; i += 1) {
        const before = await pid();
        const controller = new AbortController();
        const statement = withCancellation(controller.signal, () =>
          pool.query('SELECT pg_backend_pid() AS pid'),
        ).then(
          () => 'ended',
          (error: unknown) => (error as { code?: string }).code,
        );
        // Aborted while the statement is on its way: a cancel is sent, and this quick statement
        // usually ends before PostgreSQL takes it.
        setImmediate(() => controller.abort());
        const outcome = await statement;
        if (outcome === 'ended') endedFirst += 1;
        else expect(outcome).toBe('57014');
        expect(await pid()).not.toBe(before);
      }
      expect(endedFirst).toBeGreaterThan(0);
    } finally {
      await single.end();
    }
  });

  it('never cancels another statement on a connection it gave back, whenever the abort comes', async () => {
    // For a second, three loops of work abandoned at a random moment (before, during or after its
    // statement) and three loops of statements outside any scope share the five connections: a
    // connection given back while its cancel is still on the way would end a bystander's.
    const failures: unknown[] = [];
    const until = Date.now() + 1_000;
    let cancelled = 0;
    const abandoning = async () => {
      while (Date.now() < until) {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), Math.random() * 30);
        await withCancellation(controller.signal, () =>
          db.query('SELECT pg_sleep($1)', [Math.random() * 0.03]),
        ).catch((error: unknown) => {
          if ((error as { code?: string }).code === '57014') cancelled += 1;
          else failures.push(error);
        });
      }
    };
    const bystanding = async () => {
      while (Date.now() < until) {
        await db.query('SELECT pg_sleep(0.01), 1 AS bystander').catch((error: unknown) => {
          failures.push(error);
        });
      }
    };
    await Promise.all([
      abandoning(),
      abandoning(),
      abandoning(),
      bystanding(),
      bystanding(),
      bystanding(),
    ]);
    expect(failures).toEqual([]);
    expect(cancelled).toBeGreaterThan(10);
    // Every connection is usable afterwards.
    const after = await Promise.all(
      Array.from({ length: 10 }, (_, i) => db.query('SELECT $1::int AS i', [i])),
    );
    expect(after.map((r) => (r.rows[0] as { i: number }).i)).toEqual([...Array(10).keys()]);
  });
});
