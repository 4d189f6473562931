import type pg from 'pg';
import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { SafetyIds } from '../domain/safety-check';
import type { SafetyDataText } from '../test-prescriptions/evaluate';
import type { Write } from './audit/entries';
import { allByName, deleteById, oneById } from './rows';
import { SAFETY_DATA_SQL } from './safety-check';

/** The SQL of test prescriptions: the records, their stored results, and the summary. */

export interface TestPrescriptionInput {
  name: string;
  note: string | null;
  request: object;
  expected: object;
  /** Undefined keeps the stored floor on an update (and is none on an insert). */
  min_verdict: Schema<'TestPrescriptionFloor'> | undefined;
}

/** What a run reads of each test. */
export interface RunnableTest {
  id: number;
  name: string;
  request: object;
  expected: object;
  min_verdict: Schema<'TestPrescriptionFloor'>;
  /** False for an expected outcome saved before findings recorded their rule and reason. */
  expected_rules: boolean;
  last_outcome: object | null;
  /** The newest change the stored result has seen. */
  checked_through: number | null;
}

/** What a run stores for one test. */
export interface StoredResult {
  id: number;
  status: Schema<'TestPrescriptionStatus'>;
  /** The outcome, or null when it equals the stored one. */
  outcome: object | null;
  /** The outcome differs from the last run's. */
  altered: boolean;
  /** An expected outcome with rules, in place of one saved without (null: kept). */
  expected: object | null;
}

/** The history entities whose changes can alter a safety check's outcome. */
const REFERENCE_ENTITIES = `entity NOT IN ('account', 'drug', 'test_prescription')`;

const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A test as the contract's TestPrescription, over alias `t`. */
const COLUMNS = `t.id, t.name, t.note, t.request, t.expected, t.min_verdict,
  COALESCE((SELECT json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY p.n)
              FROM jsonb_array_elements(COALESCE(t.request->'medications',
                     (SELECT jsonb_agg(jsonb_build_object('medication_id', i))
                        FROM jsonb_array_elements(t.request->'medication_ids') i)))
                   WITH ORDINALITY AS p(item, n)
              JOIN medications m ON m.id = (p.item->>'medication_id')::int), '[]'::json) AS medications,
  CASE WHEN t.last_status IS NULL THEN NULL ELSE json_build_object(
    'status', t.last_status, 'run_at', ${isoTime('t.last_run_at')}, 'audit_id', t.last_audit_id,
    'audit_label', (SELECT a.label FROM audit_log a WHERE a.id = t.last_audit_id)) END AS last_result,
  ${isoTime('t.created_at')} AS created_at, ${isoTime('t.updated_at')} AS updated_at`;

const SELECT = `SELECT ${COLUMNS} FROM test_prescriptions t`;

export const listTestPrescriptions = (db: Queryable) =>
  allByName<Schema<'TestPrescription'>>(db, SELECT);

export const getTestPrescription = (db: Queryable, id: number) =>
  oneById<Schema<'TestPrescription'>>(db, SELECT, id);

export async function summary(db: Queryable) {
  const { rows } = await db.query<Schema<'TestPrescriptionSummary'>>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE last_status = 'pass')::int AS passing,
            count(*) FILTER (WHERE last_status = 'worse')::int AS worse,
            count(*) FILTER (WHERE last_status = 'changed')::int AS changed,
            count(*) FILTER (WHERE last_status IS NULL)::int AS not_run
       FROM test_prescriptions`,
  );
  return rows[0];
}

export async function insertTestPrescription(
  db: Queryable,
  input: TestPrescriptionInput,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO test_prescriptions (name, note, request, expected, min_verdict)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [input.name, input.note, input.request, input.expected, input.min_verdict ?? null],
  );
  return rows[0].id;
}

export async function updateTestPrescription(
  db: Queryable,
  id: number,
  input: TestPrescriptionInput,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE test_prescriptions SET name = $2, note = $3, request = $4,
            expected_rules = expected_rules OR expected IS DISTINCT FROM $5::jsonb, expected = $5,
            min_verdict = CASE WHEN $6 THEN $7 ELSE min_verdict END, updated_at = now()
      WHERE id = $1`,
    [
      id,
      input.name,
      input.note,
      input.request,
      input.expected,
      input.min_verdict !== undefined,
      input.min_verdict ?? null,
    ],
  );
  return rowCount === 1;
}

