import {
  allOperationIds,
  contractProblems,
  errorFields,
  errorMessage,
  operationFor,
} from '../test/contract';
import { createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * Every operation needs a happy path, a validation failure, a missing token and an
 * unknown id. The happy paths live in each resource's own test file; this table holds, for every
 * operation of the contract, the other three, so none can be forgotten: the first test fails
 * when an operation has no row. Each case must leave every table as it was.
 */
const UNKNOWN = 2147483000;
/** A release number the contract accepts (at most nine digits) that names no release. */
const UNKNOWN_RELEASE = 999999999;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** JSON, or a text sent as `contentType` (a CSV file). */
  body?: object | string;
  contentType?: string;
}
interface Cases {
  /** A request the contract refuses: 422 naming `field`. */
  invalid?: Call & { field: string };
  /** A well-formed request naming a record that does not exist: its status. */
  unknown?: Call & { status: 404 | 422 };
  /** The token-free request, when neither of the above (an operation without input). */
  plain?: Call;
  /** Open without a token (register, login, password reset). */
  isPublic?: true;
  /** A FHIR operation: an invalid request is a 400, and errors are OperationOutcomes. */
  fhir?: true;
  /** Called by an EHR with an API client's secret (CDS Hooks), not a session's token. */
  asClient?: true;
}

const get = (url: string): Call => ({ method: 'GET', url });
const del = (url: string): Call => ({ method: 'DELETE', url });
const byPath = (path: string) => ({
  invalid: { ...get(`${path}/abc`), field: 'id' },
  unknown: { ...get(`${path}/${UNKNOWN}`), status: 404 as const },
});
const deleteByPath = (path: string) => ({
  invalid: { ...del(`${path}/abc`), field: 'id' },
  unknown: { ...del(`${path}/${UNKNOWN}`), status: 404 as const },
});
/** A FHIR resource type's search and read. */
const fhirType = (type: string): Record<string, Cases> => ({
  [`fhirSearch${type}`]: {
    fhir: true,
    invalid: { ...get(`/fhir/r4/${type}?_count=501`), field: '_count' },
    unknown: { ...get(`/fhir/r4/${type}?release=${UNKNOWN_RELEASE}`), status: 404 },
  },
  [`fhirRead${type}`]: {
    fhir: true,
    invalid: { ...get(`/fhir/r4/${type}/a_b`), field: 'id' },
    unknown: { ...get(`/fhir/r4/${type}/${UNKNOWN}`), status: 404 },
  },
});
const dosage = {
  min_dosage: 1,
  max_dosage: 2,
  dosage_unit: 'mg',
  min_frequency: 1,
  max_frequency: 2,
  frequency_unit: 'hours',
  min_duration: 1,
  max_duration: 2,
  duration_unit: 'days',
};
const { dosage_unit: _unit, ...dosageWithoutUnit } = dosage;
const ageCategory = { minimum_age: 1, maximum_age: 2, unit: 'years', category: 'Pediatric' };
const weightCategory = { minimum_weight: 1, maximum_weight: 2, unit: 'kg', category: 'Normal' };
const drug = {
  name: 'Drug',
  description: 'A drug',
  dosage: '1 tablet',
  side_effects: ['None'],
  contraindications: ['None'],
  category: 'Test',
  manufacturer: 'Test Pharma',
};

