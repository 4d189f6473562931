import type { FastifyInstance } from 'fastify';
import type { Schema } from '../contract';
import { VERSIONED_TABLES } from '../db/versions';
import { dataQualityFindings } from '../domain/data-quality';
import { listCache } from '../lib/listCache';
import { loadDataQuality } from '../repositories/data-quality';
import { defineRoute } from './define';

/** Every table the report reads (all the reference data but the drugs): a write to any of them
 * may change it. */
const REPORT_TABLES = VERSIONED_TABLES.filter((table) => table !== 'drugs');

type Summary = Schema<'DataQualitySummary'>;

/**
 * GET /data-quality, and its counts at GET /data-quality/summary. The rules are in
 * ../domain/data-quality.ts, the SQL in ../repositories/. Over a large catalogue the report runs to
 * hundreds of thousands of findings and takes seconds to work out, so the summary (which the
 * dashboard asks on every visit) is kept, serialised, until the reference data changes.
 */
export default async function dataQualityRoutes(app: FastifyInstance) {
  const findings = async () => dataQualityFindings(await loadDataQuality(app.db));
  const cached = listCache(app);

  async function summarise(): Promise<Summary> {
    const all = await findings();
    const summary: Summary = { total: all.length, error: 0, warning: 0, info: 0 };
    for (const finding of all) summary[finding.severity] += 1;
    return summary;
  }

  defineRoute(app, 'getDataQuality', async () => ({ data: await findings() }));

  defineRoute(app, 'getDataQualitySummary', (_request, reply) =>
    cached(reply, 'data-quality-summary', REPORT_TABLES, summarise),
  );
}
