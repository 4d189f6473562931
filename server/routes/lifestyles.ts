import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { conflict, notFound } from '../errors';
import * as lifestyles from '../repositories/lifestyles';
import { defineRoute } from './define';
import { listCache } from '../lib/listCache';
import { isUniqueViolation } from '../lib/pgErrors';
import { deleteUnlessUsed, stillUsed, type GuardedDelete } from '../lib/usage';
import { defineListRoute } from './lists';

const LIFESTYLE_DELETE: GuardedDelete = {
  lock: lifestyles.lockLifestyle,
  usedBy: lifestyles.medicationsUsingLifestyle,
  remove: lifestyles.deleteLifestyle,
};

async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A lifestyle with this name already exists.');
    throw error;
  }
}

export default async function lifestyleRoutes(app: FastifyInstance) {
  const { db } = app;

  const cached = listCache(app);

  defineListRoute(app, 'listLifestyles', {
    spec: lifestyles.LIFESTYLE_LIST,
    filename: 'lifestyles',
    whole: (reply) =>
      cached(reply, 'lifestyles', ['lifestyles'], () => lifestyles.listLifestyles(db)),
  });

  defineRoute(app, 'getLifestyle', async (request) => {
    const row = await lifestyles.getLifestyle(db, request.params.id);
    if (!row) throw notFound('Lifestyle');
    return { data: row };
  });

  defineRoute(app, 'createLifestyle', async (request, reply) => {
    const row = await auditedStatement(request, 'lifestyle', (tx) =>
      uniqueName(lifestyles.insertLifestyle(tx, request.body.name.trim())),
    );
    return reply.status(201).send({ data: row, message: 'Lifestyle added successfully' });
  });

  defineRoute(app, 'updateLifestyle', async (request) => {
    const { id, name } = request.body;
    const row = await auditedStatement(request, 'lifestyle', (tx) =>
      uniqueName(lifestyles.updateLifestyle(tx, id, name.trim())),
    );
    if (!row) throw notFound('Lifestyle');
    return { data: row, message: 'Lifestyle updated successfully' };
  });

  defineRoute(app, 'deleteLifestyle', async (request) => {
    const { id } = request.body;
    const deleted = await audited(request, { entity: 'lifestyle', action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, LIFESTYLE_DELETE, id, (users) =>
        stillUsed('This lifestyle', users, 'the lifestyle contraindications of'),
      ),
    );
    if (!deleted) throw notFound('Lifestyle');
    return { message: 'Lifestyle deleted successfully' };
  });
}
