import type { AuditAction, AuditEntity, AuditSort } from '../../api/generated/enums';
import type { operations } from '../../api/generated/openapi';
import type { Schema } from '../contract';
import type pg from 'pg';
import { withTransaction, type Db, type Queryable } from '../db/pool';
import { isQueryCanceled } from '../lib/pgErrors';
import { searchPatterns } from './activity';

/**
 * The SQL of the change history: snapshots of any audited record (generic over its table, as
 * stored), its readable label, the entries themselves, and the generic writes a revert makes.
 */

export type { AuditAction, AuditEntity };
/** What a write does; a revert is recorded as an action of its own. */
export type AuditEffect = Exclude<AuditAction, 'revert'>;

/** A record as stored: column name to value (booleans true/false, timestamps ISO text). */
export type Snapshot = Record<string, unknown> & { id: number };
export type Changes = Record<string, { from?: unknown; to?: unknown }>;

interface Dependent {
  /** The field of the medication's entry that holds these records. */
  table: string;
  where: string;
}

interface EntitySpec {
  table: string;
  /** Stored columns never copied into the history (secrets, and activity that is not a change). */
  hidden: string[];
  /** The label as SQL over `r`, the record's snapshot (jsonb). */
  label: string;
  /** Records deleted with this one (ON DELETE CASCADE), in the order they are restored. */
  dependents?: Dependent[];
}

const medicationName = (field: string) =>
  `(SELECT name FROM medications WHERE id = (r->>'${field}')::int)`;
const named = (table: string, field: string) =>
  `(SELECT name FROM ${table} WHERE id = (r->>'${field}')::int)`;
const categoryLabel = (min: string, max: string, unit: string, alias = 'r') =>
  `concat_ws(' ', ${alias}->>'category_name', (${alias}->>'${min}') || '-' || (${alias}->>'${max}'), ${alias}->>'${unit}')`;
const dosageLabel = (categories: string, field: string, min: string, max: string, unit: string) =>
  `concat_ws(' · ', ${medicationName('medication_id')},
     (SELECT ${categoryLabel(min, max, unit, 'to_jsonb(c)')} FROM ${categories} c
       WHERE c.id = (r->>'${field}')::int))`;

const ENTITIES: Record<AuditEntity, EntitySpec> = {
  condition: { table: 'conditions', hidden: [], label: `r->>'name'` },
  age_category: {
    table: 'age_categories',
    hidden: [],
    label: categoryLabel('min_age', 'max_age', 'age_unit'),
  },
  weight_category: {
    table: 'weight_categories',
    hidden: [],
    label: categoryLabel('min_weight', 'max_weight', 'weight_unit'),
  },
  medication: {
    table: 'medications',
    hidden: [],
    label: `r->>'name'`,
    dependents: [
      { table: 'weight_category_dosages', where: 'medication_id = $1' },
      { table: 'age_category_dosages', where: 'medication_id = $1' },
      { table: 'medication_contraindications', where: 'medication_id = $1' },
      { table: 'lifestyle_contraindications', where: 'medication_id = $1' },
      {
        table: 'drug_interactions',
        where: 'medication_id = $1 OR interacting_medication_id = $1',
      },
    ],
  },
  weight_dosage: {
    table: 'weight_category_dosages',
    hidden: [],
    label: dosageLabel(
      'weight_categories',
      'weight_category_id',
      'min_weight',
      'max_weight',
      'weight_unit',
    ),
  },
  age_dosage: {
    table: 'age_category_dosages',
    hidden: [],
    label: dosageLabel('age_categories', 'age_category_id', 'min_age', 'max_age', 'age_unit'),
  },
  contraindication: {
    table: 'medication_contraindications',
    hidden: [],
    label: `concat_ws(' · ', ${medicationName('medication_id')}, ${named('conditions', 'condition_id')})`,
  },
  lifestyle_contraindication: {
    table: 'lifestyle_contraindications',
    hidden: [],
    label: `concat_ws(' · ', ${medicationName('medication_id')}, ${named('lifestyles', 'lifestyle_id')})`,
  },
  drug_interaction: {
    table: 'drug_interactions',
    hidden: [],
    label: `concat_ws(' + ', ${medicationName('medication_id')}, ${medicationName('interacting_medication_id')})`,
  },
  lifestyle: { table: 'lifestyles', hidden: [], label: `r->>'name'` },
  drug: { table: 'drugs', hidden: [], label: `r->>'name'` },
  account: {
    table: 'users',
    hidden: ['password_hash', 'last_active_at', 'last_sign_in_at'],
    label: `concat(r->>'name', ' (', r->>'email', ')')`,
  },
  test_prescription: {
    table: 'test_prescriptions',
    // A run's result is no change of the test itself.
    hidden: ['last_status', 'last_run_at', 'last_audit_id', 'last_outcome', 'checked_through'],
    label: `r->>'name'`,
  },
};

