import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../audit/record';
import { conflict, notFound } from '../errors';
import * as conditions from '../repositories/conditions';
import { defineRoute } from './define';
import { listCache } from './listCache';
import { defineListRoute } from './lists';
import { deleteUnlessUsed, stillUsed, type GuardedDelete } from './usage';

type IdParams = FastifyRequest<{ Params: { id: number } }>;
type Body<T> = FastifyRequest<{ Body: T }>;
type ConditionBody = { id: number; name: string; description?: string | null };

const CONDITION_DELETE: GuardedDelete = {
  lock: conditions.lockCondition,
  usedBy: conditions.medicationsUsingCondition,
  remove: conditions.deleteCondition,
};

async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict('A condition with this name already exists.');
    throw error;
  }
}

export default async function conditionRoutes(app: FastifyInstance) {
  const { db } = app;

  const cached = listCache(app);

  defineListRoute(app, 'listConditions', {
    spec: conditions.CONDITION_LIST,
    filename: 'conditions',
    whole: (reply) =>
      cached(reply, 'conditions', ['conditions'], () => conditions.listConditions(db)),
  });

  defineRoute(app, 'getCondition', async (request: IdParams) => {
    const row = await conditions.getCondition(db, request.params.id);
    if (!row) throw notFound('Condition');
    return { data: row };
  });

  defineRoute(app, 'createCondition', async (request: Body<ConditionBody>, reply) => {
    const row = await audited(
      request,
      { entity: 'condition', action: 'create', idOf: (created: { id: number }) => created.id },
      (tx) =>
        uniqueName(
          conditions.insertCondition(tx, { ...request.body, name: request.body.name.trim() }),
        ),
    );
    return reply.status(201).send({ data: row, message: 'Condition created successfully' });
  });

  defineRoute(app, 'updateCondition', async (request: Body<ConditionBody>) => {
    const { id, ...input } = request.body;
    const row = await audited(request, { entity: 'condition', action: 'update', id }, (tx) =>
      uniqueName(conditions.updateCondition(tx, id, { ...input, name: input.name.trim() })),
    );
    if (!row) throw notFound('Condition');
    return { data: row, message: 'Condition updated successfully' };
  });

  defineRoute(app, 'deleteCondition', async (request: IdParams) => {
    const { id } = request.params;
    const deleted = await audited(request, { entity: 'condition', action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, CONDITION_DELETE, id, (users) => stillUsed('This condition', users)),
    );
    if (!deleted) throw notFound('Condition');
    return { message: 'Condition deleted successfully' };
  });
}
