import type { Queryable } from '../db/pool';

/**
 * A medication as read (spec section 3), built by PostgreSQL as JSON in one statement whatever
 * the number of medications: no query per medication.
 */
export type DosageKind = 'weight' | 'age';

export interface DosageFields {
  min_dosage: number;
  max_dosage: number;
  dosage_unit: string;
  min_frequency: number;
  max_frequency: number;
  frequency_unit: string;
  min_duration: number;
  max_duration: number;
  duration_unit: string;
}

export interface MedicationInput {
  name: string;
  condition_id: number;
  is_dosage_weight_based: boolean;
  avg_weight_dosage?: number | null;
  avg_weight_dosage_unit?: string;
  contraindications?: number[];
  pregnancy_category?: string | null;
}

const DOSAGE_TABLES = {
  weight: {
    table: 'weight_category_dosages',
    categoryTable: 'weight_categories',
    fk: 'weight_category_id',
    category: 'weight_category',
    categoryJson: `json_build_object('id', c.id, 'min_weight', c.min_weight, 'max_weight', c.max_weight,
      'weight_unit', c.weight_unit, 'category_name', c.category_name, 'description', c.description)`,
    order: 'c.weight_unit, c.min_weight, d.id',
  },
  age: {
    table: 'age_category_dosages',
    categoryTable: 'age_categories',
    fk: 'age_category_id',
    category: 'age_category',
    categoryJson: `json_build_object('id', c.id, 'min_age', c.min_age, 'max_age', c.max_age,
      'age_unit', c.age_unit, 'category_name', c.category_name, 'description', c.description)`,
    order: 'c.age_unit, c.min_age, d.id',
  },
} as const;

function dosageJson(kind: DosageKind): string {
  const t = DOSAGE_TABLES[kind];
  return `json_build_object('id', d.id, 'medication_id', d.medication_id, '${t.fk}', d.${t.fk},
    '${t.category}', ${t.categoryJson},
    'min_dosage', d.min_dosage, 'max_dosage', d.max_dosage, 'dosage_unit', d.dosage_unit,
    'min_frequency', d.min_frequency, 'max_frequency', d.max_frequency, 'frequency_unit', d.frequency_unit,
    'min_frequency_duration', d.min_duration, 'max_frequency_duration', d.max_duration,
    'frequency_duration_unit', d.duration_unit)`;
}

function dosageFrom(kind: DosageKind): string {
  const t = DOSAGE_TABLES[kind];
  return `${t.table} d JOIN ${t.categoryTable} c ON c.id = d.${t.fk}`;
}

const MEDICATION_SELECT = `
SELECT m.id, m.name, m.condition_id,
  json_build_object('id', cond.id, 'name', cond.name, 'description', cond.description) AS condition,
  m.is_dosage_weight_based::int AS is_dosage_weight_based,
  m.avg_weight_dosage, m.avg_weight_dosage_unit,
  CASE WHEN m.avg_weight_dosage IS NULL THEN '[]'::json
       ELSE json_build_array(json_build_object('dosage', m.avg_weight_dosage, 'dosage_unit', m.avg_weight_dosage_unit))
  END AS dosage_per_weight,
  COALESCE((SELECT json_agg(${dosageJson('weight')} ORDER BY ${DOSAGE_TABLES.weight.order})
              FROM ${dosageFrom('weight')} WHERE d.medication_id = m.id), '[]'::json) AS weight_category_dosages,
  COALESCE((SELECT json_agg(${dosageJson('age')} ORDER BY ${DOSAGE_TABLES.age.order})
              FROM ${dosageFrom('age')} WHERE d.medication_id = m.id), '[]'::json) AS age_category_dosages,
  COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description) ORDER BY lower(c.name))
              FROM medication_contraindications mc JOIN conditions c ON c.id = mc.condition_id
             WHERE mc.medication_id = m.id), '[]'::json) AS condition_contraindications,
  COALESCE((SELECT json_agg(mc.condition_id ORDER BY mc.condition_id)
              FROM medication_contraindications mc WHERE mc.medication_id = m.id), '[]'::json) AS contraindications,
  COALESCE((SELECT json_agg(json_build_object('id', lc.id, 'medication_id', lc.medication_id, 'lifestyle_id', lc.lifestyle_id,
                      'lifestyle', json_build_object('id', l.id, 'name', l.name),
                      'medication', json_build_object('id', m.id, 'name', m.name)) ORDER BY lower(l.name))
              FROM lifestyle_contraindications lc JOIN lifestyles l ON l.id = lc.lifestyle_id
             WHERE lc.medication_id = m.id), '[]'::json) AS medical_lifestyle_contraindications,
  m.pregnancy_category, m.created_at, m.updated_at
FROM medications m JOIN conditions cond ON cond.id = m.condition_id`;

