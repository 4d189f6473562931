import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { CODE_MATCH, CODES_CSV } from './codes';
import { guardedDelete } from './guardedDelete';
import { type ListSpec } from './listing';

type Condition = Schema<'Condition'>;
export type ConditionInput = Omit<Schema<'ConditionCreate'>, 'reason'>;

const COLUMNS = 'id, name, description, affects_kidney_function, codes';

export async function listConditions(db: Queryable) {
  const { rows } = await db.query<Condition>(
    `SELECT ${COLUMNS} FROM conditions ORDER BY lower(name), id`,
  );
  return rows;
}

export type ConditionSortField = 'name' | 'description';

export const CONDITION_LIST: ListSpec<ConditionSortField> = {
  table: 'conditions t',
  tables: ['conditions'],
  columns: COLUMNS,
  sorts: { name: ['lower(t.name)'], description: ['lower(t.description)'] },
  defaultOrder: ['lower(t.name)'],
  matchWord: (word, like, param) =>
    `${like('t.name')} OR ${like('t.description')} OR ${CODE_MATCH('t.codes', param(word))}`,
  csvColumns: `t.name AS "Name",
    coalesce(nullif(t.description, ''), '-') AS "Description",
    CASE WHEN t.affects_kidney_function THEN 'Yes' ELSE 'No' END AS "Affects Kidney Function",
    ${CODES_CSV('t.codes')} AS "Codes"`,
};

export async function getCondition(db: Queryable, id: number) {
  const { rows } = await db.query<Condition>(`SELECT ${COLUMNS} FROM conditions WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

export async function insertCondition(write: Write, input: ConditionInput) {
  const { rows } = await write<Condition>(
    `INSERT INTO conditions (name, description, affects_kidney_function, codes)
     VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [
      input.name,
      input.description ?? null,
      input.affects_kidney_function ?? false,
      JSON.stringify(input.codes ?? []),
    ],
  );
  return rows[0];
}

export async function updateCondition(write: Write, id: number, input: ConditionInput) {
  const { rows } = await write<Condition>(
    `UPDATE conditions SET name = $2, description = $3,
            affects_kidney_function = coalesce($4, affects_kidney_function),
            codes = coalesce($5::jsonb, codes), updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      id,
      input.name,
      input.description ?? null,
      input.affects_kidney_function ?? null,
      input.codes ? JSON.stringify(input.codes) : null,
    ],
  );
  return rows[0];
}

/** The names of the medications that still use a condition, as their condition or a contraindication. */
export async function medicationsUsingCondition(db: Queryable, id: number) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM medications WHERE condition_id = $1
     UNION SELECT m.name FROM medication_contraindications mc JOIN medications m ON m.id = mc.medication_id
      WHERE mc.condition_id = $1
     ORDER BY name LIMIT 6`,
    [id],
  );
  return rows.map((r) => r.name);
}

export const CONDITION_DELETE = guardedDelete('conditions', medicationsUsingCondition);

/** What the condition routes read (routes/namedRecords.ts). */
export const CONDITION_READS = {
  spec: CONDITION_LIST,
  readAll: listConditions,
  readOne: getCondition,
};
