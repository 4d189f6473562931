import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './accounts';
import ageCategoryRoutes from './age-categories';
import apiClientRoutes from './api-clients';
import auditRoutes from './audit';
import authRoutes from './auth';
import cdsHooksRoutes from './cds-hooks';
import classRuleRoutes from './class-rules';
import conditionRoutes from './conditions';
import dashboardRoutes from './dashboard';
import dataQualityRoutes from './data-quality';
import drugClassRoutes from './drug-classes';
import drugInteractionRoutes from './drug-interactions';
import drugRoutes from './drugs';
import fhirRoutes from './fhir';
import importRoutes from './import';
import ingredientRoutes from './ingredients';
import lifestyleContraindicationRoutes from './lifestyle-contraindications';
import lifestyleRoutes from './lifestyles';
import medicationRoutes from './medications';
import renalCategoryRoutes from './renal-categories';
import releaseRoutes from './releases';
import renalRuleRoutes from './renal-rules';
import reviewRoutes from './review';
import safetyCheckRoutes from './safety-check';
import sessionRoutes from './sessions';
import testPrescriptionRoutes from './test-prescriptions';
import userRoutes from './users';
import weightCategoryRoutes from './weight-categories';

/** One plugin per resource of the contract. */
export const routes: FastifyPluginAsync[] = [
  authRoutes,
  conditionRoutes,
  medicationRoutes,
  ageCategoryRoutes,
  weightCategoryRoutes,
  renalCategoryRoutes,
  renalRuleRoutes,
  drugInteractionRoutes,
  lifestyleRoutes,
  lifestyleContraindicationRoutes,
  drugClassRoutes,
  classRuleRoutes,
  ingredientRoutes,
  userRoutes,
  dashboardRoutes,
  drugRoutes,
  safetyCheckRoutes,
  dataQualityRoutes,
  sessionRoutes,
  accountRoutes,
  auditRoutes,
  testPrescriptionRoutes,
  releaseRoutes,
  reviewRoutes,
  fhirRoutes,
  apiClientRoutes,
  cdsHooksRoutes,
  importRoutes,
];
