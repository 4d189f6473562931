import type { AuditAction, AuditEntity } from '@contract/enums';
import type { Schema } from '../../contract';
import type { Queryable } from '../../db/pool';

/**
 * The audited records: each entity's table, label and dependents, a record's snapshot as the
 * history stores it, and what a medication's delete would take with it. The entries themselves
 * are in ./entries.ts, a revert's writes in ./revert.ts, and GET /audit's reads in ./search.ts.
 */

export type { AuditAction, AuditEntity };
/** What a write does; a revert, and an account event (a password change), are actions of their
 * own. */
export type AuditEffect = Extract<AuditAction, 'create' | 'update' | 'delete'>;

/** A record as stored: column name to value (booleans true/false, timestamps ISO text). */
export type Snapshot = Record<string, unknown> & { id: number };
export type Changes = Record<string, { from?: unknown; to?: unknown }>;

interface Dependent {
  /** The field of the medication's entry that holds these records. */
  table: string;
  where: string;
}

interface EntitySpec {
  table: string;
  /** Stored columns never copied into the history (secrets, and activity that is not a change). */
  hidden: string[];
  /** The label as SQL over `r`, the record's snapshot (jsonb). */
  label: string;
  /** Records deleted with this one (ON DELETE CASCADE), in the order they are restored. */
  dependents?: Dependent[];
}

const medicationName = (field: string) =>
  `(SELECT name FROM medications WHERE id = (r->>'${field}')::int)`;
const named = (table: string, field: string) =>
  `(SELECT name FROM ${table} WHERE id = (r->>'${field}')::int)`;
const categoryLabel = (min: string, max: string, unit: string, alias = 'r') =>
  `concat_ws(' ', ${alias}->>'category_name', (${alias}->>'${min}') || '-' || (${alias}->>'${max}'), ${alias}->>'${unit}')`;
const dosageLabel = (categories: string, field: string, min: string, max: string, unit: string) =>
  `concat_ws(' · ', ${medicationName('medication_id')},
     (SELECT ${categoryLabel(min, max, unit, 'to_jsonb(c)')} FROM ${categories} c
       WHERE c.id = (r->>'${field}')::int))`;

