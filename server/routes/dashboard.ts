import type { FastifyInstance } from 'fastify';
import { dashboardStats } from '../repositories/activity';
import { defineRoute } from './define';

export default async function dashboardRoutes(app: FastifyInstance) {
  defineRoute(app, 'getDashboardStats', async () => ({ data: await dashboardStats(app.db) }));
}
