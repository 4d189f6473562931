import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withCancellation } from '../db/cancellation';
import { inTransactionScope, type Queryable } from '../db/pool';
import {
  readTableVersions,
  versionOf,
  type TableVersions,
  type VersionedTable,
} from '../db/versions';
import { claimExport, watchReader, withinExport } from '../lib/exportLimits';
import { VersionedCache } from '../lib/versionedCache';
import { scopedCacheKey } from '../releases/scope';
import {
  csvStream,
  DEFAULT_PAGE_SIZE,
  listPage,
  type Filter,
  type Matches,
  type ListQuery,
  type ListSpec,
  type PageQuery,
  type Sort,
  type Total,
} from '../repositories/listing';
import { defineRoute } from './define';

/** A list operation's query: paging, search and order, its filters, and the CSV format. */
type ListQueryString<F extends string> = {
  q?: string;
  page?: number;
  page_size?: number;
  sort?: Sort<F>;
  format?: 'csv';
} & Record<string, unknown>;

/** The reference lists' GET operations, which all take the parameters above. */
export type ListOperationId =
  | 'listConditions'
  | 'listLifestyles'
  | 'listDrugs'
  | 'listAgeCategories'
  | 'listWeightCategories'
  | 'listDrugInteractions'
  | 'listMedications'
  | 'listDrugClasses'
  | 'listClassRules'
  | 'listIngredients'
  | 'listRenalCategories';

export interface ListOperation<F extends string> {
  spec: ListSpec<F>;
  /** The CSV's file name, without the date and extension. */
  filename: string;
  /** Each filter by its query parameter (the contract declares them). */
  filters?: Record<string, (value: unknown) => Filter>;
  /** The filters that leave a few records whatever the list's size (PageQuery's `narrow`). */
  narrowFilters?: readonly string[];
  /** The whole list, as other clients have always had it (cached, with no parameter). */
  whole: (reply: FastifyReply) => Promise<FastifyReply>;
  /** Every table a page's records read, when `page` reads more than the spec's tables. */
  pageTables?: readonly VersionedTable[];
  /** One page, for lists whose records take more than one statement to read. */
  page?: (
    db: Queryable,
    query: PageQuery<F>,
    total: Total,
  ) => Promise<{ rows: unknown[]; meta: { total: number; page: number; page_size: number } }>;
}

const PAGING = ['q', 'page', 'page_size', 'sort'];
/** How many numbers a list keeps of its totals and the ids a few matches are (see Matches): the
 * searches and filters asked for most recently, in at most a few megabytes. */
const MATCHES_KEPT = 500_000;
/** How many bytes of serialised pages the server keeps, over every list. */
const PAGE_BYTES_KEPT = 32 * 1024 * 1024;

/** The serialised pages of every list of a server, by list and query (see defineListRoute). */
const pageCaches = new WeakMap<FastifyInstance['server'], VersionedCache<Buffer>>();

/**
 * The tables' versions as a request reads them: with its session (findSession), or read now.
 * Inside an impact preview, none: nothing read there is kept, as the data is about to be rolled
 * back.
 */
export async function versionsOf(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<TableVersions | undefined> {
  if (inTransactionScope()) return undefined;
  return request.session?.data_versions ?? (await readTableVersions(app.db));
}

/**
 * Sends `csv` (read as it is sent) as a download named `<filename>-<today>.csv`, never cached.
 * A download counts against the export limits from here on (claimExport: whoever reads a large
 * answer before sending it claims it before reading, as it throws a 429 when they are full), and
 * a reader that stops taking it is dropped after a while (watchReader).
 * The contract's text/csv answer is the file's text, which the reply's typed `send` does not take
 * as a stream: hence the plain FastifyReply.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: Readable): FastifyReply {
  claimExport(reply);
  watchReader(reply);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** A signal that aborts when the client goes away before its answer has been sent. */
function untilClientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  // The client may have gone already, while its request waited for its session check.
  if (reply.raw.destroyed && !reply.raw.writableFinished) controller.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Registers a reference list's GET: with no parameter, the whole list as before; with `q`, `page`,
 * `page_size`, `sort` or a filter, one page and the number of matches (`{ data, meta }`); with
 * `format=csv`, every match as a CSV download streamed from the database.
 */
export function defineListRoute<F extends string>(
  app: FastifyInstance,
  operationId: ListOperationId,
  operation: ListOperation<F>,
) {
  const { db } = app;
  const filterNames = Object.keys(operation.filters ?? {});
  // Totals (and a search's few matches) by search and filters: paging through a million
  // interactions counts them once, not on every page, and any write to the list's tables makes it
  // count again.
  const totals = new VersionedCache<Matches>(
    MATCHES_KEPT,
    (matches) => 1 + (matches.ids?.length ?? 0),
    { cancellable: true },
  );
  // Pages as sent, by their parameters: a page asked for again before any write to the list's
  // tables is sent as it was serialised, without reading it again.
  let pages = pageCaches.get(app.server);
  if (!pages) {
    pages = new VersionedCache<Buffer>(PAGE_BYTES_KEPT, (body) => body.length, {
      cancellable: true,
    });
    pageCaches.set(app.server, pages);
  }

  function listQuery(query: ListQueryString<F>): ListQuery<F> {
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

  defineRoute(app, operationId, async (request, reply) => {
    // One handler serves the seven list operations, whose queries differ only in their sort
    // fields and filters (already validated against the contract): read the common shape.
    const query = request.query as ListQueryString<F>;
    // A CSV, and a whole list too large to keep (streamed from a cursor), are downloads: they
    // count against the export limits (../lib/exportLimits.ts) as their stream opens.
    if (query.format === 'csv') {
      const csv = await withinExport(reply, () => csvStream(db, operation.spec, listQuery(query)));
      return sendCsv(reply, operation.filename, csv);
    }
    if (![...PAGING, ...filterNames].some((name) => query[name] !== undefined)) {
      return withinExport(reply, () => operation.whole(reply));
    }
    const pageQuery: PageQuery<F> = {
      ...listQuery(query),
      page: query.page ?? 1,
      pageSize: query.page_size ?? DEFAULT_PAGE_SIZE,
      narrow: operation.narrowFilters?.some((name) => query[name] !== undefined),
    };
    const versions = await versionsOf(app, request);
    const total: Total = (key, count) =>
      versions
        ? totals.get(scopedCacheKey(key), versionOf(versions, operation.spec.tables), count)
        : count();
    const read = async () => {
      const { rows, meta } = await (operation.page
        ? operation.page(db, pageQuery, total)
        : listPage(db, operation.spec, pageQuery, total));
      return Buffer.from(reply.serialize({ data: rows, meta }) as string);
    };
    const key = scopedCacheKey(
      JSON.stringify([operationId, ...[...PAGING, ...filterNames].map((n) => query[n])]),
    );
    const page = () =>
      versions
        ? pages.get(key, versionOf(versions, operation.pageTables ?? operation.spec.tables), read)
        : read();
    // A search's page nobody waits for any more (its client has gone: the search has another
    // letter by now) is not read on: PostgreSQL cancels its statements. A search's first letters
    // match much of a large table and are slow to read; pages without one are quick, and are
    // spared the cost of a cancellation scope.
    const body = await (query.q?.trim() ? withCancellation(untilClientGone(reply), page) : page());
    // Already serialised by the contract's response schema (above): sent as it is.
    const serialised: FastifyReply = reply;
    return serialised.type('application/json; charset=utf-8').send(body);
  });
}
