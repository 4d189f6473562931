import type { AuditSort } from '@contract/enums';
import type { operations } from '@contract/openapi';
import { withTransaction, type Db } from '../../db/pool';
import { isQueryCanceled } from '../../lib/pgErrors';
import { searchPatterns } from '../activity';
import { ENTRY_COLUMNS, HISTORY, type EntryRow } from './entries';

/** GET /audit: a page of entries, filtered, searched and sorted, and their total. */

type AuditSortField = Exclude<AuditSort, `-${string}`>;

/** The contract's filters, with the paging the route has filled in. */
export type AuditQuery = Omit<
  NonNullable<operations['listAuditEntries']['parameters']['query']>,
  'page' | 'page_size' | 'sort'
> & { page: number; pageSize: number; sort: AuditSort };

/** Each sort field's SQL, matching an index of migration 007; only these reach ORDER BY. */
const SORT_KEYS: Record<AuditSortField, string> = {
  at: 'e.at',
  actor: 'lower(e.actor_name)',
  action: 'e.action',
  entity: 'e.entity',
};

function orderBy(sort: AuditSort): string {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as AuditSortField;
  const direction = descending ? 'DESC' : 'ASC';
  return `${SORT_KEYS[field]} ${direction}, e.id ${direction}`;
}

/**
 * What `q` searches: the label and the reason, joined by a space (no word contains one, so no
 * match spans both). Exactly the expression of migration 010's trigram index, which serves every
 * word of a search in one index scan.
 */
const SEARCH_TEXT = `(e.label || ' ' || coalesce(e.reason, ''))`;

/** When a filtered page's total is counted, and when PostgreSQL's estimate answers instead. */
export interface CountLimits {
  /** Counting is not even tried when the planner expects more matches (it would take too long). */
  maxEstimatedRows: number;
  /** A count that takes longer is cancelled, and the estimate answers. */
  budgetMs: number;
}
export const COUNT_LIMITS: CountLimits = { maxEstimatedRows: 2_000, budgetMs: 20 };

/** The WHERE clause of a query, with its parameters from $1 on. */
function filters(query: AuditQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (query.entity !== undefined) add((n) => `e.entity = ${n}`, query.entity);
  if (query.entity_id !== undefined) add((n) => `e.entity_id = ${n}`, query.entity_id);
  if (query.medication_id !== undefined)
    add((n) => `e.medication_ids @> ARRAY[${n}::int]`, query.medication_id);
  if (query.actor_id !== undefined) add((n) => `e.actor_id = ${n}`, query.actor_id);
  if (query.action !== undefined) add((n) => `e.action = ${n}`, query.action);
  if (query.from !== undefined) add((n) => `e.at >= ${n}::timestamptz`, query.from);
  if (query.to !== undefined) add((n) => `e.at < ${n}::timestamptz`, query.to);
  for (const pattern of searchPatterns(query.q)) add((n) => `${SEARCH_TEXT} ILIKE ${n}`, pattern);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * A query of GET /audit as a config object, which the pool's client sends unnamed (see
 * `PreparingClient` in db/pool.ts), so that PostgreSQL plans it for these values on every call.
 * Prepared, it soon gets a generic plan, which cannot know how many entries a filter or a
 * searched word matches: a common word's generic plan reads the whole table through the trigram
 * index and sorts what it finds (about a second over a million entries), where the plan for the
 * word reads the newest entries until a page is full.
 */
const plannedForValues = (text: string, values: unknown[]) => ({ text, values });

export interface EntryPage {
  rows: EntryRow[];
  total: number;
  totalIsEstimate: boolean;
  hasMore: boolean;
}

export async function listEntries(
  db: Db,
  query: AuditQuery,
  limits = COUNT_LIMITS,
): Promise<EntryPage> {
  const { where, params } = filters(query);
  const offset = (query.page - 1) * query.pageSize;
  // Filtered by entity, action and actor alone (or not at all), the counts of migration 007 and
  // the inbox's few entries give the exact total without counting the stored entries.
  const counted =
    query.entity_id === undefined &&
    query.medication_id === undefined &&
    query.from === undefined &&
    query.to === undefined &&
    searchPatterns(query.q).length === 0;
  const [page, count] = await Promise.all([
    // One entry past the page says whether a later page holds any, whatever the total. The page
    // is found first by id alone, and only its entries are then read whole: an entry still in
    // the inbox has its diff computed when read, which only the page's entries need.
    db.query<EntryRow>(
      plannedForValues(
        `WITH page AS MATERIALIZED (
           SELECT e.id FROM ${HISTORY} e ${where}
            ORDER BY ${orderBy(query.sort)}
            LIMIT $${params.length + 1} OFFSET $${params.length + 2})
         SELECT ${ENTRY_COLUMNS} FROM ${HISTORY} e WHERE e.id IN (SELECT id FROM page)
          ORDER BY ${orderBy(query.sort)}`,
        [...params, query.pageSize + 1, offset],
      ),
    ),
    counted
      ? db
          .query<{ total: number }>(
            `SELECT (SELECT coalesce(sum(n), 0)::int FROM audit_counts e ${where})
                  + (SELECT count(*)::int FROM audit_inbox e ${where}) AS total`,
            params,
          )
          .then(({ rows }) => ({ total: rows[0].total, estimate: false }))
      : boundedCount(db, where, params, limits),
  ]);
  const hasMore = page.rows.length > query.pageSize;
  const rows = page.rows.slice(0, query.pageSize);
  // An estimate never claims fewer entries than this page shows to exist.
  const seen = offset + rows.length + (hasMore ? 1 : 0);
  const total = count.estimate ? Math.max(count.total, seen) : count.total;
  return { rows, total, totalIsEstimate: count.estimate, hasMore };
}

/**
 * The exact number of matching entries when counting them is quick (a record's history, a rare
 * word); otherwise (a common word matching hundreds of thousands of a million entries) the
 * planner's estimate, so that no page waits on a long count.
 */
async function boundedCount(
  db: Db,
  where: string,
  params: unknown[],
  limits: CountLimits,
): Promise<{ total: number; estimate: boolean }> {
  const { rows: plan } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    plannedForValues(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${HISTORY} e ${where}`, params),
  );
  const estimated = {
    total: Math.round(plan[0]['QUERY PLAN'][0].Plan['Plan Rows']),
    estimate: true,
  };
  if (estimated.total > limits.maxEstimatedRows) return estimated;
  try {
    return await withTransaction(db, async (tx) => {
      await tx.query(`SELECT set_config('statement_timeout', $1, true)`, [String(limits.budgetMs)]);
      const { rows } = await tx.query<{ total: number }>(
        plannedForValues(`SELECT count(*)::int AS total FROM ${HISTORY} e ${where}`, params),
      );
      return { total: rows[0].total, estimate: false };
    });
  } catch (error) {
    if (!isQueryCanceled(error)) throw error;
    return estimated;
  }
}
