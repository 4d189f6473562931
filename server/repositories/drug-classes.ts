import { SEVERITIES } from '@contract/enums';
import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { CODE_MATCH, CODES_CSV, MEDICATION_REFERENCE_CSV } from './codes';
import { guardedDelete } from './guardedDelete';
import { type Filter, type Like, type ListSpec } from './listing';
import { allByName, deleteById, insertLink, linkedToMedication, oneById, updateById } from './rows';

/**
 * Drug classes and their members, and the rules stated once per class: interactions of class
 * with class (or with one medication) and allergy cross-sensitivities.
 */

type DrugClass = Schema<'DrugClass'>;
type ClassRule = Schema<'ClassRule'>;
export type DrugClassInput = Pick<
  Schema<'DrugClassUpdate'>,
  'name' | 'atc_code' | 'duplicate_severity' | 'codes'
>;

// The contract lists the severities from the mildest: their order when sorting by severity.
const severityRank = (column: string) =>
  `array_position('{${SEVERITIES.join(',')}}'::text[], ${column})`;

const MEMBERS = `coalesce((SELECT json_agg(json_build_object('id', dm.id, 'medication_id', m.id, 'name', m.name)
                                  ORDER BY lower(m.name), m.id)
                             FROM drug_class_members dm JOIN medications m ON m.id = dm.medication_id
                            WHERE dm.drug_class_id = t.id), '[]'::json)`;
const MEMBER_COUNT = `(SELECT count(*)::int FROM drug_class_members dm WHERE dm.drug_class_id = t.id)`;
const CLASS_COLUMNS = `t.id, t.name, t.atc_code, t.duplicate_severity, ${MEMBERS} AS members,
  ${MEMBER_COUNT} AS member_count, t.codes`;
const CLASS_SELECT = `SELECT ${CLASS_COLUMNS} FROM drug_classes t`;

export type DrugClassSortField = 'name' | 'atc_code' | 'duplicate_severity' | 'member_count';

export const DRUG_CLASS_LIST: ListSpec<DrugClassSortField> = {
  table: 'drug_classes t',
  tables: ['drug_classes', 'drug_class_members', 'medications'],
  columns: CLASS_COLUMNS,
  sorts: {
    name: ['lower(t.name)'],
    atc_code: ['t.atc_code'],
    // Classes without a duplicate-therapy severity first, then the mildest.
    duplicate_severity: [`coalesce(${severityRank('t.duplicate_severity')}, 0)`],
    member_count: [MEMBER_COUNT],
  },
  defaultOrder: ['lower(t.name)'],
  wordIds: (like) => `SELECT id FROM medications WHERE ${like('name')}`,
  matchWord: (word, like, param, ids) =>
    [
      like('t.name'),
      like('t.atc_code'),
      CODE_MATCH('t.codes', param(word)),
      `EXISTS (SELECT 1 FROM drug_class_members dm
                WHERE dm.drug_class_id = t.id AND dm.medication_id = ANY(${ids}))`,
    ].join(' OR '),
  csvColumns: `t.name AS "Name", coalesce(t.atc_code, '') AS "ATC Code",
    coalesce(initcap(t.duplicate_severity), '') AS "Duplicate Therapy",
    (SELECT string_agg(m.name, ', ' ORDER BY lower(m.name)) FROM drug_class_members dm
                  JOIN medications m ON m.id = dm.medication_id WHERE dm.drug_class_id = t.id) AS "Members",
    ${CODES_CSV('t.codes')} AS "Codes"`,
};

export const DRUG_CLASS_FILTERS: Record<string, (value: unknown) => Filter> = {
  medication_id: linkedToMedication('drug_class_members', 'drug_class_id'),
};

export const listDrugClasses = (db: Queryable) => allByName<DrugClass>(db, CLASS_SELECT);

export const getDrugClass = (db: Queryable, id: number) => oneById<DrugClass>(db, CLASS_SELECT, id);