export async function listMedications(db: Queryable) {
  const { rows } = await db.query(`${MEDICATION_SELECT} ORDER BY lower(m.name), m.id`);
  return rows;
}

export async function getMedication(db: Queryable, id: number) {
  const { rows } = await db.query(`${MEDICATION_SELECT} WHERE m.id = $1`, [id]);
  return rows[0];
}

export async function medicationExists(db: Queryable, id: number) {
  const { rowCount } = await db.query('SELECT 1 FROM medications WHERE id = $1', [id]);
  return rowCount === 1;
}

/** Which of `ids` have no row in `table` (a fixed table name from this module's callers). */
export async function missingIds(
  db: Queryable,
  table: 'conditions' | 'age_categories' | 'weight_categories' | 'medications' | 'lifestyles',
  ids: number[],
) {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE id = ANY($1::int[])`,
    [ids],
  );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function insertMedication(db: Queryable, input: MedicationInput): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage, avg_weight_dosage_unit, pregnancy_category)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      input.name,
      input.condition_id,
      input.is_dosage_weight_based,
      input.avg_weight_dosage ?? null,
      input.avg_weight_dosage_unit ?? 'mg',
      input.pregnancy_category || null,
    ],
  );
  const id = rows[0].id;
  if (input.contraindications?.length) {
    await db.query(
      `INSERT INTO medication_contraindications (medication_id, condition_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [id, input.contraindications],
    );
  }
  return id;
}

/** Changes the name, and the pregnancy category only when `pregnancy_category` is given. */
export async function updateMedication(
  db: Queryable,
  id: number,
  name: string,
  pregnancy?: string | null,
) {
  const { rowCount } = await db.query(
    `UPDATE medications SET name = $2,
            pregnancy_category = CASE WHEN $3 THEN $4 ELSE pregnancy_category END, updated_at = now()
      WHERE id = $1`,
    [id, name, pregnancy !== undefined, pregnancy || null],
  );
  return rowCount === 1;
}

export async function deleteMedication(db: Queryable, id: number) {
  const { rowCount } = await db.query('DELETE FROM medications WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function touchMedication(db: Queryable, id: number) {
  await db.query('UPDATE medications SET updated_at = now() WHERE id = $1', [id]);
}

export async function insertDosage(
  db: Queryable,
  kind: DosageKind,
  medicationId: number,
  categoryId: number,
  d: DosageFields,
): Promise<number> {
  const t = DOSAGE_TABLES[kind];
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO ${t.table} (medication_id, ${t.fk}, min_dosage, max_dosage, dosage_unit, min_frequency,
       max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      medicationId,
      categoryId,
      d.min_dosage,
      d.max_dosage,
      d.dosage_unit,
      d.min_frequency,
      d.max_frequency,
      d.frequency_unit,
      d.min_duration,
      d.max_duration,
      d.duration_unit,
    ],
  );
  return rows[0].id;
}

export async function updateDosage(db: Queryable, kind: DosageKind, id: number, d: DosageFields) {
  const { rowCount } = await db.query(
    `UPDATE ${DOSAGE_TABLES[kind].table} SET min_dosage = $2, max_dosage = $3, dosage_unit = $4,
            min_frequency = $5, max_frequency = $6, frequency_unit = $7, min_duration = $8,
            max_duration = $9, duration_unit = $10
      WHERE id = $1`,
    [
      id,
      d.min_dosage,
      d.max_dosage,
      d.dosage_unit,
      d.min_frequency,
      d.max_frequency,
      d.frequency_unit,
      d.min_duration,
      d.max_duration,
      d.duration_unit,
    ],
  );
  return rowCount === 1;
}

export async function getDosage(db: Queryable, kind: DosageKind, id: number) {
  const { rows } = await db.query(
    `SELECT ${dosageJson(kind)} AS dosage FROM ${dosageFrom(kind)} WHERE d.id = $1`,
    [id],
  );
  return rows[0]?.dosage;
}

export async function addContraindication(
  db: Queryable,
  medicationId: number,
  conditionId: number,
) {
  await db.query(
    `INSERT INTO medication_contraindications (medication_id, condition_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [medicationId, conditionId],
  );
}

export async function removeContraindication(
  db: Queryable,
  medicationId: number,
  conditionId: number,
) {
  const { rowCount } = await db.query(
    'DELETE FROM medication_contraindications WHERE medication_id = $1 AND condition_id = $2',
    [medicationId, conditionId],
  );
  return rowCount === 1;
}
