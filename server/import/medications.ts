import {
  CAUTION_SEVERITIES,
  DOSAGE_UNITS,
  DURATION_UNITS,
  FREQUENCY_UNITS,
  INGREDIENT_UNITS,
  PREGNANCY_CATEGORIES,
  PRODUCT_UNITS,
  SEVERITIES,
  AGE_UNITS,
  WEIGHT_UNITS,
  type Severity,
} from '@contract/enums';
import type { AuditEntity } from '../repositories/audit/records';
import { ENTITY_SYSTEMS, SYSTEM_NAMES, type CodedEntity } from '../domain/codes';
import { checkRanges } from '../errors';
import {
  MEDICATION_CSV_DEPENDENTS,
  medicationCsvCells,
  STORED_MEDICATION,
  type MedicationCsvColumn,
  type MedicationCsvList,
  type MedicationCsvSource,
} from '../repositories/medications';
import { checkAgeLimit, DOSAGE_RANGES } from '../routes/medications';
import {
  isNone,
  itemsOf,
  MAX_AMOUNT,
  NUMBER,
  numberOf,
  oneOf,
  passes,
  RANGE,
  rangeOf,
} from './cells';
import type { EntityImport, RowReader, Staged } from './entities';
import {
  codeProblems,
  codeReference,
  matchByCode,
  MERGED_CODES,
  readCodes,
  repeats,
  requiredText,
} from './shared';

/**
 * Medications from their CSV export, each row the whole medication: its own fields, and the
 * rows that belong to it (dosages, contraindications, lifestyle links, ingredients, class
 * memberships), each list in one cell. Checked as the create and update routes check them (their
 * own checks, run on each cell), matched by code else by name, and written with a history entry
 * per record: a list whose cell differs is replaced as a whole.
 *
 * A list is staged as a JSON array of its rows, in its table's columns, with what the cell named
 * each referenced record by (`ref`: a name, a code or a category's range); the resolve step sets
 * the referenced ids, and the rows are then written straight from the array.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Item = Record<string, Json>;

/** A reference to a named record: by name, or by code (`ATC|N02BE01`) for coded ones. */
function reference(
  row: RowReader,
  column: string,
  text: string,
  coded: CodedEntity | null,
): Item | undefined {
  const code = coded ? codeReference(text) : undefined;
  if (code && coded && !ENTITY_SYSTEMS[coded].includes(code.system)) {
    row.problem(column, `"${text}": ${SYSTEM_NAMES[code.system]} codes are not taken here`);
    return undefined;
  }
  if (code) return { ref: text, system: code.system, code: code.code };
  if (text.length > 200) {
    row.problem(column, `"${text.slice(0, 40)}...": a name is at most 200 characters`);
    return undefined;
  }
  return { ref: text, name: text };
}

/** A quantity of the contract's Amount (0 to 1,000,000), or undefined after reporting it. */
function amount(
  row: RowReader,
  column: string,
  what: string,
  text: string,
  positive = false,
): number | undefined {
  const value = numberOf(text);
  if (value === undefined || value > MAX_AMOUNT || (positive && value <= 0)) {
    row.problem(
      column,
      `${what}: "${text}" must be a number ${positive ? 'above 0' : 'from 0'} up to ${MAX_AMOUNT}`,
    );
    return undefined;
  }
  return value;
}

const UNIT_WORDS = (list: readonly string[]) => list.map((u) => u.replace('/', '\\/')).join('|');
/** One dosage: `<category>: <dose> <unit>, frequency <range> <unit>, duration <range> <unit>`. */
const DOSAGE = new RegExp(
  `^(.+?):\\s*${RANGE}\\s*(${UNIT_WORDS(DOSAGE_UNITS)})\\s*,\\s*frequency\\s+${RANGE}\\s*(${UNIT_WORDS(FREQUENCY_UNITS)})` +
    `\\s*,\\s*duration\\s+${RANGE}\\s*(${UNIT_WORDS(DURATION_UNITS)})` +
    `(?:\\s*,\\s*max\\s+(\\S+)\\s+(\\S+)\\s+per\\s+day)?(?:\\s*,\\s*max\\s+(\\S+)\\s+(\\S+)\\s+per\\s+dose)?$`,
  'i',
);
const DOSAGE_FORMAT =
  '"<category>: <dose> <unit>, frequency <range> <unit>, duration <range> <unit>[, max <n> <unit> per day][, max <n> <unit> per dose]"';

