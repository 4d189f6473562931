import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../audit/record';
import { conflict, notFound } from '../errors';
import * as lifestyles from '../repositories/lifestyles';
import { defineRoute } from './define';
import { listCache } from './listCache';
import { defineListRoute } from './lists';
import { deleteUnlessUsed, stillUsed, type GuardedDelete } from './usage';

type Body<T> = FastifyRequest<{ Body: T }>;

const LIFESTYLE_DELETE: GuardedDelete = {
  lock: lifestyles.lockLifestyle,
  usedBy: lifestyles.medicationsUsingLifestyle,
  remove: lifestyles.deleteLifestyle,
};

async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict('A lifestyle with this name already exists.');
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

  defineRoute(app, 'getLifestyle', async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const row = await lifestyles.getLifestyle(db, request.params.id);
    if (!row) throw notFound('Lifestyle');
    return { data: row };
  });

  defineRoute(app, 'createLifestyle', async (request: Body<{ name: string }>, reply) => {
    const row = await audited(
      request,
      { entity: 'lifestyle', action: 'create', idOf: (created: { id: number }) => created.id },
      (tx) => uniqueName(lifestyles.insertLifestyle(tx, request.body.name.trim())),
    );
    return reply.status(201).send({ data: row, message: 'Lifestyle added successfully' });
  });

  defineRoute(app, 'updateLifestyle', async (request: Body<{ id: number; name: string }>) => {
    const { id, name } = request.body;
    const row = await audited(request, { entity: 'lifestyle', action: 'update', id }, (tx) =>
      uniqueName(lifestyles.updateLifestyle(tx, id, name.trim())),
    );
    if (!row) throw notFound('Lifestyle');
    return { data: row, message: 'Lifestyle updated successfully' };
  });

  defineRoute(app, 'deleteLifestyle', async (request: Body<{ id: number }>) => {
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
