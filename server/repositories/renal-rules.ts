import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { MEDICATION_REFERENCE_CSV } from './codes';
import type { Filter, ListSpec } from './listing';
import { categoryText, rangeText } from './medications';
import { deleteById } from './rows';

/** What a medication may be given at, or that it is avoided, in a renal function category. */

type RenalRule = Schema<'RenalRule'>;
export type RenalRuleFields = Omit<Schema<'RenalRuleUpdate'>, 'id' | 'reason'>;

const SELECT = `SELECT r.id, r.medication_id, json_build_object('id', m.id, 'name', m.name) AS medication,
  r.renal_category_id,
  json_build_object('id', c.id, 'min_egfr', c.min_egfr, 'max_egfr', c.max_egfr, 'egfr_unit', c.egfr_unit,
                    'category_name', c.category_name, 'description', c.description) AS renal_category,
  r.avoid, r.min_dosage, r.max_dosage, r.dosage_unit, r.max_daily_dosage, r.min_frequency,
  r.max_frequency, r.frequency_unit
  FROM renal_rules r
  JOIN medications m ON m.id = r.medication_id
  JOIN renal_categories c ON c.id = r.renal_category_id`;

/** The fields of a rule its CSV cells read: a stored rule's columns, or an import's staged row. */
export type RenalRuleCsvColumn =
  | 'medication_id'
  | 'renal_category_id'
  | 'avoid'
  | 'min_dosage'
  | 'max_dosage'
  | 'dosage_unit'
  | 'max_daily_dosage'
  | 'min_frequency'
  | 'max_frequency'
  | 'frequency_unit';

/**
 * A rule's CSV cells, each its title and SQL over `column`: the whole rule as a clinician would
 * write it (docs in the contract's importReferenceData), so that the export re-imports as the
 * same records. The medication by name (by code when its name is shared); the category by its name when no other renal category
 * has it, else by its range and unit; `--` for a dose or an interval the rule does not state.
 */
export function renalRuleCsvCells(
  column: (name: RenalRuleCsvColumn) => string,
): [string, string][] {
  const col = column;
  return [
    ['Medication', MEDICATION_REFERENCE_CSV(col('medication_id'))],
    [
      'Renal Category',
      `(SELECT ${categoryText('renal_categories', 'min_egfr', 'max_egfr', 'egfr_unit')}
          FROM renal_categories c WHERE c.id = ${col('renal_category_id')})`,
    ],
    ['Avoid', `CASE WHEN ${col('avoid')} THEN 'Yes' ELSE 'No' END`],
    [
      'Dose',
      `coalesce(${rangeText(col('min_dosage'), col('max_dosage'))} || ' ' || ${col('dosage_unit')}, '--')`,
    ],
    [
      'Max Daily Dose',
      `coalesce(${col('max_daily_dosage')} || ' ' || ${col('dosage_unit')}, '--')`,
    ],
    [
      'Interval',
      `coalesce(${rangeText(col('min_frequency'), col('max_frequency'))} || ' ' || ${col('frequency_unit')}, '--')`,
    ],
  ];
}

/** The rules' CSV export: in the list's order, one medication's when filtered. */
export const RENAL_RULE_LIST: ListSpec<never> = {
  table: 'renal_rules t',
  joins: {
    m: 'JOIN medications m ON m.id = t.medication_id',
    c: 'JOIN renal_categories c ON c.id = t.renal_category_id',
  },
  tables: ['renal_rules', 'renal_categories', 'medications'],
  columns: 't.id',
  sorts: {},
  defaultOrder: ['lower(m.name)', '-c.min_egfr'],
  matchWord: (_word, like) =>
    `EXISTS (SELECT 1 FROM medications x WHERE x.id = t.medication_id AND ${like('x.name')})`,
  csvColumns: renalRuleCsvCells((name) => `t.${name}`)
    .map(([title, cell]) => `${cell} AS "${title}"`)
    .join(',\n    '),
};

export const RENAL_RULE_FILTERS = {
  medication_id:
    (value: unknown): Filter =>
    (param) =>
      `t.medication_id = ${param(value)}`,
};

export async function listRenalRules(db: Queryable, medicationId?: number) {
  const { rows } = await db.query<RenalRule>(
    `${SELECT} WHERE $1::int IS NULL OR r.medication_id = $1
      ORDER BY lower(m.name), c.min_egfr DESC, r.id`,
    [medicationId ?? null],
  );
  return rows;
}

export async function getRenalRule(db: Queryable, id: number) {
  const { rows } = await db.query<RenalRule>(`${SELECT} WHERE r.id = $1`, [id]);
  return rows[0];
}

const values = (f: RenalRuleFields) => [
  f.avoid ?? false,
  f.min_dosage ?? null,
  f.max_dosage ?? null,
  f.dosage_unit ?? null,
  f.max_daily_dosage ?? null,
  f.min_frequency ?? null,
  f.max_frequency ?? null,
  f.frequency_unit ?? null,
];

/** Inserts the rule; undefined when the medication has one for this category already. */
export async function insertRenalRule(
  write: Write,
  medicationId: number,
  categoryId: number,
  fields: RenalRuleFields,
) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO renal_rules (medication_id, renal_category_id, avoid, min_dosage, max_dosage,
       dosage_unit, max_daily_dosage, min_frequency, max_frequency, frequency_unit)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING id`,
    [medicationId, categoryId, ...values(fields)],
  );
  return rows[0]?.id;
}

export async function updateRenalRule(write: Write, id: number, fields: RenalRuleFields) {
  const { rowCount } = await write(
    `UPDATE renal_rules SET avoid = $2, min_dosage = $3, max_dosage = $4, dosage_unit = $5,
            max_daily_dosage = $6, min_frequency = $7, max_frequency = $8, frequency_unit = $9,
            updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, ...values(fields)],
  );
  return rowCount === 1;
}

export const deleteRenalRule = (write: Write, id: number) => deleteById(write, 'renal_rules', id);