export async function setExpected(db: Queryable, id: number, expected: object): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE test_prescriptions SET expected = $2, expected_rules = true, updated_at = now()
      WHERE id = $1`,
    [id, expected],
  );
  return rowCount === 1;
}

export const deleteTestPrescription = (write: Write, id: number) =>
  deleteById(write, 'test_prescriptions', id);

/** The ids of the tests with these names (case-insensitive), by lower-case name. */
export async function idsByName(db: Queryable, names: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ key: string; id: number }>(
    'SELECT lower(name) AS key, id FROM test_prescriptions WHERE lower(name) = ANY($1::text[])',
    [names.map((n) => n.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** The tests to run: all, or those with these ids; by name. */
export async function runnableTests(db: Queryable, ids?: number[]): Promise<RunnableTest[]> {
  const { rows } = await db.query<RunnableTest>(
    `SELECT id, name, request, expected, min_verdict, expected_rules, last_outcome, checked_through
       FROM test_prescriptions
      WHERE $1::int[] IS NULL OR id = ANY($1::int[]) ORDER BY lower(name), id`,
    [ids ?? null],
  );
  return rows;
}

/** The newest history entry about data the safety check reads, in this transaction's snapshot. */
export async function newestReferenceChange(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ id: number | null }>(
    // Each table's own newest (a backwards walk of its ids), where a max over the view audit_log
    // would read every entry.
    `SELECT greatest((SELECT max(id) FROM audit_entries WHERE ${REFERENCE_ENTITIES}),
                     (SELECT max(id) FROM audit_inbox WHERE ${REFERENCE_ENTITIES})) AS id`,
  );
  return rows[0].id;
}

/**
 * Stores one run's results in one statement. A test whose outcome differs from its last run's
 * names `changeId` as the change that altered it (a first run names none). A result computed
 * from older data than the stored one (`checked_through`) is not stored: another run, on this or
 * another instance, saw newer data.
 */
export async function storeResults(
  db: Queryable,
  results: StoredResult[],
  changeId: number | null,
): Promise<void> {
  if (results.length === 0) return;
  await db.query(
    `UPDATE test_prescriptions t
        SET last_status = r.status, last_run_at = now(),
            last_outcome = COALESCE(r.outcome, t.last_outcome),
            expected = CASE WHEN t.expected_rules THEN t.expected
                            ELSE COALESCE(r.expected, t.expected) END,
            expected_rules = t.expected_rules OR r.expected IS NOT NULL,
            last_audit_id = CASE WHEN r.altered AND t.last_outcome IS NOT NULL THEN $4::int
                                 ELSE t.last_audit_id END,
            checked_through = $4::int
       FROM unnest($1::int[], $2::text[], $3::jsonb[], $5::boolean[], $6::jsonb[])
            AS r(id, status, outcome, altered, expected)
      WHERE t.id = r.id
        AND (t.checked_through IS NULL OR $4::int IS NULL OR t.checked_through <= $4::int)`,
    [
      results.map((r) => r.id),
      results.map((r) => r.status),
      results.map((r) => (r.outcome === null ? null : JSON.stringify(r.outcome))),
      changeId,
      results.map((r) => r.altered),
      results.map((r) => (r.expected === null ? null : JSON.stringify(r.expected))),
    ],
  );
}

/** Names of medications, for difference messages. */
export async function medicationNames(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM medications WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every column as PostgreSQL's text, unparsed. */
const TEXT_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (() => (value: string) =>
    value) as unknown as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * The safety check's read (SAFETY_DATA_SQL, the same prepared statement) for a chunk of tests,
 * each column left as PostgreSQL's JSON text: the worker thread that evaluates the chunk parses
 * it, so the megabytes a large chunk reads are not parsed on the event loop.
 */
export async function safetyDataText(db: Queryable, ids: SafetyIds): Promise<SafetyDataText> {
  const { rows } = await db.query<SafetyDataText>({
    name: 'safety-check-read',
    text: SAFETY_DATA_SQL,
    values: [ids.medications, ids.conditions, ids.lifestyles, ids.allergies, ids.allergyClasses],
    types: TEXT_TYPES,
  });
  return rows[0];
}
