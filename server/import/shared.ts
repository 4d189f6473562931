import {
  codeProblem,
  ENTITY_SYSTEMS,
  normalCode,
  SYSTEM_NAMES,
  type CodedEntity,
  type CodeSystem,
} from '../domain/codes';
import { CODED_TABLES } from '../repositories/codes';
import type { RowReader } from './entities';

/**
 * What the entities' imports share: reading a row's codes, names and references, and the SQL
 * that matches staged rows by code and finds their repeats.
 */

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
export function readCodes(text: string, entity: CodedEntity, row: RowReader, column: string) {
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
export function requiredText(row: RowReader, column: string, max: number): string | undefined {
  const value = (row.cell(column) ?? '').trim();
  if (value === '') row.problem(column, 'is required');
  else if (value.length > max) row.problem(column, `must be at most ${max} characters`);
  else return value;
  return undefined;
}

/** Later rows that repeat an earlier row's `key` (rows with a null key are not compared). */
export function repeats(key: string, field: string, what: string) {
  return `SELECT row, '${field}', 'repeats the ${what} of row ' || first FROM (
            SELECT row, min(row) OVER (PARTITION BY ${key}) AS first FROM import_rows r
             WHERE (${key}) IS NOT NULL) d
           WHERE row > first`;
}

/**
 * The staged codes with each one's display kept from the record's codes where it had that code
 * (the CSV carries no displays).
 */
export const MERGED_CODES = `(SELECT coalesce(jsonb_agg(coalesce(
    (SELECT o FROM jsonb_array_elements(t.codes) o
      WHERE o->>'system' = n->>'system' AND o->>'code' = n->>'code' LIMIT 1), n) ORDER BY i), '[]')
   FROM jsonb_array_elements(r.codes) WITH ORDINALITY AS x (n, i))`;

/**
 * Matching by code: the one record of the kind holding any of the row's codes. Rows whose codes
 * are held by several records are refused (see `codeProblems`).
 */
export const matchByCode = (entity: CodedEntity) => `UPDATE import_rows r SET target_id = m.id
    FROM (SELECT x.row, min(rc.record_id) AS id FROM import_rows x
            CROSS JOIN LATERAL jsonb_array_elements(x.codes) c
            JOIN record_codes rc ON rc.entity = '${entity}' AND rc.system = c->>'system' AND rc.code = c->>'code'
           GROUP BY x.row HAVING count(DISTINCT rc.record_id) = 1) m
   WHERE r.row = m.row`;

export const codeProblems = (entity: CodedEntity, field: string) => [
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

const YES_NO: Record<string, boolean> = { yes: true, no: false, true: true, false: false };

export function yesNo(row: RowReader, column: string): boolean | undefined {
  const value = YES_NO[(row.cell(column) ?? '').trim().toLowerCase()];
  if (value === undefined) row.problem(column, 'must be Yes or No');
  return value;
}

/** A reference to a medication: by name, or by code (`ATC|B01AA03`). */
export function medicationReference(row: RowReader, column: string) {
  const text = requiredText(row, column, 200);
  if (text === undefined) return undefined;
  const code = codeReference(text);
  if (code && !ENTITY_SYSTEMS.medication.includes(code.system)) {
    row.problem(column, `medications are not coded in ${SYSTEM_NAMES[code.system]}`);
    return undefined;
  }
  return code ? [null, code.system, code.code] : [text, null, null];
}

/**
 * Sets `ref` from the medication the staged name or code refers to; names must be unambiguous.
 * `where` limits the rows that refer to a medication there (SQL over `r`).
 */
export function resolveMedication(ref: string, prefix: string, where = 'true') {
  return [
    `UPDATE import_rows r SET ${ref} = m.id
       FROM (SELECT lower(name) AS key, min(id) AS id FROM medications GROUP BY lower(name)
             HAVING count(*) = 1) m
      WHERE ${where} AND r.${prefix}_name IS NOT NULL AND m.key = lower(r.${prefix}_name)`,
    `UPDATE import_rows r SET ${ref} = rc.record_id FROM record_codes rc
      WHERE ${where} AND r.${prefix}_name IS NULL AND rc.entity = 'medication'
        AND rc.system = r.${prefix}_system AND rc.code = r.${prefix}_code`,
  ];
}
/** Each row whose medication (see resolveMedication) is none, or not one. */
export function medicationProblem(ref: string, prefix: string, field: string, where = 'true') {
  return `SELECT r.row, '${field}',
       CASE WHEN r.${prefix}_name IS NULL THEN 'no medication has the code ' || r.${prefix}_code
            WHEN EXISTS (SELECT FROM medications m WHERE lower(m.name) = lower(r.${prefix}_name))
              THEN 'several medications are named "' || r.${prefix}_name || '": refer to it by code'
            ELSE 'no medication is named "' || r.${prefix}_name || '"' END
     FROM import_rows r WHERE ${where} AND r.${ref} IS NULL`;
}
