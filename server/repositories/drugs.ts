import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';

type Drug = Schema<'Drug'>;
export type DrugInput = Omit<Schema<'DrugCreate'>, 'reason'>;

const COLUMNS =
  'id, name, description, dosage, side_effects, contraindications, category, manufacturer, created_at, updated_at';
const values = (d: DrugInput) => [
  d.name,
  d.description,
  d.dosage,
  d.side_effects,
  d.contraindications,
  d.category,
  d.manufacturer,
];

export async function listDrugs(db: Queryable) {
  const { rows } = await db.query<Drug>(`SELECT ${COLUMNS} FROM drugs ORDER BY lower(name), id`);
  return rows;
}

export async function getDrug(db: Queryable, id: number) {
  const { rows } = await db.query<Drug>(`SELECT ${COLUMNS} FROM drugs WHERE id = $1`, [id]);
  return rows[0];
}

export async function insertDrug(db: Queryable, drug: DrugInput) {
  const { rows } = await db.query<Drug>(
    `INSERT INTO drugs (name, description, dosage, side_effects, contraindications, category, manufacturer)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    values(drug),
  );
  return rows[0];
}

export async function updateDrug(db: Queryable, id: number, drug: DrugInput) {
  const { rows } = await db.query<Drug>(
    `UPDATE drugs SET name = $2, description = $3, dosage = $4, side_effects = $5, contraindications = $6,
            category = $7, manufacturer = $8, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...values(drug)],
  );
  return rows[0];
}

export async function deleteDrug(db: Queryable, id: number) {
  const { rowCount } = await db.query('DELETE FROM drugs WHERE id = $1', [id]);
  return rowCount === 1;
}