/** A category named by its range and unit (`1 - 12 years`, `50 - 80 kg`). */
const CATEGORY_RANGE = (units: readonly string[]) =>
  new RegExp(`^${RANGE}\\s*(${UNIT_WORDS(units)})$`, 'i');

function readDosages(row: RowReader, column: 'Weight Dosage' | 'Age Dosage'): Item[] | undefined {
  const kind = column === 'Weight Dosage' ? 'weight' : 'age';
  const categoryRange = CATEGORY_RANGE(kind === 'weight' ? WEIGHT_UNITS : AGE_UNITS);
  const dosages: Item[] = [];
  let ok = true;
  for (const text of itemsOf(row.cell(column))) {
    const m = DOSAGE.exec(text);
    if (!m) {
      row.problem(column, `"${text}" is not written ${DOSAGE_FORMAT}`);
      ok = false;
      continue;
    }
    const label = m[1].trim();
    const dosageUnit = oneOf(DOSAGE_UNITS, m[4]);
    const frequencyUnit = oneOf(FREQUENCY_UNITS, m[7]);
    const durationUnit = oneOf(DURATION_UNITS, m[10]);
    const bounds = [m[2], m[3], m[5], m[6], m[8], m[9]];
    const values = bounds.map((bound) =>
      bound === undefined ? undefined : amount(row, column, label, bound),
    );
    if (values.some((value, i) => value === undefined && bounds[i] !== undefined)) {
      ok = false;
      continue;
    }
    const [dose, frequency, duration] = [0, 2, 4].map((i) =>
      rangeOf(String(values[i]), values[i + 1] === undefined ? undefined : String(values[i + 1])),
    );
    const fields: Record<string, number | string | null> = {
      min_dosage: dose[0],
      max_dosage: dose[1],
      dosage_unit: dosageUnit ?? null,
      min_frequency: frequency[0],
      max_frequency: frequency[1],
      frequency_unit: frequencyUnit ?? null,
      min_duration: duration[0],
      max_duration: duration[1],
      duration_unit: durationUnit ?? null,
      max_daily_dosage: null,
      max_dose: null,
    };
    // The daily maximum is in the dose's unit; the single-dose maximum in it without "per kg".
    const maxima: [string | undefined, string | undefined, string, string][] = [
      [m[11], m[12], 'max_daily_dosage', dosageUnit ?? ''],
      [m[13], m[14], 'max_dose', (dosageUnit ?? '').replace('/kg', '')],
    ];
    for (const [value, unit, field, expected] of maxima) {
      if (value === undefined) continue;
      const number = amount(row, column, label, value, true);
      if (number === undefined) ok = false;
      else if ((unit ?? '').toLowerCase() !== expected) {
        row.problem(
          column,
          `${label}: the maximum per ${field === 'max_dose' ? 'dose' : 'day'} is in ${expected}, not ${unit}`,
        );
        ok = false;
      } else fields[field] = number;
    }
    if (!passes(row, column, () => checkRanges(fields, DOSAGE_RANGES), `${label}: `)) ok = false;
    const range = categoryRange.exec(label);
    const ref: Item = range
      ? {
          ref: label,
          min: rangeOf(range[1], range[2])[0],
          max: rangeOf(range[1], range[2])[1],
          unit: range[3].toLowerCase(),
        }
      : { ref: label, name: label };
    dosages.push({ ...ref, ...fields, [`${kind}_category_id`]: null });
  }
  return ok ? dosages : undefined;
}

/** `Name`, or `Name (<grade>)`: the grade in the parentheses, which `grades` reads. */
const GRADED = /^(.+?)\s*\(([^()]*)\)$/;

