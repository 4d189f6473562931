import type pg from 'pg';
import { prepared, releaseInScope, type Queryable } from '../db/pool';
import type { VersionedTable } from '../db/versions';
import { csvColumns } from '../lib/csv';
import { streamFromCursor } from '../lib/wholeStream';
import { searchPatterns } from './activity';

/**
 * Searched, filtered, sorted and paged reads of the reference lists, and their CSV export. Each
 * resource's repository describes its list once (a `ListSpec`); this module builds the SQL. Only
 * the spec's own SQL texts reach the statement: every value the client sends is a parameter.
 */

/** A sort parameter: a field, descending with a leading `-`. */
export type Sort<F extends string> = F | `-${F}`;

export interface ListSpec<F extends string> {
  /** The listed table, as `t` (`conditions t`). */
  table: string;
  /** The joins the columns and sort keys read, by their alias: inner joins along foreign keys of
   * `t`, which every record has, so the searches, filters and counts read `t` alone. */
  joins?: Record<string, string>;
  /** Every table the list reads: a cached total is good while none of them changes. */
  tables: readonly VersionedTable[];
  /** The JSON answer's columns. */
  columns: string;
  /** The SQL sort keys of each sort field; ties are broken by `t.id` in the same direction. */
  sorts: Record<F, string[]>;
  /** The sorts whose order owes nothing to the searched texts: a search's matches are spread
   * along them, so a page of common matches is found by walking the order's index (see
   * pageSql). Not the searched texts' own order, where the matches may all sit at one end. */
  walkable?: readonly F[];
  /** The searched texts' own orders (`default`: the order without a sort) that an index can
   * walk: there a search tries a walk that gives up after a bounded number of records, as the
   * matches may crowd at one end (see readPage). Orders no index gives are never walked. */
  boundedWalks?: readonly (F | 'default')[];
  /** The keys of the order used when no `sort` is given (ascending). */
  defaultOrder: string[];
  /** For a search of another table's text (the interactions by their medications' names): SQL
   * selecting the ids of that table's records whose text contains a word (`like(column)`, with
   * the word's pattern as `$1`). They are read before the search's statements, which get them as
   * a value (see matchWord): planned for as they are, a few ids are an index's lookups and many
   * are a hashed set, where a subquery's ids would be searched one by one for every record, a
   * cost that grows with the table. */
  wordIds?: (like: Like) => string;
  /** One word's match: SQL true when a column contains the word (`like(column)`) or the word
   * itself matches the record. `param` adds a value and names its placeholder; `ids` names the
   * placeholder of the word's `wordIds` (an int[]) when the spec has them. */
  matchWord: (word: string, like: Like, param: (value: unknown) => string, ids?: string) => string;
  /** The CSV's columns: `SQL expression AS "Header"`, as the console's grid shows them. */
  csvColumns: string;
}

/** SQL true when `column` contains a search word, case-insensitively (see wordMatch). */
export type Like = (column: string) => string;

/**
 * `column ILIKE pattern` for a search `word`. A trigram index finds a word through its runs of
 * three letters or digits; for a word without one, PostgreSQL's GIN reads the whole index and
 * then checks every record again, which takes longer than reading the table, and the planner,
 * which does not count that, picks it for a word it expects to be rare. Such a word's match is
 * written as what ILIKE does, lowering both sides, and then LIKE: an expression no index holds, so
 * the table is read, and sooner than with ILIKE, which lowers the pattern again for every record.
 */
export function wordMatch(word: string, pattern: string): Like {
  const indexed = /[\p{L}\p{N}]{3}/u.test(word);
  return (column) =>
    indexed ? `${column} ILIKE ${pattern}` : `lower(${column}) LIKE lower(${pattern})`;
}

/** The search's words and their `%word%` patterns (see searchPatterns), in order. */
function searchWords(q: string | undefined) {
  const patterns = searchPatterns(q);
  return (q ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, pattern: patterns[i] }));
}

/** A filter as SQL over `t` (and the spec's joins) with its values as parameters. */
export type Filter = (param: (value: unknown) => string) => string;

export interface ListQuery<F extends string> {
  q?: string;
  sort?: Sort<F>;
  filters: Filter[];
  /** Each word's `wordIds`, in order: read by withWordIds before the statements are made. */
  wordIds?: readonly number[][];
}

