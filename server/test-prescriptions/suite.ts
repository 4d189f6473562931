import type pg from 'pg';
import type { Db, Queryable } from '../db/pool';
import { HttpError, invalid } from '../errors';
import { loadSafetyData, type SafetyData } from '../repositories/safety-check';
import * as tests from '../repositories/test-prescriptions';
import {
  checkRequest,
  evaluateSafety,
  unknownIds,
  type CheckedRequest,
  type SafetyCheckRequest,
} from '../routes/safety-check';
import {
  differences,
  outcomeOf,
  sameActual,
  type Actual,
  type Difference,
  type NameOf,
  type Outcome,
} from './outcome';

/**
 * Runs test prescriptions through the safety check's own `evaluateSafety`: one read of the
 * reference data for every test at once, then each test's share of it, so a thousand tests cost
 * one query and a thousand in-memory checks.
 */

export interface TestRun {
  id: number;
  name: string;
  status: 'pass' | 'changed';
  expected: Outcome;
  actual: Outcome | null;
  differences: Difference[];
  /** The outcome, or why the request could not be checked (what is stored). */
  state: Actual;
}

/** Why a stored request cannot be checked any more, in words. */
function refusal(error: HttpError): string {
  const fields = Object.entries(error.errors ?? {}).map(([f, m]) => `${f}: ${m.join(', ')}`);
  return fields.length ? fields.join('; ') : error.message;
}

/** The part of `all` (loaded for every test's ids) that one test's request reads, as the
 * safety check's own read would answer it for that request alone. */
function shareOf(all: SafetyData, request: CheckedRequest): SafetyData {
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const pick = <T>(ids: number[], rows: Map<number, T>) =>
    ids.flatMap((id) => (rows.has(id) ? [rows.get(id) as T] : []));
  const conditions = new Set(request.lists.conditions);
  const lifestyles = new Set(request.lists.lifestyles);
  return {
    medications: pick(request.lists.medications, byId(all.medications)).map((m) => ({
      ...m,
      condition_ids: m.condition_ids.filter((id) => conditions.has(id)),
      lifestyle_ids: m.lifestyle_ids.filter((id) => lifestyles.has(id)),
    })),
    conditions: pick(request.lists.conditions, byId(all.conditions)),
    lifestyles: pick(request.lists.lifestyles, byId(all.lifestyles)),
    allergies: pick(request.lists.allergies, byId(all.allergies)),
    // The check keeps only the pairs among the prescribed ones and allergen links to an allergy.
    interactions: all.interactions,
  };
}

/** A request ready to check with its share of the data, or why it cannot be checked. */
export type ReadRequest = { checked: CheckedRequest; data: SafetyData } | { error: HttpError };

/**
 * Validates each request as `POST /safety-check` does and reads the reference data for all of
 * them in one query; `names` names every medication read, for messages.
 */
export async function readRequests(
  db: Queryable,
  requests: SafetyCheckRequest[],
): Promise<{ items: ReadRequest[]; nameOf: NameOf }> {
  const checked = requests.map((request) => {
    try {
      return checkRequest(request);
    } catch (error) {
      if (error instanceof HttpError) return { error };
      throw error;
    }
  });
  const union = (pick: (c: CheckedRequest) => number[]) => [
    ...new Set(checked.flatMap((c) => ('error' in c ? [] : pick(c)))),
  ];
  const all = await loadSafetyData(db, {
    medications: union((c) => c.lists.medications),
    conditions: union((c) => c.lists.conditions),
    lifestyles: union((c) => c.lists.lifestyles),
    allergies: union((c) => c.lists.allergies),
  });
  const names = new Map([...all.medications, ...all.allergies].map((m) => [m.id, m.name]));
  const items = checked.map((c, index): ReadRequest => {
    if ('error' in c) return c;
    const data = shareOf(all, c);
    const refused = unknownIds(requests[index], c.lists, data);
    return refused ? { error: refused } : { checked: c, data };
  });
  return { items, nameOf: (id) => names.get(id) ?? `medication #${id}` };
}

/** The outcome of one read request. */
export function outcomeOfRequest(request: SafetyCheckRequest, item: ReadRequest): Actual {
  if ('error' in item) return { error: refusal(item.error) };
  const { checked, data } = item;
  return {
    outcome: outcomeOf(
      evaluateSafety(data, checked.prescriptions, request.patient ?? {}, checked.fromIdsOnly),
    ),
  };
}

/** Each test's outcome now, compared with its expected one. */
export async function evaluateTests(
  db: Queryable,
  list: { id: number; name: string; request: object; expected: object }[],
): Promise<{ runs: TestRun[]; nameOf: NameOf }> {
  const requests = list.map((test) => test.request as SafetyCheckRequest);
  const { items, nameOf } = await readRequests(db, requests);
  const runs = list.map((test, index): TestRun => {
    const state = outcomeOfRequest(requests[index], items[index]);
    const expected = test.expected as Outcome;
    const found = differences({ outcome: expected }, state, nameOf);
    return {
      id: test.id,
      name: test.name,
      status: found.length === 0 ? 'pass' : 'changed',
      expected,
      actual: 'outcome' in state ? state.outcome : null,
      differences: found,
      state,
    };
  });
  return { runs, nameOf };
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
      const last = previous.get(run.id);
      return {
        id: run.id,
        status: run.status,
        outcome: run.state,
        altered: last !== null && last !== undefined && !sameActual(last as Actual, run.state),
      };
    }),
    changeId,
  );
}

const SERIALIZATION_FAILURE = '40001';

/**
 * Runs the tests (all, or `ids`) and stores their results, in one snapshot: the newest change
 * and the data the tests read are of the same moment. Two runs at once (two instances after one
 * write) may collide on the same rows: the later one tries again.
 */
export async function runAndStore(pool: Db, ids?: number[]): Promise<TestRun[]> {
  // An unknown id is refused before anything runs.
  for (let attempt = 1; ; attempt++) {
    const client: pg.PoolClient = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const changeId = await tests.newestReferenceChange(client);
      const list = await tests.runnableTests(client, ids);
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
      if ((error as { code?: string }).code !== SERIALIZATION_FAILURE || attempt >= 3) throw error;
    } finally {
      client.release();
    }
  }
}