function readContraindications(row: RowReader, column: string): Item[] | undefined {
  const items: Item[] = [];
  let ok = true;
  for (const text of itemsOf(row.cell(column))) {
    const m = GRADED.exec(text);
    const grade = m?.[2].trim().toLowerCase();
    let level: 'contraindicated' | 'caution' = 'contraindicated';
    let severity: string = 'contraindicated';
    let name = text;
    if (m && grade !== undefined && /^(caution|contraindicated)\b/.test(grade)) {
      name = m[1];
      const caution = /^caution(?:\s*:\s*|\s+)?(.*)$/.exec(grade);
      if (caution) {
        level = 'caution';
        // A caution without its severity is a moderate one, as the contraindication route has it.
        const found = caution[1] === '' ? 'moderate' : oneOf(CAUTION_SEVERITIES, caution[1]);
        if (!found) {
          row.problem(
            column,
            `"${text}": a caution's severity is one of ${CAUTION_SEVERITIES.join(', ')}`,
          );
          ok = false;
          continue;
        }
        severity = found;
      } else if (grade !== 'contraindicated') {
        row.problem(
          column,
          `"${text}" is not written "<condition>" or "<condition> (caution: <severity>)"`,
        );
        ok = false;
        continue;
      }
    }
    const ref = reference(row, column, name.trim(), 'condition');
    if (!ref) ok = false;
    else items.push({ ...ref, condition_id: null, level, severity });
  }
  return ok ? items : undefined;
}

function readLifestyles(row: RowReader, column: string): Item[] | undefined {
  const items: Item[] = [];
  let ok = true;
  for (const text of itemsOf(row.cell(column))) {
    const m = GRADED.exec(text);
    const severity: Severity | undefined = m ? oneOf(SEVERITIES, m[2]) : undefined;
    if (!m || !severity) {
      row.problem(
        column,
        `"${text}" is not written "<lifestyle> (<severity>)", the severity one of ${SEVERITIES.join(', ')}`,
      );
      ok = false;
      continue;
    }
    const ref = reference(row, column, m[1].trim(), null);
    if (!ref) ok = false;
    else items.push({ ...ref, lifestyle_id: null, severity });
  }
  return ok ? items : undefined;
}

/** `Paracetamol`, or with its strength: `Paracetamol 500 mg/tablet`. */
const STRENGTH = new RegExp(
  `^(.+?)\\s+(${NUMBER})\\s*(${UNIT_WORDS(INGREDIENT_UNITS)})\\s*/\\s*(${UNIT_WORDS(PRODUCT_UNITS)})$`,
  'i',
);

function readIngredients(row: RowReader, column: string): Item[] | undefined {
  const items: Item[] = [];
  let ok = true;
  for (const text of itemsOf(row.cell(column))) {
    const m = STRENGTH.exec(text);
    let strength: Item = { amount: null, amount_unit: null, per_unit: null };
    if (m) {
      const value = amount(row, column, m[1], m[2], true);
      if (value === undefined) {
        ok = false;
        continue;
      }
      strength = {
        amount: value,
        amount_unit: oneOf(INGREDIENT_UNITS, m[3]) ?? null,
        per_unit: oneOf(PRODUCT_UNITS, m[4]) ?? null,
      };
    }
    const ref = reference(row, column, (m ? m[1] : text).trim(), 'ingredient');
    if (!ref) ok = false;
    else items.push({ ...ref, ingredient_id: null, ...strength });
  }
  if (ok && items.length === 0) {
    row.problem(column, 'a medication contains at least one ingredient: name it');
    return undefined;
  }
  return ok ? items : undefined;
}

function readClasses(row: RowReader, column: string): Item[] | undefined {
  const items: Item[] = [];
  let ok = true;
  for (const text of itemsOf(row.cell(column))) {
    const ref = reference(row, column, text, 'drug_class');
    if (!ref) ok = false;
    else items.push({ ...ref, drug_class_id: null });
  }
  return ok ? items : undefined;
}

const AGE_LIMIT = new RegExp(
  `^(?:(from|up to)\\s+)?${RANGE}\\s*(${UNIT_WORDS(AGE_UNITS)})\\s*\\(([^()]*)\\)$`,
  'i',
);