export interface PageQuery<F extends string> extends ListQuery<F> {
  page: number;
  pageSize: number;
  /** A filter leaves a few records whatever the list's size (one medication's interactions):
   * listPage reads a page without a search in one pass, rows and all. */
  narrow?: boolean;
}

export const DEFAULT_PAGE_SIZE = 25;

/** The SQL sort keys of `sort`, or of the default order. */
function sortKeys<F extends string>(spec: ListSpec<F>, sort: Sort<F> | undefined): string[] {
  if (!sort) return spec.defaultOrder;
  return spec.sorts[(sort.startsWith('-') ? sort.slice(1) : sort) as F];
}

/**
 * ORDER BY `keys` and then `id`, which breaks every tie, in the direction of `sort`. Nulls sort
 * as PostgreSQL's indexes keep them (after every value ascending, before them descending), so a
 * page is read off an index.
 */
function ordered<F extends string>(keys: string[], id: string, sort: Sort<F> | undefined) {
  const direction = sort?.startsWith('-') ? 'DESC' : 'ASC';
  return [...keys, id].map((key) => `${key} ${direction}`).join(', ');
}

/** ORDER BY for `sort`, `t.id` breaking every tie. */
function orderBy<F extends string>(spec: ListSpec<F>, sort: Sort<F> | undefined): string {
  return ordered(sortKeys(spec, sort), 't.id', sort);
}

/** The listed table and the joins that `reads` name by their alias (every join when not given). */
function fromSql<F extends string>(spec: ListSpec<F>, reads?: string[]): string {
  const joins = Object.entries(spec.joins ?? {}).filter(
    ([alias]) => !reads || reads.some((sql) => new RegExp(`\\b${alias}\\.`).test(sql)),
  );
  return [spec.table, ...joins.map(([, join]) => join)].join('\n');
}

