import { SEVERITIES } from '@contract/enums';
import type { Schema } from '../contract';
import {
  codeProblem,
  ENTITY_SYSTEMS,
  normalCode,
  SYSTEM_NAMES,
  type CodedEntity,
  type CodeSystem,
} from '../domain/codes';
import type { AuditEntity } from '../repositories/audit/records';
import { CODED_TABLES, CODES_CSV } from '../repositories/codes';

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
}

/** The systems by the names the exports write ("ATC", "SNOMED CT") and by URI, lower case. */
const SYSTEMS = new Map<string, CodeSystem>(
  (Object.entries(SYSTEM_NAMES) as [CodeSystem, string][]).flatMap(([uri, name]) => [
    [name.toLowerCase(), uri],
    [uri.toLowerCase(), uri],
  ]),
);

/** `SYSTEM|CODE` (`ATC|B01AA03`), or undefined when the text is no code of a known system. */
export function codeReference(text: string): { system: CodeSystem; code: string } | undefined {
  const bar = text.indexOf('|');
  if (bar < 0) return undefined;
  const system = SYSTEMS.get(text.slice(0, bar).trim().toLowerCase());
  return system ? { system, code: normalCode(text.slice(bar + 1)) } : undefined;
}

/** A `Codes` cell (`ATC|B01AA03; RxNorm|11289`) as the codes it lists, each checked. */
function readCodes(text: string, entity: CodedEntity, row: RowReader, column: string) {
  const codes: { system: CodeSystem; code: string; display: null }[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const found = codeReference(part);
    if (!found) {
      row.problem(column, `"${part.trim()}" is not written SYSTEM|CODE (such as ATC|B01AA03)`);
      return undefined;
    }
    if (!ENTITY_SYSTEMS[entity].includes(found.system)) {
      row.problem(column, `${SYSTEM_NAMES[found.system]} codes are not taken by this record`);
      return undefined;
    }
    const wrong = codeProblem(found.system, found.code);
    if (wrong) {
      row.problem(column, `${found.code}: ${wrong}`);
      return undefined;
    }
    if (codes.some((c) => c.system === found.system && c.code === found.code)) continue;
    codes.push({ ...found, display: null });
  }
  return codes;
}

/** A required text of 1 to `max` characters with something besides spaces, trimmed. */
function requiredText(row: RowReader, column: string, max: number): string | undefined {
  const value = (row.cell(column) ?? '').trim();
  if (value === '') row.problem(column, 'is required');
  else if (value.length > max) row.problem(column, `must be at most ${max} characters`);
  else return value;
  return undefined;
}

const YES_NO: Record<string, boolean> = { yes: true, no: false, true: true, false: false };

function yesNo(row: RowReader, column: string): boolean | undefined {
  const value = YES_NO[(row.cell(column) ?? '').trim().toLowerCase()];
  if (value === undefined) row.problem(column, 'must be Yes or No');
  return value;
}

/** Later rows that repeat an earlier row's `key` (rows with a null key are not compared). */
function repeats(key: string, field: string, what: string) {
  return `SELECT row, '${field}', 'repeats the ${what} of row ' || first FROM (
            SELECT row, min(row) OVER (PARTITION BY ${key}) AS first FROM import_rows r
             WHERE (${key}) IS NOT NULL) d
           WHERE row > first`;
}

/** The codes of the row `r` (when the file has its column) as its export would write them. */
const codesAfter = (header: ReadonlySet<string>) =>
  header.has('Codes') ? `, 'Codes', ${CODES_CSV('r.codes')}` : '';
const codesBefore = (header: ReadonlySet<string>) =>
  header.has('Codes') ? `, 'Codes', ${CODES_CSV('t.codes')}` : '';

/**
 * The staged codes with each one's display kept from the record's codes where it had that code
 * (the CSV carries no displays).
 */
