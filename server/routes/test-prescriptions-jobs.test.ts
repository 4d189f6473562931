import pg from 'pg';
import { IMPORT_MAX_BYTES, IMPORT_MAX_TESTS } from '../config';
import { evaluators } from '../test-prescriptions/workers';
import {
  client,
  countRows,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';

/**
 * The test prescriptions' heavy jobs off the request path: who may run the whole suite, one run
 * per account and a limited queue (429 with Retry-After), the event loop free while a large run
 * evaluates in the workers, and the import's limits (nothing stored past them).
 */
let t: TestApp;
let admin: ReturnType<typeof client>;
let editor: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let editorToken: string;
let med: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  admin = client(t.app, await signIn(t.app));
  editorToken = await signIn(t.app, { role: 'editor' });
  editor = client(t.app, editorToken);
  viewer = client(t.app, await signIn(t.app, { role: 'viewer' }));
  med = await idsByName(t.pool, 'medications');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.testSuite.idle();
  await t.pool.query('DELETE FROM test_prescriptions');
});

const adult = { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' };
const wiRequest = () => ({ medication_ids: [med.Warfarin, med.Ibuprofen], patient: adult });

/**
 * `count` tests stored directly (an import would run them), each a different pair of the demo's
 * medications, with an expected outcome no run gives (so every run stores `worse`).
 */
async function insertTests(count: number, prefix = 'Bulk') {
  await t.pool.query(
    `WITH m AS (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM medications)
     INSERT INTO test_prescriptions (name, request, expected)
     SELECT $1 || ' ' || lpad(g::text, 5, '0'),
            jsonb_build_object(
              'medication_ids',
              jsonb_build_array(m.ids[1 + g % m.n], m.ids[1 + (g + 1 + g % 5) % m.n]),
              'patient', $2::jsonb),
            '{"verdict": "contraindicated", "complete": true, "findings": []}'::jsonb
       FROM generate_series(1, $3::int) g, m`,
    [prefix, JSON.stringify(adult), count],
  );
}

/** Holds every run and preview at its first read of the tests, until the answer is called. */
async function holdTests() {
  const url = (t.pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE test_prescriptions IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await holder.query('COMMIT');
    await holder.end();
  };
}

/** Statements of this database waiting on a lock. */
async function waitingOnLocks(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 1000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never: ${what}`);
}

/** Retry-After as the contract declares it: whole seconds, at least 1. */
function retryAfter(response: { headers: Record<string, unknown> }): number {
  const value = String(response.headers['retry-after']);
  expect(value).toMatch(/^\d+$/);
  return Number(value);
}

const statuses = async () =>
  (
    await t.pool.query<{ last_status: string | null }>(
      'SELECT last_status FROM test_prescriptions ORDER BY id',
    )
  ).rows.map((row) => row.last_status);

describe('who runs the whole suite', () => {
  it('refuses a viewer the run of all (and of a list of ids) with 403, and runs one test for them, storing its result', async () => {
    await insertTests(3);
    const ids = (await t.pool.query<{ id: number }>('SELECT id FROM test_prescriptions')).rows.map(
      (row) => row.id,
    );

    const all = await viewer.post('/test-prescription/run');
    expect(all.statusCode).toBe(403);
    expect(all.json().message).toEqual(expect.any(String));
    expect((await viewer.post('/test-prescription/run', { ids })).statusCode).toBe(403);
    expect(await statuses()).toEqual([null, null, null]);

    const one = await viewer.post(`/test-prescription/${ids[1]}/run`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual([expect.objectContaining({ id: ids[1], status: 'worse' })]);
    expect(one.json().meta).toMatchObject({ total: 3, worse: 1, not_run: 2 });
    const { rows } = await t.pool.query<{ id: number; last_status: string | null }>(
      'SELECT id, last_status FROM test_prescriptions ORDER BY id',
    );
    expect(rows).toEqual(
      ids
        .map((id) => ({ id, last_status: id === ids[1] ? 'worse' : null }))
        .sort((a, b) => a.id - b.id),
    );

    expect((await viewer.post('/test-prescription/2147483000/run')).statusCode).toBe(404);
    const malformed = await viewer.post('/test-prescription/abc/run');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('id');
    // Editors and administrators run them all.
    expect((await editor.post('/test-prescription/run')).statusCode).toBe(200);
    expect(await statuses()).toEqual(['worse', 'worse', 'worse']);
  });
});

describe('one run per account, and a limited queue', () => {
  it('answers a second run of all by the same account, while its first is under way, 429 with Retry-After; another account waits its turn', async () => {
    await insertTests(2);
    const release = await holdTests();
    let first: Promise<{ statusCode: number }> | undefined;
    let other: Promise<{ statusCode: number }> | undefined;
    try {
      first = admin.post('/test-prescription/run');
      await until(async () => (await waitingOnLocks()) >= 1, 'the first run waits on the lock');
      const second = await admin.post('/test-prescription/run', {});
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toMatch(/still under way/);
      expect(retryAfter(second)).toBeGreaterThanOrEqual(1);
      other = editor.post('/test-prescription/run');
    } finally {
      await release();
    }
    expect((await first).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    expect(await statuses()).toEqual(['worse', 'worse']);
    // Once the first has ended, the account runs again.
    expect((await admin.post('/test-prescription/run')).statusCode).toBe(200);
  });

  it('refuses jobs past the queue with 429 and Retry-After, storing nothing, and takes them again once it has room', async () => {
    await insertTests(2);
    const limits = t.app.config.testSuite;
    const saved = { ...limits };
    // One job at a time and none waiting: the run held below fills the queue.
    Object.assign(limits, { concurrent: 1, queued: 0 });
    const { id } = (
      await t.pool.query<{ id: number }>('SELECT min(id) AS id FROM test_prescriptions')
    ).rows[0];
    const release = await holdTests();
    let held: Promise<{ statusCode: number }> | undefined;
    try {
      held = admin.post('/test-prescription/run');
      await until(async () => (await waitingOnLocks()) >= 1, 'the run waits on the lock');
      const refused = [
        await editor.post('/test-prescription/run'),
        await viewer.post(`/test-prescription/${id}/run`),
        await editor.post('/test-prescription/impact', {
          operation: 'createCondition',
          body: { name: 'Queued condition', description: 'x' },
        }),
        await editor.post('/test-prescription/import', [
          {
            name: 'Queued import',
            request: wiRequest(),
            expected: { verdict: 'major', complete: true, findings: [] },
          },
        ]),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(429);
        expect(response.json().message).toMatch(/busy/);
        expect(retryAfter(response)).toBeGreaterThanOrEqual(1);
      }
      expect(await countRows(t.pool, "conditions WHERE name = 'Queued condition'")).toBe(0);
    } finally {
      await release();
      Object.assign(limits, saved);
    }
    expect(await countRows(t.pool, 'test_prescriptions')).toBe(2);
    expect((await held).statusCode).toBe(200);
    expect(await statuses()).toEqual(['worse', 'worse']);
    expect((await editor.post('/test-prescription/run')).statusCode).toBe(200);
  });
});

describe('a large run keeps the event loop free', () => {
  it("answers an administrator's GET /condition/{id} while a run of 1,000 tests is still evaluating, then stores every result", async () => {
    await insertTests(1000);
    const { rows } = await t.pool.query<{ id: number; name: string }>(
      'SELECT id, name FROM conditions ORDER BY id LIMIT 1',
    );
    const workers = evaluators();
    const evaluatedBefore = workers.evaluated;
    let finished = false;
    const run = editor.post('/test-prescription/run').then((response) => {
      finished = true;
      return response;
    });
    // The run has handed its first chunks to the workers, and is on its way through the rest.
    await until(() => workers.evaluated > evaluatedBefore, 'a chunk is evaluated');
    const read = await admin.get(`/condition/${rows[0].id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: rows[0].id, name: rows[0].name });
    expect(finished).toBe(false);
    expect(workers.evaluated - evaluatedBefore).toBeLessThan(1000 / 20);

    const answer = await run;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toHaveLength(1000);
    expect(await countRows(t.pool, "test_prescriptions WHERE last_status = 'worse'")).toBe(1000);
  });
});