function readAgeLimit(row: RowReader, column: string): Item | null | undefined {
  const text = (row.cell(column) ?? '').trim();
  if (isNone(text)) return null;
  const m = AGE_LIMIT.exec(text);
  const severity = m ? oneOf(SEVERITIES, m[5]) : undefined;
  const unit = m ? oneOf(AGE_UNITS, m[4]) : undefined;
  const side = m?.[1]?.toLowerCase();
  if (!m || !severity || !unit || (side && m[3] !== undefined)) {
    row.problem(
      column,
      'must be "--", or "<min> - <max> <unit> (<severity>)", "from <min> <unit> (<severity>)" or "up to <max> <unit> (<severity>)"',
    );
    return undefined;
  }
  const [low, high] = rangeOf(m[2], m[3]);
  const limit = {
    min_age: side === 'up to' ? null : low,
    max_age: side === 'from' ? null : high,
    unit,
    severity,
  };
  return passes(row, column, () => checkAgeLimit(limit)) ? limit : undefined;
}

/** The list cells, each with the staging column of its rows and its reader. */
const LISTS: {
  column: MedicationCsvList;
  staged: string;
  read(row: RowReader, column: string): Item[] | undefined;
}[] = [
  {
    column: 'Weight Dosage',
    staged: 'weight_dosages',
    read: (row) => readDosages(row, 'Weight Dosage'),
  },
  { column: 'Age Dosage', staged: 'age_dosages', read: (row) => readDosages(row, 'Age Dosage') },
  {
    column: 'Condition Contraindications',
    staged: 'contraindications',
    read: readContraindications,
  },
  { column: 'Lifestyle Contraindications', staged: 'lifestyles', read: readLifestyles },
  { column: 'Ingredients', staged: 'ingredients', read: readIngredients },
  { column: 'Drug Classes', staged: 'classes', read: readClasses },
];
const stagedOf = (column: MedicationCsvList) =>
  LISTS.find((list) => list.column === column)?.staged ?? '';

/** A staged row `r` as the cells read it: its list rows from their staged arrays. */
const STAGED_MEDICATION: MedicationCsvSource = {
  column: (name: MedicationCsvColumn) =>
    ({
      name: 'r.name',
      condition_id: 'r.ref1',
      is_dosage_weight_based: 'r.weight_based',
      avg_weight_dosage: 'r.per_weight::float8',
      avg_weight_dosage_unit: 'r.per_weight_unit',
      pregnancy_category: 'r.pregnancy',
      min_age: `(r.age_limit->>'min_age')::float8`,
      max_age: `(r.age_limit->>'max_age')::float8`,
      age_limit_unit: `(r.age_limit->>'unit')`,
      age_limit_severity: `(r.age_limit->>'severity')`,
      codes: 'r.codes',
    })[name],
  rows: (list) => ({
    from: `jsonb_to_recordset(r.${stagedOf(list)}) AS d (${MEDICATION_CSV_DEPENDENTS[list].columns})`,
    where: 'true',
  }),
};

/** The optional columns a file may leave out (the medication's field is then left alone). */
const OPTIONAL = new Set([
  'Dosage per weight',
  'Weight Dosage',
  'Age Dosage',
  'Condition Contraindications',
  'Lifestyle Contraindications',
  'Pregnancy Category',
  'Age Limit',
  'Drug Classes',
  'Codes',
]);

/** The cells as JSON over `source`, those the file has (or every one for a stored record). */
function cells(source: MedicationCsvSource, header: ReadonlySet<string>) {
  return `jsonb_build_object(${medicationCsvCells(source)
    .filter(([title]) => header.has(title))
    .map(([title, cell]) => `'${title}', ${cell}`)
    .join(', ')})`;
}

/** The rows' table, name and referenced ids, for the set-based lookups of each list's items. */
const LOOKUPS: Record<
  string,
  {
    id: string;
    table: string;
    what: string;
    plural: string;
    coded: CodedEntity | null;
    category?: string[];
  }
> = {
  weight_dosages: {
    id: 'weight_category_id',
    table: 'weight_categories',
    what: 'weight category',
    plural: 'weight categories',
    coded: null,
    category: ['min_weight', 'max_weight', 'weight_unit'],
  },
  age_dosages: {
    id: 'age_category_id',
    table: 'age_categories',
    what: 'age category',
    plural: 'age categories',
    coded: null,
    category: ['min_age', 'max_age', 'age_unit'],
  },
  contraindications: {
    id: 'condition_id',
    table: 'conditions',
    what: 'condition',
    plural: 'conditions',
    coded: 'condition',
  },
  lifestyles: {
    id: 'lifestyle_id',
    table: 'lifestyles',
    what: 'lifestyle',
    plural: 'lifestyles',
    coded: null,
  },
  ingredients: {
    id: 'ingredient_id',
    table: 'ingredients',
    what: 'ingredient',
    plural: 'ingredients',
    coded: 'ingredient',
  },
  classes: {
    id: 'drug_class_id',
    table: 'drug_classes',
    what: 'drug class',
    plural: 'drug classes',
    coded: 'drug_class',
  },
};

