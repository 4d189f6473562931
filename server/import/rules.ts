import { DOSAGE_UNITS, RENAL_FREQUENCY_UNITS, RENAL_UNITS, SEVERITIES } from '@contract/enums';
import { ENTITY_SYSTEMS, SYSTEM_NAMES } from '../domain/codes';
import {
  classRuleCsvCells,
  type ClassRuleCsvColumn,
  type ClassRuleInput,
} from '../repositories/drug-classes';
import {
  renalRuleCsvCells,
  type RenalRuleCsvColumn,
  type RenalRuleFields,
} from '../repositories/renal-rules';
import { checkClassRuleSides } from '../routes/class-rules';
import { checkRenalRuleFields } from '../routes/renal-rules';
import { isNone, MAX_AMOUNT, NUMBER, oneOf, passes, RANGE, rangeOf } from './cells';
import type { EntityImport, RowReader, Staged } from './entities';
import {
  codeReference,
  medicationProblem,
  medicationReference,
  repeats,
  requiredText,
  resolveMedication,
  yesNo,
} from './shared';

/**
 * Renal rules and class rules from their CSV exports (the cells of renalRuleCsvCells and
 * classRuleCsvCells): each row one rule, referring to its medication, renal category and drug
 * classes by name or code, checked by the routes' own checks, matched by what tells the rules
 * apart (a medication and a category; a kind and its two sides), and written with a history
 * entry per rule. A matched rule changes what it says, as its update route would.
 */

/** The SQL of the cells a change compares, over `column` (those the update routes set). */
function cellsOf(all: [string, string][], titles: readonly string[]): string {
  return `jsonb_build_object(${all
    .filter(([title]) => titles.includes(title))
    .map(([title, cell]) => `'${title}', ${cell}`)
    .join(', ')})`;
}
const cell = (all: [string, string][], title: string) =>
  all.find(([name]) => name === title)?.[1] ?? 'NULL';

const unitPattern = (units: readonly string[]) =>
  units.map((u) => u.replaceAll('.', '\\.')).join('|');

/**
 * A quantity cell (`1000 mg`) or a range cell (`250 - 500 mg`) in one of `units`; null for `--`;
 * undefined after reporting a problem. The least is above 0 unless `zero` (a dose from 0).
 */
function quantities(
  row: RowReader,
  column: string,
  units: readonly string[],
  range: boolean,
  zero = false,
): { low: number; high: number; unit: string } | null | undefined {
  const text = row.cell(column) ?? '';
  if (isNone(text)) return null;
  const m = new RegExp(`^${range ? RANGE : `(${NUMBER})()`}\\s*(${unitPattern(units)})$`, 'i').exec(
    text.trim(),
  );
  const unit = m ? oneOf(units, m[3]) : undefined;
  const form = range ? '"<min> - <max> <unit>"' : '"<number> <unit>"';
  if (!m || !unit) {
    row.problem(column, `must be ${form} (the unit one of ${units.join(', ')}), or --`);
    return undefined;
  }
  const [low, high] = rangeOf(m[1], m[2] || undefined);
  const tooLarge = [low, high].some((value) => !Number.isFinite(value) || value > MAX_AMOUNT);
  if (tooLarge || high <= 0 || (!zero && low <= 0)) {
    row.problem(
      column,
      `its numbers must be ${zero ? 'from 0' : 'above 0'} up to ${MAX_AMOUNT}${zero && range ? ', the maximum above 0' : ''}`,
    );
    return undefined;
  }
  return { low, high, unit };
}

// ---------- renal rules ----------

/** A renal rule's columns, as its export writes them (a FHIR Bundle's renal guidelines too). */
export const RENAL_COLUMNS = [
  'Medication',
  'Renal Category',
  'Avoid',
  'Dose',
  'Max Daily Dose',
  'Interval',
];
/** The cells an update sets; the medication and the category tell the rules apart. */
const RENAL_CHANGED = ['Avoid', 'Dose', 'Max Daily Dose', 'Interval'];

