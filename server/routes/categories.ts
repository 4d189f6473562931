import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkRanges, notFound } from '../errors';
import type { CategoryInput, CategoryRepository } from '../repositories/categories';
import { defineRoute } from './define';
import { listCache } from './listCache';
import { deleteUnlessUsed, stillUsed } from './usage';

type IdParams = FastifyRequest<{ Params: { id: number } }>;
type Body = FastifyRequest<{ Body: CategoryInput & { id: number } }>;

/** The five operations of a category resource; age-categories.ts and weight-categories.ts name them. */
export function registerCategoryRoutes(
  app: FastifyInstance,
  repo: CategoryRepository,
  names: {
    label: string;
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

  defineRoute(app, names.list, (_request, reply) =>
    cached(reply, names.list, [repo.table], () => repo.list(db)),
  );

  defineRoute(app, names.get, async (request: IdParams) => {
    const row = await repo.get(db, request.params.id);
    if (!row) throw missing();
    return { data: row };
  });

  defineRoute(app, names.create, async (request: Body, reply) => {
    checkRanges(request.body, [names.range]);
    const row = await repo.insert(db, request.body);
    return reply.status(201).send({ data: row, message: `${names.label} created successfully` });
  });

  defineRoute(app, names.update, async (request: Body) => {
    checkRanges(request.body, [names.range]);
    const row = await repo.update(db, request.body.id, request.body);
    if (!row) throw missing();
    return { data: row, message: `${names.label} updated successfully` };
  });

  defineRoute(app, names.remove, async (request: IdParams) => {
    const deleted = await deleteUnlessUsed(db, repo, request.params.id, (users) =>
      stillUsed(`This ${names.label.toLowerCase()}`, users, 'the dosages of'),
    );
    if (!deleted) throw missing();
    return { message: `${names.label} deleted successfully` };
  });
}