/** WHERE for `q` (every word matches) and the filters, adding their values to `params`. */
function where<F extends string>(spec: ListSpec<F>, query: ListQuery<F>, params: unknown[]) {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [
    ...searchWords(query.q).map(({ word, pattern }, i) => {
      const ids = query.wordIds && `${param(query.wordIds[i])}::int[]`;
      return `(${spec.matchWord(word, wordMatch(word, param(pattern)), param, ids)})`;
    }),
    ...query.filters.map((filter) => `(${filter(param)})`),
  ];
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

/** How many records match, and their ids when they are kept too: a search's, when at most
 * MAX_FOUND; a word's, among the records of the table the spec's `wordIds` reads. */
export interface Matches {
  total: number;
  ids?: number[];
}

/** The records matching: read by `count`, or kept by a cache that may answer without reading. */
export type Total = (key: string, count: () => Promise<Matches>) => Promise<Matches>;
const uncached: Total = (_key, count) => count();

/**
 * `query` with each search word's ids read, when the spec matches words by `wordIds`; kept by
 * `kept` as the list's totals are (a common letter's are most of the medications, read again
 * for every page and order otherwise).
 */
async function withWordIds<F extends string, Q extends ListQuery<F>>(
  db: Queryable,
  spec: ListSpec<F>,
  query: Q,
  kept: Total = uncached,
): Promise<Q> {
  const { wordIds } = spec;
  if (!wordIds) return query;
  const ids = await Promise.all(
    searchWords(query.q).map(async ({ word, pattern }) => {
      const matched = await kept(`word ids ${JSON.stringify(pattern)}`, async () => {
        const { rows } = await db.query<{ ids: number[] }>(
          `SELECT coalesce(array_agg(matched.id), '{}') AS ids
             FROM (${wordIds(wordMatch(word, '$1'))}) matched`,
          [pattern],
        );
        return { total: rows[0].ids.length, ids: rows[0].ids };
      });
      return matched.ids ?? [];
    }),
  );
  return { ...query, wordIds: ids };
}

/** How much cheaper a walk must look than finding the matches first: its figure assumes the
 * matches spread evenly along the order, and finding them first reads each one faster. */
const WALK_MARGIN = 2;

/** A bounded walk reads this many times the records an even spread of the matches would take… */
const BOUNDED_WALK_MARGIN = 4;
/** …and never more than this many: past it, finding the matches first costs less. */
const MAX_BOUNDED_WALK = 5_000;
/** Past this many matches, finding them all to order them costs more than the statement planned
 * as it is, which knows a word's ids (wordIds) and walks along the order's index, or makes a
 * top-N sort. */
const MAX_FOUND = 20_000;

/** The column in which a page's statement answers the number of matches (see readPage). */
const TOTAL_COLUMN = 'listed_total';

/** How a page is read: see pageSql. */
type Reading = 'planned' | { ids: readonly number[] } | number;

/**
 * The count of the records matching `query`, with its values; with `ids`, also their ids when
 * they are at most MAX_FOUND (else null). A search's words that no index finds (see wordMatch)
 * make PostgreSQL read the whole list, which it does once for both, on all the cores; reading the
 * page then takes only the ids, and so does every other page and order of the same search.
 */
function countSql<F extends string>(spec: ListSpec<F>, query: ListQuery<F>, ids = false) {
  const values: unknown[] = [];
  const condition = where(spec, query, values);
  const found = ids
    ? `, CASE WHEN count(*) <= ${MAX_FOUND} THEN coalesce(array_agg(t.id), '{}') END AS ids`
    : '';
  return {
    text: `SELECT count(*)::int AS total${found} FROM ${spec.table} WHERE ${condition}`,
    values,
  };
}

/**
 * What a page's statement selects, in order: the records' ids, their row versions' places in
 * the listed table (`ctid`), which read them back without searching an index (see listPage), or
 * (`row`, for a page without a search) the records' columns themselves, with every join.
 */
export type Selection = 'id' | 'ctid' | 'row';

/**
 * The SQL of one page, in order, with its values (see {@link Selection}). The page is picked
 * from the listed table alone (and the joins a sort key reads): the spec's other joins, for the
 * page's columns, are made for the page's rows only, never for every match skipped or sorted to
 * find the page.
 *
 * A search is read one of three ways (see {@link Reading}). `planned`: the statement as it is,
 * which PostgreSQL plans; for an order an index gives, a walk along it, testing each record,
 * until the page is found: cheap when matches are common, as the page is near. `ids`: its
 * matches, already found (see countSql), ordered; cheap when they are few. A number: a walk that
 * gives up after that many records, for an order the matches may crowd at one end of (see
 * readPage). (Left to itself, PostgreSQL often cannot tell which, as it does not know how many
 * records a word's letters match.)
 */
function pageSql<F extends string>(
  spec: ListSpec<F>,
  query: PageQuery<F>,
  reading: Reading,
  selection: Selection,
  counting = false,
) {
  const params: unknown[] = [];
  const keys = sortKeys(spec, query.sort);
  const from = fromSql(spec, selection === 'row' ? undefined : keys);
  // The found ids stand for the whole condition, whose values are then not sent.
  const condition =
    typeof reading === 'object'
      ? `t.id = ANY($${params.push(reading.ids)}::int[])`
      : where(spec, query, params);
  const page = () =>
    `LIMIT $${params.push(query.pageSize)} OFFSET $${params.push((query.page - 1) * query.pageSize)}`;
  if (typeof reading === 'number') {
    // The first `reading` records in order, each with its sort keys and whether it matches;
    // the page is taken from the matching ones, in the same order.
    const walked = keys.map((key, i) => `${key} AS walked_key_${i}`).join(', ');
    const place = selection === 'ctid' ? 't.ctid AS walked_ctid, ' : '';
    const order = ordered(
      keys.map((_key, i) => `walked_key_${i}`),
      'id',
      query.sort,
    );
    const text = `SELECT walked.${selection === 'ctid' ? 'walked_ctid' : 'id'} FROM (
        SELECT t.id, ${place}${walked}, (${condition}) AS walked_match FROM ${from}
         ORDER BY ${orderBy(spec, query.sort)} LIMIT $${params.push(reading)}
      ) walked WHERE walked.walked_match ORDER BY ${order} ${page()}`;
    return { text, values: params };
  }
  // Counted here, a row's total is the matches' (the joins are along foreign keys every record has).
  const selected =
    selection === 'row'
      ? `${spec.columns}${counting ? `, count(*) OVER ()::int AS ${TOTAL_COLUMN}` : ''}`
      : `t.${selection}`;
  const text = `SELECT ${selected} FROM ${from} WHERE ${condition} ORDER BY ${orderBy(spec, query.sort)} ${page()}`;
  return { text, values: params };
}

/**
 * The page's rows and the number of matches. `text` makes the page's statement from the page's
 * SQL (see pageSql; `selection` says what it selects), and, when given a count's SQL (over the
 * same parameters), answers it in every row as
 * TOTAL_COLUMN: a page without a search that is not counted yet is read and counted in one
 * round trip (and counted apart only when it has no row). A `row` page's SQL has that column
 * already: its `text` leaves it as it is.
 * A search's statements are planned for their values on every call, not prepared (pool.ts
 * prepares texts given alone): a generic plan cannot know how many records the search's letters
 * match, and for a common word it is often one that reads the whole table. A page without a
 * search is prepared: planning it costs more than reading it, and its generic plan, whose only
 * unknowns are the filters' values and the page's place, reads pages as the plans made for their
 * values do. (PostgreSQL keeps planning for the values while the generic plan looks costlier, as
 * it does for deep pages.)
 */
export async function readPage<F extends string, R extends pg.QueryResultRow>(
  db: Queryable,
  spec: ListSpec<F>,
  query: PageQuery<F>,
  total: Total = uncached,
  selection: Selection,
  text: (page: string, count?: string) => string,
) {
  const keyOf = (sql: { text: string; values: unknown[] }) =>
    `${sql.text} ${JSON.stringify(sql.values)}`;
  const count = async (sql: { text: string; values: unknown[] }): Promise<Matches> => {
    const [row] = (await db.query<{ total: number; ids?: number[] | null }>(sql)).rows;
    return row.ids ? { total: row.total, ids: row.ids } : { total: row.total };
  };
  const searching = Boolean(query.q?.trim());
  // The words' ids are read when a statement matches the words: not for a page read from a
  // search's matches, already found.
  let withIds: Promise<PageQuery<F>> | undefined;
  const searched = () => (withIds ??= withWordIds(db, spec, query, total));
  const read = async (reading: Reading, counting?: string) => {
    const matching = searching && typeof reading !== 'object' ? await searched() : query;
    const sql = pageSql(spec, matching, reading, selection, counting !== undefined);
    const statement = text(sql.text, counting);
    const config = searching
      ? { text: statement, values: sql.values }
      : prepared(statement, sql.values);
    return (await db.query<R>(config)).rows;
  };
  if (searching) {
    // Walking reads about (records up to the page's end) x (records / matches) of the list,
    // when the matches are spread along the order; finding the matches first reads every
    // match. The totals (cached) say which is fewer.
    const recordsSql = countSql(spec, { filters: query.filters });
    // The matches' total is kept by the words, not by their ids (which can be many thousands):
    // the same words read the same ids while the list's tables stay as they are.
    const matchesKey = `${keyOf(recordsSql)} ${JSON.stringify(searchPatterns(query.q))}`;
    const [matched, records] = await Promise.all([
      total(matchesKey, async () => count(countSql(spec, await searched(), true))),
      total(keyOf(recordsSql), () => count(recordsSql)).then((all) => all.total),
    ]);
    const matches = matched.total;
    const field = (query.sort?.startsWith('-') ? query.sort.slice(1) : query.sort) as F;
    const walkable = query.sort !== undefined && (spec.walkable ?? []).includes(field);
    const bounded = (spec.boundedWalks ?? []).includes(field ?? 'default');
    const meta = { total: matches, page: query.page, page_size: query.pageSize };
    const reach = (query.page * query.pageSize * records) / Math.max(matches, 1);
    const find: Reading = matched.ids ? { ids: matched.ids } : 'planned';
    if (WALK_MARGIN * reach >= matches || !(walkable || bounded)) {
      return { rows: await read(find), meta };
    }
    if (walkable) return { rows: await read('planned'), meta };
    // In the searched texts' own order (or the default one) the matches may crowd at one end:
    // a walk of a few times the records they would take if spread evenly, and if it has not
    // reached the page's end by then, the matches are found first after all (or, when many, the
    // statement is read as PostgreSQL plans it).
    const budget = Math.min(MAX_BOUNDED_WALK, Math.ceil(BOUNDED_WALK_MARGIN * reach));
    const walked = await read(budget);
    const expected = Math.max(
      0,
      Math.min(query.pageSize, matches - (query.page - 1) * query.pageSize),
    );
    return { rows: walked.length === expected ? walked : await read(find), meta };
  }
  // The total, unless known, is counted by the page's statement: `total` asks for it at once.
  const matchingSql = countSql(spec, query);
  let counted: { resolve(matches: Matches): void; reject(error: unknown): void } | undefined;
  let asked = false;
  const matching = total(keyOf(matchingSql), () =>
    asked
      ? count(matchingSql)
      : new Promise<Matches>((resolve, reject) => (counted = { resolve, reject })),
  );
  asked = true;
  let rows: R[];
  try {
    rows = await read('planned', counted && matchingSql.text);
  } catch (error) {
    counted?.reject(error);
    throw error;
  }
  if (counted) {
    const first = rows[0] as Record<string, unknown> | undefined;
    if (first) counted.resolve({ total: first[TOTAL_COLUMN] as number });
    else count(matchingSql).then(counted.resolve, counted.reject);
    for (const row of rows) delete (row as Record<string, unknown>)[TOTAL_COLUMN];
  }
  const { total: matches } = await matching;
  return { rows, meta: { total: matches, page: query.page, page_size: query.pageSize } };
}

/** `, (count) AS <TOTAL_COLUMN>` for a page's statement asked to count (see readPage). */
export const totalColumn = (count?: string) => (count ? `, (${count}) AS ${TOTAL_COLUMN}` : '');

/**
 * One page of the records matching `query`, and how many match in all. The page is found as its
 * records' places (`ctid`) in order, and each record is read back from its place, with the spec's
 * joins, for the page's records alone: no index is searched again for them, and nothing but the
 * places is carried through a sort of many matches. A place stays valid for the statement: its
 * one snapshot keeps every row version it sees. (Through an array, which PostgreSQL takes to hold
 * a few places whatever the page's size: a prepared statement's generic plan, which does not know
 * the size, still reads them one by one instead of reading the joined tables whole.)
 */
export function listPage<F extends string>(
  db: Queryable,
  spec: ListSpec<F>,
  query: PageQuery<F>,
  total: Total = uncached,
) {
  // A few records are read whole at once, counted as they are (`count(*) OVER ()`): for one
  // medication's interactions that costs PostgreSQL less than finding their places first, then
  // reading each again, and counting them apart.
  if (query.narrow && !query.q?.trim())
    return readPage(db, spec, query, total, 'row', (rows) => rows);
  const joins = Object.values(spec.joins ?? {}).join('\n');
  // A release's rows are read through views (../releases/scope.ts), which have no places: there
  // the page's records are found again by id, which the view's versions hold once each.
  const key = releaseInScope() === undefined ? 'ctid' : 'id';
  return readPage(
    db,
    spec,
    query,
    total,
    key,
    (places, count) => `SELECT ${spec.columns}${totalColumn(count)}
                FROM unnest(ARRAY(${places})) WITH ORDINALITY AS listed(listed_key, listed_order)
                JOIN ${spec.table} ON t.${key} = listed.listed_key
                ${joins}
               ORDER BY listed.listed_order`,
  );
}

/** A value written into SQL as a literal: an export's statement is declared with its values in it,
 * so PostgreSQL plans it for them (as a search's page is, see readPage). */
function literal(client: pg.PoolClient, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return client.escapeLiteral(value);
  if (Array.isArray(value)) return `ARRAY[${value.map((v) => literal(client, v)).join(', ')}]`;
  throw new Error(`No SQL literal for ${typeof value}`);
}

/**
 * Every record matching `query`, in order, as CSV with a header row (the spec's `csvColumns`),
 * written by the one CSV encoder (lib/csv.ts: every text quoted and made inert for spreadsheets,
 * numbers as numbers) from PostgreSQL's own texts of the values. Read through a cursor in one
 * read-only snapshot as the download is taken (lib/wholeStream.ts), so the server holds a batch
 * at a time whatever the list's size; a download counts against the export limits
 * (lib/exportLimits.ts), and its connection goes back when it ends, fails or is cut short.
 */
export function csvStream<F extends string>(db: pg.Pool, spec: ListSpec<F>, query: ListQuery<F>) {
  return streamFromCursor<(string | null)[]>(
    db,
    async (client) => {
      const params: unknown[] = [];
      const condition = where(spec, await withWordIds(client, spec, query), params);
      return `SELECT ${spec.csvColumns} FROM ${fromSql(spec)} WHERE ${condition}
               ORDER BY ${orderBy(spec, query.sort)}`.replace(/\$(\d+)/g, (_, n: string) =>
        literal(client, params[Number(n) - 1]),
      );
    },
    async function* csv(fetch) {
      let batch = await fetch();
      const columns = csvColumns(batch.fields);
      yield columns.header;
      while (batch.rows.length > 0) {
        yield columns.lines(batch.rows);
        batch = await fetch();
      }
    },
    // An export reads every row: planned for all of them.
    { raw: true, planForAll: true },
  );
}
