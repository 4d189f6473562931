import type { Queryable } from './pool';

/** The reference tables whose every write moves their version (migrations 002 and 003). */
export const VERSIONED_TABLES = [
  'conditions',
  'age_categories',
  'weight_categories',
  'medications',
  'medication_contraindications',
  'weight_category_dosages',
  'age_category_dosages',
  'lifestyles',
  'lifestyle_contraindications',
  'drug_interactions',
  'drugs',
  'drug_classes',
  'drug_class_members',
  'class_rules',
  'ingredients',
  'medication_ingredients',
  'ingredient_daily_limits',
  'renal_categories',
  'renal_rules',
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

/** Each table's version, as text (bigint). */
export type TableVersions = Record<VersionedTable, string>;

/** As a SQL expression, so a query that reads something else can read the versions too. */
export const TABLE_VERSIONS_SQL =
  '(SELECT json_object_agg(table_name, version::text) FROM table_versions)';

export async function readTableVersions(db: Queryable): Promise<TableVersions> {
  const { rows } = await db.query<{ versions: TableVersions }>(
    `SELECT ${TABLE_VERSIONS_SQL} AS versions`,
  );
  return rows[0].versions;
}

/** The version of data read from `tables`: the sum of their versions, which only grow, so a
 * larger sum is newer data. */
export const versionOf = (versions: TableVersions, tables: readonly VersionedTable[]): bigint =>
  tables.reduce((sum, table) => sum + BigInt(versions[table]), 0n);
