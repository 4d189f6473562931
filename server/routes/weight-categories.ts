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
    ranges: [
      ['minimum_weight', 'maximum_weight'],
      ['minimum_age_years', 'maximum_age_years'],
    ],
  });
}
