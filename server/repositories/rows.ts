import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import type { Filter } from './listing';

/**
 * The reads and writes that look the same for many tables: a whole list by name, one record by
 * id, a link of two records, a delete by id. Table and column names come from the repositories'
 * own constants, never from a request.
 */

/** Every record `select` (a SELECT over the table as `t`) reads, by name. */
export async function allByName<R extends { id: number }>(db: Queryable, select: string) {
  const { rows } = await db.query<R>(`${select} ORDER BY lower(t.name), t.id`);
  return rows;
}

/** The record `select` (a SELECT over the table as `t`) reads for `id`, if there is one. */
export async function oneById<R extends { id: number }>(
  db: Queryable,
  select: string,
  id: number,
): Promise<R | undefined> {
  const { rows } = await db.query<R>(`${select} WHERE t.id = $1`, [id]);
  return rows[0];
}

/** Links two records in `table`; the new link's id, undefined when they are linked already. */
export async function insertLink(
  write: Write,
  table: string,
  columns: [string, string],
  ids: [number, number],
) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
    ids,
  );
  return rows[0]?.id;
}

/** Deletes the record `id` of `table`; false when there is none. */
export async function deleteById(write: Write, table: string, id: number) {
  const { rowCount } = await write(`DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id]);
  return rowCount === 1;
}

/**
 * The list filter `medication_id` of a table (as `t`) linked to medications through `linkTable`:
 * the records linked to that medication.
 */
export const linkedToMedication =
  (linkTable: string, ownColumn: string) =>
  (value: unknown): Filter =>
  (param) =>
    `EXISTS (SELECT 1 FROM ${linkTable} l WHERE l.${ownColumn} = t.id AND l.medication_id = ${param(value)})`;

/**
 * Sets `columns` of the record `id` of `table` (and its `updated_at`); false when there is none.
 * An undefined value is stored as null.
 */
export async function updateById(
  write: Write,
  table: string,
  id: number,
  columns: Record<string, unknown>,
) {
  const names = Object.keys(columns);
  const sets = names.map((name, i) => `${name} = $${i + 2}`);
  const { rowCount } = await write(
    `UPDATE ${table} SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING id`,
    [id, ...names.map((name) => columns[name] ?? null)],
  );
  return rowCount === 1;
}
