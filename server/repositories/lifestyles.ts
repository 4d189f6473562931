import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { guardedDelete } from './guardedDelete';
import { type ListSpec } from './listing';
import { deleteById, updateById } from './rows';

type Lifestyle = Schema<'Lifestyle'>;
type LifestyleContraindication = Schema<'LifestyleContraindication'>;
type Severity = LifestyleContraindication['severity'];

export async function listLifestyles(db: Queryable) {
  const { rows } = await db.query<Lifestyle>(
    'SELECT id, name FROM lifestyles ORDER BY lower(name), id',
  );
  return rows;
}

export type LifestyleSortField = 'name';

export const LIFESTYLE_LIST: ListSpec<LifestyleSortField> = {
  table: 'lifestyles t',
  tables: ['lifestyles'],
  columns: 'id, name',
  sorts: { name: ['lower(t.name)'] },
  defaultOrder: ['lower(t.name)'],
  matchWord: (_word, like) => like('t.name'),
  csvColumns: `t.name AS "Name"`,
};

export async function getLifestyle(db: Queryable, id: number) {
  const { rows } = await db.query<Lifestyle>('SELECT id, name FROM lifestyles WHERE id = $1', [id]);
  return rows[0];
}

export async function insertLifestyle(write: Write, name: string) {
  const { rows } = await write<Lifestyle>(
    'INSERT INTO lifestyles (name) VALUES ($1) RETURNING id, name',
    [name],
  );
  return rows[0];
}

export async function updateLifestyle(write: Write, id: number, name: string) {
  const { rows } = await write<Lifestyle>(
    'UPDATE lifestyles SET name = $2 WHERE id = $1 RETURNING id, name',
    [id, name],
  );
  return rows[0];
}

export async function medicationsUsingLifestyle(db: Queryable, id: number) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT m.name FROM lifestyle_contraindications lc JOIN medications m ON m.id = lc.medication_id
      WHERE lc.lifestyle_id = $1 ORDER BY m.name LIMIT 6`,
    [id],
  );
  return rows.map((r) => r.name);
}

export const LIFESTYLE_DELETE = guardedDelete('lifestyles', medicationsUsingLifestyle);

/** What the lifestyle routes read (routes/namedRecords.ts). */
export const LIFESTYLE_READS = {
  spec: LIFESTYLE_LIST,
  readAll: listLifestyles,
  readOne: getLifestyle,
};

const CONTRAINDICATION_SELECT = `
SELECT lc.id, lc.medication_id, lc.lifestyle_id, lc.severity,
  json_build_object('id', l.id, 'name', l.name) AS lifestyle,
  json_build_object('id', m.id, 'name', m.name) AS medication
FROM lifestyle_contraindications lc
JOIN lifestyles l ON l.id = lc.lifestyle_id
JOIN medications m ON m.id = lc.medication_id`;

export async function listLifestyleContraindications(db: Queryable) {
  const { rows } = await db.query<LifestyleContraindication>(
    `${CONTRAINDICATION_SELECT} ORDER BY lower(m.name), lower(l.name), lc.id`,
  );
  return rows;
}

export async function getLifestyleContraindication(db: Queryable, id: number) {
  const { rows } = await db.query<LifestyleContraindication>(
    `${CONTRAINDICATION_SELECT} WHERE lc.id = $1`,
    [id],
  );
  return rows[0];
}

/** Inserts the pair with its severity; undefined when it already exists. */
export async function insertLifestyleContraindication(
  write: Write,
  medicationId: number,
  lifestyleId: number,
  severity: Severity,
) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO lifestyle_contraindications (medication_id, lifestyle_id, severity)
     VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
    [medicationId, lifestyleId, severity],
  );
  return rows[0]?.id;
}

export const updateLifestyleContraindication = (write: Write, id: number, severity: Severity) =>
  updateById(write, 'lifestyle_contraindications', id, { severity });

export const deleteLifestyleContraindication = (write: Write, id: number) =>
  deleteById(write, 'lifestyle_contraindications', id);
