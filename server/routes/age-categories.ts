import type { FastifyInstance } from 'fastify';
import { ageCategories } from '../repositories/categories';
import { registerCategoryRoutes } from './categories';

export default async function ageCategoryRoutes(app: FastifyInstance) {
  registerCategoryRoutes(app, ageCategories, {
    label: 'Age category',
    entity: 'age_category',
    list: 'listAgeCategories',
    get: 'getAgeCategory',
    create: 'createAgeCategory',
    update: 'updateAgeCategory',
    remove: 'deleteAgeCategory',
    ranges: [['minimum_age', 'maximum_age']],
  });
}
