import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Queryable } from '../db/pool';
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

/** ORDER BY for `sort`: nulls count as the smallest value, and `t.id` breaks every tie. */
function orderBy<F extends string>(spec: ListSpec<F>, sort: Sort<F> | undefined): string {
  const descending = sort?.startsWith('-') ?? false;
  const keys = sort ? spec.sorts[(descending ? sort.slice(1) : sort) as F] : spec.defaultOrder;
  const direction = descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
  return [...keys, 't.id'].map((key) => `${key} ${direction}`).join(', ');
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

/** One page of the records matching `query`, and how many match in all. */
export async function listPage<F extends string>(
  db: Queryable,
  spec: ListSpec<F>,
  query: PageQuery<F>,
) {
  const params: unknown[] = [];
  const condition = where(spec, query, params);
  const [page, total] = await Promise.all([
    db.query(
      `SELECT ${spec.columns} FROM ${spec.from} WHERE ${condition}
        ORDER BY ${orderBy(spec, query.sort)}
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${spec.from} WHERE ${condition}`,
      params,
    ),
  ]);
  return {
    rows: page.rows,
    meta: { total: total.rows[0].total, page: query.page, page_size: query.pageSize },
  };
}

/** The ids of one page, in order, for lists whose records are put together elsewhere. */
export async function pageIds<F extends string>(
  db: Queryable,
  spec: ListSpec<F>,
  query: PageQuery<F>,
) {
  const { rows, meta } = await listPage(db, { ...spec, columns: 't.id' }, query);
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

/**
 * Every record matching `query`, in order, as CSV with a header row: PostgreSQL writes and quotes
 * it (`COPY ... TO STDOUT`) and the stream passes it on as it comes, so the server holds one chunk
 * at a time whatever the list's size. The connection goes back to the pool when the stream ends,
 * fails or is closed.
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
    const sql = `SELECT ${spec.csvColumns} FROM ${spec.from} WHERE ${condition}
                  ORDER BY ${orderBy(spec, query.sort)}`.replace(/\$(\d+)/g, (_, n: string) =>
      literal(client, params[Number(n) - 1]),
    );
    const stream = client.query(copyTo(`COPY (${sql}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      // A connection whose COPY was cut short may still be sending: it is not reused.
      client.release(error ?? !stream.readableEnded);
    };
    stream.on('end', () => release());
    stream.on('error', release);
    stream.on('close', () => release());
    return stream;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
}

/** A text column for CSV: a value a spreadsheet would run as a formula starts with a `'`. */
export const csvText = (expression: string) =>
  `CASE WHEN ${expression} ~ '^[=+@\\t\\r-]' THEN '''' || ${expression} ELSE ${expression} END`;