export async function insertDrugClass(write: Write, input: DrugClassInput) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO drug_classes (name, atc_code, duplicate_severity, codes) VALUES ($1, $2, $3, $4)
     RETURNING id`,
    [
      input.name,
      input.atc_code ?? null,
      input.duplicate_severity ?? null,
      JSON.stringify(input.codes ?? []),
    ],
  );
  return rows[0].id;
}

export const updateDrugClass = (write: Write, id: number, input: DrugClassInput) =>
  updateById(write, 'drug_classes', id, {
    name: input.name,
    atc_code: input.atc_code,
    duplicate_severity: input.duplicate_severity,
    ...(input.codes && { codes: JSON.stringify(input.codes) }),
  });

/** The rules that still name a class, as "SSRIs + NSAIDs": they keep it from being deleted. */
async function rulesNamingClass(db: Queryable, id: number) {
  const { rows } = await db.query<{ label: string }>(
    `SELECT a.name || ' + ' || coalesce(b.name, m.name) AS label FROM class_rules r
       JOIN drug_classes a ON a.id = r.drug_class_id
       LEFT JOIN drug_classes b ON b.id = r.other_class_id
       LEFT JOIN medications m ON m.id = r.other_medication_id
      WHERE r.drug_class_id = $1 OR r.other_class_id = $1
      ORDER BY lower(a.name), r.id LIMIT 6`,
    [id],
  );
  return rows.map((r) => r.label);
}

export const DRUG_CLASS_DELETE = guardedDelete('drug_classes', rulesNamingClass);

/** Adds the medication to the class; undefined when it is already a member. */
export const insertMember = (write: Write, classId: number, medicationId: number) =>
  insertLink(
    write,
    'drug_class_members',
    ['drug_class_id', 'medication_id'],
    [classId, medicationId],
  );

export const deleteMember = (write: Write, id: number) =>
  deleteById(write, 'drug_class_members', id);

// ---------- class rules ----------

const RULE_COLUMNS = `t.id, t.kind, t.drug_class_id, t.other_class_id, t.other_medication_id,
  json_build_object('id', a.id, 'name', a.name) AS drug_class,
  CASE WHEN b.id IS NOT NULL THEN json_build_object('id', b.id, 'name', b.name) END AS other_class,
  CASE WHEN m.id IS NOT NULL THEN json_build_object('id', m.id, 'name', m.name) END AS other_medication,
  t.severity, t.description`;
const RULE_JOINS = {
  a: 'JOIN drug_classes a ON a.id = t.drug_class_id',
  b: 'LEFT JOIN drug_classes b ON b.id = t.other_class_id',
  m: 'LEFT JOIN medications m ON m.id = t.other_medication_id',
};
const RULE_SELECT = `SELECT ${RULE_COLUMNS} FROM class_rules t ${RULE_JOINS.a} ${RULE_JOINS.b} ${RULE_JOINS.m}`;
const OTHER_NAME = 'lower(coalesce(b.name, m.name))';

export type ClassRuleSortField = 'drug_class' | 'other' | 'kind' | 'severity';

/** A word matches a rule's class names, its medication's name, its description or severity. */
function matchRuleWord(word: string, like: Like, param: (value: unknown) => string) {
  const severities = SEVERITIES.filter((severity) => severity.includes(word.toLowerCase()));
  return [
    `EXISTS (SELECT 1 FROM drug_classes c WHERE c.id IN (t.drug_class_id, t.other_class_id) AND ${like('c.name')})`,
    `EXISTS (SELECT 1 FROM medications c WHERE c.id = t.other_medication_id AND ${like('c.name')})`,
    like('t.description'),
    ...(severities.length > 0 ? [`t.severity = ANY(${param(severities)}::text[])`] : []),
  ].join(' OR ');
}

/** The fields of a rule its CSV cells read: a stored rule's columns, or an import's staged row. */
export type ClassRuleCsvColumn =
  'kind' | 'drug_class_id' | 'other_class_id' | 'other_medication_id' | 'severity' | 'description';

/**
 * A rule's CSV cells, each its title and SQL over `column`, so that the export re-imports as the
 * same records: `With` names the other class or the medication, and `With Type` says which,
 * as a class and a medication may share a name.
 */
export function classRuleCsvCells(
  column: (name: ClassRuleCsvColumn) => string,
): [string, string][] {
  const col = column;
  return [
    [
      'Kind',
      `CASE ${col('kind')} WHEN 'interaction' THEN 'Interaction' ELSE 'Cross-sensitivity' END`,
    ],
    ['Class', `(SELECT x.name FROM drug_classes x WHERE x.id = ${col('drug_class_id')})`],
    [
      'With',
      `coalesce((SELECT x.name FROM drug_classes x WHERE x.id = ${col('other_class_id')}),
                ${MEDICATION_REFERENCE_CSV(col('other_medication_id'))})`,
    ],
    [
      'With Type',
      `CASE WHEN ${col('other_class_id')} IS NOT NULL THEN 'Class' ELSE 'Medication' END`,
    ],
    ['Severity', `initcap(${col('severity')})`],
    ['Description', col('description')],
  ];
}

export const CLASS_RULE_LIST: ListSpec<ClassRuleSortField> = {
  table: 'class_rules t',
  joins: RULE_JOINS,
  tables: ['class_rules', 'drug_classes', 'medications'],
  columns: RULE_COLUMNS,
  sorts: {
    drug_class: ['lower(a.name)'],
    other: [OTHER_NAME],
    kind: ['t.kind'],
    severity: [severityRank('t.severity')],
  },
  defaultOrder: ['lower(a.name)', OTHER_NAME],
  matchWord: matchRuleWord,
  csvColumns: classRuleCsvCells((name) => `t.${name}`)
    .map(([title, cell]) => `${cell} AS "${title}"`)
    .join(',\n    '),
};

export const CLASS_RULE_FILTERS: Record<string, (value: unknown) => Filter> = {
  kind: (value) => (param) => `t.kind = ${param(value)}`,
  severity: (value) => (param) => `t.severity = ${param(value)}`,
  drug_class_id: (value) => (param) => {
    const id = param(value);
    return `t.drug_class_id = ${id} OR t.other_class_id = ${id}`;
  },
};

export async function listClassRules(db: Queryable) {
  const { rows } = await db.query<ClassRule>(
    `${RULE_SELECT} ORDER BY lower(a.name), ${OTHER_NAME}, t.id`,
  );
  return rows;
}

export const getClassRule = (db: Queryable, id: number) => oneById<ClassRule>(db, RULE_SELECT, id);

export type ClassRuleInput = Omit<Schema<'ClassRuleCreate'>, 'reason'>;

export async function insertClassRule(write: Write, input: ClassRuleInput) {
  const { rows } = await write<{ id: number }>(
    `INSERT INTO class_rules (kind, drug_class_id, other_class_id, other_medication_id, severity, description)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      input.kind,
      input.drug_class_id,
      input.other_class_id ?? null,
      input.other_medication_id ?? null,
      input.severity,
      input.description,
    ],
  );
  return rows[0].id;
}

export const updateClassRule = (
  write: Write,
  id: number,
  { severity, description }: Pick<ClassRuleInput, 'severity' | 'description'>,
) => updateById(write, 'class_rules', id, { severity, description });

export const deleteClassRule = (write: Write, id: number) => deleteById(write, 'class_rules', id);