const MERGED_CODES = `(SELECT coalesce(jsonb_agg(coalesce(
    (SELECT o FROM jsonb_array_elements(t.codes) o
      WHERE o->>'system' = n->>'system' AND o->>'code' = n->>'code' LIMIT 1), n) ORDER BY i), '[]')
   FROM jsonb_array_elements(r.codes) WITH ORDINALITY AS x (n, i))`;

/**
 * Matching by code: the one record of the kind holding any of the row's codes. Rows whose codes
 * are held by several records are refused (see `codeProblems`).
 */
const matchByCode = (entity: CodedEntity) => `UPDATE import_rows r SET target_id = m.id
    FROM (SELECT x.row, min(rc.record_id) AS id FROM import_rows x
            CROSS JOIN LATERAL jsonb_array_elements(x.codes) c
            JOIN record_codes rc ON rc.entity = '${entity}' AND rc.system = c->>'system' AND rc.code = c->>'code'
           GROUP BY x.row HAVING count(DISTINCT rc.record_id) = 1) m
   WHERE r.row = m.row`;

const codeProblems = (entity: CodedEntity, field: string) => [
  `SELECT x.row, '${field}', 'the codes belong to different records: ' || string_agg(DISTINCT t.name, ', ')
     FROM import_rows x CROSS JOIN LATERAL jsonb_array_elements(x.codes) c
     JOIN record_codes rc ON rc.entity = '${entity}' AND rc.system = c->>'system' AND rc.code = c->>'code'
     JOIN ${CODED_TABLES[entity]} t ON t.id = rc.record_id
    GROUP BY x.row HAVING count(DISTINCT rc.record_id) > 1`,
  `SELECT row, '${field}', 'repeats a code of row ' || first FROM (
     SELECT x.row, min(x.row) OVER (PARTITION BY c->>'system', c->>'code') AS first
       FROM import_rows x CROSS JOIN LATERAL jsonb_array_elements(x.codes) c) d
    WHERE row > first GROUP BY row, first`,
];

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

/** A reference to a medication: by name, or by code (`ATC|B01AA03`). */
function medicationReference(row: RowReader, column: string) {
  const text = requiredText(row, column, 200);
  if (text === undefined) return undefined;
  const code = codeReference(text);
  if (code && !ENTITY_SYSTEMS.medication.includes(code.system)) {
    row.problem(column, `medications are not coded in ${SYSTEM_NAMES[code.system]}`);
    return undefined;
  }
  return code ? [null, code.system, code.code] : [text, null, null];
}

/** Sets `ref` from the medication the staged name or code refers to; names must be unambiguous. */
function resolveMedication(ref: string, prefix: string) {
  return [
    `UPDATE import_rows r SET ${ref} = m.id
       FROM (SELECT lower(name) AS key, min(id) AS id FROM medications GROUP BY lower(name)
             HAVING count(*) = 1) m
      WHERE r.${prefix}_name IS NOT NULL AND m.key = lower(r.${prefix}_name)`,
    `UPDATE import_rows r SET ${ref} = rc.record_id FROM record_codes rc
      WHERE r.${prefix}_name IS NULL AND rc.entity = 'medication'
        AND rc.system = r.${prefix}_system AND rc.code = r.${prefix}_code`,
  ];
}

function medicationProblem(ref: string, prefix: string, field: string) {
  return `SELECT r.row, '${field}',
       CASE WHEN r.${prefix}_name IS NULL THEN 'no medication has the code ' || r.${prefix}_code
            WHEN EXISTS (SELECT FROM medications m WHERE lower(m.name) = lower(r.${prefix}_name))
              THEN 'several medications are named "' || r.${prefix}_name || '": refer to it by code'
            ELSE 'no medication is named "' || r.${prefix}_name || '"' END
     FROM import_rows r WHERE r.${ref} IS NULL`;
}

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
const codesOrNone = (header: ReadonlySet<string>) =>
  header.has('Codes') ? 'r.codes' : `'[]'::jsonb`;
const setCodes = (header: ReadonlySet<string>) =>
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
};
