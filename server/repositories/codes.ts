import type { Queryable } from '../db/pool';
import { SYSTEM_NAMES, type CodedEntity } from '../domain/codes';

/** The key that keeps a code to one record of a kind (migration 031). */
export const CODES_KEY = 'record_codes_pkey';

/** The table holding each kind of coded record. */
export const CODED_TABLES: Record<CodedEntity, string> = {
  medication: 'medications',
  ingredient: 'ingredients',
  drug_class: 'drug_classes',
  condition: 'conditions',
};

/**
 * The ids of the records of a kind holding a code, in the draft or in the release the
 * connection reads (server/releases/scope.ts): it matches the records' own `codes` column, which
 * releases version, through its GIN index, where record_codes only holds the draft's codes.
 */
export async function findByCode(
  db: Queryable,
  entity: CodedEntity,
  system: string,
  code: string,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM ${CODED_TABLES[entity]}
      WHERE codes @> jsonb_build_array(jsonb_build_object('system', $1::text, 'code', $2::text))
      ORDER BY id`,
    [system, code.trim().toUpperCase()],
  );
  return rows.map((r) => r.id);
}

/** Which other records of a kind hold any of `codes` in the draft: each code's holder by name. */
export async function codeHolders(
  db: Queryable,
  entity: CodedEntity,
  codes: readonly { system: string; code: string }[],
  exceptId?: number,
) {
  if (!codes.length) return [];
  const { rows } = await db.query<{ system: string; code: string; id: number; name: string }>(
    `SELECT rc.system, rc.code, r.id, r.name
       FROM record_codes rc JOIN ${CODED_TABLES[entity]} r ON r.id = rc.record_id
      WHERE rc.entity = $1
        AND (rc.system, rc.code) IN (SELECT * FROM unnest($2::text[], $3::text[]))
        AND rc.record_id IS DISTINCT FROM $4::integer`,
    [entity, codes.map((c) => c.system), codes.map((c) => c.code), exceptId ?? null],
  );
  return rows;
}

/** Each system's short name as an SQL CASE over a code `c` (jsonb). */
const SYSTEM_NAME_SQL = `CASE c ->> 'system' ${Object.entries(SYSTEM_NAMES)
  .map(([uri, name]) => `WHEN '${uri}' THEN '${name}'`)
  .join(' ')} ELSE c ->> 'system' END`;

/**
 * The SQL of how a CSV cell refers to the medication of id `id`: its name, or its first code
 * (`ATC|B01AA03`) when another medication has the name too and it has a code, so that the cell
 * names one medication when it is imported.
 */
export const MEDICATION_REFERENCE_CSV = (id: string) =>
  `(SELECT CASE WHEN jsonb_array_length(x.codes) > 0
                 AND (SELECT count(*) FROM medications o WHERE lower(o.name) = lower(x.name)) > 1
               THEN (SELECT ${SYSTEM_NAME_SQL} || '|' || (c ->> 'code') FROM jsonb_array_elements(x.codes)
                      WITH ORDINALITY AS e (c, n) ORDER BY n LIMIT 1)
               ELSE x.name END
      FROM medications x WHERE x.id = ${id})`;

/** The SQL of a record's codes in a CSV cell, in their order: `ATC|B01AA03; RxNorm|11289`. */
export const CODES_CSV = (column: string) =>
  `coalesce((SELECT string_agg(${SYSTEM_NAME_SQL} || '|' || (c ->> 'code'), '; ' ORDER BY n)
    FROM jsonb_array_elements(${column}) WITH ORDINALITY AS e (c, n)), '')`;

/** SQL true when a record's codes hold the search word as a code, in any system. */
export const CODE_MATCH = (column: string, wordParam: string) =>
  `${column} @> jsonb_build_array(jsonb_build_object('code', upper(${wordParam}::text)))`;
