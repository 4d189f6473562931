import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import * as activity from '../repositories/activity';
import { defineRoute } from './define';

export default async function userRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, 'listUsers', async (request) => {
    const { q, page = 1, page_size: pageSize = 25, sort = 'name' } = request.query;
    return activity.listUsers(db, { q, page, pageSize, sort });
  });

  defineRoute(app, 'getUserSearchHistory', async (request) => {
    if (!(await activity.userExists(db, request.params.id))) throw notFound('User');
    return { data: await activity.searchHistory(db, request.params.id) };
  });
}