/** The route's fields by the column a problem with them is reported on. */
const RENAL_FIELD_COLUMNS: Record<string, string> = {
  avoid: 'Avoid',
  min_dosage: 'Dose',
  dosage_unit: 'Dose',
  // The range (max_dosage, max_daily_dosage) is reported on its maximum's side.
  max_dosage: 'Max Daily Dose',
  max_daily_dosage: 'Max Daily Dose',
  min_frequency: 'Interval',
  max_frequency: 'Interval',
  frequency_unit: 'Interval',
};

/** A renal category's cell: `<min> - <max>` with its unit or not, else a category name. */
const EGFR_RANGE = new RegExp(`^${RANGE}(?:\\s*(${unitPattern(RENAL_UNITS)}))?$`, 'i');

const STAGED_RENAL_RULE = (name: RenalRuleCsvColumn): string =>
  ({
    medication_id: 'r.ref1',
    renal_category_id: 'r.ref2',
    avoid: 'r.avoid',
    min_dosage: 'r.min_dosage::float8',
    max_dosage: 'r.max_dosage::float8',
    dosage_unit: 'r.dosage_unit',
    max_daily_dosage: 'r.max_daily_dosage::float8',
    min_frequency: 'r.min_frequency::float8',
    max_frequency: 'r.max_frequency::float8',
    frequency_unit: 'r.frequency_unit',
  })[name];
const STORED_RENAL_RULE = (name: RenalRuleCsvColumn) => `t.${name}`;