/** The id an item `e` refers to (null when none, or when its name is not one record's). */
function lookup(staged: string): string {
  const l = LOOKUPS[staged];
  const nameColumn = l.category ? 'category_name' : 'name';
  const byName = `(SELECT min(x.id) FROM ${l.table} x WHERE lower(x.${nameColumn}) = lower(e->>'name')
                    HAVING count(*) = 1)`;
  const byCode = l.coded
    ? `(SELECT rc.record_id FROM record_codes rc WHERE rc.entity = '${l.coded}'
          AND rc.system = e->>'system' AND rc.code = e->>'code')`
    : 'NULL';
  const byRange = l.category
    ? `(SELECT min(x.id) FROM ${l.table} x WHERE x.${l.category[0]} = (e->>'min')::float8
          AND x.${l.category[1]} = (e->>'max')::float8 AND x.${l.category[2]} = e->>'unit')`
    : 'NULL';
  return `CASE WHEN e ? 'name' THEN ${byName} WHEN e ? 'code' THEN ${byCode} ELSE ${byRange} END`;
}

function resolveList(staged: string): string {
  const { id } = LOOKUPS[staged];
  return `UPDATE import_rows r SET ${staged} = (
      SELECT jsonb_agg(e || jsonb_build_object('${id}', ${lookup(staged)}) ORDER BY i)
        FROM jsonb_array_elements(r.${staged}) WITH ORDINALITY AS x (e, i))
    WHERE jsonb_array_length(r.${staged}) > 0`;
}

/** Each item that refers to no record, and each record a cell names twice. */
function listProblems(column: string, staged: string): string[] {
  const l = LOOKUPS[staged];
  const nameColumn = l.category ? 'category_name' : 'name';
  return [
    `SELECT r.row, '${column}',
       CASE WHEN e ? 'code' THEN 'no ${l.what} has the code ' || (e->>'code')
            WHEN NOT e ? 'name' THEN 'no ${l.what} has the range ' || (e->>'ref')
            WHEN EXISTS (SELECT FROM ${l.table} x WHERE lower(x.${nameColumn}) = lower(e->>'name'))
              THEN 'several ${l.plural} are named "' || (e->>'name') || '": ${l.category ? 'write its range' : 'refer to it by code'}'
            ELSE 'no ${l.what} is named "' || (e->>'name') || '"' END
       FROM import_rows r CROSS JOIN LATERAL jsonb_array_elements(r.${staged}) e
      WHERE e->>'${l.id}' IS NULL`,
    `SELECT r.row, '${column}', 'names the ${l.what} "' || min(e->>'ref') || '" twice'
       FROM import_rows r CROSS JOIN LATERAL jsonb_array_elements(r.${staged}) e
      WHERE e->>'${l.id}' IS NOT NULL
      GROUP BY r.row, e->>'${l.id}' HAVING count(*) > 1`,
  ];
}

/** The medication a staged row becomes: the one it matched, or the one it creates. */
const MEDICATION_ID = 'coalesce(r.target_id, r.new_id::int)';

/**
 * A list's writes: the stored rows of a changed medication whose cell differs are deleted, then
 * a medication without rows in the table (created, or just emptied) gets the staged ones.
 */
