import type pg from 'pg';
import type { Db, Queryable } from '../db/pool';
import { invalid, type HttpError } from '../errors';
import { isSerializationFailure } from '../lib/pgErrors';
import { loadSafetyData } from '../repositories/safety-check';
import * as tests from '../repositories/test-prescriptions';
import type { CheckedRequest, SafetyCheckRequest } from '../domain/safety-check';
import {
  checkedOrRefused,
  evaluateChunk,
  readFrom,
  type ChunkItem,
  type ChunkOutput,
  type ChunkResult,
  type ReadRequest,
  type TestRun,
} from './evaluate';
import { sameActual, type Actual, type Difference, type NameOf, type Outcome } from './outcome';
import { evaluators } from './workers';

export { outcomeOfRequest, type ReadRequest, type TestRun } from './evaluate';

/**
 * Runs test prescriptions through the safety check's own `evaluateSafety`: one read of the
 * reference data for each chunk of tests, then each test's share of it, so a thousand tests cost
 * fifty queries and a thousand in-memory checks. The reads run here, in the caller's transaction;
 * the checks run in worker threads (./workers.ts), a chunk at a time, while the next chunk is read.
 */

/** How many tests share one read of the reference data (and make one chunk for a worker). */
const CHUNK = 20;
/**
 * Chunks of one evaluation handed to the workers and not yet answered: enough to keep a worker
 * busy while the next chunk is read, few enough that a large suite does not pile its reads up in
 * memory, nor hold up the chunks of other runs behind its own.
 */
const IN_FLIGHT = 2;

/** The ids a chunk's requests read, each once. */
function unionOf(checked: (CheckedRequest | { error: HttpError })[]) {
  const union = (pick: (c: CheckedRequest) => number[]) => [
    ...new Set(checked.flatMap((c) => ('error' in c ? [] : pick(c)))),
  ];
  return {
    medications: union((c) => c.lists.medications),
    conditions: union((c) => c.lists.conditions),
    lifestyles: union((c) => c.lists.lifestyles),
    allergies: union((c) => c.lists.allergies),
    allergyClasses: union((c) => c.lists.allergyClasses),
  };
}

/**
 * Validates each request as `POST /safety-check` does and reads the reference data for all of
 * them, in chunks; `names` names every medication read, for messages. In process (the demo seed
 * checks its tests with it); runs use `evaluateItems`.
 */
export async function readRequests(
  db: Queryable,
  requests: SafetyCheckRequest[],
): Promise<{ items: ReadRequest[]; nameOf: NameOf }> {
  const checked = requests.map(checkedOrRefused);
  // In chunks: one read for many tests, but not the whole reference data for a large suite
  // (the pairs among every medication of a thousand tests would be most interactions).
  const items: ReadRequest[] = [];
  const names = new Map<number, string>();
  for (let start = 0; start < checked.length; start += CHUNK) {
    const chunk = checked.slice(start, start + CHUNK);
    const all = await loadSafetyData(db, unionOf(chunk));
    for (const m of [...all.medications, ...all.allergies]) names.set(m.id, m.name);
    items.push(...readFrom(all, requests.slice(start, start + CHUNK), chunk));
  }
  return { items, nameOf: (id) => names.get(id) ?? `medication #${id}` };
}

/**
 * Evaluates `items` (./evaluate.ts), reading each chunk's reference data on `db` and handing the
 * chunk to a worker while the next one is read. One chunk alone (a test saved or run on its own)
 * is evaluated here: it takes a few milliseconds, less than handing it over would.
 */
export async function evaluateItems(
  db: Queryable,
  items: ChunkItem[],
): Promise<{ results: ChunkResult[]; nameOf: NameOf }> {
  const results: ChunkResult[] = new Array<ChunkResult>(items.length);
  const names = new Map<number, string>();
  const inPlace = items.length <= CHUNK;
  const inFlight: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  for (let start = 0; start < items.length && !failure; start += CHUNK) {
    const chunk = items.slice(start, start + CHUNK);
    const data = await tests.safetyDataText(
      db,
      unionOf(chunk.map((item) => checkedOrRefused(item.request))),
    );
    const answer: Promise<ChunkOutput> = inPlace
      ? Promise.resolve().then(() => evaluateChunk({ items: chunk, data }))
      : evaluators().evaluate({ items: chunk, data });
    // Handled at once: a chunk that fails while the next is being read is not left unhandled.
    const placed = answer.then(
      (output) => {
        output.results.forEach((result, offset) => (results[start + offset] = result));
        for (const [id, name] of output.names) names.set(id, name);
      },
      (error: unknown) => {
        failure ??= { error };
      },
    );
    inFlight.push(placed);
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
  }
  await Promise.all(inFlight);
  if (failure) throw failure.error;
  return { results, nameOf: (id) => names.get(id) ?? `medication #${id}` };
}

