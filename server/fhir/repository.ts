import type pg from 'pg';
import type { Queryable } from '../db/pool';
import { normalCode } from '../domain/codes';
import { readMedications } from '../repositories/medications';
import {
  contraindication,
  interaction,
  medicationKnowledge,
  type ContraindicationRow,
  type FhirResource,
  type InteractionRow,
  type MedicationExtras,
  type MedicationRow,
  type ResourceType,
} from './resources';

/**
 * The SQL of the FHIR API. A search is one filtered statement per resource type, paged in a fixed
 * order (by id) so the offsets of `next` links neither skip nor repeat; a page's resources are read
 * in a fixed number of statements whatever its size. The same statements serve the export, read
 * through a cursor.
 */

/** What a search asks, already parsed (see routes/fhir.ts). */
export interface Search {
  ids?: string[];
  /** Token patterns for a containment test on a `codes` column: `{system?, code}`. */
  codes?: { system?: string; code: string }[];
  name?: string;
}

/** `system|code`, `|code` or `code`, comma-separated: containment patterns of `codes` columns. */
export function parseCodes(value: string): { system?: string; code: string }[] {
  return value
    .split(',')
    .map((token) => {
      const bar = token.indexOf('|');
      const system = bar >= 0 ? token.slice(0, bar).trim() : '';
      const code = normalCode(bar >= 0 ? token.slice(bar + 1) : token);
      return system ? { system, code } : { code };
    })
    .filter((pattern) => pattern.code !== '');
}

