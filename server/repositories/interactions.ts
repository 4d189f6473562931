import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';

type DrugInteraction = Schema<'DrugInteraction'>;
export type InteractionInput = Pick<
  Schema<'DrugInteractionUpdate'>,
  'severity' | 'description' | 'is_allergen'
>;

const SELECT = `
SELECT i.id, i.medication_id, i.interacting_medication_id,
  json_build_object('id', a.id, 'name', a.name) AS medication,
  json_build_object('id', b.id, 'name', b.name) AS interacting_medication,
  i.severity, i.description, i.is_allergen::int AS is_allergen, i.created_at
FROM drug_interactions i
JOIN medications a ON a.id = i.medication_id
JOIN medications b ON b.id = i.interacting_medication_id`;

export async function listInteractions(db: Queryable) {
  const { rows } = await db.query<DrugInteraction>(
    `${SELECT} ORDER BY lower(a.name), lower(b.name), i.id`,
  );
  return rows;
}

export async function getInteraction(db: Queryable, id: number) {
  const { rows } = await db.query<DrugInteraction>(`${SELECT} WHERE i.id = $1`, [id]);
  return rows[0];
}

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
  db: Queryable,
  pair: { medication_id: number; interacting_medication_id: number },
  input: InteractionInput,
) {
  const { rows } = await db.query<{ id: number }>(
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

export async function updateInteraction(db: Queryable, id: number, input: InteractionInput) {
  const { rowCount } = await db.query(
    `UPDATE drug_interactions SET severity = $2, description = $3,
            is_allergen = COALESCE($4, is_allergen), updated_at = now() WHERE id = $1`,
    [id, input.severity, input.description, input.is_allergen ?? null],
  );
  return rowCount === 1;
}

export async function deleteInteraction(db: Queryable, id: number) {
  const { rowCount } = await db.query('DELETE FROM drug_interactions WHERE id = $1', [id]);
  return rowCount === 1;
}
