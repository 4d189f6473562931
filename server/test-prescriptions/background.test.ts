import type { FastifyBaseLogger } from 'fastify';
import { coalesced, debouncedRun } from '../lib/debouncedRun';
import { client, createTestApp, signIn } from '../test/helpers';
import { evaluators } from './workers';

/**
 * The background re-runs of the test prescriptions: coalesced (one at a time, the newest data
 * winning, requests in between collapsing into one) and debounced; and the evaluation workers an
 * app holds, ended when it closes.
 */

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await tick();
  expect(condition()).toBe(true);
}

/** A run that records the data it read at its start and ends when its gate is opened. */
function gatedRun() {
  const state = { data: 0, active: 0, mostActive: 0, seen: [] as number[] };
  const gates: (() => void)[] = [];
  const run = async () => {
    state.active++;
    state.mostActive = Math.max(state.mostActive, state.active);
    state.seen.push(state.data);
    await new Promise<void>((open) => gates.push(open));
    state.active--;
  };
  const open = async () => {
    await until(() => gates.length > 0);
    (gates.shift() as () => void)();
  };
  return { state, run, open };
}

describe('coalesced', () => {
  it('runs one call at a time; requests during a call make exactly one more call after it, which reads the newest data', async () => {
    const { state, run, open } = gatedRun();
    const failures: unknown[] = [];
    const runs = coalesced(run, (error) => failures.push(error));
    state.data = 1;
    runs.request();
    await until(() => state.seen.length === 1);
    // Three requests while the first call runs, the data changing in between: they collapse.
    state.data = 2;
    runs.request();
    state.data = 3;
    runs.request();
    runs.request();
    await tick();
    expect(state.seen).toEqual([1]);
    await open();
    await until(() => state.seen.length === 2);
    expect(state.seen).toEqual([1, 3]);
    await open();
    await runs.idle();
    expect(state.seen).toEqual([1, 3]);
    expect(state.mostActive).toBe(1);
    expect(failures).toEqual([]);

    // Idle again: the next request is a call of its own, at once.
    state.data = 4;
    runs.request();
    await open();
    await runs.idle();
    expect(state.seen).toEqual([1, 3, 4]);
  });

  it('reports a failed call and still makes the call asked for meanwhile; after stop, asks nothing more', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    let fail = true;
    const runs = coalesced(
      async () => {
        calls++;
        await tick();
        if (fail) {
          fail = false;
          throw new Error('the database went away');
        }
      },
      (error) => failures.push(error),
    );
    runs.request();
    runs.request();
    await runs.idle();
    expect(calls).toBe(2);
    expect(failures).toEqual([new Error('the database went away')]);

    runs.request();
    await runs.stop();
    expect(calls).toBe(3);
    runs.request();
    await tick();
    expect(calls).toBe(3);
  });
});

describe('debouncedRun', () => {
  // The runs here never fail; a failure would be logged through this.
  const log = { error: jest.fn() } as unknown as FastifyBaseLogger;

  it('makes one run of a burst of writes, and one more of the writes made while it runs', async () => {
    const { state, run, open } = gatedRun();
    const scheduler = debouncedRun(run, log, 'failed', { delayMs: 20, maxWaitMs: 1_000 });
    for (let i = 0; i < 5; i++) scheduler.schedule();
    await until(() => state.seen.length === 1);
    for (let i = 0; i < 5; i++) {
      state.data = i;
      scheduler.schedule();
      await tick();
    }
    // Every write's timer has fired into the run under way: none started a run of its own.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(state.seen).toHaveLength(1);
    await open();
    await until(() => state.seen.length === 2);
    expect(state.seen[1]).toBe(4);
    await open();
    await scheduler.idle();
    expect(state.seen).toHaveLength(2);
    expect(state.mostActive).toBe(1);
    await scheduler.close();
  });
});

describe('the evaluation workers', () => {
  it('evaluate a run of more than one chunk off the event loop, and are ended when the app closes', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const api = client(t.app, await signIn(t.app));
      // Requests naming a medication that does not exist: each is evaluated, as not checkable.
      await t.pool.query(
        `INSERT INTO test_prescriptions (name, request, expected)
         SELECT 'Unknown ' || g, '{"medication_ids": [2147483000]}'::jsonb,
                '{"verdict": "none", "complete": true, "findings": []}'::jsonb
           FROM generate_series(1, 45) g`,
      );
      const before = evaluators().evaluated;
      const run = await api.post('/test-prescription/run');
      expect(run.statusCode).toBe(200);
      expect(run.json().meta).toMatchObject({ total: 45, worse: 45 });
      const workers = evaluators();
      expect(workers.evaluated - before).toBe(3);
      expect(workers.threadCount).toBeGreaterThan(0);
      await t.close();
      closed = true;
      expect(workers.threadCount).toBe(0);
      expect(evaluators()).not.toBe(workers);
    } finally {
      if (!closed) await t.close();
    }
  });
});
