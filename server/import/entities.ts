import { SEVERITIES } from '@contract/enums';
import type { Schema } from '../contract';
import type { AuditEntity } from '../repositories/audit/records';
import { CODED_TABLES, CODES_CSV } from '../repositories/codes';
import { AGE_CATEGORIES, RENAL_CATEGORIES, WEIGHT_CATEGORIES } from './categories';
import { MEDICATIONS } from './medications';
import { CLASS_RULES, RENAL_RULES } from './rules';
import {
  codeProblems,
  matchByCode,
  medicationProblem,
  medicationReference,
  MERGED_CODES,
  readCodes,
  repeats,
  requiredText,
  resolveMedication,
  yesNo,
} from './shared';

export type ImportEntity = Schema<'ImportEntity'>;

/** A cell's value as staged: what the row's SQL reads from the staging table. */
export type Staged = string | boolean | null;

/** Reads one row's cells by column name; a problem names the column. */
export interface RowReader {
  cell(column: string): string | undefined;
  problem(column: string, message: string): void;
}

/**
 * What an import of one entity reads and writes. The rows are staged in the temporary table
 * `import_rows` (`row`, `target_id`, `ref1`, `ref2`, `kind` and the entity's `staging` columns);
 * each step below is set-based SQL over it, so a file of any length costs a few statements.
 */
export interface EntityImport {
  audit: AuditEntity;
  table: string;
  /**
   * The export's columns: `optional` ones may be left out of the file; `ignored` ones are
   * accepted and not read (what the export shows of other records: a class's members).
   */
  columns: readonly { name: string; optional?: boolean; ignored?: boolean }[];
  /** The staging table's own columns, with their SQL types, in the order `read` answers them. */
  staging: readonly (readonly [string, 'text' | 'boolean' | 'jsonb'])[];
  /** One row's staged values, or undefined when a cell is invalid (each problem reported). */
  read(row: RowReader, header: ReadonlySet<string>): Staged[] | undefined;
  /** Statements that set `ref1`, `ref2` (records the row refers to) and `target_id` (its match). */
  resolve: readonly string[];
  /** The problems set-based checks find: `SELECT row, field, message` over `import_rows r`. */
  problems: readonly string[];
  /** The record `t` by column name, as its export writes it (jsonb), given the file's columns. */
  before(header: ReadonlySet<string>): string;
  /** The staged row `r` by column name, as the export would write it once stored. */
  after(header: ReadonlySet<string>): string;
  /** A staged row's readable label, over `r`. */
  label: string;
  /** The INSERT of the rows of kind 'create', and the UPDATE of those of kind 'change'. */
  insert(header: ReadonlySet<string>): string;
  update(header: ReadonlySet<string>): string;
  /**
   * Statements run after `insert` and `update`, in order, each a write of one audited table
   * ending in its RETURNING list: the rows that belong to the records written (a medication's
   * dosages and links), which are replaced by deleting and inserting them.
   */
  dependents?(header: ReadonlySet<string>): readonly { audit: AuditEntity; text: string }[];
}

/** The codes of the row `r` (when the file has its column) as its export would write them. */
const codesAfter = (header: ReadonlySet<string>) =>
  header.has('Codes') ? `, 'Codes', ${CODES_CSV('r.codes')}` : '';
const codesBefore = (header: ReadonlySet<string>) =>
  header.has('Codes') ? `, 'Codes', ${CODES_CSV('t.codes')}` : '';

