import type { Schema } from '../contract';
import { withTransaction, type Queryable } from '../db/pool';
import type { VersionedTable } from '../db/versions';
import type { Write } from './audit/entries';
import {
  readPage,
  totalColumn,
  type Filter,
  type ListSpec,
  type PageQuery,
  type Total,
} from './listing';
import { CODE_MATCH, CODES_CSV } from './codes';
import { deleteById } from './rows';

/** The SQL of medications, their dosages and their condition contraindications. */
export type DosageKind = 'weight' | 'age';

/** A dosage's ranges and units, as written (`min_duration`, read as `min_frequency_duration`). */
export type DosageFields = Omit<Schema<'DosageUpdate'>, 'id' | 'reason'>;
/** A medication as created, without its first dosage (written by `insertDosage`). */
export type MedicationInput = Omit<
  Schema<'MedicationCreate'>,
  'weight_dosage' | 'age_dosage' | 'reason'
>;

/** A condition link's level, and the severity of the safety check's finding about it. */
export type ContraindicationGrade = Pick<Schema<'ConditionContraindication'>, 'level' | 'severity'>;

const DOSAGE_TABLES = {
  weight: {
    table: 'weight_category_dosages',
    categoryTable: 'weight_categories',
    fk: 'weight_category_id',
    category: 'weight_category',
    categoryJson: `json_build_object('id', c.id, 'min_weight', c.min_weight, 'max_weight', c.max_weight,
      'weight_unit', c.weight_unit, 'category_name', c.category_name, 'description', c.description,
      'min_age_years', c.min_age_years, 'max_age_years', c.max_age_years)`,
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
    'frequency_duration_unit', d.duration_unit, 'max_daily_dosage', d.max_daily_dosage,
    'max_dose', d.max_dose)`;
}

function dosageFrom(kind: DosageKind): string {
  const t = DOSAGE_TABLES[kind];
  return `${t.table} d JOIN ${t.categoryTable} c ON c.id = d.${t.fk}`;
}

const CONDITION_COLUMNS = 'c.id, c.name, c.description, c.affects_kidney_function, c.codes';
const WEIGHT_CATEGORY_COLUMNS =
  'c.id, c.min_weight, c.max_weight, c.weight_unit, c.category_name, c.description, c.min_age_years, c.max_age_years';
const AGE_CATEGORY_COLUMNS =
  'c.id, c.min_age, c.max_age, c.age_unit, c.category_name, c.description';
/** A dosage as read: the written `min_duration` is read as `min_frequency_duration`. */
const DOSAGE_COLUMNS = `d.id, d.medication_id, d.min_dosage, d.max_dosage, d.dosage_unit, d.min_frequency,
  d.max_frequency, d.frequency_unit, d.min_duration AS min_frequency_duration,
  d.max_duration AS max_frequency_duration, d.duration_unit AS frequency_duration_unit,
  d.max_daily_dosage, d.max_dose`;
/** ISO 8601 in UTC as text: the same as a Date would serialise to, without parsing one per row. */
const isoTime = (column: string, as: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;

type Row = Record<string, unknown> & { id: number };
type LinkRow = Row & { medication_id: number };

function byMedication<T extends { medication_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.medication_id);
    if (group) group.push(row);
    else groups.set(row.medication_id, [row]);
  }
  return groups;
}

/** Every table readMedications reads: the cached list follows writes to any of them. */
export const LIST_TABLES = [
  'medications',
  'conditions',
  'weight_categories',
  'age_categories',
  'weight_category_dosages',
  'age_category_dosages',
  'medication_contraindications',
  'lifestyle_contraindications',
  'lifestyles',
] as const satisfies readonly VersionedTable[];

/** The statements of readMedications, each reading one part of the medications as rows. */
type Parts = {
  medications: Row & { condition_id: number; name: string };
  conditions: Row;
  weightCategories: Row;
  ageCategories: Row;
  weightDosages: LinkRow & { weight_category_id: number };
  ageDosages: LinkRow & { age_category_id: number };
  contraindications: ContraindicationGrade & { medication_id: number; condition_id: number };
  lifestyles: LinkRow & {
    lifestyle_id: number;
    lifestyle_name: string;
    severity: Schema<'LifestyleContraindication'>['severity'];
  };
};

/** The order of the whole list of medications. */
const WHOLE_LIST_ORDER = 'lower(m.name), m.id';

/**
 * The SQL of each part, for every medication by name when `ids` is not given, or for those whose
 * ids are in `ids` (an SQL int[] expression) in that order.
 */
function partsSql(ids?: string): Record<keyof Parts, string> {
  const only = (column: string) => (ids ? `WHERE ${column} = ANY(${ids})` : '');
  return {
    medications: `SELECT m.id, m.name, m.condition_id, m.is_dosage_weight_based::int AS is_dosage_weight_based,
              m.avg_weight_dosage, m.avg_weight_dosage_unit, m.pregnancy_category,
              CASE WHEN m.min_age IS NOT NULL OR m.max_age IS NOT NULL
                   THEN json_build_object('min_age', m.min_age, 'max_age', m.max_age,
                          'unit', m.age_limit_unit, 'severity', m.age_limit_severity) END AS age_limit,
              m.codes, ${isoTime('m.created_at', 'created_at')}, ${isoTime('m.updated_at', 'updated_at')}
         FROM medications m ${only('m.id')}
        ORDER BY ${ids ? `array_position(${ids}, m.id)` : WHOLE_LIST_ORDER}`,
    conditions: ids
      ? `SELECT ${CONDITION_COLUMNS} FROM conditions c
          WHERE c.id IN (SELECT condition_id FROM medications WHERE id = ANY(${ids})
                         UNION SELECT condition_id FROM medication_contraindications
                                WHERE medication_id = ANY(${ids}))`
      : `SELECT ${CONDITION_COLUMNS} FROM conditions c
          WHERE c.id IN (SELECT condition_id FROM medications
                         UNION SELECT condition_id FROM medication_contraindications)`,
    weightCategories: `SELECT ${WEIGHT_CATEGORY_COLUMNS} FROM weight_categories c
        ${ids ? `WHERE c.id IN (SELECT weight_category_id FROM weight_category_dosages WHERE medication_id = ANY(${ids}))` : ''}`,
    ageCategories: `SELECT ${AGE_CATEGORY_COLUMNS} FROM age_categories c
        ${ids ? `WHERE c.id IN (SELECT age_category_id FROM age_category_dosages WHERE medication_id = ANY(${ids}))` : ''}`,
    weightDosages: `SELECT ${DOSAGE_COLUMNS}, d.weight_category_id
         FROM weight_category_dosages d JOIN weight_categories c ON c.id = d.weight_category_id
         ${only('d.medication_id')}
        ORDER BY d.medication_id, ${DOSAGE_TABLES.weight.order}`,
    ageDosages: `SELECT ${DOSAGE_COLUMNS}, d.age_category_id
         FROM age_category_dosages d JOIN age_categories c ON c.id = d.age_category_id
         ${only('d.medication_id')}
        ORDER BY d.medication_id, ${DOSAGE_TABLES.age.order}`,
    contraindications: `SELECT mc.medication_id, mc.condition_id, mc.level, mc.severity
         FROM medication_contraindications mc JOIN conditions c ON c.id = mc.condition_id
         ${only('mc.medication_id')}
        ORDER BY mc.medication_id, lower(c.name), c.id`,
    lifestyles: `SELECT lc.id, lc.medication_id, lc.lifestyle_id, lc.severity, l.name AS lifestyle_name
         FROM lifestyle_contraindications lc JOIN lifestyles l ON l.id = lc.lifestyle_id
         ${only('lc.medication_id')}
        ORDER BY lc.medication_id, lower(l.name), lc.id`,
  };
}

type PartRows = { [P in keyof Parts]: Parts[P][] };

/**
 * Some medications' parts in one statement, each part's rows as one JSON array (in its order:
 * each is aggregated straight from its ordered subquery), read in one round trip and one
 * snapshot. `ids` is an SQL int[] expression, which `prefix` (a WITH clause) may define. Every
 * column of the parts is text, an integer or a double, so JSON gives the values the rows would.
 */
function somePartsSql(ids: string, prefix = '', count?: string) {
  const parts = Object.entries(partsSql(ids)).map(
    ([name, sql]) => `(SELECT coalesce(json_agg(r), '[]') FROM (${sql}) r) AS "${name}"`,
  );
  return `${prefix} SELECT ${parts.join(',\n')}${totalColumn(count)}`;
}

/**
 * Medications as read: all of them by name, or those with the ids `ids` in that order. A fixed
 * number of set-based statements whatever the number of medications (no query, and no correlated
 * subquery, per medication): the medications, each kind of dosage, the contraindications and the
 * lifestyle contraindications, each ordered by medication, then put together here. Categories
 * and conditions are read once (only those some medication names) and shared by every row that
 * names them. All of them are read one part per statement, in one snapshot; some of them, in one
 * statement (somePartsSql).
 */
export async function readMedications(db: Queryable, ids?: number[]) {
  if (ids) {
    // Prepared (pool.ts): its plan does not depend on which ids are read.
    const { rows } = await db.query<PartRows>(somePartsSql('$1::int[]'), [ids]);
    return assemble(rows[0]);
  }
  return withTransaction(
    db,
    async (q) => {
      const sql = partsSql();
      const parts = {} as Record<keyof Parts, unknown[]>;
      for (const name of Object.keys(sql) as (keyof Parts)[])
        parts[name] = (await q.query(sql[name], [])).rows;
      return assemble(parts as PartRows);
    },
    { readOnly: true },
  );
}

/** The medications of `parts`, each with its dosages, conditions and contraindications. */
function assemble({
  medications,
  conditions,
  weightCategories,
  ageCategories,
  weightDosages,
  ageDosages,
  contraindications,
  lifestyles,
}: PartRows): Schema<'Medication'>[] {
  if (medications.length === 0) return [];
  // Put together in place (the rows are this call's own), without spreading objects: about
  // 100,000 of them for 10,000 medications.
  const condition = new Map(conditions.map((row) => [row.id, row]));
  const weightCategory = new Map(weightCategories.map((row) => [row.id, row]));
  const ageCategory = new Map(ageCategories.map((row) => [row.id, row]));
  for (const row of weightDosages) {
    row.weight_category = weightCategory.get(row.weight_category_id);
  }
  for (const row of ageDosages) row.age_category = ageCategory.get(row.age_category_id);
  const weight = byMedication(weightDosages);
  const age = byMedication(ageDosages);
  const contraindicated = byMedication(contraindications);
  const lifestyle = byMedication(lifestyles);
  const none: never[] = [];

  for (const m of medications) {
    const links = contraindicated.get(m.id) ?? none;
    const named = { id: m.id, name: m.name };
    m.condition = condition.get(m.condition_id);
    m.dosage_per_weight =
      m.avg_weight_dosage === null
        ? []
        : [{ dosage: m.avg_weight_dosage, dosage_unit: m.avg_weight_dosage_unit }];
    m.weight_category_dosages = weight.get(m.id) ?? [];
    m.age_category_dosages = age.get(m.id) ?? [];
    m.condition_contraindications = links.map((link) => {
      const c = condition.get(link.condition_id);
      return {
        id: link.condition_id,
        name: c?.name,
        description: c?.description,
        level: link.level,
        severity: link.severity,
      };
    });
    m.contraindications = links.map((link) => link.condition_id).sort((a, b) => a - b);
    m.medical_lifestyle_contraindications = (lifestyle.get(m.id) ?? none).map((link) => ({
      id: link.id,
      medication_id: link.medication_id,
      lifestyle_id: link.lifestyle_id,
      severity: link.severity,
      lifestyle: { id: link.lifestyle_id, name: link.lifestyle_name },
      medication: named,
    }));
  }
  // Every field of the contract's Medication is set in the loop above.
  return medications as unknown as Schema<'Medication'>[];
}

/** The ids of every medication, in the whole list's order (readMedications). */
export const WHOLE_LIST_IDS_SQL = `SELECT m.id FROM medications m ORDER BY ${WHOLE_LIST_ORDER}`;

export async function listMedications(db: Queryable) {
  return readMedications(db);
}

export async function getMedication(db: Queryable, id: number) {
  return (await readMedications(db, [id]))[0];
}

export type MedicationSortField =
  | 'name'
  | 'condition'
  | 'is_dosage_weight_based'
  | 'avg_weight_dosage'
  | 'pregnancy_category'
  | 'created_at'
  | 'updated_at';

/** A medication's own columns that its CSV cells read. */
export type MedicationCsvColumn =
  | 'name'
  | 'condition_id'
  | 'is_dosage_weight_based'
  | 'avg_weight_dosage'
  | 'avg_weight_dosage_unit'
  | 'pregnancy_category'
  | 'min_age'
  | 'max_age'
  | 'age_limit_unit'
  | 'age_limit_severity'
  | 'codes';

const DOSAGE_CSV_COLUMNS = `min_dosage float8, max_dosage float8, dosage_unit text,
  min_frequency float8, max_frequency float8, frequency_unit text, min_duration float8,
  max_duration float8, duration_unit text, max_daily_dosage float8, max_dose float8`;

/**
 * The rows that belong to a medication and that its CSV row carries, by the cell that lists them:
 * each one's table, history entity and written columns (with their SQL types).
 */
export const MEDICATION_CSV_DEPENDENTS = {
  'Weight Dosage': {
    table: 'weight_category_dosages',
    audit: 'weight_dosage',
    columns: `weight_category_id int, ${DOSAGE_CSV_COLUMNS}`,
  },
  'Age Dosage': {
    table: 'age_category_dosages',
    audit: 'age_dosage',
    columns: `age_category_id int, ${DOSAGE_CSV_COLUMNS}`,
  },
  'Condition Contraindications': {
    table: 'medication_contraindications',
    audit: 'contraindication',
    columns: 'condition_id int, level text, severity text',
  },
  'Lifestyle Contraindications': {
    table: 'lifestyle_contraindications',
    audit: 'lifestyle_contraindication',
    columns: 'lifestyle_id int, severity text',
  },
  Ingredients: {
    table: 'medication_ingredients',
    audit: 'medication_ingredient',
    columns: 'ingredient_id int, amount float8, amount_unit text, per_unit text',
  },
  'Drug Classes': {
    table: 'drug_class_members',
    audit: 'class_member',
    columns: 'drug_class_id int',
  },
} as const;
export type MedicationCsvList = keyof typeof MEDICATION_CSV_DEPENDENTS;

/**
 * Where a medication's CSV cells read it from: its columns, and each list's rows as alias `d`
 * with its table's columns (FROM and WHERE). The export reads a stored medication `t`; an import
 * reads the row it staged, to compare it with the stored one cell by cell.
 */
export interface MedicationCsvSource {
  column(name: MedicationCsvColumn): string;
  rows(list: MedicationCsvList): { from: string; where: string };
}

/** A stored medication over alias `t`. */
export const STORED_MEDICATION: MedicationCsvSource = {
  column: (name) => `t.${name}`,
  rows: (list) => ({
    from: `${MEDICATION_CSV_DEPENDENTS[list].table} d`,
    where: 'd.medication_id = t.id',
  }),
};

/** `A - B`, or `A` alone when the bounds are equal. */
export const rangeText = (low: string, high: string) =>
  `CASE WHEN ${low} = ${high} THEN ${low}::text ELSE ${low} || ' - ' || ${high} END`;

/**
 * A dosage's category as a CSV names it: its category name when no other category of its kind
 * has that name, else its range and unit ('1 - 12 years'), over alias `c`.
 */
export function categoryText(table: string, min: string, max: string, unit: string) {
  return `CASE WHEN c.category_name IS NOT NULL
                 AND (SELECT count(*) FROM ${table} o WHERE lower(o.category_name) = lower(c.category_name)) = 1
               THEN c.category_name ELSE c.${min} || ' - ' || c.${max} || ' ' || c.${unit} END`;
}

/** A list cell: its items joined by '; ' in `order`, or '--' for none. */
const listCell = (item: string, from: string, where: string, order: string) =>
  `coalesce((SELECT string_agg(${item}, '; ' ORDER BY ${order}) FROM ${from} WHERE ${where}), '--')`;

function dosageCell(source: MedicationCsvSource, kind: DosageKind) {
  const list = kind === 'weight' ? 'Weight Dosage' : 'Age Dosage';
  const { from, where } = source.rows(list);
  const [table, min, max, unit] =
    kind === 'weight'
      ? ['weight_categories', 'min_weight', 'max_weight', 'weight_unit']
      : ['age_categories', 'min_age', 'max_age', 'age_unit'];
  const item = `${categoryText(table, min, max, unit)} || ': '
      || ${rangeText('d.min_dosage', 'd.max_dosage')} || ' ' || d.dosage_unit
      || ', frequency ' || ${rangeText('d.min_frequency', 'd.max_frequency')} || ' ' || d.frequency_unit
      || ', duration ' || ${rangeText('d.min_duration', 'd.max_duration')} || ' ' || d.duration_unit
      || coalesce(', max ' || d.max_daily_dosage || ' ' || d.dosage_unit || ' per day', '')
      || coalesce(', max ' || d.max_dose || ' ' || replace(d.dosage_unit, '/kg', '') || ' per dose', '')`;
  return listCell(
    item,
    `${from} JOIN ${table} c ON c.id = d.${kind}_category_id`,
    where,
    `c.${unit}, c.${min}, c.id`,
  );
}

/**
 * A medication's CSV cells, each its title and SQL over `source`: the whole medication as a
 * clinician would write it (docs in the contract's importReferenceData), so that the export
 * re-imports as the same records. Renal rules and class rules are records of their own.
 */
export function medicationCsvCells(source: MedicationCsvSource): [string, string][] {
  const col = source.column;
  const rows = source.rows;
  const contraindications = rows('Condition Contraindications');
  const lifestyles = rows('Lifestyle Contraindications');
  const ingredients = rows('Ingredients');
  const classes = rows('Drug Classes');
  const ageUnit = `' ' || ${col('age_limit_unit')} || ' (' || ${col('age_limit_severity')} || ')'`;
  return [
    ['Name', col('name')],
    ['Condition', `(SELECT x.name FROM conditions x WHERE x.id = ${col('condition_id')})`],
    [
      'Dosage Type',
      `CASE WHEN ${col('is_dosage_weight_based')} THEN 'Weight-based' ELSE 'Age-based' END`,
    ],
    [
      'Dosage per weight',
      `coalesce(${col('avg_weight_dosage')} || ' ' || ${col('avg_weight_dosage_unit')}, '--')`,
    ],
    ['Weight Dosage', dosageCell(source, 'weight')],
    ['Age Dosage', dosageCell(source, 'age')],
    [
      'Condition Contraindications',
      listCell(
        `x.name || CASE WHEN d.level = 'caution' THEN ' (caution: ' || d.severity || ')' ELSE '' END`,
        `${contraindications.from} JOIN conditions x ON x.id = d.condition_id`,
        contraindications.where,
        'lower(x.name), x.id',
      ),
    ],
    [
      'Lifestyle Contraindications',
      listCell(
        `x.name || ' (' || d.severity || ')'`,
        `${lifestyles.from} JOIN lifestyles x ON x.id = d.lifestyle_id`,
        lifestyles.where,
        'lower(x.name), x.id',
      ),
    ],
    ['Pregnancy Category', `coalesce(${col('pregnancy_category')}, '--')`],
    [
      'Age Limit',
      `CASE WHEN ${col('min_age')} IS NULL AND ${col('max_age')} IS NULL THEN '--'
            WHEN ${col('max_age')} IS NULL THEN 'from ' || ${col('min_age')} || ${ageUnit}
            WHEN ${col('min_age')} IS NULL THEN 'up to ' || ${col('max_age')} || ${ageUnit}
            ELSE ${rangeText(col('min_age'), col('max_age'))} || ${ageUnit} END`,
    ],
    [
      'Ingredients',
      listCell(
        `x.name || coalesce(' ' || d.amount || ' ' || d.amount_unit || '/' || d.per_unit, '')`,
        `${ingredients.from} JOIN ingredients x ON x.id = d.ingredient_id`,
        ingredients.where,
        'lower(x.name), x.id',
      ),
    ],
    [
      'Drug Classes',
      listCell(
        'x.name',
        `${classes.from} JOIN drug_classes x ON x.id = d.drug_class_id`,
        classes.where,
        'lower(x.name), x.id',
      ),
    ],
    ['Codes', CODES_CSV(col('codes'))],
  ];
}

/** Medications searched by name (spec), their page's records put together by readMedications. */
export const MEDICATION_LIST: ListSpec<MedicationSortField> = {
  table: 'medications t',
  tables: ['medications', 'conditions'],
  columns: 't.id',
  sorts: {
    name: ['lower(t.name)'],
    condition: ['(SELECT lower(c.name) FROM conditions c WHERE c.id = t.condition_id)'],
    is_dosage_weight_based: ['t.is_dosage_weight_based'],
    avg_weight_dosage: ['t.avg_weight_dosage'],
    pregnancy_category: ['t.pregnancy_category'],
    created_at: ['t.created_at'],
    updated_at: ['t.updated_at'],
  },
  walkable: [
    'condition',
    'is_dosage_weight_based',
    'avg_weight_dosage',
    'pregnancy_category',
    'created_at',
    'updated_at',
  ],
  defaultOrder: ['lower(t.name)'],
  matchWord: (word, like, param) => `${like('t.name')} OR ${CODE_MATCH('t.codes', param(word))}`,
  csvColumns: medicationCsvCells(STORED_MEDICATION)
    .map(([title, cell]) => `${cell} AS "${title}"`)
    .join(',\n'),
};

/** The list's filters, by query parameter. */
export const MEDICATION_FILTERS: Record<string, (value: unknown) => Filter> = {
  condition_id: (value) => (param) => `t.condition_id = ${param(value)}`,
  is_dosage_weight_based: (value) => (param) => `t.is_dosage_weight_based = ${param(value)}`,
  pregnancy_category: (value) => (param) => `t.pregnancy_category = ${param(value)}`,
};

/**
 * One page of medications as read, and how many match in all: the page's ids and their records
 * in one statement, so in one snapshot.
 */
export async function medicationPage(
  db: Queryable,
  query: PageQuery<MedicationSortField>,
  total?: Total,
) {
  const { rows, meta } = await readPage<MedicationSortField, PartRows>(
    db,
    MEDICATION_LIST,
    query,
    total,
    'id',
    (ids, count) =>
      somePartsSql(
        '(SELECT ids FROM page)::int[]',
        `WITH page AS (SELECT ARRAY(${ids}) AS ids)`,
        count,
      ),
  );
  return { rows: assemble(rows[0]), meta };
}

export async function medicationExists(db: Queryable, id: number) {
  const { rowCount } = await db.query('SELECT 1 FROM medications WHERE id = $1', [id]);
  return rowCount === 1;
}

/** Which of `ids` have no row in `table` (a fixed table name from this module's callers). */
export async function missingIds(
  db: Queryable,
  table:
    | 'conditions'
    | 'age_categories'
    | 'weight_categories'
    | 'medications'
    | 'lifestyles'
    | 'drug_classes'
    | 'ingredients'
    | 'renal_categories',
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
    `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage, avg_weight_dosage_unit, pregnancy_category, codes)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      input.name,
      input.condition_id,
      input.is_dosage_weight_based,
      input.avg_weight_dosage ?? null,
      input.avg_weight_dosage_unit ?? 'mg',
      input.pregnancy_category || null,
      JSON.stringify(input.codes ?? []),
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

