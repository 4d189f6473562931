import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { CODE_MATCH, CODES_CSV } from './codes';
import { guardedDelete } from './guardedDelete';
import { type Filter, type ListSpec } from './listing';
import { allByName, deleteById, linkedToMedication, oneById, updateById } from './rows';

/**
 * Ingredients, what each medication contains of them (its strength per tablet, capsule or ml),
 * and the most of one a patient of an age or weight category may take in a day.
 */

type Ingredient = Schema<'Ingredient'>;
type Code = Schema<'Code'>;
export type Strength = Pick<
  Schema<'MedicationIngredientCreate'>,
  'amount' | 'amount_unit' | 'per_unit'
>;
export type LimitInput = Omit<Schema<'IngredientLimitCreate'>, 'reason'>;

const label = (alias: string, min: string, max: string, unit: string) =>
  `concat_ws(' ', ${alias}.category_name, '(' || ${alias}.${min} || '–' || ${alias}.${max} || ' ' || ${alias}.${unit} || ')')`;

const MEDICATIONS = `coalesce((SELECT json_agg(json_build_object('id', mi.id, 'medication_id', m.id,
    'name', m.name, 'amount', mi.amount, 'amount_unit', mi.amount_unit, 'per_unit', mi.per_unit)
    ORDER BY lower(m.name), m.id)
  FROM medication_ingredients mi JOIN medications m ON m.id = mi.medication_id
 WHERE mi.ingredient_id = t.id), '[]'::json)`;
const LIMITS = `coalesce((SELECT json_agg(json_build_object('id', l.id,
    'basis', CASE WHEN l.age_category_id IS NOT NULL THEN 'age' ELSE 'weight' END,
    'category_id', coalesce(l.age_category_id, l.weight_category_id),
    'category', CASE WHEN l.age_category_id IS NOT NULL
                     THEN ${label('a', 'min_age', 'max_age', 'age_unit')}
                     ELSE ${label('w', 'min_weight', 'max_weight', 'weight_unit')} END,
    'max_daily_amount', l.max_daily_amount, 'unit', l.unit) ORDER BY l.id)
  FROM ingredient_daily_limits l
  LEFT JOIN age_categories a ON a.id = l.age_category_id
  LEFT JOIN weight_categories w ON w.id = l.weight_category_id
 WHERE l.ingredient_id = t.id), '[]'::json)`;
const MEDICATION_COUNT = `(SELECT count(*)::int FROM medication_ingredients mi WHERE mi.ingredient_id = t.id)`;
const COLUMNS = `t.id, t.name, ${MEDICATIONS} AS medications, ${LIMITS} AS limits, t.codes`;
const SELECT = `SELECT ${COLUMNS} FROM ingredients t`;

export type IngredientSortField = 'name' | 'medication_count';

export const INGREDIENT_LIST: ListSpec<IngredientSortField> = {
  table: 'ingredients t',
  tables: [
    'ingredients',
    'medication_ingredients',
    'ingredient_daily_limits',
    'medications',
    'age_categories',
    'weight_categories',
  ],
  columns: COLUMNS,
  sorts: { name: ['lower(t.name)'], medication_count: [MEDICATION_COUNT] },
  defaultOrder: ['lower(t.name)'],
  wordIds: (like) => `SELECT id FROM medications WHERE ${like('name')}`,
  matchWord: (word, like, param, ids) =>
    `${like('t.name')} OR ${CODE_MATCH('t.codes', param(word))}
       OR EXISTS (SELECT 1 FROM medication_ingredients mi
                   WHERE mi.ingredient_id = t.id AND mi.medication_id = ANY(${ids}))`,
  csvColumns: `t.name AS "Name",
    (SELECT string_agg(m.name || coalesce(' (' || mi.amount || ' ' || mi.amount_unit || ' per ' || mi.per_unit || ')', ''),
                                  ', ' ORDER BY lower(m.name))
                  FROM medication_ingredients mi JOIN medications m ON m.id = mi.medication_id
                 WHERE mi.ingredient_id = t.id) AS "Medications",
    ${CODES_CSV('t.codes')} AS "Codes"`,
};

export const INGREDIENT_FILTERS: Record<string, (value: unknown) => Filter> = {
  medication_id: linkedToMedication('medication_ingredients', 'ingredient_id'),
};

export const listIngredients = (db: Queryable) => allByName<Ingredient>(db, SELECT);

export const getIngredient = (db: Queryable, id: number) => oneById<Ingredient>(db, SELECT, id);

