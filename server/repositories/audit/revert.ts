import type { AuditAction, AuditEntity } from '@contract/enums';
import type { Queryable } from '../../db/pool';
import { HISTORY, isoTime, type StoredEntry } from './entries';
import { column, ENTITIES, type Snapshot } from './records';

/**
 * What a revert reads and writes: whether a later entry changed the record since, and the generic
 * writes (over any audited table, as stored) that put a record back as an entry found it.
 */

export interface LaterEntry {
  id: number;
  action: AuditAction;
  actor_name: string;
  at: string;
}

/**
 * The first entry after `entry` about the same record; with `dependents`, also about anything
 * that belongs to the medication (its dosages, contraindications and interactions). Account
 * events (a password change, ended sessions) change none of the fields a revert puts back.
 */
export async function laterEntry(
  db: Queryable,
  entry: StoredEntry,
  dependents: boolean,
): Promise<LaterEntry | undefined> {
  const { rows } = await db.query<LaterEntry>(
    `SELECT e.id, e.action, e.actor_name, ${isoTime('e.at')} AS at FROM ${HISTORY} e
      WHERE e.id > $1 AND e.action IN ('create', 'update', 'delete', 'revert')
        AND ((e.entity = $2 AND e.entity_id = $3)
            OR ($4 AND e.medication_ids @> ARRAY[$3]::int[]))
      ORDER BY e.id LIMIT 1`,
    [entry.id, entry.entity, entry.entity_id, dependents],
  );
  return rows[0];
}

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