const CONDITIONS: EntityImport = {
  audit: 'condition',
  table: 'conditions',
  columns: [
    { name: 'Name' },
    { name: 'Description' },
    { name: 'Affects Kidney Function', optional: true },
    { name: 'Codes', optional: true },
  ],
  staging: [
    ['name', 'text'],
    ['description', 'text'],
    ['kidney', 'boolean'],
    ['codes', 'jsonb'],
  ],
  read(row, header) {
    const name = requiredText(row, 'Name', 200);
    const text = (row.cell('Description') ?? '').trim();
    // The export writes '-' for no description.
    const description = text === '' || text === '-' ? null : text;
    if (description && description.length > 2000)
      row.problem('Description', 'must be at most 2000 characters');
    const kidney = header.has('Affects Kidney Function')
      ? yesNo(row, 'Affects Kidney Function')
      : false;
    const codes = header.has('Codes')
      ? readCodes(row.cell('Codes') ?? '', 'condition', row, 'Codes')
      : null;
    if (name === undefined || kidney === undefined || codes === undefined) return undefined;
    if (description && description.length > 2000) return undefined;
    return [name, description, kidney, codes && JSON.stringify(codes)];
  },
  resolve: [
    matchByCode('condition'),
    `UPDATE import_rows r SET target_id = t.id FROM conditions t
      WHERE r.target_id IS NULL AND lower(t.name) = lower(r.name)`,
  ],
  problems: [
    repeats('lower(r.name)', 'Name', 'name'),
    repeats('r.target_id', 'Name', 'condition'),
    `SELECT r.row, 'Name', 'is the name of another condition, which this row does not match'
       FROM import_rows r JOIN conditions t ON lower(t.name) = lower(r.name) AND t.id <> r.target_id`,
    ...codeProblems('condition', 'Codes'),
  ],
  before: (header) => `jsonb_build_object('Name', t.name,
      'Description', coalesce(nullif(t.description, ''), '-'),
      'Affects Kidney Function', CASE WHEN t.affects_kidney_function THEN 'Yes' ELSE 'No' END
      ${codesBefore(header)})`,
  after: (header) => `jsonb_build_object('Name', r.name,
      'Description', coalesce(nullif(r.description, ''), '-'),
      'Affects Kidney Function', CASE WHEN ${header.has('Affects Kidney Function') ? 'r.kidney' : 'coalesce(t.affects_kidney_function, false)'} THEN 'Yes' ELSE 'No' END
      ${codesAfter(header)})`,
  label: 'r.name',
  insert: (header) => `INSERT INTO conditions (name, description, affects_kidney_function, codes)
      SELECT r.name, r.description, r.kidney, ${header.has('Codes') ? 'r.codes' : `'[]'::jsonb`}
        FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: (header) => `UPDATE conditions t SET name = r.name, description = r.description,
        ${header.has('Affects Kidney Function') ? 'affects_kidney_function = r.kidney,' : ''}
        ${header.has('Codes') ? `codes = ${MERGED_CODES},` : ''}
        updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id
      RETURNING t.id`,
};

const LIFESTYLES: EntityImport = {
  audit: 'lifestyle',
  table: 'lifestyles',
  columns: [{ name: 'Name' }],
  staging: [['name', 'text']],
  read(row) {
    const name = requiredText(row, 'Name', 200);
    return name === undefined ? undefined : [name];
  },
  resolve: [
    `UPDATE import_rows r SET target_id = t.id FROM lifestyles t WHERE lower(t.name) = lower(r.name)`,
  ],
  problems: [repeats('lower(r.name)', 'Name', 'name')],
  before: () => `jsonb_build_object('Name', t.name)`,
  after: () => `jsonb_build_object('Name', r.name)`,
  label: 'r.name',
  insert: () => `INSERT INTO lifestyles (name)
      SELECT r.name FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row RETURNING id`,
  update: () => `UPDATE lifestyles t SET name = r.name
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id RETURNING t.id`,
};

const INTERACTIONS: EntityImport = {
  audit: 'drug_interaction',
  table: 'drug_interactions',
  columns: [
    { name: 'Medication' },
    { name: 'Interacting Medication' },
    { name: 'Severity' },
    { name: 'Description' },
    { name: 'Allergen', optional: true },
  ],
  staging: [
    ['a_name', 'text'],
    ['a_system', 'text'],
    ['a_code', 'text'],
    ['b_name', 'text'],
    ['b_system', 'text'],
    ['b_code', 'text'],
    ['severity', 'text'],
    ['description', 'text'],
    ['allergen', 'boolean'],
  ],
  read(row, header) {
    const a = medicationReference(row, 'Medication');
    const b = medicationReference(row, 'Interacting Medication');
    const severity = (row.cell('Severity') ?? '').trim().toLowerCase();
    const known = (SEVERITIES as readonly string[]).includes(severity);
    if (!known) row.problem('Severity', `must be one of ${SEVERITIES.join(', ')}`);
    const description = requiredText(row, 'Description', 2000);
    const allergen = header.has('Allergen') ? yesNo(row, 'Allergen') : false;
    if (!a || !b || !known || description === undefined || allergen === undefined) return undefined;
    return [...a, ...b, severity, description, allergen];
  },
  resolve: [
    ...resolveMedication('ref1', 'a'),
    ...resolveMedication('ref2', 'b'),
    `UPDATE import_rows r SET target_id = t.id FROM drug_interactions t
      WHERE least(t.medication_id, t.interacting_medication_id) = least(r.ref1, r.ref2)
        AND greatest(t.medication_id, t.interacting_medication_id) = greatest(r.ref1, r.ref2)`,
  ],
  problems: [
    medicationProblem('ref1', 'a', 'Medication'),
    medicationProblem('ref2', 'b', 'Interacting Medication'),
    `SELECT r.row, 'Interacting Medication', 'a medication cannot interact with itself'
       FROM import_rows r WHERE r.ref1 = r.ref2`,
    repeats(
      `CASE WHEN r.ref1 IS NOT NULL AND r.ref2 IS NOT NULL
            THEN least(r.ref1, r.ref2) || '+' || greatest(r.ref1, r.ref2) END`,
      'Medication',
      'pair of medications',
    ),
  ],
  before: (
    header,
  ) => `jsonb_build_object('Severity', initcap(t.severity), 'Description', t.description
      ${header.has('Allergen') ? `, 'Allergen', CASE WHEN t.is_allergen THEN 'Yes' ELSE 'No' END` : ''})`,
  after: (
    header,
  ) => `jsonb_build_object('Severity', initcap(r.severity), 'Description', r.description
      ${header.has('Allergen') ? `, 'Allergen', CASE WHEN r.allergen THEN 'Yes' ELSE 'No' END` : ''})`,
  label: `(SELECT name FROM medications WHERE id = r.ref1) || ' + ' || (SELECT name FROM medications WHERE id = r.ref2)`,
  insert: () => `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity,
                                   description, is_allergen)
      SELECT r.ref1, r.ref2, r.severity, r.description, r.allergen
        FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: (
    header,
  ) => `UPDATE drug_interactions t SET severity = r.severity, description = r.description,
        ${header.has('Allergen') ? 'is_allergen = r.allergen,' : ''} updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id
      RETURNING t.id`,
};

