import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../audit/record';
import { checkRanges, notFound } from '../errors';
import type { AuditEntity } from '../repositories/audit';
import type { CategoryInput, CategoryRepository } from '../repositories/categories';
import { defineRoute } from './define';
import { listCache } from './listCache';
import { defineListRoute } from './lists';
import { deleteUnlessUsed, stillUsed } from './usage';

type IdParams = FastifyRequest<{ Params: { id: number } }>;
type Body = FastifyRequest<{ Body: CategoryInput & { id: number } }>;

/** The five operations of a category resource; age-categories.ts and weight-categories.ts name them. */
export function registerCategoryRoutes(
  app: FastifyInstance,
  repo: CategoryRepository,
  names: {
    label: string;
    entity: AuditEntity;
    list: string;
    get: string;
    create: string;
    update: string;
    remove: string;
    range: [string, string];
  },
) {
  const { db } = app;
  const missing = () => notFound(names.label);

  const cached = listCache(app);

  defineListRoute(app, names.list, {
    spec: repo.listSpec,
    filename: repo.table.replace('_', '-'),
    whole: (reply) => cached(reply, names.list, [repo.table], () => repo.list(db)),
  });

  defineRoute(app, names.get, async (request: IdParams) => {
    const row = await repo.get(db, request.params.id);
    if (!row) throw missing();
    return { data: row };
  });

  defineRoute(app, names.create, async (request: Body, reply) => {
    checkRanges(request.body, [names.range]);
    const row = await audited(
      request,
      { entity: names.entity, action: 'create', idOf: (created: { id: number }) => created.id },
      (tx) => repo.insert(tx, request.body),
    );
    return reply.status(201).send({ data: row, message: `${names.label} created successfully` });
  });

  defineRoute(app, names.update, async (request: Body) => {
    checkRanges(request.body, [names.range]);
    const { id } = request.body;
    const row = await audited(request, { entity: names.entity, action: 'update', id }, (tx) =>
      repo.update(tx, id, request.body),
    );
    if (!row) throw missing();
    return { data: row, message: `${names.label} updated successfully` };
  });

  defineRoute(app, names.remove, async (request: IdParams) => {
    const { id } = request.params;
    const deleted = await audited(request, { entity: names.entity, action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, repo, id, (users) =>
        stillUsed(`This ${names.label.toLowerCase()}`, users, 'the dosages of'),
      ),
    );
    if (!deleted) throw missing();
    return { message: `${names.label} deleted successfully` };
  });
}
