import type pg from 'pg';
import type { Db, Queryable } from '../db/pool';
import { HttpError, invalid } from '../errors';
import { isSerializationFailure } from '../lib/pgErrors';
import { loadSafetyData } from '../repositories/safety-check';
import * as tests from '../repositories/test-prescriptions';
import {
  checkRequest,
  evaluateSafety,
  unknownIds,
  type CheckedRequest,
  type SafetyCheckRequest,
  type SafetyData,
} from '../domain/safety-check';
import {
  belowFloor,
  differences,
  outcomeOf,
  sameActual,
  statusOf,
  withoutRules,
  type Actual,
  type Difference,
  type NameOf,
  type Outcome,
  type Status,
} from './outcome';

/**
 * Runs test prescriptions through the safety check's own `evaluateSafety`: one read of the
 * reference data for every test at once, then each test's share of it, so a thousand tests cost
 * one query and a thousand in-memory checks.
 */

export interface TestRun {
  id: number;
  name: string;
  status: Status;
  expected: Outcome;
  actual: Outcome | null;
  differences: Difference[];
  /** The outcome, or why the request could not be checked (what is stored). */
  state: Actual;
  /**
   * The actual outcome, to store as expected in place of one saved before findings recorded
   * their rule and reason, when it passes compared on kind, medications and severity only.
   */
  upgraded?: Outcome;
}

/** Why a stored request cannot be checked any more, in words. */
function refusal(error: HttpError): string {
  const fields = Object.entries(error.errors ?? {}).map(([f, m]) => `${f}: ${m.join(', ')}`);
  return fields.length ? fields.join('; ') : error.message;
}

/** How many tests share one read of the reference data. */
const CHUNK = 20;

/** The union read, indexed once for every test's share. */
interface Indexed {
  medications: Map<number, SafetyData['medications'][number]>;
  conditions: Map<number, SafetyData['conditions'][number]>;
  lifestyles: Map<number, SafetyData['lifestyles'][number]>;
  allergies: Map<number, SafetyData['allergies'][number]>;
  /** Every interaction by each of its two medications. */
  interactions: Map<number, SafetyData['interactions']>;
  classes: SafetyData['classes'];
  class_rules: SafetyData['class_rules'];
  ingredient_limits: SafetyData['ingredient_limits'];
}

function indexed(all: SafetyData): Indexed {
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const interactions = new Map<number, SafetyData['interactions']>();
  for (const i of all.interactions) {
    for (const id of [i.medication_id, i.interacting_medication_id]) {
      const list = interactions.get(id);
      if (list) list.push(i);
      else interactions.set(id, [i]);
    }
  }
  return {
    medications: byId(all.medications),
    conditions: byId(all.conditions),
    lifestyles: byId(all.lifestyles),
    allergies: byId(all.allergies),
    interactions,
    classes: all.classes,
    class_rules: all.class_rules,
    ingredient_limits: all.ingredient_limits,
  };
}

/**
 * The part of the union read that one request reads, as the safety check's own read
 * (SAFETY_DATA_SQL) answers it for that request alone: its medications with the contraindications
 * of its patient's conditions and lifestyles, its patient's records, and the interactions among
 * its medications or, flagged as allergens, between one of them and one of its allergies.
 */