const CASES: Record<string, Cases> = {
  register: {
    isPublic: true,
    invalid: {
      method: 'POST',
      url: '/auth/register',
      body: { name: 'A', email: 'not-an-email', password: 'a-long-password' },
      field: 'email',
    },
  },
  login: {
    isPublic: true,
    invalid: {
      method: 'POST',
      url: '/auth/login',
      body: { email: 'a@example.com' },
      field: 'password',
    },
  },
  getMe: { plain: get('/auth/me') },
  logout: { plain: { method: 'POST', url: '/auth/logout' } },
  updateProfile: {
    invalid: {
      method: 'PUT',
      url: '/auth/profile',
      body: { name: '', email: 'someone@example.com' },
      field: 'name',
    },
  },
  changePassword: {
    invalid: {
      method: 'PUT',
      url: '/auth/password',
      body: { current_password: 'whatever-it-is' },
      field: 'new_password',
    },
  },
  forgotPassword: {
    isPublic: true,
    invalid: {
      method: 'POST',
      url: '/auth/forgot-password',
      body: { email: 'nope' },
      field: 'email',
    },
  },
  resetPassword: {
    isPublic: true,
    invalid: {
      method: 'POST',
      url: '/auth/reset-password',
      body: { token: 'abc' },
      field: 'password',
    },
    unknown: {
      method: 'POST',
      url: '/auth/reset-password',
      body: { token: 'no-such-reset-token', password: 'a-long-new-password' },
      status: 422,
    },
  },

  listConditions: { plain: get('/condition') },
  createCondition: {
    invalid: { method: 'POST', url: '/condition', body: { name: '' }, field: 'name' },
  },
  updateCondition: {
    invalid: { method: 'PUT', url: '/condition', body: { id: 1, name: '' }, field: 'name' },
    unknown: { method: 'PUT', url: '/condition', body: { id: UNKNOWN, name: 'X' }, status: 404 },
  },
  getCondition: byPath('/condition'),
  deleteCondition: deleteByPath('/condition'),

  listMedications: { plain: get('/medication') },
  createMedication: {
    invalid: {
      method: 'POST',
      url: '/medication',
      body: { name: 'X', is_dosage_weight_based: false },
      field: 'condition_id',
    },
    unknown: {
      method: 'POST',
      url: '/medication',
      body: { name: 'X', condition_id: UNKNOWN, is_dosage_weight_based: false },
      status: 422,
    },
  },
  getMedication: byPath('/medication'),
  updateMedication: {
    invalid: {
      method: 'PUT',
      url: '/medication/update-medication',
      body: { id: 1, name: '' },
      field: 'name',
    },
    unknown: {
      method: 'PUT',
      url: '/medication/update-medication',
      body: { id: UNKNOWN, name: 'X' },
      status: 404,
    },
  },
  deleteMedication: deleteByPath('/medications'),
  addWeightBasedDosage: {
    invalid: {
      method: 'POST',
      url: '/medication/add-weight-based-dosage',
      body: { medication_id: 1, weight_category_id: 1, ...dosageWithoutUnit },
      field: 'dosage_unit',
    },
    unknown: {
      method: 'POST',
      url: '/medication/add-weight-based-dosage',
      body: { medication_id: UNKNOWN, weight_category_id: UNKNOWN, ...dosage },
      status: 404,
    },
  },
  addAgeBasedDosage: {
    invalid: {
      method: 'POST',
      url: '/medication/add-age-based-dosage',
      body: { medication_id: 1, age_category_id: 1, ...dosageWithoutUnit },
      field: 'dosage_unit',
    },
    unknown: {
      method: 'POST',
      url: '/medication/add-age-based-dosage',
      body: { medication_id: UNKNOWN, age_category_id: UNKNOWN, ...dosage },
      status: 404,
    },
  },
  updateWeightBasedDosage: {
    invalid: {
      method: 'PUT',
      url: '/medication/update-weight-based-dosage',
      body: { id: 1, ...dosageWithoutUnit },
      field: 'dosage_unit',
    },
    unknown: {
      method: 'PUT',
      url: '/medication/update-weight-based-dosage',
      body: { id: UNKNOWN, ...dosage },
      status: 404,
    },
  },
  updateAgeBasedDosage: {
    invalid: {
      method: 'PUT',
      url: '/medication/update-age-based-dosage',
      body: { id: 1, ...dosageWithoutUnit },
      field: 'dosage_unit',
    },
    unknown: {
      method: 'PUT',
      url: '/medication/update-age-based-dosage',
      body: { id: UNKNOWN, ...dosage },
      status: 404,
    },
  },
  addContraindication: {
    invalid: {
      method: 'PUT',
      url: '/medication/add-contraindications',
      body: { medication_id: 1 },
      field: 'condition_id',
    },
    unknown: {
      method: 'PUT',
      url: '/medication/add-contraindications',
      body: { medication_id: UNKNOWN, condition_id: UNKNOWN },
      status: 404,
    },
  },
  removeContraindication: {
    invalid: {
      method: 'DELETE',
      url: '/medication/remove-contraindication',
      body: { medication_id: 1 },
      field: 'condition_id',
    },
    unknown: {
      method: 'DELETE',
      url: '/medication/remove-contraindication',
      body: { medication_id: UNKNOWN, condition_id: UNKNOWN },
      status: 404,
    },
  },

  listAgeCategories: { plain: get('/age-category') },
  createAgeCategory: {
    invalid: {
      method: 'POST',
      url: '/age-category',
      body: { ...ageCategory, unit: 'weeks' },
      field: 'unit',
    },
  },
  updateAgeCategory: {
    invalid: {
      method: 'PUT',
      url: '/age-category',
      body: { id: 1, ...ageCategory, minimum_age: -1 },
      field: 'minimum_age',
    },
    unknown: {
      method: 'PUT',
      url: '/age-category',
      body: { id: UNKNOWN, ...ageCategory },
      status: 404,
    },
  },
  getAgeCategory: byPath('/age-category'),
  deleteAgeCategory: deleteByPath('/age-category'),

  listWeightCategories: { plain: get('/weight-category') },
  createWeightCategory: {
    invalid: {
      method: 'POST',
      url: '/weight-category',
      body: { ...weightCategory, category: 'Huge' },
      field: 'category',
    },
  },
  updateWeightCategory: {
    invalid: {
      method: 'PUT',
      url: '/weight-category',
      body: { id: 1, ...weightCategory, unit: 'stone' },
      field: 'unit',
    },
    unknown: {
      method: 'PUT',
      url: '/weight-category',
      body: { id: UNKNOWN, ...weightCategory },
      status: 404,
    },
  },
  getWeightCategory: byPath('/weight-category'),
  deleteWeightCategory: deleteByPath('/weight-category'),

  listDrugInteractions: { plain: get('/drug-interaction') },
  createDrugInteraction: {
    invalid: {
      method: 'POST',
      url: '/drug-interaction',
      body: { medication_id: 1, interacting_medication_id: 2, description: 'x' },
      field: 'severity',
    },
    unknown: {
      method: 'POST',
      url: '/drug-interaction',
      body: {
        medication_id: UNKNOWN,
        interacting_medication_id: UNKNOWN - 1,
        severity: 'major',
        description: 'x',
      },
      status: 422,
    },
  },
  updateDrugInteraction: {
    invalid: {
      method: 'PUT',
      url: '/drug-interaction',
      body: { id: 1, severity: 'fatal', description: 'x' },
      field: 'severity',
    },
    unknown: {
      method: 'PUT',
      url: '/drug-interaction',
      body: { id: UNKNOWN, severity: 'major', description: 'x' },
      status: 404,
    },
  },
  deleteDrugInteraction: {
    invalid: { method: 'DELETE', url: '/drug-interaction', body: { id: 'x' }, field: 'id' },
    unknown: { method: 'DELETE', url: '/drug-interaction', body: { id: UNKNOWN }, status: 404 },
  },
  getDrugInteraction: byPath('/drug-interaction'),

  listLifestyles: { plain: get('/lifestyle') },
  createLifestyle: {
    invalid: { method: 'POST', url: '/lifestyle', body: { name: '' }, field: 'name' },
  },
  updateLifestyle: {
    invalid: { method: 'PUT', url: '/lifestyle', body: { id: 1 }, field: 'name' },
    unknown: { method: 'PUT', url: '/lifestyle', body: { id: UNKNOWN, name: 'X' }, status: 404 },
  },
  deleteLifestyle: {
    invalid: { method: 'DELETE', url: '/lifestyle', body: { id: 0 }, field: 'id' },
    unknown: { method: 'DELETE', url: '/lifestyle', body: { id: UNKNOWN }, status: 404 },
  },
  getLifestyle: byPath('/lifestyle'),

  listLifestyleContraindications: { plain: get('/lifestyle-contraindication') },
  createLifestyleContraindication: {
    invalid: {
      method: 'POST',
      url: '/lifestyle-contraindication',
      body: { medication_id: 1 },
      field: 'lifestyle_id',
    },
    unknown: {
      method: 'POST',
      url: '/lifestyle-contraindication',
      body: { medication_id: UNKNOWN, lifestyle_id: UNKNOWN },
      status: 404,
    },
  },
  updateLifestyleContraindication: {
    invalid: {
      method: 'PUT',
      url: '/lifestyle-contraindication',
      body: { id: 1, severity: 'severe' },
      field: 'severity',
    },
    unknown: {
      method: 'PUT',
      url: '/lifestyle-contraindication',
      body: { id: UNKNOWN, severity: 'minor' },
      status: 404,
    },
  },
  deleteLifestyleContraindication: {
    invalid: { method: 'DELETE', url: '/lifestyle-contraindication', body: {}, field: 'id' },
    unknown: {
      method: 'DELETE',
      url: '/lifestyle-contraindication',
      body: { id: UNKNOWN },
      status: 404,
    },
  },

  listDrugClasses: { invalid: { ...get('/drug-class?sort=colour'), field: 'sort' } },
  createDrugClass: {
    invalid: {
      method: 'POST',
      url: '/drug-class',
      body: { name: 'X', atc_code: 'lower' },
      field: 'atc_code',
    },
  },
  updateDrugClass: {
    invalid: { method: 'PUT', url: '/drug-class', body: { id: 1 }, field: 'name' },
    unknown: { method: 'PUT', url: '/drug-class', body: { id: UNKNOWN, name: 'X' }, status: 404 },
  },
  deleteDrugClass: {
    invalid: { method: 'DELETE', url: '/drug-class', body: { id: 0 }, field: 'id' },
    unknown: { method: 'DELETE', url: '/drug-class', body: { id: UNKNOWN }, status: 404 },
  },
  getDrugClass: byPath('/drug-class'),
  addDrugClassMember: {
    invalid: {
      method: 'POST',
      url: '/drug-class/member',
      body: { drug_class_id: 1 },
      field: 'medication_id',
    },
    unknown: {
      method: 'POST',
      url: '/drug-class/member',
      body: { drug_class_id: UNKNOWN, medication_id: UNKNOWN },
      status: 422,
    },
  },
  removeDrugClassMember: {
    invalid: { method: 'DELETE', url: '/drug-class/member', body: {}, field: 'id' },
    unknown: { method: 'DELETE', url: '/drug-class/member', body: { id: UNKNOWN }, status: 404 },
  },

  listClassRules: { invalid: { ...get('/class-rule?kind=pair'), field: 'kind' } },
  createClassRule: {
    invalid: {
      method: 'POST',
      url: '/class-rule',
      body: { kind: 'interaction', drug_class_id: 1, severity: 'major' },
      field: 'description',
    },
    unknown: {
      method: 'POST',
      url: '/class-rule',
      body: {
        kind: 'interaction',
        drug_class_id: UNKNOWN,
        other_class_id: UNKNOWN,
        severity: 'major',
        description: 'X',
      },
      status: 422,
    },
  },
  updateClassRule: {
    invalid: {
      method: 'PUT',
      url: '/class-rule',
      body: { id: 1, severity: 'severe', description: 'X' },
      field: 'severity',
    },
    unknown: {
      method: 'PUT',
      url: '/class-rule',
      body: { id: UNKNOWN, severity: 'major', description: 'X' },
      status: 404,
    },
  },
  deleteClassRule: {
    invalid: { method: 'DELETE', url: '/class-rule', body: { id: 'x' }, field: 'id' },
    unknown: { method: 'DELETE', url: '/class-rule', body: { id: UNKNOWN }, status: 404 },
  },
  getClassRule: byPath('/class-rule'),

  listIngredients: { invalid: { ...get('/ingredient?medication_id=x'), field: 'medication_id' } },
  createIngredient: {
    invalid: { method: 'POST', url: '/ingredient', body: { name: '' }, field: 'name' },
  },
  updateIngredient: {
    invalid: { method: 'PUT', url: '/ingredient', body: { id: 1 }, field: 'name' },
    unknown: { method: 'PUT', url: '/ingredient', body: { id: UNKNOWN, name: 'X' }, status: 404 },
  },
  deleteIngredient: {
    invalid: { method: 'DELETE', url: '/ingredient', body: { id: 0 }, field: 'id' },
    unknown: { method: 'DELETE', url: '/ingredient', body: { id: UNKNOWN }, status: 404 },
  },
  getIngredient: byPath('/ingredient'),
  addMedicationIngredient: {
    invalid: {
      method: 'POST',
      url: '/ingredient/medication',
      body: {
        medication_id: 1,
        ingredient_id: 1,
        amount: 0,
        amount_unit: 'mg',
        per_unit: 'tablet',
      },
      field: 'amount',
    },
    unknown: {
      method: 'POST',
      url: '/ingredient/medication',
      body: { medication_id: UNKNOWN, ingredient_id: UNKNOWN },
      status: 422,
    },
  },
  updateMedicationIngredient: {
    invalid: {
      method: 'PUT',
      url: '/ingredient/medication',
      body: { id: 1, amount: 5, amount_unit: 'mg', per_unit: 'sachet' },
      field: 'per_unit',
    },
    unknown: { method: 'PUT', url: '/ingredient/medication', body: { id: UNKNOWN }, status: 404 },
  },
  removeMedicationIngredient: {
    invalid: { method: 'DELETE', url: '/ingredient/medication', body: {}, field: 'id' },
    unknown: {
      method: 'DELETE',
      url: '/ingredient/medication',
      body: { id: UNKNOWN },
      status: 404,
    },
  },
  addIngredientLimit: {
    invalid: {
      method: 'POST',
      url: '/ingredient/limit',
      body: { ingredient_id: 1, basis: 'renal', category_id: 1, max_daily_amount: 1, unit: 'g' },
      field: 'basis',
    },
    unknown: {
      method: 'POST',
      url: '/ingredient/limit',
      body: {
        ingredient_id: UNKNOWN,
        basis: 'age',
        category_id: UNKNOWN,
        max_daily_amount: 1,
        unit: 'g',
      },
      status: 422,
    },
  },
  updateIngredientLimit: {
    invalid: {
      method: 'PUT',
      url: '/ingredient/limit',
      body: { id: 1, max_daily_amount: 1, unit: 'tablet' },
      field: 'unit',
    },
    unknown: {
      method: 'PUT',
      url: '/ingredient/limit',
      body: { id: UNKNOWN, max_daily_amount: 1, unit: 'g' },
      status: 404,
    },
  },
  removeIngredientLimit: {
    invalid: { method: 'DELETE', url: '/ingredient/limit', body: {}, field: 'id' },
    unknown: { method: 'DELETE', url: '/ingredient/limit', body: { id: UNKNOWN }, status: 404 },
  },

  listRenalCategories: { plain: get('/renal-category') },
  createRenalCategory: {
    invalid: {
      method: 'POST',
      url: '/renal-category',
      body: { minimum_egfr: 0, maximum_egfr: 201 },
      field: 'maximum_egfr',
    },
  },
  updateRenalCategory: {
    invalid: { method: 'PUT', url: '/renal-category', body: { id: 1 }, field: 'minimum_egfr' },
    unknown: {
      method: 'PUT',
      url: '/renal-category',
      body: { id: UNKNOWN, minimum_egfr: 0, maximum_egfr: 15 },
      status: 404,
    },
  },
  getRenalCategory: byPath('/renal-category'),
  deleteRenalCategory: deleteByPath('/renal-category'),
  listRenalRules: { invalid: { ...get('/renal-rule?medication_id=x'), field: 'medication_id' } },
  createRenalRule: {
    invalid: {
      method: 'POST',
      url: '/renal-rule',
      body: { medication_id: 1, renal_category_id: 1, frequency_unit: 'years' },
      field: 'frequency_unit',
    },
    unknown: {
      method: 'POST',
      url: '/renal-rule',
      body: { medication_id: UNKNOWN, renal_category_id: UNKNOWN, avoid: true },
      status: 422,
    },
  },
  updateRenalRule: {
    invalid: { method: 'PUT', url: '/renal-rule', body: { avoid: true }, field: 'id' },
    unknown: {
      method: 'PUT',
      url: '/renal-rule',
      body: { id: UNKNOWN, avoid: true },
      status: 404,
    },
  },
  deleteRenalRule: {
    invalid: { method: 'DELETE', url: '/renal-rule', body: {}, field: 'id' },
    unknown: { method: 'DELETE', url: '/renal-rule', body: { id: UNKNOWN }, status: 404 },
  },

  listUsers: { invalid: { ...get('/users?page_size=0'), field: 'page_size' } },
  getUserSearchHistory: {
    invalid: { ...get('/users/abc/search-history'), field: 'id' },
    unknown: { ...get(`/users/${UNKNOWN}/search-history`), status: 404 },
  },
  getDashboardStats: { plain: get('/dashboard/stats') },

  listDrugs: { plain: get('/drug') },
  createDrug: {
    invalid: {
      method: 'POST',
      url: '/drug',
      body: { ...drug, side_effects: 'None' },
      field: 'side_effects',
    },
  },
  updateDrug: {
    invalid: { method: 'PUT', url: '/drug', body: { id: 1, ...drug, name: '' }, field: 'name' },
    unknown: { method: 'PUT', url: '/drug', body: { id: UNKNOWN, ...drug }, status: 404 },
  },
  getDrug: byPath('/drug'),
  deleteDrug: deleteByPath('/drug'),

  safetyCheck: {
    invalid: {
      method: 'POST',
      url: '/safety-check',
      body: { medication_ids: [] },
      field: 'medication_ids',
    },
    unknown: {
      method: 'POST',
      url: '/safety-check',
      body: { medication_ids: [UNKNOWN] },
      status: 422,
    },
  },
  getDataQuality: { invalid: { ...get('/data-quality?severity=fatal'), field: 'severity' } },
  getDataQualitySummary: { plain: get('/data-quality/summary') },

  listMySessions: { plain: get('/auth/sessions') },
  endOtherSessions: { plain: del('/auth/sessions') },
  getMedicationDependents: {
    invalid: { ...get('/medications/1/dependents?limit=0'), field: 'limit' },
    unknown: { ...get(`/medications/${UNKNOWN}/dependents`), status: 404 },
  },
  listAccounts: { invalid: { ...get('/accounts?role=superuser'), field: 'role' } },
  fhirCapabilities: { isPublic: true, fhir: true, plain: get('/fhir/r4/metadata') },
  fhirExport: { fhir: true, invalid: { ...get('/fhir/r4/$export?_type=Patient'), field: '_type' } },
  ...fhirType('MedicationKnowledge'),
  ...fhirType('MedicinalProductContraindication'),
  ...fhirType('MedicinalProductInteraction'),
  listApiClients: { plain: get('/api-clients') },
  createApiClient: {
    invalid: { method: 'POST', url: '/api-clients', body: { name: ' ' }, field: 'name' },
  },
  revokeApiClient: deleteByPath('/api-clients'),
  listCdsServices: { asClient: true, plain: get('/cds-services') },
  callMedicationSafetyService: {
    asClient: true,
    invalid: {
      method: 'POST',
      url: '/cds-services/medref-medication-safety',
      body: {
        hook: 'patient-view',
        hookInstance: 'a',
        context: { userId: 'u', patientId: 'p', draftOrders: { resourceType: 'Bundle' } },
      },
      field: 'hook',
    },
  },
  sendCdsFeedback: {
    asClient: true,
    invalid: {
      method: 'POST',
      url: '/cds-services/medref-medication-safety/feedback',
      body: { feedback: [] },
      field: 'feedback',
    },
    unknown: {
      method: 'POST',
      url: '/cds-services/medref-medication-safety/feedback',
      body: {
        feedback: [
          {
            card: '00000000-0000-4000-8000-000000000000',
            outcome: 'accepted',
            outcomeTimestamp: '2026-11-29T21:00:00Z',
          },
        ],
      },
      status: 404,
    },
  },
  getCdsAlerts: { plain: get('/cds-services/alerts') },
  updateAccount: {
    invalid: { method: 'PUT', url: '/accounts/1', body: { role: 'root' }, field: 'role' },
    unknown: { method: 'PUT', url: `/accounts/${UNKNOWN}`, body: { role: 'viewer' }, status: 404 },
  },
  createResetLink: {
    invalid: { method: 'POST', url: '/accounts/abc/reset-link', field: 'id' },
    unknown: { method: 'POST', url: `/accounts/${UNKNOWN}/reset-link`, status: 404 },
  },
  endAccountSessions: {
    invalid: { ...del('/accounts/abc/sessions'), field: 'id' },
    unknown: { ...del(`/accounts/${UNKNOWN}/sessions`), status: 404 },
  },
  listAuditEntries: { invalid: { ...get('/audit?action=rename'), field: 'action' } },
  getAuditEntry: byPath('/audit'),
  revertAuditEntry: {
    invalid: {
      method: 'POST',
      url: '/audit/1/revert',
      body: { reason: 'r'.repeat(501) },
      field: 'reason',
    },
    unknown: { method: 'POST', url: `/audit/${UNKNOWN}/revert`, body: {}, status: 404 },
  },

  listReleases: { invalid: { ...get('/release?page=0'), field: 'page' } },
  publishRelease: {
    invalid: { method: 'POST', url: '/release', body: { title: '' }, field: 'title' },
  },
  getReleaseStatus: { plain: get('/release/status') },
  getReleaseReadiness: { plain: get('/release/readiness') },
  compareReleases: {
    invalid: { ...get('/release/compare?from=first&to=draft'), field: 'from' },
    unknown: { ...get(`/release/compare?from=${UNKNOWN_RELEASE}&to=draft`), status: 404 },
  },
  getRelease: {
    invalid: { ...get('/release/abc'), field: 'number' },
    unknown: { ...get(`/release/${UNKNOWN_RELEASE}`), status: 404 },
  },
  cancelRelease: {
    invalid: { ...del('/release/abc'), field: 'number' },
    unknown: { ...del(`/release/${UNKNOWN_RELEASE}`), status: 404 },
  },
  listReleaseChanges: {
    invalid: { ...get('/release/abc/changes'), field: 'number' },
    unknown: { ...get(`/release/${UNKNOWN_RELEASE}/changes`), status: 404 },
  },
  restoreRelease: {
    invalid: { method: 'POST', url: '/release/abc/restore', body: {}, field: 'number' },
    unknown: {
      method: 'POST',
      url: `/release/${UNKNOWN_RELEASE}/restore`,
      body: {},
      status: 404,
    },
  },
  listPendingChanges: { plain: get('/review') },
  approveChange: {
    invalid: {
      method: 'POST',
      url: '/review/approve',
      body: { entity: 'planet', entity_id: 1 },
      field: 'entity',
    },
    unknown: {
      method: 'POST',
      url: '/review/approve',
      body: { entity: 'condition', entity_id: UNKNOWN },
      status: 404,
    },
  },
  rejectChange: {
    invalid: {
      method: 'POST',
      url: '/review/reject',
      body: { entity: 'condition', entity_id: 1, comment: 'c'.repeat(1001) },
      field: 'comment',
    },
    unknown: {
      method: 'POST',
      url: '/review/reject',
      body: { entity: 'condition', entity_id: UNKNOWN },
      status: 404,
    },
  },

  listTestPrescriptions: { plain: get('/test-prescription') },
  createTestPrescription: {
    invalid: {
      method: 'POST',
      url: '/test-prescription',
      body: { name: '', request: { medication_ids: [1] } },
      field: 'name',
    },
    unknown: {
      method: 'POST',
      url: '/test-prescription',
      body: { name: 'Unknown', request: { medication_ids: [UNKNOWN] } },
      status: 422,
    },
  },
  updateTestPrescription: {
    invalid: {
      method: 'PUT',
      url: '/test-prescription',
      body: { id: 1, name: 'x', request: {}, note: 5 },
      field: 'note',
    },
    unknown: {
      method: 'PUT',
      url: '/test-prescription',
      body: { id: UNKNOWN, name: 'x', request: { medication_ids: [UNKNOWN] } },
      status: 422,
    },
  },
  getTestPrescription: byPath('/test-prescription'),
  deleteTestPrescription: deleteByPath('/test-prescription'),
  runTestPrescriptions: {
    invalid: { method: 'POST', url: '/test-prescription/run', body: { ids: [] }, field: 'ids' },
    unknown: {
      method: 'POST',
      url: '/test-prescription/run',
      body: { ids: [UNKNOWN] },
      status: 422,
    },
  },
  runTestPrescription: {
    invalid: { method: 'POST', url: '/test-prescription/abc/run', field: 'id' },
    unknown: { method: 'POST', url: `/test-prescription/${UNKNOWN}/run`, status: 404 },
  },
  acceptTestPrescription: {
    invalid: { method: 'POST', url: '/test-prescription/1/accept', body: {}, field: 'reason' },
    unknown: {
      method: 'POST',
      url: `/test-prescription/${UNKNOWN}/accept`,
      body: { reason: 'Right' },
      status: 404,
    },
  },
  previewTestPrescriptionImpact: {
    invalid: {
      method: 'POST',
      url: '/test-prescription/impact',
      body: { operation: 'dropDatabase' },
      field: 'operation',
    },
    unknown: {
      method: 'POST',
      url: '/test-prescription/impact',
      body: { operation: 'deleteCondition', params: { id: UNKNOWN } },
      status: 404,
    },
  },
  exportTestPrescriptions: { plain: get('/test-prescription/export') },
  importReferenceData: {
    invalid: {
      method: 'POST',
      url: '/import?entity=planets',
      body: '"Name"\r\n"Mars"\r\n',
      contentType: 'text/csv',
      field: 'entity',
    },
    unknown: {
      method: 'POST',
      url: '/import?entity=drug-interactions&dry_run=false',
      body: '"Medication","Interacting Medication","Severity","Description"\r\n"Nosuch","Unknown","Minor","x"\r\n',
      contentType: 'text/csv',
      status: 422,
    },
  },
  importTestPrescriptions: {
    invalid: {
      method: 'POST',
      url: '/test-prescription/import',
      body: [{ name: 'x', request: { medication_ids: [1] } }],
      field: '0.expected',
    },
    unknown: {
      method: 'POST',
      url: '/test-prescription/import',
      body: [
        {
          name: 'x',
          request: { medication_ids: [UNKNOWN] },
          expected: { verdict: 'none', complete: true, findings: [] },
        },
      ],
      status: 422,
    },
  },
};

