import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import * as activity from '../repositories/activity';
import { defineRoute } from './define';

export default async function userRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(
    app,
    'listUsers',
    async (
      request: FastifyRequest<{
        Querystring: { q?: string; page?: number; page_size?: number; sort?: activity.UserSort };
      }>,
    ) => {
      const { q, page = 1, page_size: pageSize = 25, sort = 'name' } = request.query;
      return activity.listUsers(db, { q, page, pageSize, sort });
    },
  );

  defineRoute(
    app,
    'getUserSearchHistory',
    async (request: FastifyRequest<{ Params: { id: number } }>) => {
      if (!(await activity.userExists(db, request.params.id))) throw notFound('User');
      return { data: await activity.searchHistory(db, request.params.id) };
    },
  );
}