/**
 * Changes the name, and the pregnancy category, the age limit and the codes each only when given
 * (an age limit of null removes it).
 */
export async function updateMedication(
  write: Write,
  id: number,
  name: string,
  pregnancy?: string | null,
  ageLimit?: Schema<'AgeLimit'> | null,
  codes?: Schema<'Code'>[],
) {
  const { rowCount } = await write(
    `UPDATE medications SET name = $2,
            pregnancy_category = CASE WHEN $3 THEN $4 ELSE pregnancy_category END,
            min_age = CASE WHEN $5 THEN $6 ELSE min_age END,
            max_age = CASE WHEN $5 THEN $7 ELSE max_age END,
            age_limit_unit = CASE WHEN $5 THEN $8 ELSE age_limit_unit END,
            age_limit_severity = CASE WHEN $5 THEN $9 ELSE age_limit_severity END,
            codes = coalesce($10::jsonb, codes), updated_at = now()
      WHERE id = $1 RETURNING id`,
    [
      id,
      name,
      pregnancy !== undefined,
      pregnancy || null,
      ageLimit !== undefined,
      ageLimit?.min_age ?? null,
      ageLimit?.max_age ?? null,
      ageLimit?.unit ?? 'years',
      ageLimit?.severity ?? 'contraindicated',
      codes ? JSON.stringify(codes) : null,
    ],
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

/** A dosage's written ranges and units, in the order its INSERT and UPDATE take them. */
function dosageValues(d: DosageFields) {
  return [
    d.min_dosage,
    d.max_dosage,
    d.dosage_unit,
    d.min_frequency,
    d.max_frequency,
    d.frequency_unit,
    d.min_duration,
    d.max_duration,
    d.duration_unit,
  ];
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
       max_frequency, frequency_unit, min_duration, max_duration, duration_unit, max_daily_dosage,
       max_dose)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [medicationId, categoryId, ...dosageValues(d), d.max_daily_dosage ?? null, d.max_dose ?? null],
  );
  return rows[0].id;
}