function shareOf(index: Indexed, request: CheckedRequest): SafetyData {
  const pick = <T>(ids: number[], rows: Map<number, T>) =>
    ids.flatMap((id) => (rows.has(id) ? [rows.get(id) as T] : []));
  const { lists } = request;
  const conditions = new Set(lists.conditions);
  const lifestyles = new Set(lists.lifestyles);
  const prescribed = new Set(lists.medications);
  const allergies = new Set(lists.allergies);
  const interactions = new Set<SafetyData['interactions'][number]>();
  for (const id of prescribed) {
    for (const i of index.interactions.get(id) ?? []) {
      const other = i.medication_id === id ? i.interacting_medication_id : i.medication_id;
      if (prescribed.has(other) || (i.is_allergen && allergies.has(other))) interactions.add(i);
    }
  }
  return {
    medications: pick(lists.medications, index.medications).map((m) => ({
      ...m,
      condition_ids: m.condition_ids.filter((id) => conditions.has(id)),
      lifestyle_links: m.lifestyle_links.filter((link) => lifestyles.has(link.lifestyle_id)),
    })),
    conditions: pick(lists.conditions, index.conditions),
    lifestyles: pick(lists.lifestyles, index.lifestyles),
    allergies: pick(lists.allergies, index.allergies),
    interactions: [...interactions].sort((a, b) => a.id - b.id),
    // The check reads members and allergy classes for the request's own ids (see SafetyData).
    classes: index.classes,
    class_rules: index.class_rules,
    // Read for the ingredients of the batch's medications: the check takes those of its own.
    ingredient_limits: index.ingredient_limits,
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
  // In chunks: one read for many tests, but not the whole reference data for a large suite
  // (the pairs among every medication of a thousand tests would be most interactions).
  const items: ReadRequest[] = [];
  const names = new Map<number, string>();
  for (let start = 0; start < checked.length; start += CHUNK) {
    const chunk = checked.slice(start, start + CHUNK);
    const union = (pick: (c: CheckedRequest) => number[]) => [
      ...new Set(chunk.flatMap((c) => ('error' in c ? [] : pick(c)))),
    ];
    const all = await loadSafetyData(db, {
      medications: union((c) => c.lists.medications),
      conditions: union((c) => c.lists.conditions),
      lifestyles: union((c) => c.lists.lifestyles),
      allergies: union((c) => c.lists.allergies),
      allergyClasses: union((c) => c.lists.allergyClasses),
    });
    for (const m of [...all.medications, ...all.allergies]) names.set(m.id, m.name);
    const index = indexed(all);
    chunk.forEach((c, offset) => {
      if ('error' in c) return items.push(c);
      const data = shareOf(index, c);
      const refused = unknownIds(requests[start + offset], c.lists, data);
      items.push(refused ? { error: refused } : { checked: c, data });
    });
  }
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

/** What a run needs of a test. */
export type EvaluatedTest = Pick<
  tests.RunnableTest,
  'id' | 'name' | 'request' | 'expected' | 'min_verdict' | 'expected_rules'
>;

/**
 * Each test's outcome now, compared with its expected one and its floor. An expected outcome
 * saved before findings recorded their rule and reason (`expected_rules` false) is compared on
 * kind, medications and severity only; when it passes so, the run carries the actual outcome to
 * store in its place (`upgraded`), and from then on the test compares rules too.
 */
export async function evaluateTests(
  db: Queryable,
  list: EvaluatedTest[],
): Promise<{ runs: TestRun[]; nameOf: NameOf }> {
  const requests = list.map((test) => test.request as SafetyCheckRequest);
  const { items, nameOf } = await readRequests(db, requests);
  const runs = list.map((test, index): TestRun => {
    const state = outcomeOfRequest(requests[index], items[index]);
    const expected = test.expected as Outcome;
    const legacy = !test.expected_rules && 'outcome' in state;
    const compared: Actual = legacy ? { outcome: withoutRules(state.outcome) } : state;
    const found = [
      ...differences({ outcome: expected }, compared, nameOf),
      ...belowFloor(state, test.min_verdict),
    ];
    const status = statusOf(found);
    return {
      id: test.id,
      name: test.name,
      status,
      expected,
      actual: 'outcome' in state ? state.outcome : null,
      differences: found,
      state,
      ...(legacy && status === 'pass' && 'outcome' in state ? { upgraded: state.outcome } : {}),
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
 * Runs the tests (all, or `ids`) and stores their results, in one snapshot: the newest change
 * and the data the tests read are of the same moment. Runs take turns over every instance (a
 * session advisory lock, taken before the snapshot so that a run reads what the one before it
 * stored): a user's run that starts while the background re-run after a write is under way waits
 * for it instead of colliding with it on the same rows. A write's own re-run of its tests, which
 * does not take turns, may still collide: the later one tries again.
 */
export async function runAndStore(pool: Db, ids?: number[]): Promise<TestRun[]> {
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