/** A search's WHERE clause over the given columns and its parameters (from $1). */
function where(
  search: Search,
  columns: {
    ids: (param: string) => string;
    codes: string[];
    names: string[];
  },
): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (search.ids) conditions.push(columns.ids(param(search.ids)));
  if (search.codes) {
    const patterns = param(search.codes.map((pattern) => JSON.stringify([pattern])));
    conditions.push(
      `(${columns.codes.map((column) => `${column} @> ANY(${patterns}::jsonb[])`).join(' OR ')})`,
    );
  }
  if (search.name) {
    const pattern = param(`%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(
      `(${columns.names.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`,
    );
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** A resource type's search statement (every match, in the paging order) and its readers. */
interface TypeSql {
  /** SELECT of every match in order: `k1`, `k2`, `k3` are the order, `row` what `build` takes. */
  select(search: Search): { sql: string; params: unknown[] };
  build(db: Queryable, rows: unknown[]): Promise<FhirResource[]>;
}

const MEDICATION_KNOWLEDGE: TypeSql = {
  select(search) {
    const filter = where(search, {
      // Ids that are not numbers name no medication (and must not fail the cast).
      ids: (p) => `m.id::text = ANY(${p}::text[])`,
      codes: ['m.codes'],
      names: ['m.name'],
    });
    return {
      sql: `SELECT m.id AS k1, 0 AS k2, 0 AS k3, to_json(m.id) AS row FROM medications m ${filter.sql}`,
      params: filter.params,
    };
  },
  build: (db, rows) => medicationKnowledgeOf(db, rows as number[]),
};

/**
 * Every kind of contraindication as one table: a condition's `c-{medication}-{condition}`, a
 * lifestyle's `l-{link id}`, and a medication's age limit `a-{medication}` (the ages outside it).
 */
const CONTRAINDICATIONS = `
  SELECT 'c-' || mc.medication_id || '-' || mc.condition_id AS id, 'condition' AS kind,
         mc.medication_id, mc.condition_id AS other_id, c.name AS other_name, c.codes AS other_codes,
         mc.level, mc.severity, NULL::json AS age_limit, 0 AS kind_order
    FROM medication_contraindications mc JOIN conditions c ON c.id = mc.condition_id
  UNION ALL
  SELECT 'l-' || lc.id, 'lifestyle', lc.medication_id, lc.id, l.name, NULL, NULL, lc.severity,
         NULL, 1
    FROM lifestyle_contraindications lc JOIN lifestyles l ON l.id = lc.lifestyle_id
  UNION ALL
  SELECT 'a-' || am.id, 'age', am.id, 0, NULL, NULL, NULL, am.age_limit_severity,
         json_build_object('min_age', am.min_age, 'max_age', am.max_age, 'unit', am.age_limit_unit),
         2
    FROM medications am WHERE am.min_age IS NOT NULL OR am.max_age IS NOT NULL`;

const MEDICINAL_PRODUCT_CONTRAINDICATION: TypeSql = {
  select(search) {
    const filter = where(search, {
      ids: (p) => `r.id = ANY(${p}::text[])`,
      codes: ['m.codes', "coalesce(r.other_codes, '[]')"],
      names: ['m.name'],
    });
    return {
      sql: `SELECT r.kind_order AS k1, r.medication_id AS k2, r.other_id AS k3,
                   json_build_object('id', r.id, 'kind', r.kind, 'other_id', r.other_id,
                     'other_name', r.other_name, 'other_codes', r.other_codes, 'level', r.level,
                     'severity', r.severity, 'age_limit', r.age_limit,
                     'medication', json_build_object('id', m.id, 'name', m.name, 'codes', m.codes)) AS row
              FROM (${CONTRAINDICATIONS}) r JOIN medications m ON m.id = r.medication_id
              ${filter.sql}`,
      params: filter.params,
    };
  },
  build: async (_db, rows) => (rows as ContraindicationRow[]).map(contraindication),
};

const MEDICINAL_PRODUCT_INTERACTION: TypeSql = {
  select(search) {
    const filter = where(search, {
      ids: (p) => `di.id::text = ANY(${p}::text[])`,
      codes: ['a.codes', 'b.codes'],
      names: ['a.name', 'b.name'],
    });
    return {
      sql: `SELECT di.id AS k1, 0 AS k2, 0 AS k3,
                   json_build_object('id', di.id, 'severity', di.severity,
                     'description', di.description, 'is_allergen', di.is_allergen,
                     'medication', json_build_object('id', a.id, 'name', a.name, 'codes', a.codes),
                     'interacting', json_build_object('id', b.id, 'name', b.name, 'codes', b.codes)) AS row
              FROM drug_interactions di
              JOIN medications a ON a.id = di.medication_id
              JOIN medications b ON b.id = di.interacting_medication_id
              ${filter.sql}`,
      params: filter.params,
    };
  },
  build: async (_db, rows) => (rows as InteractionRow[]).map(interaction),
};

export const TYPES: Record<ResourceType, TypeSql> = {
  MedicationKnowledge: MEDICATION_KNOWLEDGE,
  MedicinalProductContraindication: MEDICINAL_PRODUCT_CONTRAINDICATION,
  MedicinalProductInteraction: MEDICINAL_PRODUCT_INTERACTION,
};

/** What MedicationKnowledge adds to readMedications: codes, ingredients, classes, renal rules. */
const EXTRAS_SQL = `
  SELECT m.id, m.codes,
    coalesce((SELECT c.codes FROM conditions c WHERE c.id = m.condition_id), '[]') AS condition_codes,
    coalesce((SELECT json_agg(json_build_object('name', i.name, 'codes', i.codes,
                'amount', mi.amount, 'amount_unit', mi.amount_unit, 'per_unit', mi.per_unit)
                ORDER BY lower(i.name), mi.id)
                FROM medication_ingredients mi JOIN ingredients i ON i.id = mi.ingredient_id
               WHERE mi.medication_id = m.id), '[]') AS ingredients,
    coalesce((SELECT json_agg(json_build_object('name', dc.name, 'atc_code', dc.atc_code,
                'codes', dc.codes) ORDER BY lower(dc.name), dc.id)
                FROM drug_class_members dm JOIN drug_classes dc ON dc.id = dm.drug_class_id
               WHERE dm.medication_id = m.id), '[]') AS classes,
    coalesce((SELECT json_agg(json_build_object('avoid', r.avoid, 'min_dosage', r.min_dosage,
                'max_dosage', r.max_dosage, 'dosage_unit', r.dosage_unit,
                'max_daily_dosage', r.max_daily_dosage, 'min_frequency', r.min_frequency,
                'max_frequency', r.max_frequency, 'frequency_unit', r.frequency_unit,
                'min_egfr', rc.min_egfr, 'max_egfr', rc.max_egfr, 'egfr_unit', rc.egfr_unit,
                'category_name', rc.category_name) ORDER BY rc.min_egfr DESC, r.id)
                FROM renal_rules r JOIN renal_categories rc ON rc.id = r.renal_category_id
               WHERE r.medication_id = m.id), '[]') AS renal
    FROM medications m WHERE m.id = ANY($1::int[])`;

/** The MedicationKnowledge of the medications `ids`, in that order (missing ones left out). */
export async function medicationKnowledgeOf(db: Queryable, ids: number[]) {
  if (ids.length === 0) return [];
  const medications = (await readMedications(db, ids)) as unknown as MedicationRow[];
  const { rows } = await db.query<MedicationExtras & { id: number }>(EXTRAS_SQL, [ids]);
  const extras = new Map(rows.map((row) => [row.id, row]));
  return medications.flatMap((m) => {
    const x = extras.get(m.id);
    return x ? [medicationKnowledge(m, x)] : [];
  });
}

/** One page of a search's matches and their total. */
export async function searchPage(
  db: Queryable,
  type: ResourceType,
  search: Search,
  offset: number,
  count: number,
): Promise<{ total: number; resources: FhirResource[] }> {
  const spec = TYPES[type];
  const { sql, params } = spec.select(search);
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${sql}) s`,
    params,
  );
  if (count === 0) return { total: counted[0].n, resources: [] };
  const { rows } = await db.query<{ row: unknown }>(
    `SELECT s.row FROM (${sql}) s ORDER BY s.k1, s.k2, s.k3
      LIMIT ${count} OFFSET ${offset}`,
    params,
  );
  return {
    total: counted[0].n,
    resources: await spec.build(
      db,
      rows.map((r) => r.row),
    ),
  };
}

/** The export's statement: every resource of `types`, in that order, as (type, row) pairs. */
export function exportSql(types: ResourceType[]): { sql: string; params: unknown[] } {
  const parts = types.map((type, index) => {
    // No filter: no parameters, so the parts join into one statement.
    const { sql } = TYPES[type].select({});
    return `SELECT ${index} AS t, s.k1, s.k2, s.k3, s.row FROM (${sql}) s`;
  });
  return { sql: `${parts.join(' UNION ALL ')} ORDER BY t, k1, k2, k3`, params: [] };
}

/** Builds one batch of the export's rows (in order) on the export's own connection. */
export async function exportBatch(
  client: pg.PoolClient,
  types: ResourceType[],
  rows: { t: number; row: unknown }[],
): Promise<FhirResource[]> {
  const out: FhirResource[] = [];
  let start = 0;
  while (start < rows.length) {
    const t = rows[start].t;
    let end = start;
    while (end < rows.length && rows[end].t === t) end += 1;
    const type = types[t];
    out.push(
      ...(await TYPES[type].build(
        client,
        rows.slice(start, end).map((r) => r.row),
      )),
    );
    start = end;
  }
  return out;
}