export const ENTITIES: Record<AuditEntity, EntitySpec> = {
  condition: { table: 'conditions', hidden: [], label: `r->>'name'` },
  age_category: {
    table: 'age_categories',
    hidden: [],
    label: categoryLabel('min_age', 'max_age', 'age_unit'),
  },
  weight_category: {
    table: 'weight_categories',
    hidden: [],
    label: categoryLabel('min_weight', 'max_weight', 'weight_unit'),
  },
  renal_category: {
    table: 'renal_categories',
    hidden: [],
    label: categoryLabel('min_egfr', 'max_egfr', 'egfr_unit'),
  },
  renal_rule: {
    table: 'renal_rules',
    hidden: [],
    label: `concat_ws(' · ', ${medicationName('medication_id')},
      (SELECT ${categoryLabel('min_egfr', 'max_egfr', 'egfr_unit', 'to_jsonb(c)')} FROM renal_categories c
        WHERE c.id = (r->>'renal_category_id')::int))`,
  },
  medication: {
    table: 'medications',
    hidden: [],
    label: `r->>'name'`,
    dependents: [
      { table: 'weight_category_dosages', where: 'medication_id = $1' },
      { table: 'age_category_dosages', where: 'medication_id = $1' },
      { table: 'medication_contraindications', where: 'medication_id = $1' },
      { table: 'lifestyle_contraindications', where: 'medication_id = $1' },
      {
        table: 'drug_interactions',
        where: 'medication_id = $1 OR interacting_medication_id = $1',
      },
      { table: 'medication_ingredients', where: 'medication_id = $1' },
      { table: 'renal_rules', where: 'medication_id = $1' },
      { table: 'drug_class_members', where: 'medication_id = $1' },
      { table: 'class_rules', where: 'other_medication_id = $1' },
    ],
  },
  weight_dosage: {
    table: 'weight_category_dosages',
    hidden: [],
    label: dosageLabel(
      'weight_categories',
      'weight_category_id',
      'min_weight',
      'max_weight',
      'weight_unit',
    ),
  },
  age_dosage: {
    table: 'age_category_dosages',
    hidden: [],
    label: dosageLabel('age_categories', 'age_category_id', 'min_age', 'max_age', 'age_unit'),
  },
  contraindication: {
    table: 'medication_contraindications',
    hidden: [],
    label: `concat_ws(' · ', ${medicationName('medication_id')}, ${named('conditions', 'condition_id')})`,
  },
  lifestyle_contraindication: {
    table: 'lifestyle_contraindications',
    hidden: [],
    label: `concat_ws(' · ', ${medicationName('medication_id')}, ${named('lifestyles', 'lifestyle_id')})`,
  },
  drug_interaction: {
    table: 'drug_interactions',
    hidden: [],
    label: `concat_ws(' + ', ${medicationName('medication_id')}, ${medicationName('interacting_medication_id')})`,
  },
  lifestyle: { table: 'lifestyles', hidden: [], label: `r->>'name'` },
  drug_class: {
    table: 'drug_classes',
    hidden: [],
    label: `r->>'name'`,
    dependents: [{ table: 'drug_class_members', where: 'drug_class_id = $1' }],
  },
  class_member: {
    table: 'drug_class_members',
    hidden: [],
    label: `concat_ws(' · ', ${named('drug_classes', 'drug_class_id')}, ${medicationName('medication_id')})`,
  },
  ingredient: {
    table: 'ingredients',
    hidden: [],
    label: `r->>'name'`,
    dependents: [{ table: 'ingredient_daily_limits', where: 'ingredient_id = $1' }],
  },
  medication_ingredient: {
    table: 'medication_ingredients',
    hidden: [],
    label: `concat_ws(' · ', ${medicationName('medication_id')}, ${named('ingredients', 'ingredient_id')})`,
  },
  ingredient_limit: {
    table: 'ingredient_daily_limits',
    hidden: [],
    label: `concat_ws(' · ', ${named('ingredients', 'ingredient_id')},
      (SELECT ${categoryLabel('min_age', 'max_age', 'age_unit', 'to_jsonb(c)')} FROM age_categories c
        WHERE c.id = (r->>'age_category_id')::int),
      (SELECT ${categoryLabel('min_weight', 'max_weight', 'weight_unit', 'to_jsonb(c)')} FROM weight_categories c
        WHERE c.id = (r->>'weight_category_id')::int))`,
  },
  class_rule: {
    table: 'class_rules',
    hidden: [],
    label: `concat_ws(' + ', ${named('drug_classes', 'drug_class_id')},
      coalesce(${named('drug_classes', 'other_class_id')}, ${medicationName('other_medication_id')}))`,
  },
  drug: { table: 'drugs', hidden: [], label: `r->>'name'` },
  account: {
    table: 'users',
    // A forced password change follows from a change of role (the entry shows that), and ends
    // with a password change (an entry of its own): no change of its own.
    hidden: ['password_hash', 'last_active_at', 'last_sign_in_at', 'must_change_password'],
    label: `concat(r->>'name', ' (', r->>'email', ')')`,
  },
  test_prescription: {
    table: 'test_prescriptions',
    // A run's result is no change of the test itself, nor is recording the rules of an expected
    // outcome saved before findings carried them (`expected_rules`).
    hidden: [
      'last_status',
      'last_run_at',
      'last_audit_id',
      'last_outcome',
      'checked_through',
      'expected_rules',
    ],
    label: `r->>'name'`,
  },
  api_client: {
    table: 'api_clients',
    // The secret's hash must not be copied anywhere, and a use is no change.
    hidden: ['secret_hash', 'last_used_at'],
    label: `r->>'name'`,
  },
};

/** The audited records that are not reference data, and so never in a release. */
export const NOT_RELEASED: AuditEntity[] = ['account', 'test_prescription', 'api_client'];

