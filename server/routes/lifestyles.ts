import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { notFound } from '../errors';
import * as lifestyles from '../repositories/lifestyles';
import { defineRoute } from './define';
import { deleteUnlessUsed, stillUsed } from '../lib/usage';
import { defineNamedReads, uniqueName } from './namedRecords';

export default async function lifestyleRoutes(app: FastifyInstance) {
  defineNamedReads(app, 'Lifestyle', lifestyles.LIFESTYLE_READS);

  defineRoute(app, 'createLifestyle', async (request, reply) => {
    const row = await auditedStatement(request, 'lifestyle', (tx) =>
      uniqueName('Lifestyle', lifestyles.insertLifestyle(tx, request.body.name.trim())),
    );
    return reply.status(201).send({ data: row, message: 'Lifestyle added successfully' });
  });

  defineRoute(app, 'updateLifestyle', async (request) => {
    const { id, name } = request.body;
    const row = await auditedStatement(request, 'lifestyle', (tx) =>
      uniqueName('Lifestyle', lifestyles.updateLifestyle(tx, id, name.trim())),
    );
    if (!row) throw notFound('Lifestyle');
    return { data: row, message: 'Lifestyle updated successfully' };
  });

  defineRoute(app, 'deleteLifestyle', async (request) => {
    const { id } = request.body;
    const deleted = await audited(request, { entity: 'lifestyle', action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, lifestyles.LIFESTYLE_DELETE, id, (users) =>
        stillUsed('This lifestyle', users, 'the lifestyle contraindications of'),
      ),
    );
    if (!deleted) throw notFound('Lifestyle');
    return { message: 'Lifestyle deleted successfully' };
  });
}
