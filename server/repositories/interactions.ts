import { SEVERITIES } from '@contract/enums';
import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { type Filter, type Like, type ListSpec } from './listing';
import { deleteById, oneById } from './rows';

type DrugInteraction = Schema<'DrugInteraction'>;
export type InteractionInput = Pick<
  Schema<'DrugInteractionUpdate'>,
  'severity' | 'description' | 'is_allergen'
>;

const COLUMNS = `t.id, t.medication_id, t.interacting_medication_id,
  json_build_object('id', a.id, 'name', a.name) AS medication,
  json_build_object('id', b.id, 'name', b.name) AS interacting_medication,
  t.severity, t.description, t.is_allergen::int AS is_allergen, t.created_at`;
/** The interaction's two medications, by the alias the columns and sort keys read them by. */
const JOINS = {
  a: 'JOIN medications a ON a.id = t.medication_id',
  b: 'JOIN medications b ON b.id = t.interacting_medication_id',
};
const FROM = `drug_interactions t ${JOINS.a} ${JOINS.b}`;
const SELECT = `SELECT ${COLUMNS} FROM ${FROM}`;

// The contract lists the severities from the mildest: their order when sorting by severity. The
// expression must stay the one migration 012 indexes.
const SEVERITY_RANK = `array_position('{${SEVERITIES.join(',')}}'::text[], t.severity)`;

export type InteractionSortField =
  | 'medication'
  | 'interacting_medication'
  | 'severity'
  | 'description'
  | 'is_allergen'
  | 'created_at';

/**
 * The interactions whose medication (on either side) has a name matching the word, whose
 * description does, or whose severity contains it. The matching medications' ids are read first
 * (`wordIds`), so that each part is one index's lookups, or a hashed set when they are many.
 */
function matchWord(word: string, like: Like, param: (value: unknown) => string, ids?: string) {
  const severities = SEVERITIES.filter((severity) => severity.includes(word.toLowerCase()));
  return [
    `t.medication_id = ANY(${ids})`,
    `t.interacting_medication_id = ANY(${ids})`,
    like('t.description'),
    ...(severities.length > 0 ? [`t.severity = ANY(${param(severities)}::text[])`] : []),
  ].join(' OR ');
}

export const INTERACTION_LIST: ListSpec<InteractionSortField> = {
  table: 'drug_interactions t',
  joins: JOINS,
  tables: ['drug_interactions', 'medications'],
  columns: COLUMNS,
  sorts: {
    medication: ['lower(a.name)'],
    interacting_medication: ['lower(b.name)'],
    severity: [SEVERITY_RANK],
    description: ['lower(t.description)'],
    is_allergen: ['t.is_allergen'],
    created_at: ['t.created_at'],
  },
  walkable: ['severity', 'is_allergen', 'created_at'],
  // The medications' names, along medications_name_id_idx and each one's interactions.
  boundedWalks: ['medication', 'interacting_medication', 'default'],
  defaultOrder: ['lower(a.name)', 'lower(b.name)'],
  wordIds: (like) => `SELECT id FROM medications WHERE ${like('name')}`,
  matchWord,
  csvColumns: `a.name AS "Medication", b.name AS "Interacting Medication",
    initcap(t.severity) AS "Severity", t.description AS "Description",
    CASE WHEN t.is_allergen THEN 'Yes' ELSE 'No' END AS "Allergen"`,
};

/** The list's filters, by query parameter. */
export const INTERACTION_FILTERS: Record<string, (value: unknown) => Filter> = {
  severity: (value) => (param) => `t.severity = ${param(value)}`,
  medication_id: (value) => (param) => {
    const id = param(value);
    return `t.medication_id = ${id} OR t.interacting_medication_id = ${id}`;
  },
  is_allergen: (value) => (param) => `t.is_allergen = ${param(value)}`,
};

/** Every interaction, in the whole list's order. */
export const WHOLE_LIST_SQL = `${SELECT} ORDER BY lower(a.name), lower(b.name), t.id`;

export async function listInteractions(db: Queryable) {
  const { rows } = await db.query<DrugInteraction>(WHOLE_LIST_SQL);
  return rows;
}

export const getInteraction = (db: Queryable, id: number) =>
  oneById<DrugInteraction>(db, SELECT, id);

/** The interaction already stored for this pair, in either order. */
export async function findPair(db: Queryable, first: number, second: number) {
  const { rows } = await db.query<{ id: number; medication: string; interacting: string }>(
    `SELECT i.id, a.name AS medication, b.name AS interacting FROM drug_interactions i
       JOIN medications a ON a.id = i.medication_id JOIN medications b ON b.id = i.interacting_medication_id
      WHERE least(i.medication_id, i.interacting_medication_id) = least($1::int, $2::int)
        AND greatest(i.medication_id, i.interacting_medication_id) = greatest($1::int, $2::int)`,
    [first, second],
  );
  return rows[0];
}

export async function insertInteraction(
  write: Write,
  pair: { medication_id: number; interacting_medication_id: number },
  input: InteractionInput,
) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description, is_allergen)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      pair.medication_id,
      pair.interacting_medication_id,
      input.severity,
      input.description,
      input.is_allergen ?? false,
    ],
  );
  return rows[0].id;
}

export async function updateInteraction(write: Write, id: number, input: InteractionInput) {
  const { rowCount } = await write(
    `UPDATE drug_interactions SET severity = $2, description = $3,
            is_allergen = COALESCE($4, is_allergen), updated_at = now() WHERE id = $1 RETURNING id`,
    [id, input.severity, input.description, input.is_allergen ?? null],
  );
  return rowCount === 1;
}

export const deleteInteraction = (write: Write, id: number) =>
  deleteById(write, 'drug_interactions', id);
