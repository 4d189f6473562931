import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { inTransactionScope, type Queryable } from '../db/pool';
import { readTableVersions } from '../db/versions';
import {
  csvStream,
  DEFAULT_PAGE_SIZE,
  listPage,
  type Filter,
  type ListQuery,
  type ListSpec,
  type PageQuery,
  type Sort,
  type Total,
} from '../repositories/listing';
import { defineRoute } from './define';

/** A list operation's query: paging, search and order, its filters, and the CSV format. */
type ListRequest<F extends string> = FastifyRequest<{
  Querystring: {
    q?: string;
    page?: number;
    page_size?: number;
    sort?: Sort<F>;
    format?: 'csv';
  } & Record<string, unknown>;
}>;

export interface ListOperation<F extends string> {
  spec: ListSpec<F>;
  /** The CSV's file name, without the date and extension. */
  filename: string;
  /** Each filter by its query parameter (the contract declares them). */
  filters?: Record<string, (value: unknown) => Filter>;
  /** The whole list, as other clients have always had it (cached, with no parameter). */
  whole: (reply: FastifyReply) => Promise<unknown>;
  /** One page, for lists whose records take more than one statement to read. */
  page?: (
    db: Queryable,
    query: PageQuery<F>,
    total: Total,
  ) => Promise<{ rows: unknown[]; meta: { total: number; page: number; page_size: number } }>;
}

const PAGING = ['q', 'page', 'page_size', 'sort'];
/** How many totals a list keeps: the searches and filters asked for most recently. */
const TOTALS_KEPT = 500;

/**
 * Totals by search and filters, each good while the list's tables keep their versions (the
 * session's, read with it; see listCache): paging through a million interactions counts them
 * once, not on every page, and any write to the list's tables makes it count again.
 */
function totalsCache(app: FastifyInstance, tables: ListSpec<string>['tables']) {
  const totals = new Map<string, { version: bigint; total: Promise<number> }>();
  return (request: FastifyRequest): Total =>
    async (key, count) => {
      if (inTransactionScope()) return count();
      const versions = request.session?.data_versions ?? (await readTableVersions(app.db));
      const version = tables.reduce((sum, table) => sum + BigInt(versions[table]), 0n);
      const known = totals.get(key);
      if (known && known.version >= version) return known.total; // a newer count serves too
      const entry = { version, total: count() };
      entry.total.catch(() => {
        if (totals.get(key) === entry) totals.delete(key); // a failed count is not kept
      });
      totals.delete(key); // kept in the order last counted: the oldest goes first
      totals.set(key, entry);
      if (totals.size > TOTALS_KEPT) totals.delete(totals.keys().next().value as string);
      return entry.total;
    };
}

/**
 * Registers a reference list's GET: with no parameter, the whole list as before; with `q`, `page`,
 * `page_size`, `sort` or a filter, one page and the number of matches (`{ data, meta }`); with
 * `format=csv`, every match as a CSV download streamed from the database.
 */
export function defineListRoute<F extends string>(
  app: FastifyInstance,
  operationId: string,
  operation: ListOperation<F>,
) {
  const { db } = app;
  const filterNames = Object.keys(operation.filters ?? {});
  const totals = totalsCache(app, operation.spec.tables);

  function listQuery(query: ListRequest<F>['query']): ListQuery<F> {
    return {
      q: query.q,
      sort: query.sort,
      filters: filterNames
        .filter((name) => query[name] !== undefined)
        .map((name) =>
          (operation.filters as Record<string, (value: unknown) => Filter>)[name](query[name]),
        ),
    };
  }

  defineRoute(app, operationId, async (request: ListRequest<F>, reply) => {
    const { query } = request;
    if (query.format === 'csv') {
      const stream = await csvStream(db, operation.spec, listQuery(query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${operation.filename}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    }
    if (![...PAGING, ...filterNames].some((name) => query[name] !== undefined)) {
      return operation.whole(reply);
    }
    const pageQuery: PageQuery<F> = {
      ...listQuery(query),
      page: query.page ?? 1,
      pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
    };
    const total = totals(request);
    const { rows, meta } = await (operation.page
      ? operation.page(db, pageQuery, total)
      : listPage(db, operation.spec, pageQuery, total));
    return { data: rows, meta };
  });
}
