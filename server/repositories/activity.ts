import type { AdminUserSort } from '@contract/enums';
import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';

/** The users who search drugs, their search history, and the dashboard's statistics. */

export type UserSort = AdminUserSort;
type UserSortField = Exclude<UserSort, `-${string}`>;

export interface UserQuery {
  /** Words that must each be part of the name or the e-mail address (case-insensitive). */
  q?: string;
  /** From 1. */
  page: number;
  pageSize: number;
  sort: UserSort;
}

/** The SQL of each sort field over a row alias; only these strings ever reach ORDER BY. */
const SORT_KEYS: Record<UserSortField, (alias: string) => string> = {
  name: (a) => `lower(${a}.name)`,
  email: (a) => `lower(${a}.email)`,
  registered_at: (a) => `${a}.created_at`,
  last_active_at: (a) => `${a}.last_active_at`,
  search_count: (a) => `${a}.search_count`,
};

function parseSort(sort: UserSort): { field: UserSortField; descending: boolean } {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as UserSortField;
  if (!(field in SORT_KEYS)) throw new Error(`Unknown sort ${sort}`);
  return { field, descending };
}

/** ORDER BY for `sort` over `alias`; never-active users are the least recently active. */
function orderBy(sort: UserSort, alias: string, key = SORT_KEYS[parseSort(sort).field](alias)) {
  const { descending } = parseSort(sort);
  return descending
    ? `${key} DESC NULLS LAST, ${alias}.id DESC`
    : `${key} ASC NULLS FIRST, ${alias}.id ASC`;
}

/** `%word%` patterns for ILIKE, with the pattern characters of each word taken literally. */
export function searchPatterns(q: string | undefined): string[] {
  return (q ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every word's pattern, from parameter $first on, matches the name or the e-mail address. */
function matches(patterns: string[], first: number): string {
  if (patterns.length === 0) return 'true';
  return patterns
    .map((_, i) => `(u.name ILIKE $${first + i} OR u.email ILIKE $${first + i})`)
    .join(' AND ');
}
const SEARCH_COUNT = (alias: string) =>
  `(SELECT count(*) FROM search_history s WHERE s.user_id = ${alias}.id)::int`;

/**
 * One page of users with their search counts, and how many match in all. Searches are counted
 * only for the page's users, unless the order needs every matching user's count.
 */
export async function listUsers(db: Queryable, query: UserQuery) {
  const patterns = searchPatterns(query.q);
  const bySearchCount = parseSort(query.sort).field === 'search_count';
  const [page, total] = await Promise.all([
    db.query(
      `SELECT p.id, p.name, p.email, p.role, p.created_at AS registered_at, p.last_active_at,
              COALESCE(p.search_count, ${SEARCH_COUNT('p')}) AS search_count
         FROM (SELECT u.id, u.name, u.email, u.role, u.created_at, u.last_active_at,
                      ${bySearchCount ? SEARCH_COUNT('u') : 'NULL::int'} AS search_count
                 FROM users u
                WHERE ${matches(patterns, 3)}
                ORDER BY ${bySearchCount ? orderBy(query.sort, 'u', SEARCH_COUNT('u')) : orderBy(query.sort, 'u')}
                LIMIT $1 OFFSET $2) p
        ORDER BY ${orderBy(query.sort, 'p')}`,
      [query.pageSize, (query.page - 1) * query.pageSize, ...patterns],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM users u WHERE ${matches(patterns, 1)}`,
      patterns,
    ),
  ]);
  return {
    data: page.rows,
    meta: { total: total.rows[0].total, page: query.page, page_size: query.pageSize },
  };
}

export async function userExists(db: Queryable, id: number) {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function searchHistory(db: Queryable, userId: number) {
  const { rows } = await db.query<Schema<'SearchHistoryEntry'>>(
    `SELECT id, medication_id AS drug_id, drug_name, searched_at FROM search_history
      WHERE user_id = $1 ORDER BY searched_at DESC, id DESC`,
    [userId],
  );
  return rows;
}

/**
 * The API server's time zone (the process's TZ setting, else the system's; UTC if neither names
 * one): the calendar days of "active today" and of the searches-per-day series are days there,
 * whatever the database's own TimeZone setting is.
 */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** How many days the dashboard's searches-per-day series covers, today included. */
export const TREND_DAYS = 30;

/**
 * Records that `userId` looked up each of `medicationIds`: one history row per medication, the
 * name copied so the history survives a delete. Ids that no longer exist are skipped.
 */
export async function recordSearches(db: Queryable, userId: number, medicationIds: number[]) {
  await db.query(
    `INSERT INTO search_history (user_id, medication_id, drug_name)
     SELECT $1, m.id, m.name FROM unnest($2::int[]) WITH ORDINALITY AS s(id, n)
       JOIN medications m ON m.id = s.id
      ORDER BY s.n`,
    [userId, medicationIds],
  );
}

/**
 * A timestamptz as ISO 8601 text in UTC ("2025-03-05T14:07:09.123Z"), as a Date serialises: inside
 * json_agg PostgreSQL would write the session time zone's offset ("+00:00", "+01:00") instead.
 */
const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Counts, the five newest medications and searches, and searches per day over the last
 * TREND_DAYS days (zero days included). "Today" is the date in `timeZone` (an IANA name).
 */
export async function dashboardStats(db: Queryable, timeZone = SERVER_TIME_ZONE) {
  const { rows } = await db.query<Schema<'DashboardStats'>>(
    `WITH today AS (SELECT (now() AT TIME ZONE $1)::date AS day),
          days AS (SELECT (SELECT day FROM today) - n AS day FROM generate_series($2::int - 1, 0, -1) AS n)
     SELECT
       (SELECT count(*) FROM medications)::int AS total_drugs,
       (SELECT count(*) FROM users)::int AS total_users,
       (SELECT count(*) FROM search_history)::int AS total_searches,
       (SELECT count(*) FROM users
         WHERE last_active_at >= (SELECT day FROM today)::timestamp AT TIME ZONE $1)::int AS active_today,
       COALESCE((SELECT json_agg(r) FROM (
          SELECT id, name, ${isoTime('created_at')} AS created_at
            FROM medications ORDER BY medications.created_at DESC, id DESC LIMIT 5) r), '[]'::json) AS recent_drugs,
       COALESCE((SELECT json_agg(r) FROM (
          SELECT s.id, s.user_id, u.name AS user_name, s.medication_id AS drug_id, s.drug_name,
                 ${isoTime('s.searched_at')} AS searched_at
            FROM search_history s JOIN users u ON u.id = s.user_id
           ORDER BY s.searched_at DESC, s.id DESC LIMIT 5) r), '[]'::json) AS recent_searches,
       (SELECT json_agg(json_build_object('date', to_char(d.day, 'YYYY-MM-DD'), 'count', COALESCE(c.count, 0)) ORDER BY d.day)
          FROM days d
          LEFT JOIN (
            SELECT (searched_at AT TIME ZONE $1)::date AS day, count(*)::int AS count
              FROM search_history
             WHERE searched_at >= (SELECT min(day) FROM days)::timestamp AT TIME ZONE $1
             GROUP BY 1) c ON c.day = d.day) AS searches_per_day,
       $1::text AS time_zone`,
    [timeZone, TREND_DAYS],
  );
  return rows[0];
}
