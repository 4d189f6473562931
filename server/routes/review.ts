import type { FastifyInstance } from 'fastify';
import { approve, pendingChanges, reject } from '../releases/review';
import { defineRoute } from './define';

/** Review: the draft's pending changes, and approving or rejecting one (../releases/review.ts). */
export default async function reviewRoutes(app: FastifyInstance) {
  defineRoute(app, 'listPendingChanges', async () => ({ data: await pendingChanges(app.db) }));

  defineRoute(app, 'approveChange', async (request) => {
    const { entity, entity_id: id, comment } = request.body;
    return {
      data: await approve(request, entity, id, comment?.trim() ?? ''),
      message: 'Change approved',
    };
  });

  defineRoute(app, 'rejectChange', async (request) => {
    const { entity, entity_id: id, comment } = request.body;
    await reject(request, entity, id, comment?.trim() ?? '');
    return { message: 'Change rejected: the record has the release values again' };
  });
}