function listWrites(column: MedicationCsvList): { audit: AuditEntity; text: string }[] {
  const { table, audit, columns } = MEDICATION_CSV_DEPENDENTS[column];
  const staged = stagedOf(column);
  const stored = medicationCsvCells(STORED_MEDICATION).find(([title]) => title === column)?.[1];
  const after = medicationCsvCells(STAGED_MEDICATION).find(([title]) => title === column)?.[1];
  const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]);
  return [
    {
      audit,
      text: `DELETE FROM ${table} gone USING import_rows r, medications t
        WHERE r.kind = 'change' AND t.id = r.target_id AND gone.medication_id = t.id
          AND r.${staged} IS NOT NULL AND ${stored} IS DISTINCT FROM ${after}
        RETURNING gone.id`,
    },
    {
      audit,
      text: `INSERT INTO ${table} (medication_id, ${names.join(', ')})
        SELECT ${MEDICATION_ID}, ${names.map((n) => `d.${n}`).join(', ')}
          FROM import_rows r CROSS JOIN LATERAL jsonb_to_recordset(r.${staged}) AS d (${columns})
         WHERE r.kind IN ('create', 'change')
           AND NOT EXISTS (SELECT FROM ${table} x WHERE x.medication_id = ${MEDICATION_ID})
         ORDER BY r.row
        RETURNING id`,
    },
  ];
}

/** The Dosage Type cell's values, as whether the medication is dosed by weight. */
const DOSAGE_TYPES: Record<string, boolean> = {
  'weight-based': true,
  'age-based': false,
};

