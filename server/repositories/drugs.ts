import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { type ListSpec } from './listing';
import { deleteById } from './rows';

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

export type DrugSortField = 'name' | 'category' | 'manufacturer' | 'dosage' | 'created_at';

/** Searched over what the grid searches: the texts, not the side effects' and contraindications' lists. */
export const DRUG_LIST: ListSpec<DrugSortField> = {
  table: 'drugs t',
  tables: ['drugs'],
  columns: COLUMNS,
  sorts: {
    name: ['lower(t.name)'],
    category: ['lower(t.category)'],
    manufacturer: ['lower(t.manufacturer)'],
    dosage: ['lower(t.dosage)'],
    created_at: ['t.created_at'],
  },
  defaultOrder: ['lower(t.name)'],
  matchWord: (_word, like) =>
    ['name', 'category', 'manufacturer', 'dosage', 'description']
      .map((column) => like(`t.${column}`))
      .join(' OR '),
  csvColumns: `t.name AS "Name", t.category AS "Category",
    t.manufacturer AS "Manufacturer", t.dosage AS "Dosage",
    t.description AS "Description",
    array_to_string(t.side_effects, ', ') AS "Side Effects",
    array_to_string(t.contraindications, ', ') AS "Contraindications"`,
};

export async function getDrug(db: Queryable, id: number) {
  const { rows } = await db.query<Drug>(`SELECT ${COLUMNS} FROM drugs WHERE id = $1`, [id]);
  return rows[0];
}

export async function insertDrug(write: Write, drug: DrugInput) {
  const { rows } = await write<Drug>(
    `INSERT INTO drugs (name, description, dosage, side_effects, contraindications, category, manufacturer)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    values(drug),
  );
  return rows[0];
}

export async function updateDrug(write: Write, id: number, drug: DrugInput) {
  const { rows } = await write<Drug>(
    `UPDATE drugs SET name = $2, description = $3, dosage = $4, side_effects = $5, contraindications = $6,
            category = $7, manufacturer = $8, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...values(drug)],
  );
  return rows[0];
}

export const deleteDrug = (write: Write, id: number) => deleteById(write, 'drugs', id);