/** The outcome of each request, or why the safety check refuses it (a 422's message and fields). */
export async function outcomesOf(db: Queryable, requests: SafetyCheckRequest[]) {
  const { results } = await evaluateItems(
    db,
    requests.map((request) => ({ request })),
  );
  return results;
}

/** What a run needs of a test. */
export type EvaluatedTest = Pick<
  tests.RunnableTest,
  'id' | 'name' | 'request' | 'expected' | 'min_verdict' | 'expected_rules'
>;

/**
 * Each test's outcome now, compared with its expected one and its floor (see `compareRun`). Given
 * `before` (an outcome per test), `changes` holds each test's differences from it.
 */
export async function evaluateTests(
  db: Queryable,
  list: EvaluatedTest[],
  options: { before?: Actual[] } = {},
): Promise<{ runs: TestRun[]; nameOf: NameOf; changes: Difference[][] }> {
  const { results, nameOf } = await evaluateItems(
    db,
    list.map((test, index) => ({
      request: test.request as SafetyCheckRequest,
      test: {
        id: test.id,
        name: test.name,
        expected: test.expected as Outcome,
        min_verdict: test.min_verdict,
        expected_rules: test.expected_rules,
      },
      ...(options.before ? { before: options.before[index] } : {}),
    })),
  );
  return {
    runs: results.map((result) => result.run as TestRun),
    nameOf,
    changes: results.map((result) => result.changes ?? []),
  };
}

/** Stores what `runs` found; the tests whose outcome moved since their last run name `changeId`. */
export async function storeRuns(
  db: Queryable,
  runs: TestRun[],
  previous: Map<number, object | null>,
  changeId: number | null,
): Promise<void> {
  await tests.storeResults(
    db,
    runs.map((run) => {
      const last = previous.get(run.id) ?? null;
      const altered = last !== null && !sameActual(last as Actual, run.state);
      // An outcome equal to the stored one is not sent again (nor rewritten).
      const outcome = last === null || altered ? run.state : null;
      return { id: run.id, status: run.status, outcome, altered, expected: run.upgraded ?? null };
    }),
    changeId,
  );
}

/** One key for every run of the suite, on every instance sharing the database. */
const SUITE_LOCK = "hashtext('medref:test-prescription-run')";

/**
 * Runs of this process, one after another. They would take turns on the suite's lock anyway;
 * waiting here, in memory, they do not each hold a database connection while they wait, which
 * would leave none for other requests.
 */
let turn: Promise<unknown> = Promise.resolve();

function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const mine = turn.then(work, work);
  turn = mine.catch(() => undefined);
  return mine;
}

/**
 * Runs the tests (all, or `ids`) and stores their results, in one snapshot: the newest change
 * and the data the tests read are of the same moment. Runs take turns over every instance (a
 * session advisory lock, taken before the snapshot so that a run reads what the one before it
 * stored): a user's run that starts while the background re-run after a write is under way waits
 * for it instead of colliding with it on the same rows. A write's own re-run of its tests, which
 * does not take turns, may still collide: the later one tries again.
 */
export function runAndStore(pool: Db, ids?: number[]): Promise<TestRun[]> {
  return inTurn(async () => {
    for (let attempt = 1; ; attempt++) {
      const client: pg.PoolClient = await pool.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${SUITE_LOCK})`);
        return await runInSnapshot(client, ids);
      } catch (error) {
        if (!isSerializationFailure(error) || attempt >= 3) throw error;
      } finally {
        // A connection that cannot even unlock is closed, which lets the lock go.
        const unlocked = await client.query(`SELECT pg_advisory_unlock(${SUITE_LOCK})`).then(
          () => true,
          () => false,
        );
        client.release(!unlocked);
      }
    }
  });
}

/** One run in one REPEATABLE READ transaction, on a connection that holds the suite's turn. */
async function runInSnapshot(client: pg.PoolClient, ids?: number[]): Promise<TestRun[]> {
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const changeId = await tests.newestReferenceChange(client);
    const list = await tests.runnableTests(client, ids);
    // An unknown id is refused before anything is stored.
    if (ids && list.length !== ids.length) {
      const known = new Set(list.map((t) => t.id));
      const unknown = ids.filter((id) => !known.has(id)).join(', ');
      throw invalid({ ids: [`No such test prescription: ${unknown}`] });
    }
    const { runs } = await evaluateTests(client, list);
    await storeRuns(client, runs, new Map(list.map((t) => [t.id, t.last_outcome])), changeId);
    await client.query('COMMIT');
    return runs;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
