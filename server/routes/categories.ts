import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { checkRanges, notFound } from '../errors';
import type { AuditEntity } from '../repositories/audit/records';
import type { CategoryRepository } from '../repositories/categories';
import { defineRoute, type SuccessReply } from './define';
import { listCache } from '../lib/listCache';
import { deleteUnlessUsed, stillUsed } from '../lib/usage';
import { defineListRoute } from './lists';

/**
 * The five operations of a category resource; age-categories.ts, weight-categories.ts and
 * renal-categories.ts name them.
 * Each handler serves an age and a weight operation, so TypeScript pairs either kind's row with
 * either operation's answer (hence the `as SuccessReply`): `repo` and `names` come from one
 * resource, so they match.
 */
export function registerCategoryRoutes(
  app: FastifyInstance,
  repo: CategoryRepository,
  names: {
    label: string;
    entity: AuditEntity;
    list: 'listAgeCategories' | 'listWeightCategories' | 'listRenalCategories';
    get: 'getAgeCategory' | 'getWeightCategory' | 'getRenalCategory';
    create: 'createAgeCategory' | 'createWeightCategory' | 'createRenalCategory';
    update: 'updateAgeCategory' | 'updateWeightCategory' | 'updateRenalCategory';
    remove: 'deleteAgeCategory' | 'deleteWeightCategory' | 'deleteRenalCategory';
    /** The [minimum, maximum] field pairs a write must keep in order. */
    ranges: [string, string][];
    /** What keeps a category from being deleted, as its 409 names it (default: dosages). */
    rules?: string;
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

  defineRoute(app, names.get, async (request) => {
    const row = await repo.get(db, request.params.id);
    if (!row) throw missing();
    return { data: row } as SuccessReply<typeof names.get>;
  });

  defineRoute(app, names.create, async (request, reply) => {
    checkRanges(request.body, names.ranges);
    const row = await auditedStatement(request, names.entity, (tx) =>
      repo.insert(tx, request.body),
    );
    return reply.status(201).send({
      data: row,
      message: `${names.label} created successfully`,
    } as SuccessReply<typeof names.create>);
  });

  defineRoute(app, names.update, async (request) => {
    checkRanges(request.body, names.ranges);
    const { id } = request.body;
    const row = await auditedStatement(request, names.entity, (tx) =>
      repo.update(tx, id, request.body),
    );
    if (!row) throw missing();
    return {
      data: row,
      message: `${names.label} updated successfully`,
    } as SuccessReply<typeof names.update>;
  });

  defineRoute(app, names.remove, async (request) => {
    const { id } = request.params;
    const deleted = await audited(request, { entity: names.entity, action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, repo, id, (users) =>
        stillUsed(`This ${names.label.toLowerCase()}`, users, names.rules ?? 'the dosages of'),
      ),
    );
    if (!deleted) throw missing();
    return { message: `${names.label} deleted successfully` };
  });
}
