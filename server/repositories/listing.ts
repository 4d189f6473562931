import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Queryable } from '../db/pool';
import type { VersionedTable } from '../db/versions';
import { searchPatterns } from './activity';

/**
 * Searched, filtered, sorted and paged reads of the reference lists, and their CSV export. Each
 * resource's repository describes its list once (a `ListSpec`); this module builds the SQL. Only
 * the spec's own SQL texts reach the statement: every value the client sends is a parameter.
 */

/** A sort parameter: a field, descending with a leading `-`. */
export type Sort<F extends string> = F | `-${F}`;

export interface ListSpec<F extends string> {
  /** FROM with the joins every column, search and sort needs; the listed table's alias is `t`. */
  from: string;
  /** FROM for counting, when the search and filters need fewer joins than `from` (inner joins
   * along foreign keys, which every row has). */
  countFrom?: string;
  /** Every table the list reads: a cached total is good while none of them changes. */
  tables: readonly VersionedTable[];
  /** The JSON answer's columns. */
  columns: string;
  /** The SQL sort keys of each sort field; ties are broken by `t.id` in the same direction. */
  sorts: Record<F, string[]>;
  /** The keys of the order used when no `sort` is given (ascending). */
  defaultOrder: string[];
  /** One word's match: SQL true when the word's `%word%` pattern (`$n`, ILIKE) or the word
   * itself matches the record. `param` adds a value and names its placeholder. */
  matchWord: (word: string, pattern: string, param: (value: unknown) => string) => string;
  /** The CSV's columns: `SQL expression AS "Header"`, as the console's grid shows them. */
  csvColumns: string;
}

/** A filter as SQL over `t` (and the spec's joins) with its values as parameters. */
export type Filter = (param: (value: unknown) => string) => string;

export interface ListQuery<F extends string> {
  q?: string;
  sort?: Sort<F>;
  filters: Filter[];
}

export interface PageQuery<F extends string> extends ListQuery<F> {
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 25;

/**
 * ORDER BY for `sort`, `t.id` breaking every tie. Nulls sort as PostgreSQL's indexes keep them
 * (after every value ascending, before them descending), so a page is read off an index.
 */
function orderBy<F extends string>(spec: ListSpec<F>, sort: Sort<F> | undefined): string {
  const descending = sort?.startsWith('-') ?? false;
  const keys = sort ? spec.sorts[(descending ? sort.slice(1) : sort) as F] : spec.defaultOrder;
  return [...keys, 't.id'].map((key) => `${key} ${descending ? 'DESC' : 'ASC'}`).join(', ');
}

/** WHERE for `q` (every word matches) and the filters, adding their values to `params`. */
function where<F extends string>(spec: ListSpec<F>, query: ListQuery<F>, params: unknown[]) {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean);
  const patterns = searchPatterns(query.q);
  const conditions = [
    ...words.map((word, i) => `(${spec.matchWord(word, param(patterns[i]), param)})`),
    ...query.filters.map((filter) => `(${filter(param)})`),
  ];
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

/** How many records match: counted by `count`, or by a cache that may answer without counting. */
export type Total = (key: string, count: () => Promise<number>) => Promise<number>;
const uncached: Total = (_key, count) => count();

/** One page of the records matching `query`, and how many match in all. */
export async function listPage<F extends string>(
  db: Queryable,
  spec: ListSpec<F>,
  query: PageQuery<F>,
  total: Total = uncached,
) {
  const params: unknown[] = [];
  const condition = where(spec, query, params);
  const matches = `FROM ${spec.countFrom ?? spec.from} WHERE ${condition}`;
  const countSql = `SELECT count(*)::int AS total ${matches}`;
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  // A search's matches are found first, off the trigram indexes, then ordered: left to itself,
  // PostgreSQL may walk the order's index testing every record instead, and when the matches
  // sit far along that order (names starting with the letters searched) it reads most of it.
  const found = query.q?.trim() ? `t.id = ANY(ARRAY(SELECT t.id ${matches}))` : condition;
  const pageSql = `SELECT ${spec.columns} FROM ${spec.from} WHERE ${found}
                    ORDER BY ${orderBy(spec, query.sort)} ${limit}`;
  const [page, matching] = await Promise.all([
    db.query(pageSql, [...params, query.pageSize, (query.page - 1) * query.pageSize]),
    total(`${countSql} ${JSON.stringify(params)}`, async () => {
      const { rows } = await db.query<{ total: number }>(countSql, params);
      return rows[0].total;
    }),
  ]);
  return {
    rows: page.rows,
    meta: { total: matching, page: query.page, page_size: query.pageSize },
  };
}

/** The ids of one page, in order, for lists whose records are put together elsewhere. */
export async function pageIds<F extends string>(
  db: Queryable,
  spec: ListSpec<F>,
  query: PageQuery<F>,
  total?: Total,
) {
  const { rows, meta } = await listPage(db, { ...spec, columns: 't.id' }, query, total);
  return { ids: rows.map((row: { id: number }) => row.id), meta };
}

/** A value written into SQL as a literal: COPY takes no parameters. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (Array.isArray(value)) return `ARRAY[${value.map((v) => literal(client, v)).join(', ')}]`;
  throw new Error(`No SQL literal for ${typeof value}`);
}

/** How long an export may take: far longer than any other statement may (pool.ts). */
const EXPORT_TIMEOUT_MS = 10 * 60_000;

/**
 * Every record matching `query`, in order, as CSV with a header row: PostgreSQL writes and quotes
 * it (`COPY ... TO STDOUT`) and the stream passes it on as it is read, so the server holds a few
 * chunks at a time whatever the list's size (a slow reader pauses PostgreSQL). One read-only
 * snapshot; the connection goes back to the pool when the stream ends, and is closed when it
 * fails or the download is cut short.
 */
export async function csvStream<F extends string>(
  db: pg.Pool,
  spec: ListSpec<F>,
  query: ListQuery<F>,
) {
  const params: unknown[] = [];
  const condition = where(spec, query, params);
  const client = await db.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${EXPORT_TIMEOUT_MS}`);
    const sql = `SELECT ${spec.csvColumns} FROM ${spec.from} WHERE ${condition}
                  ORDER BY ${orderBy(spec, query.sort)}`.replace(/\$(\d+)/g, (_, n: string) =>
      literal(client, params[Number(n) - 1]),
    );
    const copy = copyTo(`COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER)`);
    // The pool's client-side timeout (pool.ts) would end a long download: this query has its own.
    const stream = client.query(Object.assign(copy, { query_timeout: EXPORT_TIMEOUT_MS }));
    let released = false;
    const release = (destroy: boolean) => {
      if (released) return;
      released = true;
      if (destroy) client.release(true);
      else
        client.query('COMMIT').then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
    };
    stream.on('end', () => release(false));
    stream.on('error', () => release(true));
    stream.on('close', () => release(!stream.readableEnded));
    return stream;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}

/** A text column for CSV: a value a spreadsheet would run as a formula starts with a `'`. */
export const csvText = (expression: string) =>
  `regexp_replace(${expression}, '^([=+@\\t\\r-])', '''\\1')`;
