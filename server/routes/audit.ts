import type { FastifyInstance } from 'fastify';
import { revertEntry } from '../audit/revert';
import { notFound } from '../errors';
import { getEntry } from '../repositories/audit/entries';
import { listEntries } from '../repositories/audit/search';
import { defineRoute } from './define';

/** The change history: read it, and undo one entry. */
export default async function auditRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, 'listAuditEntries', async (request) => {
    const { page = 1, page_size: pageSize = 25, sort = '-at', ...filters } = request.query;
    const { rows, total, totalIsEstimate, hasMore } = await listEntries(db, {
      ...filters,
      page,
      pageSize,
      sort,
    });
    return {
      data: rows,
      meta: {
        total,
        total_is_estimate: totalIsEstimate,
        has_more: hasMore,
        page,
        page_size: pageSize,
      },
    };
  });

  defineRoute(app, 'getAuditEntry', async (request) => {
    const entry = await getEntry(db, request.params.id);
    if (!entry) throw notFound('History entry');
    const { effect: _effect, ...data } = entry;
    return { data };
  });

  defineRoute(app, 'revertAuditEntry', async (request, reply) => {
    const data = await revertEntry(request, request.params.id);
    return reply.status(201).send({ data, message: 'Change reverted' });
  });
}