export const MEDICATIONS: EntityImport = {
  audit: 'medication',
  table: 'medications',
  columns: medicationCsvCells(STORED_MEDICATION).map(([name]) => ({
    name,
    optional: OPTIONAL.has(name),
  })),
  staging: [
    ['name', 'text'],
    ['codes', 'jsonb'],
    ['cond_name', 'text'],
    ['cond_system', 'text'],
    ['cond_code', 'text'],
    ['weight_based', 'boolean'],
    ['per_weight', 'text'],
    ['per_weight_unit', 'text'],
    ['pregnancy', 'text'],
    ['age_limit', 'jsonb'],
    ...LISTS.map((list): readonly [string, 'jsonb'] => [list.staged, 'jsonb']),
    ['new_id', 'text'],
  ],
  read(row, header) {
    let ok = true;
    const name = requiredText(row, 'Name', 200);
    const codes = header.has('Codes')
      ? readCodes(row.cell('Codes') ?? '', 'medication', row, 'Codes')
      : null;
    const conditionText = requiredText(row, 'Condition', 200);
    const condition =
      conditionText === undefined
        ? undefined
        : reference(row, 'Condition', conditionText, 'condition');
    const type = DOSAGE_TYPES[(row.cell('Dosage Type') ?? '').trim().toLowerCase()];
    if (type === undefined) {
      row.problem('Dosage Type', 'must be Weight-based or Age-based');
      ok = false;
    }
    let perWeight: [string, string] | null = null;
    if (header.has('Dosage per weight') && !isNone(row.cell('Dosage per weight'))) {
      const text = (row.cell('Dosage per weight') ?? '').trim();
      const m = new RegExp(`^(${NUMBER})\\s*(${UNIT_WORDS(DOSAGE_UNITS)})$`, 'i').exec(text);
      const value = m ? amount(row, 'Dosage per weight', text, m[1]) : undefined;
      const unit = m ? oneOf(DOSAGE_UNITS, m[2]) : undefined;
      if (!m)
        row.problem(
          'Dosage per weight',
          `must be "<number> <unit>" (${DOSAGE_UNITS.join(', ')}) or --`,
        );
      if (value === undefined || !unit) ok = false;
      else perWeight = [String(value), unit];
    }
    let pregnancy: string | null = null;
    if (header.has('Pregnancy Category') && !isNone(row.cell('Pregnancy Category'))) {
      const found = oneOf(PREGNANCY_CATEGORIES, row.cell('Pregnancy Category') ?? '');
      if (!found) {
        row.problem(
          'Pregnancy Category',
          `must be one of ${PREGNANCY_CATEGORIES.join(', ')}, or --`,
        );
        ok = false;
      } else pregnancy = found;
    }
    const ageLimit = header.has('Age Limit') ? readAgeLimit(row, 'Age Limit') : null;
    if (ageLimit === undefined) ok = false;
    const lists = LISTS.map((list) => {
      if (!header.has(list.column)) return null;
      const items = list.read(row, list.column);
      if (!items) ok = false;
      return items ?? null;
    });
    if (!ok || name === undefined || codes === undefined || !condition || type === undefined)
      return undefined;
    const values: Staged[] = [
      name,
      codes && JSON.stringify(codes),
      typeof condition.name === 'string' ? condition.name : null,
      typeof condition.system === 'string' ? condition.system : null,
      typeof condition.code === 'string' ? condition.code : null,
      type,
      perWeight?.[0] ?? null,
      perWeight?.[1] ?? null,
      pregnancy,
      ageLimit ? JSON.stringify(ageLimit) : null,
      ...lists.map((items) => (items ? JSON.stringify(items) : null)),
      null,
    ];
    return values;
  },
  resolve: [
    matchByCode('medication'),
    `UPDATE import_rows r SET target_id = m.id
       FROM (SELECT lower(name) AS key, min(id) AS id FROM medications GROUP BY lower(name)
             HAVING count(*) = 1) m
      WHERE r.target_id IS NULL AND m.key = lower(r.name)`,
    // The id a created medication will have, so that its dosages and links can name it.
    `UPDATE import_rows SET new_id = nextval(pg_get_serial_sequence('medications', 'id'))::text
      WHERE target_id IS NULL`,
    `UPDATE import_rows r SET ref1 = t.id FROM conditions t
      WHERE r.cond_name IS NOT NULL AND lower(t.name) = lower(r.cond_name)`,
    `UPDATE import_rows r SET ref1 = rc.record_id FROM record_codes rc
      WHERE r.cond_name IS NULL AND rc.entity = 'condition'
        AND rc.system = r.cond_system AND rc.code = r.cond_code`,
    ...LISTS.map((list) => resolveList(list.staged)),
  ],
  problems: [
    // Medications may share a name (told apart by their codes): only one row per record.
    repeats('r.target_id', 'Name', 'medication'),
    `SELECT r.row, 'Name', 'several medications are named "' || r.name || '": give its code to tell which'
       FROM import_rows r WHERE r.target_id IS NULL
        AND (SELECT count(*) FROM medications m WHERE lower(m.name) = lower(r.name)) > 1`,
    ...codeProblems('medication', 'Codes'),
    `SELECT r.row, 'Condition',
       CASE WHEN r.cond_name IS NULL THEN 'no condition has the code ' || r.cond_code
            ELSE 'no condition is named "' || r.cond_name || '"' END
       FROM import_rows r WHERE r.ref1 IS NULL`,
    ...LISTS.flatMap((list) => listProblems(list.column, list.staged)),
  ],
  before: (header) => cells(STORED_MEDICATION, header),
  after: (header) => cells(STAGED_MEDICATION, header),
  label: 'r.name',
  insert: () => `INSERT INTO medications (id, name, condition_id, is_dosage_weight_based,
        avg_weight_dosage, avg_weight_dosage_unit, pregnancy_category, min_age, max_age,
        age_limit_unit, age_limit_severity, codes)
      SELECT r.new_id::int, r.name, r.ref1, r.weight_based, r.per_weight::float8,
             coalesce(r.per_weight_unit, 'mg'), r.pregnancy, (r.age_limit->>'min_age')::float8,
             (r.age_limit->>'max_age')::float8, coalesce(r.age_limit->>'unit', 'years'),
             coalesce(r.age_limit->>'severity', 'contraindicated'), coalesce(r.codes, '[]')
        FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: (header) => `UPDATE medications t SET name = r.name, condition_id = r.ref1,
        is_dosage_weight_based = r.weight_based,
        ${
          header.has('Dosage per weight')
            ? `avg_weight_dosage = r.per_weight::float8,
               avg_weight_dosage_unit = coalesce(r.per_weight_unit, t.avg_weight_dosage_unit),`
            : ''
        }
        ${header.has('Pregnancy Category') ? 'pregnancy_category = r.pregnancy,' : ''}
        ${
          header.has('Age Limit')
            ? `min_age = (r.age_limit->>'min_age')::float8, max_age = (r.age_limit->>'max_age')::float8,
               age_limit_unit = coalesce(r.age_limit->>'unit', t.age_limit_unit),
               age_limit_severity = coalesce(r.age_limit->>'severity', t.age_limit_severity),`
            : ''
        }
        ${header.has('Codes') ? `codes = ${MERGED_CODES},` : ''}
        updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id
      RETURNING t.id`,
  dependents: (header) =>
    LISTS.filter((list) => header.has(list.column)).flatMap((list) => listWrites(list.column)),
};