/**
 * Rewrites a dosage's ranges and units; its daily and single-dose maxima only when `d` names them
 * (null: none), so a client that knows nothing of one leaves it as stored.
 */
export async function updateDosage(write: Write, kind: DosageKind, id: number, d: DosageFields) {
  const { rowCount } = await write(
    `UPDATE ${DOSAGE_TABLES[kind].table} SET min_dosage = $2, max_dosage = $3, dosage_unit = $4,
            min_frequency = $5, max_frequency = $6, frequency_unit = $7, min_duration = $8,
            max_duration = $9, duration_unit = $10,
            max_daily_dosage = CASE WHEN $11 THEN $12::double precision ELSE max_daily_dosage END,
            max_dose = CASE WHEN $13 THEN $14::double precision ELSE max_dose END
      WHERE id = $1 RETURNING id`,
    [
      id,
      ...dosageValues(d),
      d.max_daily_dosage !== undefined,
      d.max_daily_dosage ?? null,
      d.max_dose !== undefined,
      d.max_dose ?? null,
    ],
  );
  return rowCount === 1;
}

export async function getDosage(db: Queryable, kind: DosageKind, id: number) {
  const { rows } = await db.query<{ dosage: Schema<'WeightDosage'> | Schema<'AgeDosage'> }>(
    `SELECT ${dosageJson(kind)} AS dosage FROM ${dosageFrom(kind)} WHERE d.id = $1`,
    [id],
  );
  return rows[0]?.dosage;
}