/** The staged `codes` of a coded record, or '[]' when the file has no Codes column. */
export const codesOrNone = (header: ReadonlySet<string>) =>
  header.has('Codes') ? 'r.codes' : `'[]'::jsonb`;
export const setCodes = (header: ReadonlySet<string>) =>
  header.has('Codes') ? `codes = ${MERGED_CODES},` : '';

/**
 * A record told apart by its unique name that takes codes (ingredients, drug classes): matched by
 * code, else by name, with the name's and codes' checks of a condition.
 */
function namedCoded(entity: 'ingredient' | 'drug_class', label: string) {
  const table = CODED_TABLES[entity];
  return {
    resolve: [
      matchByCode(entity),
      `UPDATE import_rows r SET target_id = t.id FROM ${table} t
        WHERE r.target_id IS NULL AND lower(t.name) = lower(r.name)`,
    ],
    problems: [
      repeats('lower(r.name)', 'Name', 'name'),
      repeats('r.target_id', 'Name', label),
      `SELECT r.row, 'Name', 'is the name of another ${label}, which this row does not match'
         FROM import_rows r JOIN ${table} t ON lower(t.name) = lower(r.name) AND t.id <> r.target_id`,
      ...codeProblems(entity, 'Codes'),
    ],
  };
}

const INGREDIENTS: EntityImport = {
  audit: 'ingredient',
  table: 'ingredients',
  columns: [
    { name: 'Name' },
    { name: 'Medications', optional: true, ignored: true },
    { name: 'Codes', optional: true },
  ],
  staging: [
    ['name', 'text'],
    ['codes', 'jsonb'],
  ],
  read(row, header) {
    const name = requiredText(row, 'Name', 200);
    const codes = header.has('Codes')
      ? readCodes(row.cell('Codes') ?? '', 'ingredient', row, 'Codes')
      : null;
    if (name === undefined || codes === undefined) return undefined;
    return [name, codes && JSON.stringify(codes)];
  },
  ...namedCoded('ingredient', 'ingredient'),
  before: (header) => `jsonb_build_object('Name', t.name ${codesBefore(header)})`,
  after: (header) => `jsonb_build_object('Name', r.name ${codesAfter(header)})`,
  label: 'r.name',
  insert: (header) => `INSERT INTO ingredients (name, codes)
      SELECT r.name, ${codesOrNone(header)} FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: (
    header,
  ) => `UPDATE ingredients t SET name = r.name, ${setCodes(header)} updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id RETURNING t.id`,
};

/** A drug class's ATC code: a group of levels 1 to 4 (the contract's AtcCode). */
const ATC_GROUP = /^[A-Z]([0-9]{2}([A-Z]([A-Z])?)?)?$/;

/** A drug class's fields by column name over `alias`, the file's optional columns among them. */
function classFields(header: ReadonlySet<string>, alias: string, severity: string) {
  return [
    `'Name', ${alias}.name`,
    ...(header.has('ATC Code') ? [`'ATC Code', coalesce(${alias}.atc_code, '')`] : []),
    ...(header.has('Duplicate Therapy')
      ? [`'Duplicate Therapy', coalesce(initcap(${alias}.${severity}), '')`]
      : []),
    ...(header.has('Codes') ? [`'Codes', ${CODES_CSV(`${alias}.codes`)}`] : []),
  ].join(', ');
}

const DRUG_CLASSES: EntityImport = {
  audit: 'drug_class',
  table: 'drug_classes',
  columns: [
    { name: 'Name' },
    { name: 'ATC Code', optional: true },
    { name: 'Duplicate Therapy', optional: true },
    { name: 'Members', optional: true, ignored: true },
    { name: 'Codes', optional: true },
  ],
  staging: [
    ['name', 'text'],
    ['atc_code', 'text'],
    ['severity', 'text'],
    ['codes', 'jsonb'],
  ],
  read(row, header) {
    const name = requiredText(row, 'Name', 200);
    const atc = (row.cell('ATC Code') ?? '').trim().toUpperCase();
    const atcOk = atc === '' || ATC_GROUP.test(atc);
    if (!atcOk)
      row.problem('ATC Code', 'must be an ATC group: a letter, 2 digits, then 1 or 2 letters');
    const severity = (row.cell('Duplicate Therapy') ?? '').trim().toLowerCase();
    const severityOk = severity === '' || (SEVERITIES as readonly string[]).includes(severity);
    if (!severityOk)
      row.problem('Duplicate Therapy', `must be empty or one of ${SEVERITIES.join(', ')}`);
    const codes = header.has('Codes')
      ? readCodes(row.cell('Codes') ?? '', 'drug_class', row, 'Codes')
      : null;
    if (name === undefined || !atcOk || !severityOk || codes === undefined) return undefined;
    return [name, atc || null, severity || null, codes && JSON.stringify(codes)];
  },
  ...namedCoded('drug_class', 'drug class'),
  before: (header) => `jsonb_build_object(${classFields(header, 't', 'duplicate_severity')})`,
  after: (header) => `jsonb_build_object(${classFields(header, 'r', 'severity')})`,
  label: 'r.name',
  insert: (header) => `INSERT INTO drug_classes (name, atc_code, duplicate_severity, codes)
      SELECT r.name, r.atc_code, r.severity, ${codesOrNone(header)}
        FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
      RETURNING id`,
  update: (header) => `UPDATE drug_classes t SET name = r.name,
        ${header.has('ATC Code') ? 'atc_code = r.atc_code,' : ''}
        ${header.has('Duplicate Therapy') ? 'duplicate_severity = r.severity,' : ''}
        ${setCodes(header)} updated_at = now()
      FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id RETURNING t.id`,
};

/** What each importable entity reads and writes, by the contract's name for it. */
export const IMPORTS: Record<ImportEntity, EntityImport> = {
  conditions: CONDITIONS,
  lifestyles: LIFESTYLES,
  'drug-interactions': INTERACTIONS,
  ingredients: INGREDIENTS,
  'drug-classes': DRUG_CLASSES,
  medications: MEDICATIONS,
  'age-categories': AGE_CATEGORIES,
  'weight-categories': WEIGHT_CATEGORIES,
  'renal-categories': RENAL_CATEGORIES,
  'renal-rules': RENAL_RULES,
  'class-rules': CLASS_RULES,
};