/** Column names only ever come from this module's snapshots; checked anyway before reaching SQL. */
export function column(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a column name: ${name}`);
  return name;
}

/**
 * The readable label of a record `r` (its snapshot, jsonb) as SQL: "Warfarin", "Warfarin +
 * Ibuprofen", or the entity and id when the record has none.
 */
export function labelSql(entity: AuditEntity): string {
  return `coalesce(nullif(${ENTITIES[entity].label}, ''), '${entity.replace(/_/g, ' ')} #' || (r->>'id'))`;
}

/**
 * The record as stored with its readable label ("Warfarin", "Warfarin + Ibuprofen"), or undefined
 * when there is none: one statement, as a write's entry reads it while the write's locks are held.
 * `lock` takes its row lock (an update, a delete or a revert follows); `withDependents` adds,
 * under each dependent table's name, every record that a delete of it would take along.
 */
export async function snapshot(
  db: Queryable,
  entity: AuditEntity,
  id: number,
  options: { lock?: boolean; withDependents?: boolean } = {},
): Promise<{ row: Snapshot; label: string } | undefined> {
  const spec = ENTITIES[entity];
  const { rows } = await db.query<{ row: Snapshot; label: string }>(
    `SELECT r AS row, ${labelSql(entity)} AS label
       FROM (SELECT to_jsonb(t) - $2::text[] AS r FROM ${spec.table} t
              WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}) x`,
    [id, spec.hidden],
  );
  if (!rows[0]) return undefined;
  const { row, label } = rows[0];
  if (!options.withDependents) return { row, label };
  for (const dependent of spec.dependents ?? []) {
    const { rows: list } = await db.query<{ rows: unknown[] }>(
      `SELECT coalesce(jsonb_agg(to_jsonb(d) ORDER BY d.id), '[]'::jsonb) AS rows
         FROM ${dependent.table} d WHERE ${dependent.where}`,
      [id],
    );
    row[dependent.table] = list[0].rows;
  }
  return { row, label };
}

type DependentGroup = Schema<'DependentGroup'>;
type DependentKind = Exclude<keyof Schema<'MedicationDependents'>, 'id' | 'name'>;

const DEPENDENT_GROUPS: Record<DependentKind, { from: string; name: string; detail: string }> = {
  weight_dosages: {
    from: `weight_category_dosages d JOIN weight_categories c ON c.id = d.weight_category_id
            WHERE d.medication_id = $1`,
    name: categoryLabel('min_weight', 'max_weight', 'weight_unit', 'to_jsonb(c)'),
    detail: `d.min_dosage || '-' || d.max_dosage || ' ' || d.dosage_unit`,
  },
  age_dosages: {
    from: `age_category_dosages d JOIN age_categories c ON c.id = d.age_category_id
            WHERE d.medication_id = $1`,
    name: categoryLabel('min_age', 'max_age', 'age_unit', 'to_jsonb(c)'),
    detail: `d.min_dosage || '-' || d.max_dosage || ' ' || d.dosage_unit`,
  },
  contraindications: {
    from: `medication_contraindications d JOIN conditions c ON c.id = d.condition_id
            WHERE d.medication_id = $1`,
    name: 'c.name',
    detail: 'NULL',
  },
  lifestyle_contraindications: {
    from: `lifestyle_contraindications d JOIN lifestyles c ON c.id = d.lifestyle_id
            WHERE d.medication_id = $1`,
    name: 'c.name',
    detail: 'NULL',
  },
  interactions: {
    from: `drug_interactions d
            JOIN medications c ON c.id = CASE WHEN d.medication_id = $1
                                              THEN d.interacting_medication_id ELSE d.medication_id END
            WHERE d.medication_id = $1 OR d.interacting_medication_id = $1`,
    name: 'c.name',
    detail: 'd.severity',
  },
  drug_classes: {
    from: `drug_class_members d JOIN drug_classes c ON c.id = d.drug_class_id
            WHERE d.medication_id = $1`,
    name: 'c.name',
    detail: 'NULL',
  },
  ingredients: {
    from: `medication_ingredients d JOIN ingredients c ON c.id = d.ingredient_id
            WHERE d.medication_id = $1`,
    name: 'c.name',
    // No strength, no detail: a NULL amount makes the whole text NULL.
    detail: `d.amount || ' ' || d.amount_unit || ' per ' || d.per_unit`,
  },
  renal_rules: {
    from: `renal_rules d JOIN renal_categories c ON c.id = d.renal_category_id
            WHERE d.medication_id = $1`,
    name: categoryLabel('min_egfr', 'max_egfr', 'egfr_unit', 'to_jsonb(c)'),
    detail: `CASE WHEN d.avoid THEN 'avoid'
                  ELSE d.min_dosage || '-' || d.max_dosage || ' ' || d.dosage_unit END`,
  },
  class_rules: {
    from: `class_rules d JOIN drug_classes c ON c.id = d.drug_class_id
            WHERE d.other_medication_id = $1`,
    name: 'c.name',
    detail: 'd.severity',
  },
};

/** Per kind, how many records a delete of the medication takes with it, and the first `limit`. */
export async function medicationDependents(db: Queryable, id: number, limit: number) {
  const groups = {} as Record<DependentKind, DependentGroup>;
  for (const [key, group] of Object.entries(DEPENDENT_GROUPS) as [
    DependentKind,
    (typeof DEPENDENT_GROUPS)[DependentKind],
  ][]) {
    const { rows } = await db.query<DependentGroup>(
      `SELECT (SELECT count(*)::int FROM ${group.from}) AS total,
              coalesce((SELECT json_agg(x) FROM (
                SELECT d.id, ${group.name} AS name, ${group.detail} AS detail FROM ${group.from}
                 ORDER BY lower(${group.name}), d.id LIMIT $2) x), '[]'::json) AS items`,
      [id, limit],
    );
    groups[key] = rows[0];
  }
  return groups;
}