let t: TestApp;
let token: string;
/** An API client's secret, for the operations EHRs call. */
let clientSecret: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-clients',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Operation cases' },
  });
  clientSecret = made.json<{ data: { secret: string } }>().data.secret;
});
afterAll(() => t.close());

async function send(call: Call, auth?: string) {
  const response = await t.app.inject({
    method: call.method,
    url: `/api/v1${call.url}`,
    headers: {
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
      ...(call.contentType ? { 'content-type': call.contentType } : {}),
    },
    ...(call.body !== undefined ? { payload: call.body } : {}),
  });
  const body = response.json();
  expect(contractProblems(call.method, `/api/v1${call.url}`, response.statusCode, body)).toEqual(
    [],
  );
  expect(typeof errorMessage(body)).toBe('string');
  return { status: response.statusCode, body };
}

/** Row counts of every table but the list cache's versions and the rate limit's attempts. */
async function counts() {
  const { rows } = await t.pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
       AND tablename NOT IN ('table_versions', 'auth_attempts') ORDER BY tablename`,
  );
  const out: Record<string, number> = {};
  for (const { name } of rows) {
    const { rows: n } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${name}"`,
    );
    out[name] = n[0].n;
  }
  return out;
}

it('has a row for every operation of the contract, each calling that operation', () => {
  expect(Object.keys(CASES).sort()).toEqual([...allOperationIds].sort());
  for (const [operationId, cases] of Object.entries(CASES)) {
    for (const call of [cases.invalid, cases.unknown, cases.plain]) {
      if (call)
        expect([operationId, operationFor(call.method, `/api/v1${call.url}`)?.operationId]).toEqual(
          [operationId, operationId],
        );
    }
  }
});

describe.each(Object.entries(CASES))('%s', (_operationId, cases) => {
  const auth = () => (cases.asClient ? clientSecret : token);
  if (cases.invalid) {
    const call = cases.invalid;
    it(`answers 422 naming ${call.field} for an invalid request, storing nothing`, async () => {
      const before = await counts();
      const { status, body } = await send(call, auth());
      expect(status).toBe(cases.fhir ? 400 : 422);
      expect(errorFields(body)).toContain(call.field);
      expect(await counts()).toEqual(before);
    });
  }
  if (cases.unknown) {
    const call = cases.unknown;
    it(`answers ${call.status} for an unknown id, storing nothing`, async () => {
      const before = await counts();
      const { status } = await send(call, auth());
      expect(status).toBe(call.status);
      expect(await counts()).toEqual(before);
    });
  }
  if (!cases.isPublic) {
    const call = cases.unknown ?? cases.invalid ?? cases.plain;
    it('answers 401 without a token, storing nothing', async () => {
      if (!call) throw new Error('no request to send');
      const before = await counts();
      const { status } = await send(call);
      expect(status).toBe(401);
      expect(await counts()).toEqual(before);
    });
  }
});