/** Column names only ever come from this module's snapshots; checked anyway before reaching SQL. */
function column(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a column name: ${name}`);
  return name;
}

/** The tables whose records a medication's entry holds beside its own fields. */
export function dependentFields(entity: AuditEntity): string[] {
  return (ENTITIES[entity].dependents ?? []).map((d) => d.table);
}

/**
 * The readable label of a record `r` (its snapshot, jsonb) as SQL: "Warfarin", "Warfarin +
 * Ibuprofen", or the entity and id when the record has none.
 */
function labelSql(entity: AuditEntity): string {
  return `coalesce(nullif(${ENTITIES[entity].label}, ''), '${entity.replace(/_/g, ' ')} #' || (r->>'id'))`;
}

/**
 * The record as stored with its readable label ("Warfarin", "Warfarin + Ibuprofen"), or undefined
 * when there is none: one statement, as a write's entry reads it while the write's locks are held.
 * `lock` takes its row lock (an update, a delete or a revert follows); `withDependents` adds,
 * under each dependent table's name, every record that a delete of it would take along.
 */
export async function snapshot(
  db: Queryable,
  entity: AuditEntity,
  id: number,
  options: { lock?: boolean; withDependents?: boolean } = {},
): Promise<{ row: Snapshot; label: string } | undefined> {
  const spec = ENTITIES[entity];
  const { rows } = await db.query<{ row: Snapshot; label: string }>(
    `SELECT r AS row, ${labelSql(entity)} AS label
       FROM (SELECT to_jsonb(t) - $2::text[] AS r FROM ${spec.table} t
              WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}) x`,
    [id, spec.hidden],
  );
  if (!rows[0]) return undefined;
  const { row, label } = rows[0];
  if (!options.withDependents) return { row, label };
  for (const dependent of spec.dependents ?? []) {
    const { rows: list } = await db.query<{ rows: unknown[] }>(
      `SELECT coalesce(jsonb_agg(to_jsonb(d) ORDER BY d.id), '[]'::jsonb) AS rows
         FROM ${dependent.table} d WHERE ${dependent.where}`,
      [id],
    );
    row[dependent.table] = list[0].rows;
  }
  return { row, label };
}

/** Who made a change, and why. */
export interface Author {
  actorId: number;
  actorName: string;
  reason: string | null;
}

export interface NewEntry extends Author {
  action: AuditAction;
  effect: AuditEffect;
  entity: AuditEntity;
  entityId: number;
  label: string;
  /** The record before and after the write (none before a create, none after a delete). */
  before?: Snapshot;
  after?: Snapshot;
  reverts: number | null;
}

const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An entry as the contract's AuditEntry, over alias `e`. */
const ENTRY_COLUMNS = `e.id, ${isoTime('e.at')} AS at,
  json_build_object('id', e.actor_id, 'name', e.actor_name) AS actor, e.action, e.entity,
  e.entity_id, e.label, e.changes, e.reason, e.reverts,
  (SELECT r.id FROM audit_entries r WHERE r.reverts = e.id) AS reverted_by`;

/**
 * Every history entry: those stored in audit_entries, and those still in the inbox that one-statement
 * writes fill (migration 014), shown as they will be stored. Every read of the history reads this.
 */
const HISTORY = 'audit_log';

export interface EntryRow {
  id: number;
  at: string;
  actor: { id: number; name: string };
  action: AuditAction;
  entity: AuditEntity;
  entity_id: number;
  label: string;
  changes: Changes;
  reason: string | null;
  reverts: number | null;
  reverted_by: number | null;
}

/**
 * The counts GET /audit sums for its totals (with the inbox's entries, which are not counted yet),
 * moved by the entries that the statement's CTE `e` (returning entity, action and actor_id)
 * inserted into audit_entries: part of every statement that stores entries there, so an entry is
 * never stored without being counted. Each connection moves a shard of its own, so concurrent
 * writers do not wait on one row.
 */
const COUNT_ENTRIES = `counted AS (
       INSERT INTO audit_counts AS c (entity, action, actor_id, shard, n)
       SELECT entity, action, actor_id, pg_backend_pid() % 16, count(*)
         FROM e GROUP BY entity, action, actor_id
       ON CONFLICT (entity, action, actor_id, shard) DO UPDATE SET n = c.n + excluded.n)`;

/**
 * Writes the entry of a write made in the caller's transaction, and answers it; none when the
 * write changed nothing (an update to the same values).
 */
export async function insertEntry(db: Queryable, entry: NewEntry): Promise<EntryRow | undefined> {
  const { rows } = await db.query<EntryRow>(
    `WITH x AS MATERIALIZED (SELECT coalesce($9::jsonb, $8::jsonb) AS r,
                                    audit_changes($8::jsonb, $9::jsonb) AS changes),
     e AS (INSERT INTO audit_entries (actor_id, actor_name, action, effect, entity, entity_id,
                                      label, changes, reason, reverts, medication_ids)
       SELECT $1, $2, $3, $4, $5, $6, $7, x.changes, $10, $11, audit_medication_ids($5, x.r)
         FROM x WHERE x.changes <> '{}' RETURNING *),
     ${COUNT_ENTRIES}
     SELECT ${ENTRY_COLUMNS} FROM e`,
    [
      entry.actorId,
      entry.actorName,
      entry.action,
      entry.effect,
      entry.entity,
      entry.entityId,
      entry.label,
      entry.before ?? null,
      entry.after ?? null,
      entry.reason,
      entry.reverts,
    ],
  );
  return rows[0];
}

/** What a one-statement write returns besides its own RETURNING columns. */
const STATEMENT_COLUMNS = ['audit_before', 'audit_after'];

/**
 * Runs a repository's one write statement: an INSERT, UPDATE or DELETE of one record's table that
 * ends in its RETURNING list. The repository functions that take one are the audited writes:
 * `auditedStatement` (server/audit/record.ts) gives them a `Write` that also records the entry.
 */
export type Write = <R extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[],
) => Promise<pg.QueryResult<R>>;

/**
 * Runs one write statement of `entity`'s table (as a `Write` takes it: ending in its RETURNING
 * list) and writes its history entry in the same SQL statement, which PostgreSQL makes atomic by
 * itself: a failing write stores neither, and no BEGIN, snapshot reads or COMMIT travel to the
 * server. The record before and after come from the write itself (RETURNING old and new,
 * PostgreSQL 18), so they are exactly the row it replaced and the row it stored, whatever ran
 * concurrently. Each record the write touched gets its entry; one it did not change (the same
 * values, or only `updated_at`) gets none. The entry goes to the history's inbox (migration 014),
 * with no index to keep up and no diff or count to compute: `moveInbox` does that later, in
 * batches. Answers the write's own result, as if it ran alone. A medication's create and delete
 * are not such writes: their entries hold the dependents, read in a transaction (`audited`).
 */
export async function writeWithEntry(
  run: (text: string, values: unknown[]) => Promise<pg.QueryResult>,
  entity: AuditEntity,
  write: { text: string; values: unknown[] },
  author: Author,
): Promise<pg.QueryResult> {
  const spec = ENTITIES[entity];
  const p = (n: number) => `$${write.values.length + n}`;
  const text = `WITH w AS (
       ${write.text},
         to_jsonb(old) - ${p(1)}::text[] AS audit_before, to_jsonb(new) - ${p(1)}::text[] AS audit_after),
     e AS (INSERT INTO audit_inbox (actor_id, actor_name, action, entity, entity_id, label, reason,
                                    before, after)
       SELECT ${p(2)}, ${p(3)},
              CASE WHEN audit_before IS NULL THEN 'create'
                   WHEN audit_after IS NULL THEN 'delete' ELSE 'update' END,
              ${p(4)}, (r->>'id')::int, ${labelSql(entity)}, ${p(5)}, audit_before, audit_after
         FROM w CROSS JOIN LATERAL (SELECT coalesce(audit_after, audit_before) AS r) x
        WHERE (audit_before - 'updated_at') IS DISTINCT FROM (audit_after - 'updated_at'))
     SELECT w.* FROM w`;
  const result = await run(text, [
    ...write.values,
    spec.hidden,
    author.actorId,
    author.actorName,
    entity,
    author.reason,
  ]);
  const rows = result.rows.map((row: Record<string, unknown>) => {
    const own = { ...row };
    for (const column of STATEMENT_COLUMNS) delete own[column];
    return own;
  });
  return { ...result, rows, rowCount: rows.length };
}

/** How many inbox entries `moveInbox` moves at most in one statement. */
export const INBOX_BATCH = 2000;

/**
 * Moves up to INBOX_BATCH entries from the inbox into audit_entries, with their diff and medication
 * ids, and counts them for GET /audit's totals: one statement, so a reader sees each entry in
 * exactly one of the two places. Entries another mover (another instance) is moving are skipped.
 * Answers how many moved.
 */
export async function moveInbox(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ moved: number }>(
    `WITH moved AS (
       DELETE FROM audit_inbox
        WHERE id = ANY (ARRAY(SELECT id FROM audit_inbox LIMIT $1 FOR UPDATE SKIP LOCKED))
       RETURNING *),
     e AS (INSERT INTO audit_entries (id, at, actor_id, actor_name, action, effect, entity,
                                      entity_id, label, changes, reason, medication_ids)
       OVERRIDING SYSTEM VALUE
       SELECT id, at, actor_id, actor_name, action, action, entity, entity_id, label,
              audit_changes(before, after), reason,
              audit_medication_ids(entity, coalesce(after, before))
         FROM moved RETURNING entity, action, actor_id),
     ${COUNT_ENTRIES}
     SELECT count(*)::int AS moved FROM e`,
    [INBOX_BATCH],
  );
  return rows[0].moved;
}

/** An entry with what a revert needs: what it did to its record. */
export type StoredEntry = EntryRow & { effect: AuditEffect };

export async function getEntry(db: Queryable, id: number): Promise<StoredEntry | undefined> {
  const { rows } = await db.query<StoredEntry>(
    `SELECT ${ENTRY_COLUMNS}, e.effect FROM ${HISTORY} e WHERE e.id = $1`,
    [id],
  );
  return rows[0];
}

export interface LaterEntry {
  id: number;
  action: AuditAction;
  actor_name: string;
  at: string;
}

/**
 * The first entry after `entry` about the same record; with `dependents`, also about anything
 * that belongs to the medication (its dosages, contraindications and interactions).
 */
export async function laterEntry(
  db: Queryable,
  entry: StoredEntry,
  dependents: boolean,
): Promise<LaterEntry | undefined> {
  const { rows } = await db.query<LaterEntry>(
    `SELECT e.id, e.action, e.actor_name, ${isoTime('e.at')} AS at FROM ${HISTORY} e
      WHERE e.id > $1 AND ((e.entity = $2 AND e.entity_id = $3)
            OR ($4 AND e.medication_ids @> ARRAY[$3]::int[]))
      ORDER BY e.id LIMIT 1`,
    [entry.id, entry.entity, entry.entity_id, dependents],
  );
  return rows[0];
}

// ---------- the generic writes of a revert ----------

/**
 * Sets the given fields of the record back to the given values, and its `updated_at` to now when
 * it has one; false when the record is gone.
 */
export async function restoreFields(
  db: Queryable,
  entity: AuditEntity,
  current: Snapshot,
  values: Record<string, unknown>,
): Promise<boolean> {
  const { table } = ENTITIES[entity];
  const columns = Object.keys(values).map(column).join(', ');
  const { rowCount } = await db.query(
    `UPDATE ${table} SET (${columns}) = (SELECT ${columns} FROM jsonb_populate_record(NULL::${table}, $2))
       ${'updated_at' in current ? ', updated_at = now()' : ''}
     WHERE id = $1`,
    [current.id, values],
  );
  return rowCount === 1;
}

/** Inserts rows of `table` exactly as they were stored, ids included. */
async function insertRows(db: Queryable, table: string, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]).map(column).join(', ');
  await db.query(
    `INSERT INTO ${table} (${columns})
     SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Recreates a deleted record from its snapshot, with its id, and then every record deleted with
 * it (a medication's dosages, contraindications and interactions).
 */
export async function recreate(db: Queryable, entity: AuditEntity, row: Snapshot): Promise<void> {
  const spec = ENTITIES[entity];
  const own = { ...row };
  for (const dependent of spec.dependents ?? []) delete own[dependent.table];
  await insertRows(db, spec.table, [own]);
  for (const dependent of spec.dependents ?? []) {
    await insertRows(db, dependent.table, (row[dependent.table] ?? []) as Snapshot[]);
  }
}

/** Deletes a record (and, through its foreign keys, what cascades with it). */
export async function remove(db: Queryable, entity: AuditEntity, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM ${ENTITIES[entity].table} WHERE id = $1`, [id]);
  return rowCount === 1;
}

// ---------- GET /audit ----------

type AuditSortField = Exclude<AuditSort, `-${string}`>;

/** The contract's filters, with the paging the route has filled in. */
export type AuditQuery = Omit<
  NonNullable<operations['listAuditEntries']['parameters']['query']>,
  'page' | 'page_size' | 'sort'
> & { page: number; pageSize: number; sort: AuditSort };

/** Each sort field's SQL, matching an index of migration 007; only these reach ORDER BY. */
const SORT_KEYS: Record<AuditSortField, string> = {
  at: 'e.at',
  actor: 'lower(e.actor_name)',
  action: 'e.action',
  entity: 'e.entity',
};

function orderBy(sort: AuditSort): string {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as AuditSortField;
  const direction = descending ? 'DESC' : 'ASC';
  return `${SORT_KEYS[field]} ${direction}, e.id ${direction}`;
}

/**
 * What `q` searches: the label and the reason, joined by a space (no word contains one, so no
 * match spans both). Exactly the expression of migration 010's trigram index, which serves every
 * word of a search in one index scan.
 */
const SEARCH_TEXT = `(e.label || ' ' || coalesce(e.reason, ''))`;

/** When a filtered page's total is counted, and when PostgreSQL's estimate answers instead. */
export interface CountLimits {
  /** Counting is not even tried when the planner expects more matches (it would take too long). */
  maxEstimatedRows: number;
  /** A count that takes longer is cancelled, and the estimate answers. */
  budgetMs: number;
}
export const COUNT_LIMITS: CountLimits = { maxEstimatedRows: 2_000, budgetMs: 20 };

/** The WHERE clause of a query, with its parameters from $1 on. */
function filters(query: AuditQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (query.entity !== undefined) add((n) => `e.entity = ${n}`, query.entity);
  if (query.entity_id !== undefined) add((n) => `e.entity_id = ${n}`, query.entity_id);
  if (query.medication_id !== undefined)
    add((n) => `e.medication_ids @> ARRAY[${n}::int]`, query.medication_id);
  if (query.actor_id !== undefined) add((n) => `e.actor_id = ${n}`, query.actor_id);
  if (query.action !== undefined) add((n) => `e.action = ${n}`, query.action);
  if (query.from !== undefined) add((n) => `e.at >= ${n}::timestamptz`, query.from);
  if (query.to !== undefined) add((n) => `e.at < ${n}::timestamptz`, query.to);
  for (const pattern of searchPatterns(query.q)) add((n) => `${SEARCH_TEXT} ILIKE ${n}`, pattern);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * A query of GET /audit as a config object, which the pool's client sends unnamed (see
 * `PreparingClient` in db/pool.ts), so that PostgreSQL plans it for these values on every call.
 * Prepared, it soon gets a generic plan, which cannot know how many entries a filter or a
 * searched word matches: a common word's generic plan reads the whole table through the trigram
 * index and sorts what it finds (about a second over a million entries), where the plan for the
 * word reads the newest entries until a page is full.
 */
const plannedForValues = (text: string, values: unknown[]) => ({ text, values });

export interface EntryPage {
  rows: EntryRow[];
  total: number;
  totalIsEstimate: boolean;
  hasMore: boolean;
}

export async function listEntries(
  db: Db,
  query: AuditQuery,
  limits = COUNT_LIMITS,
): Promise<EntryPage> {
  const { where, params } = filters(query);
  const offset = (query.page - 1) * query.pageSize;
  // Filtered by entity, action and actor alone (or not at all), the counts of migration 007 and
  // the inbox's few entries give the exact total without counting the stored entries.
  const counted =
    query.entity_id === undefined &&
    query.medication_id === undefined &&
    query.from === undefined &&
    query.to === undefined &&
    searchPatterns(query.q).length === 0;
  const [page, count] = await Promise.all([
    // One entry past the page says whether a later page holds any, whatever the total. The page
    // is found first by id alone, and only its entries are then read whole: an entry still in
    // the inbox has its diff computed when read, which only the page's entries need.
    db.query<EntryRow>(
      plannedForValues(
        `WITH page AS MATERIALIZED (
           SELECT e.id FROM ${HISTORY} e ${where}
            ORDER BY ${orderBy(query.sort)}
            LIMIT $${params.length + 1} OFFSET $${params.length + 2})
         SELECT ${ENTRY_COLUMNS} FROM ${HISTORY} e WHERE e.id IN (SELECT id FROM page)
          ORDER BY ${orderBy(query.sort)}`,
        [...params, query.pageSize + 1, offset],
      ),
    ),
    counted
      ? db
          .query<{ total: number }>(
            `SELECT (SELECT coalesce(sum(n), 0)::int FROM audit_counts e ${where})
                  + (SELECT count(*)::int FROM audit_inbox e ${where}) AS total`,
            params,
          )
          .then(({ rows }) => ({ total: rows[0].total, estimate: false }))
      : boundedCount(db, where, params, limits),
  ]);
  const hasMore = page.rows.length > query.pageSize;
  const rows = page.rows.slice(0, query.pageSize);
  // An estimate never claims fewer entries than this page shows to exist.
  const seen = offset + rows.length + (hasMore ? 1 : 0);
  const total = count.estimate ? Math.max(count.total, seen) : count.total;
  return { rows, total, totalIsEstimate: count.estimate, hasMore };
}

/**
 * The exact number of matching entries when counting them is quick (a record's history, a rare
 * word); otherwise (a common word matching hundreds of thousands of a million entries) the
 * planner's estimate, so that no page waits on a long count.
 */
async function boundedCount(
  db: Db,
  where: string,
  params: unknown[],
  limits: CountLimits,
): Promise<{ total: number; estimate: boolean }> {
  const { rows: plan } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    plannedForValues(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${HISTORY} e ${where}`, params),
  );
  const estimated = {
    total: Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows']),
    estimate: true,
  };
  if (estimated.total > limits.maxEstimatedRows) return estimated;
  try {
    return await withTransaction(db, async (tx) => {
      await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [String(limits.budgetMs)]);
      const { rows } = await tx.query<{ total: number }>(
        plannedForValues(`SELECT count(*)::int AS total FROM ${HISTORY} e ${where}`, params),
      );
      return { total: rows[0].total, estimate: false };
    });
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    return estimated;
  }
}