export const RENAL_RULES: EntityImport = {
  audit: 'renal_rule',
  table: 'renal_rules',
  columns: RENAL_COLUMNS.map((name) => ({ name })),
  staging: [
    ['med_name', 'text'],
    ['med_system', 'text'],
    ['med_code', 'text'],
    ['cat_name', 'text'],
    ['cat_min', 'text'],
    ['cat_max', 'text'],
    ['avoid', 'boolean'],
    ['min_dosage', 'text'],
    ['max_dosage', 'text'],
    ['dosage_unit', 'text'],
    ['max_daily_dosage', 'text'],
    ['min_frequency', 'text'],
    ['max_frequency', 'text'],
    ['frequency_unit', 'text'],
  ],
  read(row) {
    const medication = medicationReference(row, 'Medication');
    const categoryText = requiredText(row, 'Renal Category', 200);
    const range = categoryText === undefined ? null : EGFR_RANGE.exec(categoryText);
    const category = range ? rangeOf(range[1], range[2]) : undefined;
    const avoid = yesNo(row, 'Avoid');
    const dose = quantities(row, 'Dose', DOSAGE_UNITS, true, true);
    const daily = quantities(row, 'Max Daily Dose', DOSAGE_UNITS, false);
    const interval = quantities(row, 'Interval', RENAL_FREQUENCY_UNITS, true);
    if (
      !medication ||
      categoryText === undefined ||
      avoid === undefined ||
      dose === undefined ||
      daily === undefined ||
      interval === undefined
    )
      return undefined;
    // The contract takes a daily maximum only with a dose range, in the dose's unit.
    if (daily && !avoid && (!dose || daily.unit !== dose.unit)) {
      row.problem(
        'Max Daily Dose',
        dose ? `is in the dose's unit, ${dose.unit}` : 'goes with a dose range: state the dose',
      );
      return undefined;
    }
    const fields: RenalRuleFields = {
      avoid,
      ...(dose && {
        min_dosage: dose.low,
        max_dosage: dose.high,
        dosage_unit: oneOf(DOSAGE_UNITS, dose.unit),
      }),
      ...(daily && { max_daily_dosage: daily.low }),
      ...(interval && {
        min_frequency: interval.low,
        max_frequency: interval.high,
        frequency_unit: oneOf(RENAL_FREQUENCY_UNITS, interval.unit),
      }),
    };
    const checked = passes(
      row,
      'Avoid',
      () => checkRenalRuleFields(fields),
      '',
      (field) => RENAL_FIELD_COLUMNS[field],
    );
    if (!checked) return undefined;
    const text = (value: number | undefined) => (value === undefined ? null : String(value));
    const values: Staged[] = [
      ...medication,
      category ? null : categoryText,
      category ? String(category[0]) : null,
      category ? String(category[1]) : null,
      avoid,
      text(fields.min_dosage),
      text(fields.max_dosage),
      fields.dosage_unit ?? null,
      text(fields.max_daily_dosage),
      text(fields.min_frequency),
      text(fields.max_frequency),
      fields.frequency_unit ?? null,
    ];
    return values;
  },
  resolve: [
    ...resolveMedication('ref1', 'med'),
    `UPDATE import_rows r SET ref2 = c.id
       FROM (SELECT lower(category_name) AS key, min(id) AS id FROM renal_categories
              WHERE category_name IS NOT NULL GROUP BY lower(category_name) HAVING count(*) = 1) c
      WHERE r.cat_name IS NOT NULL AND c.key = lower(r.cat_name)`,
    `UPDATE import_rows r SET ref2 = c.id
       FROM (SELECT min(id) AS id, min_egfr, max_egfr FROM renal_categories
              GROUP BY min_egfr, max_egfr) c
      WHERE r.cat_name IS NULL AND c.min_egfr = r.cat_min::float8 AND c.max_egfr = r.cat_max::float8`,
    `UPDATE import_rows r SET target_id = t.id FROM renal_rules t
      WHERE t.medication_id = r.ref1 AND t.renal_category_id = r.ref2`,
  ],
  problems: [
    medicationProblem('ref1', 'med', 'Medication'),
    `SELECT r.row, 'Renal Category',
       CASE WHEN r.cat_name IS NULL
              THEN 'no renal category has the eGFR range ' || r.cat_min || ' - ' || r.cat_max
            WHEN EXISTS (SELECT FROM renal_categories c WHERE lower(c.category_name) = lower(r.cat_name))
              THEN 'several renal categories are named "' || r.cat_name || '": write its range'
            ELSE 'no renal category is named "' || r.cat_name || '"' END
       FROM import_rows r WHERE r.ref2 IS NULL`,
    repeats(
      `CASE WHEN r.ref1 IS NOT NULL AND r.ref2 IS NOT NULL THEN r.ref1 || '+' || r.ref2 END`,
      'Renal Category',
      'medication and renal category',
    ),
  ],
  before: () => cellsOf(renalRuleCsvCells(STORED_RENAL_RULE), RENAL_CHANGED),
  after: () => cellsOf(renalRuleCsvCells(STAGED_RENAL_RULE), RENAL_CHANGED),
  label: `${cell(renalRuleCsvCells(STAGED_RENAL_RULE), 'Medication')} || ': '
    || ${cell(renalRuleCsvCells(STAGED_RENAL_RULE), 'Renal Category')}`,
  insert: () => `INSERT INTO renal_rules (medication_id, renal_category_id, avoid, min_dosage,
        max_dosage, dosage_unit, max_daily_dosage, min_frequency, max_frequency, frequency_unit)
      SELECT r.ref1, r.ref2, r.avoid, r.min_dosage::float8, r.max_dosage::float8, r.dosage_unit,
             r.max_daily_dosage::float8, r.min_frequency::float8, r.max_frequency::float8,
             r.frequency_unit
        FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: () => `UPDATE renal_rules t SET avoid = r.avoid, min_dosage = r.min_dosage::float8,
        max_dosage = r.max_dosage::float8, dosage_unit = r.dosage_unit,
        max_daily_dosage = r.max_daily_dosage::float8, min_frequency = r.min_frequency::float8,
        max_frequency = r.max_frequency::float8, frequency_unit = r.frequency_unit,
        updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id
      RETURNING t.id`,
};

// ---------- class rules ----------

const CLASS_COLUMNS = ['Kind', 'Class', 'With', 'With Type', 'Severity', 'Description'];
const CLASS_CHANGED = ['Severity', 'Description'];

/** The Kind cell's values, as the export writes them (and the contract's names). */
const KINDS: Record<string, ClassRuleInput['kind']> = {
  interaction: 'interaction',
  'cross-sensitivity': 'cross_sensitivity',
  cross_sensitivity: 'cross_sensitivity',
};

/** A reference to a drug class: by name, or by code (`ATC|N02BE`). */
function classReference(row: RowReader, column: string, text: string) {
  const code = codeReference(text);
  if (code && !ENTITY_SYSTEMS.drug_class.includes(code.system)) {
    row.problem(column, `drug classes are not coded in ${SYSTEM_NAMES[code.system]}`);
    return undefined;
  }
  return code ? [null, code.system, code.code] : [text, null, null];
}

/** Sets `ref` from the drug class a staged name or code refers to (`where` limits the rows). */
function resolveClass(ref: string, prefix: string, where: string) {
  return [
    `UPDATE import_rows r SET ${ref} = c.id FROM drug_classes c
      WHERE ${where} AND r.${prefix}_name IS NOT NULL AND lower(c.name) = lower(r.${prefix}_name)`,
    `UPDATE import_rows r SET ${ref} = rc.record_id FROM record_codes rc
      WHERE ${where} AND r.${prefix}_name IS NULL AND rc.entity = 'drug_class'
        AND rc.system = r.${prefix}_system AND rc.code = r.${prefix}_code`,
  ];
}

function classProblem(ref: string, prefix: string, field: string, where: string) {
  return `SELECT r.row, '${field}',
       CASE WHEN r.${prefix}_name IS NULL THEN 'no drug class has the code ' || r.${prefix}_code
            ELSE 'no drug class is named "' || r.${prefix}_name || '"' END
     FROM import_rows r WHERE ${where} AND r.${ref} IS NULL`;
}

const STAGED_CLASS_RULE = (name: ClassRuleCsvColumn): string =>
  ({
    kind: 'r.rule_kind',
    drug_class_id: 'r.ref1',
    other_class_id: 'CASE WHEN r.with_class THEN r.ref2 END',
    other_medication_id: 'CASE WHEN NOT r.with_class THEN r.ref2 END',
    severity: 'r.severity',
    description: 'r.description',
  })[name];
const STORED_CLASS_RULE = (name: ClassRuleCsvColumn) => `t.${name}`;

/** What tells a rule apart (the unique indexes of class_rules), over the row `r`. */
const CLASS_RULE_KEY = `CASE WHEN r.ref1 IS NULL OR r.ref2 IS NULL THEN NULL
    WHEN NOT r.with_class THEN 'medication ' || r.ref1 || '+' || r.ref2
    WHEN r.rule_kind = 'interaction' THEN 'classes ' || least(r.ref1, r.ref2) || '+' || greatest(r.ref1, r.ref2)
    ELSE 'cross ' || r.ref1 || '+' || r.ref2 END`;

export const CLASS_RULES: EntityImport = {
  audit: 'class_rule',
  table: 'class_rules',
  columns: CLASS_COLUMNS.map((name) => ({ name })),
  staging: [
    ['rule_kind', 'text'],
    ['cls_name', 'text'],
    ['cls_system', 'text'],
    ['cls_code', 'text'],
    ['with_class', 'boolean'],
    ['oth_name', 'text'],
    ['oth_system', 'text'],
    ['oth_code', 'text'],
    ['severity', 'text'],
    ['description', 'text'],
  ],
  read(row) {
    const kind = KINDS[(row.cell('Kind') ?? '').trim().toLowerCase()];
    if (!kind) row.problem('Kind', 'must be Interaction or Cross-sensitivity');
    const classText = requiredText(row, 'Class', 200);
    const drugClass = classText === undefined ? undefined : classReference(row, 'Class', classText);
    const type = (row.cell('With Type') ?? '').trim().toLowerCase();
    const withClass = type === 'class' ? true : type === 'medication' ? false : undefined;
    if (withClass === undefined) row.problem('With Type', 'must be Class or Medication');
    const otherText = requiredText(row, 'With', 200);
    const other =
      otherText === undefined || withClass === undefined
        ? undefined
        : withClass
          ? classReference(row, 'With', otherText)
          : medicationReference(row, 'With');
    const severity = oneOf(SEVERITIES, row.cell('Severity') ?? '');
    if (!severity) row.problem('Severity', `must be one of ${SEVERITIES.join(', ')}`);
    const description = requiredText(row, 'Description', 2000);
    if (
      !kind ||
      !drugClass ||
      !other ||
      withClass === undefined ||
      !severity ||
      description === undefined
    )
      return undefined;
    // The route's check of the sides, on the references as written: the same text is the same
    // class (a name and a code of one class are found once they are resolved, below).
    const same = (otherText ?? '').toLowerCase() === (classText ?? '').toLowerCase();
    const sides = withClass ? { other_class_id: same ? 1 : 2 } : { other_medication_id: 1 };
    const checked = passes(row, 'With', () =>
      checkClassRuleSides({ kind, drug_class_id: 1, ...sides }),
    );
    if (!checked) return undefined;
    const values: Staged[] = [kind, ...drugClass, withClass, ...other, severity, description];
    return values;
  },
  resolve: [
    ...resolveClass('ref1', 'cls', 'true'),
    ...resolveClass('ref2', 'oth', 'r.with_class'),
    ...resolveMedication('ref2', 'oth', 'NOT r.with_class'),
    `UPDATE import_rows r SET target_id = t.id FROM class_rules t
      WHERE t.drug_class_id IS NOT NULL AND ${CLASS_RULE_KEY} =
        CASE WHEN t.other_medication_id IS NOT NULL
               THEN 'medication ' || t.drug_class_id || '+' || t.other_medication_id
             WHEN t.kind = 'interaction'
               THEN 'classes ' || least(t.drug_class_id, t.other_class_id) || '+' || greatest(t.drug_class_id, t.other_class_id)
             ELSE 'cross ' || t.drug_class_id || '+' || t.other_class_id END`,
  ],
  problems: [
    classProblem('ref1', 'cls', 'Class', 'true'),
    classProblem('ref2', 'oth', 'With', 'r.with_class'),
    medicationProblem('ref2', 'oth', 'With', 'NOT r.with_class'),
    `SELECT r.row, 'With', 'names the class of Class: a class cannot be cross-sensitive with itself'
       FROM import_rows r WHERE r.rule_kind = 'cross_sensitivity' AND r.ref1 = r.ref2`,
    repeats(CLASS_RULE_KEY, 'With', 'rule'),
  ],
  before: () => cellsOf(classRuleCsvCells(STORED_CLASS_RULE), CLASS_CHANGED),
  after: () => cellsOf(classRuleCsvCells(STAGED_CLASS_RULE), CLASS_CHANGED),
  label: `${cell(classRuleCsvCells(STAGED_CLASS_RULE), 'Class')} || ' + '
    || ${cell(classRuleCsvCells(STAGED_CLASS_RULE), 'With')}`,
  insert: () => `INSERT INTO class_rules (kind, drug_class_id, other_class_id,
        other_medication_id, severity, description)
      SELECT r.rule_kind, r.ref1, CASE WHEN r.with_class THEN r.ref2 END,
             CASE WHEN NOT r.with_class THEN r.ref2 END, r.severity, r.description
        FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: () => `UPDATE class_rules t SET severity = r.severity, description = r.description,
        updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id
      RETURNING t.id`,
};
