import type { FastifyInstance } from 'fastify';
import { renalCategories } from '../repositories/categories';
import { registerCategoryRoutes } from './categories';

export default async function renalCategoryRoutes(app: FastifyInstance) {
  registerCategoryRoutes(app, renalCategories, {
    label: 'Renal function category',
    entity: 'renal_category',
    list: 'listRenalCategories',
    get: 'getRenalCategory',
    create: 'createRenalCategory',
    update: 'updateRenalCategory',
    remove: 'deleteRenalCategory',
    ranges: [['minimum_egfr', 'maximum_egfr']],
    rules: 'the renal rules of',
  });
}