// ---------- what a medication's delete takes with it ----------

type DependentGroup = Schema<'DependentGroup'>;
type DependentKind = Exclude<keyof Schema<'MedicationDependents'>, 'id' | 'name'>;

const DEPENDENT_GROUPS: Record<DependentKind, { from: string; name: string; detail: string }> = {
  weight_dosages: {
    from: `weight_category_dosages d JOIN weight_categories c ON c.id = d.weight_category_id
            WHERE d.medication_id = $1`,
    name: categoryLabel('min_weight', 'max_weight', 'weight_unit', 'to_jsonb(c)'),
    detail: `d.min_dosage || '-' || d.max_dosage || ' ' || d.dosage_unit`,
  },
  age_dosages: {
    from: `age_category_dosages d JOIN age_categories c ON c.id = d.age_category_id
            WHERE d.medication_id = $1`,
    name: categoryLabel('min_age', 'max_age', 'age_unit', 'to_jsonb(c)'),
    detail: `d.min_dosage || '-' || d.max_dosage || ' ' || d.dosage_unit`,
  },
  contraindications: {
    from: `medication_contraindications d JOIN conditions c ON c.id = d.condition_id
            WHERE d.medication_id = $1`,
    name: 'c.name',
    detail: 'NULL',
  },
  lifestyle_contraindications: {
    from: `lifestyle_contraindications d JOIN lifestyles c ON c.id = d.lifestyle_id
            WHERE d.medication_id = $1`,
    name: 'c.name',
    detail: 'NULL',
  },
  interactions: {
    from: `drug_interactions d
            JOIN medications c ON c.id = CASE WHEN d.medication_id = $1
                                              THEN d.interacting_medication_id ELSE d.medication_id END
            WHERE d.medication_id = $1 OR d.interacting_medication_id = $1`,
    name: 'c.name',
    detail: 'd.severity',
  },
};

/** Per kind, how many records a delete of the medication takes with it, and the first `limit`. */
export async function medicationDependents(db: Queryable, id: number, limit: number) {
  const groups = {} as Record<DependentKind, DependentGroup>;
  for (const [key, group] of Object.entries(DEPENDENT_GROUPS) as [
    DependentKind,
    (typeof DEPENDENT_GROUPS)[DependentKind],
  ][]) {
    const { rows } = await db.query<DependentGroup>(
      `SELECT (SELECT count(*)::int FROM ${group.from}) AS total,
              coalesce((SELECT json_agg(x) FROM (
                SELECT d.id, ${group.name} AS name, ${group.detail} AS detail FROM ${group.from}
                 ORDER BY lower(${group.name}), d.id LIMIT $2) x), '[]'::json) AS items`,
      [id, limit],
    );
    groups[key] = rows[0];
  }
  return groups;
}
