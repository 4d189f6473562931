import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VERSIONED_TABLES, versionOf } from '../db/versions';
import { dataQualityFindings } from '../domain/data-quality';
import { DataQualityReport } from '../domain/data-quality-report';
import { VersionedCache } from '../lib/versionedCache';
import { DEFAULT_PAGE_SIZE } from '../repositories/listing';
import { loadDataQuality } from '../repositories/data-quality';
import { defineRoute } from './define';
import { sendJsonStream } from '../lib/pacedStream';
import { sendCsv, versionsOf } from './lists';

/** Every table the report reads (all the reference data but the drugs): a write to any of them
 * may change it. */
const REPORT_TABLES = VERSIONED_TABLES.filter((table) => table !== 'drugs');

/** The parameters that ask for one page rather than the whole report. */
const PAGING = ['q', 'severity', 'kind', 'sort', 'page', 'page_size'] as const;

/**
 * GET /data-quality (whole, one page, or CSV), and its counts at GET /data-quality/summary. The
 * rules are in ../domain/data-quality.ts, the SQL in ../repositories/. Over a large catalogue the
 * report runs to hundreds of thousands of findings and is slow to work out, so it is worked
 * out once for each state of the reference data and kept (only the newest), and every page,
 * search, CSV and summary is served from it.
 */
export default async function dataQualityRoutes(app: FastifyInstance) {
  const reports = new VersionedCache<DataQualityReport>(1);

  async function report(request: FastifyRequest): Promise<DataQualityReport> {
    const read = async () =>
      new DataQualityReport(dataQualityFindings(await loadDataQuality(app.db)));
    const versions = await versionsOf(app, request);
    return versions ? reports.get('report', versionOf(versions, REPORT_TABLES), read) : read();
  }

  defineRoute(app, 'getDataQuality', async (request, reply) => {
    const { query } = request;
    const found = await report(request);
    if (query.format === 'csv') return sendCsv(reply, 'data-quality', found.csv(query));
    if (!PAGING.some((name) => query[name] !== undefined)) {
      return sendJsonStream(
        reply,
        found.json((answer) => reply.serialize(answer) as string),
      );
    }
    return found.page(query, query.page ?? 1, query.page_size ?? DEFAULT_PAGE_SIZE);
  });

  defineRoute(app, 'getDataQualitySummary', async (request) => ({
    data: (await report(request)).summary,
  }));
}
