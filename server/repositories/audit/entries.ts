import type pg from 'pg';
import type { AuditAction, AuditEntity } from '@contract/enums';
import type { Queryable } from '../../db/pool';
import {
  ENTITIES,
  labelSql,
  NOT_RELEASED,
  type AuditEffect,
  type Changes,
  type Snapshot,
} from './records';

/**
 * The history's entries: written with a write in its transaction (`insertEntry`) or in its very
 * statement (`writeWithEntry`, through the inbox that `moveInbox` empties), and read one by one.
 */

/** Who made a change, and why. */
export interface Author {
  actorId: number;
  /**
   * The name the caller knows the author by. The database stores the author's vetted name
   * instead, from their latest account snapshot (migration 028), on every path an entry takes; this
   * one stays only for an author who is no account.
   */
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

export const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An entry as the contract's AuditEntry, over alias `e`. */
export const ENTRY_COLUMNS = `e.id, ${isoTime('e.at')} AS at,
  json_build_object('id', e.actor_id, 'name', e.actor_name) AS actor, e.action, e.entity,
  e.entity_id, e.label, e.changes, e.reason, e.reverts,
  (SELECT r.id FROM audit_entries r WHERE r.reverts = e.id) AS reverted_by`;

/**
 * Every history entry: those stored in audit_entries, and those still in the inbox that one-statement
 * writes fill (migration 014), shown as they will be stored. Every read of the history reads this.
 */
export const HISTORY = 'audit_log';

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
 * Notes the entries the statement's CTE `e` (returning id, entity and entity_id) wrote about the
 * reference data as not in any release yet (migration 027): part of every statement that writes
 * an entry, so the review never misses one.
 */
const UNRELEASED = `unreleased AS (
       INSERT INTO unreleased_entries (entry_id, entity, entity_id)
       SELECT id, entity, entity_id FROM e
        WHERE entity NOT IN (${NOT_RELEASED.map((entity) => `'${entity}'`).join(', ')}))`;

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
     ${UNRELEASED},
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
        WHERE (audit_before - 'updated_at') IS DISTINCT FROM (audit_after - 'updated_at')
       RETURNING id, entity, entity_id),
     ${UNRELEASED}
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
 * An entry keeps the author's snapshot it was written with, and is linked into the history's hash
 * chain as the move commits (migration 028). Answers how many moved.
 */
export async function moveInbox(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ moved: number }>(
    `WITH moved AS (
       DELETE FROM audit_inbox
        WHERE id = ANY (ARRAY(SELECT id FROM audit_inbox LIMIT $1 FOR UPDATE SKIP LOCKED))
       RETURNING *),
     e AS (INSERT INTO audit_entries (id, at, actor_id, actor_snapshot_id, actor_name, action,
                                      effect, entity, entity_id, label, changes, reason,
                                      medication_ids)
       OVERRIDING SYSTEM VALUE
       SELECT id, at, actor_id, actor_snapshot_id, actor_name, action, action, entity, entity_id,
              label, audit_changes(before, after), reason,
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
