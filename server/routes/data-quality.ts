import type { FastifyInstance } from 'fastify';
import { dataQualityFindings } from '../domain/data-quality';
import { loadDataQuality } from '../repositories/data-quality';
import { defineRoute } from './define';

/** GET /data-quality: the rules are in ../domain/data-quality.ts, the SQL in ../repositories/. */
export default async function dataQualityRoutes(app: FastifyInstance) {
  defineRoute(app, 'getDataQuality', async () => ({
    data: dataQualityFindings(await loadDataQuality(app.db)),
  }));
}
