import type { FastifyInstance } from 'fastify';
import { weightCategories } from '../repositories/categories';
import { registerCategoryRoutes } from './categories';

export default async function weightCategoryRoutes(app: FastifyInstance) {
  registerCategoryRoutes(app, weightCategories, {
    label: 'Weight category',
    entity: 'weight_category',
    list: 'listWeightCategories',
    get: 'getWeightCategory',
    create: 'createWeightCategory',
    update: 'updateWeightCategory',
    remove: 'deleteWeightCategory',
    range: ['minimum_weight', 'maximum_weight'],
  });
}