describe('the import limits', () => {
  /** `count` portable tests, named apart. */
  function file(count: number, name = (i: number) => `Imported ${i}`) {
    return Array.from({ length: count }, (_, i) => ({
      name: name(i),
      request: wiRequest(),
      expected: { verdict: 'major', complete: true, findings: [] },
    }));
  }

  async function stored() {
    return {
      tests: await countRows(t.pool, 'test_prescriptions'),
      history: await countRows(t.pool, "audit_log WHERE entity = 'test_prescription'"),
    };
  }

  it(`refuses ${IMPORT_MAX_TESTS + 1} tests with a 422 that says the limit, storing nothing; ${IMPORT_MAX_TESTS} pass the limit`, async () => {
    const before = await stored();
    const response = await editor.post('/test-prescription/import', file(IMPORT_MAX_TESTS + 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/at most 2,000 test prescriptions/);
    expect(response.json().errors).toEqual({ body: ['must have at most 2000 items'] });
    expect(await stored()).toEqual(before);

    // 2,000 are taken (here refused further on, for a repeated name, so as to store nothing).
    const within = await editor.post(
      '/test-prescription/import',
      file(IMPORT_MAX_TESTS, (i) => (i === IMPORT_MAX_TESTS - 1 ? 'Imported 0' : `Imported ${i}`)),
    );
    expect(within.statusCode).toBe(422);
    expect(within.json().errors).toEqual({
      [`${IMPORT_MAX_TESTS - 1}.name`]: ['repeats the name of item 0'],
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a body over 5 MiB with a 413 that says the limit, storing nothing; a body over 1 MiB reaches validation', async () => {
    const before = await stored();
    const items = file(1);
    const padded = (bytes: number) => {
      const body = JSON.stringify(items);
      return `${body.slice(0, -1)}${' '.repeat(bytes - body.length)}]`;
    };
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/test-prescription/import',
        headers: {
          authorization: `Bearer ${editorToken}`,
          'content-type': 'application/json',
        },
        payload,
      });
    const big = await send(padded(IMPORT_MAX_BYTES + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/at most 5 MiB/);
    expect(await stored()).toEqual(before);

    // Over the API's 1 MiB but within the import's 5: read, validated and stored.
    const large = await send(padded(2 * 1024 * 1024));
    expect(large.statusCode).toBe(200);
    expect(large.json().data).toEqual({ created: 1, updated: 0 });
  });
});