export async function insertIngredient(write: Write, name: string, codes: Code[] = []) {
  const { rows } = await write<{ id: number }>(
    'INSERT INTO ingredients (name, codes) VALUES ($1, $2) RETURNING id',
    [name, JSON.stringify(codes)],
  );
  return rows[0].id;
}

/** Sets the name, and the codes when given. */
export const updateIngredient = (write: Write, id: number, name: string, codes?: Code[]) =>
  updateById(write, 'ingredients', id, {
    name,
    ...(codes && { codes: JSON.stringify(codes) }),
  });

async function medicationsContaining(db: Queryable, id: number) {
  const { rows } = await db.query<{ name: string }>(
    `SELECT m.name FROM medication_ingredients mi JOIN medications m ON m.id = mi.medication_id
      WHERE mi.ingredient_id = $1 ORDER BY lower(m.name) LIMIT 6`,
    [id],
  );
  return rows.map((r) => r.name);
}

export const INGREDIENT_DELETE = guardedDelete('ingredients', medicationsContaining);

// ---------- in medications ----------

/** The ingredient a link belongs to, and how many ingredients its medication has. */
export async function linkOf(db: Queryable, id: number) {
  const { rows } = await db.query<{ ingredient_id: number; ingredients: number }>(
    `SELECT mi.ingredient_id,
            (SELECT count(*)::int FROM medication_ingredients o WHERE o.medication_id = mi.medication_id)
              AS ingredients
       FROM medication_ingredients mi WHERE mi.id = $1`,
    [id],
  );
  return rows[0];
}

/** Adds the ingredient to the medication; undefined when it is in it already. */
export async function insertLink(
  write: Write,
  medicationId: number,
  ingredientId: number,
  strength: Strength,
) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO medication_ingredients (medication_id, ingredient_id, amount, amount_unit, per_unit)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
    [
      medicationId,
      ingredientId,
      strength.amount ?? null,
      strength.amount_unit ?? null,
      strength.per_unit ?? null,
    ],
  );
  return rows[0]?.id;
}

export const updateLink = (write: Write, id: number, { amount, amount_unit, per_unit }: Strength) =>
  updateById(write, 'medication_ingredients', id, { amount, amount_unit, per_unit });

/**
 * Removes a link unless it is its medication's last (read in the same statement, so two removals
 * at once cannot leave a medication with none): false when it was not removed.
 */
export async function deleteLink(write: Write, id: number) {
  const { rowCount } = await write(
    `DELETE FROM medication_ingredients mi WHERE mi.id = $1
        AND EXISTS (SELECT 1 FROM medication_ingredients o
                     WHERE o.medication_id = mi.medication_id AND o.id <> mi.id)
     RETURNING mi.id`,
    [id],
  );
  return rowCount === 1;
}

/** Gives a new medication an ingredient of its own name (made when there is none yet). */
export async function addOwnIngredient(db: Queryable, medicationId: number, name: string) {
  await db.query(
    `WITH made AS (INSERT INTO ingredients (name) VALUES ($2)
                   ON CONFLICT ((lower(name))) DO NOTHING RETURNING id)
     INSERT INTO medication_ingredients (medication_id, ingredient_id)
     SELECT $1, coalesce((SELECT id FROM made), (SELECT id FROM ingredients WHERE lower(name) = lower($2)))`,
    [medicationId, name],
  );
}

// ---------- daily limits ----------

export async function limitIngredient(db: Queryable, id: number) {
  const { rows } = await db.query<{ ingredient_id: number }>(
    'SELECT ingredient_id FROM ingredient_daily_limits WHERE id = $1',
    [id],
  );
  return rows[0]?.ingredient_id;
}

export async function insertLimit(write: Write, input: LimitInput) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO ingredient_daily_limits (ingredient_id, age_category_id, weight_category_id, max_daily_amount, unit)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
    [
      input.ingredient_id,
      input.basis === 'age' ? input.category_id : null,
      input.basis === 'weight' ? input.category_id : null,
      input.max_daily_amount,
      input.unit,
    ],
  );
  return rows[0]?.id;
}

export const updateLimit = (
  write: Write,
  id: number,
  { max_daily_amount, unit }: Pick<LimitInput, 'max_daily_amount' | 'unit'>,
) => updateById(write, 'ingredient_daily_limits', id, { max_daily_amount, unit });

export const deleteLimit = (write: Write, id: number) =>
  deleteById(write, 'ingredient_daily_limits', id);
