import {
  checkRequest,
  evaluateSafety,
  unknownIds,
  type CheckedRequest,
  type SafetyCheckRequest,
  type SafetyData,
} from '../domain/safety-check';
import { HttpError } from '../errors';
import {
  belowFloor,
  differences,
  outcomeOf,
  statusOf,
  withoutRules,
  type Actual,
  type Difference,
  type Floor,
  type NameOf,
  type Outcome,
  type Status,
} from './outcome';

/**
 * The CPU-bound part of running test prescriptions, as pure functions of plain data: each
 * request's share of the reference data read for its chunk, the safety check's own
 * `evaluateSafety`, and the comparison with the expected outcome. A worker thread runs
 * `evaluateChunk` (./worker.ts) so that a large suite never holds the event loop; the database
 * reads stay with the caller, in its transaction.
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

/** What a run needs of a test to compare its outcome. */
export interface ComparedTest {
  id: number;
  name: string;
  expected: Outcome;
  min_verdict: Floor;
  /** False for an expected outcome saved before findings recorded their rule and reason. */
  expected_rules: boolean;
}

/** Why a stored request cannot be checked any more, in words. */
export function refusal(error: HttpError): string {
  const fields = Object.entries(error.errors ?? {}).map(([f, m]) => `${f}: ${m.join(', ')}`);
  return fields.length ? fields.join('; ') : error.message;
}

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

export function indexed(all: SafetyData): Indexed {
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
export function shareOf(index: Indexed, request: CheckedRequest): SafetyData {
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

/** The request as the check reads it, or the 422 the safety check would answer. */
export function checkedOrRefused(
  request: SafetyCheckRequest,
): CheckedRequest | { error: HttpError } {
  try {
    return checkRequest(request);
  } catch (error) {
    if (error instanceof HttpError) return { error };
    throw error;
  }
}

/** Each valid request with its share of `all` (read for all of them), or why it is refused. */
export function readFrom(
  all: SafetyData,
  requests: SafetyCheckRequest[],
  checked: (CheckedRequest | { error: HttpError })[],
): ReadRequest[] {
  const index = indexed(all);
  return checked.map((c, offset) => {
    if ('error' in c) return c;
    const data = shareOf(index, c);
    const refused = unknownIds(requests[offset], c.lists, data);
    return refused ? { error: refused } : { checked: c, data };
  });
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

/**
 * A test's outcome now (`state`), compared with its expected one and its floor. An expected
 * outcome saved before findings recorded their rule and reason (`expected_rules` false) is
 * compared on kind, medications and severity only; when it passes so, the run carries the actual
 * outcome to store in its place (`upgraded`), and from then on the test compares rules too.
 */
export function compareRun(test: ComparedTest, state: Actual, nameOf: NameOf): TestRun {
  const legacy = !test.expected_rules && 'outcome' in state;
  const compared: Actual = legacy ? { outcome: withoutRules(state.outcome) } : state;
  const found = [
    ...differences({ outcome: test.expected }, compared, nameOf),
    ...belowFloor(state, test.min_verdict),
  ];
  const status = statusOf(found);
  return {
    id: test.id,
    name: test.name,
    status,
    expected: test.expected,
    actual: 'outcome' in state ? state.outcome : null,
    differences: found,
    state,
    ...(legacy && status === 'pass' && 'outcome' in state ? { upgraded: state.outcome } : {}),
  };
}

/** The safety check's read for a chunk, each column as PostgreSQL's JSON text (or parsed). */
export type SafetyDataText = { [K in keyof SafetyData]: string | SafetyData[K] };

/** One request of a chunk. */
export interface ChunkItem {
  request: SafetyCheckRequest;
  /** The test to compare the outcome with (a run); left out, the outcome alone. */
  test?: ComparedTest;
  /** An earlier outcome to tell this one's differences from (an impact preview). */
  before?: Actual;
}

/** What a chunk of requests needs: the requests, and the reference data read for all of them. */
export interface ChunkInput {
  items: ChunkItem[];
  data: SafetyDataText;
}

/** What one request came to. */
export interface ChunkResult {
  state: Actual;
  /** Why the request cannot be checked, as the safety check's 422 says it. */
  refused?: { message: string; errors?: Record<string, string[]> };
  /** The comparison with the item's test. */
  run?: TestRun;
  /** The differences from the item's `before`. */
  changes?: Difference[];
}

export interface ChunkOutput {
  results: ChunkResult[];
  /** The names of the medications read, for messages. */
  names: [number, string][];
}

const parsed = <T>(value: string | T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** Evaluates one chunk: the work a worker thread does for a run or a preview. */
export function evaluateChunk({ items, data }: ChunkInput): ChunkOutput {
  const all: SafetyData = {
    medications: parsed(data.medications),
    conditions: parsed(data.conditions),
    lifestyles: parsed(data.lifestyles),
    allergies: parsed(data.allergies),
    interactions: parsed(data.interactions),
    classes: parsed(data.classes),
    class_rules: parsed(data.class_rules),
    ingredient_limits: parsed(data.ingredient_limits),
  };
  const names = new Map<number, string>();
  for (const m of [...all.medications, ...all.allergies]) names.set(m.id, m.name);
  const nameOf: NameOf = (id) => names.get(id) ?? `medication #${id}`;
  const requests = items.map((item) => item.request);
  const read = readFrom(all, requests, requests.map(checkedOrRefused));
  const results = items.map((item, index): ChunkResult => {
    const one = read[index];
    const state = outcomeOfRequest(item.request, one);
    const result: ChunkResult = { state };
    if ('error' in one) {
      result.refused = {
        message: one.error.message,
        ...(one.error.errors ? { errors: one.error.errors } : {}),
      };
    }
    if (item.test) result.run = compareRun(item.test, state, nameOf);
    if (item.before) result.changes = differences(item.before, state, nameOf);
    return result;
  });
  return { results, names: [...names] };
}