/**
 * Links the condition to the medication with `grade`, or, when they are linked already and
 * `regrade` is set, gives the link that grade. Answers the link as written and whether it was
 * created; none when nothing was written (linked already, with this grade or without `regrade`).
 * One statement, so its history entry is a create or an update as the case was.
 */
export async function addContraindication(
  write: Write,
  medicationId: number,
  conditionId: number,
  grade: ContraindicationGrade,
  regrade: boolean,
): Promise<(ContraindicationGrade & { created: boolean }) | undefined> {
  const { rows } = await write<ContraindicationGrade & { created: boolean }>(
    `INSERT INTO medication_contraindications AS mc (medication_id, condition_id, level, severity)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (medication_id, condition_id) DO UPDATE SET level = excluded.level, severity = excluded.severity
      WHERE $5 AND (mc.level, mc.severity) IS DISTINCT FROM (excluded.level, excluded.severity)
     RETURNING new.level, new.severity, old.id IS NULL AS created`,
    [medicationId, conditionId, grade.level, grade.severity, regrade],
  );
  return rows[0];
}

/** The link of the condition to the medication (its id, level and severity), if there is one. */
export async function findContraindication(
  db: Queryable,
  medicationId: number,
  conditionId: number,
): Promise<(ContraindicationGrade & { id: number }) | undefined> {
  const { rows } = await db.query<ContraindicationGrade & { id: number }>(
    `SELECT id, level, severity FROM medication_contraindications
      WHERE medication_id = $1 AND condition_id = $2`,
    [medicationId, conditionId],
  );
  return rows[0];
}

export const removeContraindication = (write: Write, id: number) =>
  deleteById(write, 'medication_contraindications', id);

/** The medication's name, or undefined when there is none. */
export async function medicationName(db: Queryable, id: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM medications WHERE id = $1', [
    id,
  ]);
  return rows[0]?.name;
}
