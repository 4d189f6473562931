/**
 * The one entry point components use for the API: the generated slice (src/api/generated.ts, built
 * from api/openapi.yaml by `npm run api:generate`) with id-level cache tags added here.
 *
 * Lists provide `{ type, id }` per row and `{ type, id: 'LIST' }`; creates invalidate LIST; updates and
 * deletes invalidate their row and whatever else shows the changed data. The paged lists' updates and
 * deletes invalidate LIST too: a renamed or deleted row moves the other rows across the pages. A bare type (`'medication'`)
 * invalidates every cached entry of that type, lists and details alike. The data-quality report reads
 * medications, categories and interactions, so their changes invalidate it too. Every write to the
 * reference data changes the draft, so it also invalidates the pending changes (`review`) and the
 * draft's status against the newest release (`{ type: 'release', id: 'DRAFT' }`).
 */
import {
  addTagTypes,
  generatedApi,
  type AuditEntity,
  type ListMedicationsApiResponse,
} from './generated';

type TagType = (typeof addTagTypes)[number];

const LIST = 'LIST' as const;
/** The id of what is worked out from the draft as it stands: its status and its readiness. */
const DRAFT = 'DRAFT' as const;

type Tag<T extends TagType = TagType> = T | { type: T; id: number | typeof LIST | typeof DRAFT };

function listTags<T extends TagType>(
  type: T,
  rows: readonly { id: number }[] | undefined,
): Tag<T>[] {
  return [...(rows ?? []).map(({ id }) => ({ type, id })), { type, id: LIST }];
}

/** Every recorded write adds a history entry: the history pages and cards are stale after it. */
const HISTORY = 'audit' as const;

/**
 * A write to the reference data re-runs the test prescriptions (in the background, on the server):
 * their list and results are stale after it.
 */
const TESTS = 'test-prescription' as const;

/**
 * A write to the reference data changes the draft: the pending changes (the Review screen) and the
 * draft's counts against the newest release (the banner, the dashboard, what publishing would meet)
 * are stale after it.
 */
const DRAFT_CHANGED: Tag[] = [
  { type: 'review', id: LIST },
  { type: 'release', id: DRAFT },
];

/** What every write to the reference data makes stale besides its own rows. */
const REFERENCE_WRITE: Tag[] = [HISTORY, TESTS, ...DRAFT_CHANGED];

/** What a change to medications makes stale besides the medication itself. */
const MEDICATION_DEPENDENTS: Tag[] = ['dashboard', 'data-quality', ...REFERENCE_WRITE];

/** How a row is named by a delete: by id in the path, or in the body (with its reason). */
type IdArg = { id: number } | { idBody: { id: number } };
const idOf = (arg: IdArg) => ('idBody' in arg ? arg.idBody.id : arg.id);

/**
 * The tags of a resource's list, detail and writes. A create makes the list stale; an update or a
 * delete makes the row and the list stale (the row may move across the pages) and what shows the
 * row (`shownBy`). Every write makes `alsoStale` stale too: the history, the test runs, the
 * data-quality report. `updateArg` names the update's body in the generated hook's argument.
 */
function resourceTags<T extends TagType, K extends string>(
  type: T,
  updateArg: K,
  alsoStale: Tag[],
  shownBy: Tag[] = [],
) {
  const changed = (id: number): Tag[] => [
    { type, id },
    { type, id: LIST },
    ...shownBy,
    ...alsoStale,
  ];
  return {
    list: {
      providesTags: (result?: { data: readonly { id: number }[] }) => listTags(type, result?.data),
    },
    get: {
      providesTags: (_result: unknown, _error: unknown, { id }: { id: number }) => [{ type, id }],
    },
    create: { invalidatesTags: [{ type, id: LIST }, ...alsoStale] },
    update: {
      invalidatesTags: (_result: unknown, _error: unknown, arg: Record<K, { id: number }>) =>
        changed(arg[updateArg].id),
    },
    remove: {
      invalidatesTags: (_result: unknown, _error: unknown, arg: IdArg) => changed(idOf(arg)),
    },
  };
}

/** What a write to the reference data the data-quality report reads makes stale besides its rows. */
const REFERENCE_STALE: Tag[] = ['data-quality', ...REFERENCE_WRITE];
// The data-quality report warns of renal rules when no condition affects kidney function.
const conditionTags = resourceTags('condition', 'conditionUpdate', REFERENCE_STALE, ['medication']);
// Dosages show their category; ingredients show it in their daily limits.
const ageCategoryTags = resourceTags('age-category', 'ageCategoryUpdate', REFERENCE_STALE, [
  'medication',
  'ingredient',
]);
const weightCategoryTags = resourceTags(
  'weight-category',
  'weightCategoryUpdate',
  REFERENCE_STALE,
  ['medication', 'ingredient'],
);
// Renal rules show their category.
const renalCategoryTags = resourceTags('renal-category', 'renalCategoryUpdate', REFERENCE_STALE, [
  'renal-rule',
]);
const renalRuleTags = resourceTags('renal-rule', 'renalRuleUpdate', REFERENCE_STALE);
const interactionTags = resourceTags('drug-interaction', 'drugInteractionUpdate', REFERENCE_STALE);
// Lifestyle contraindications and medications show the lifestyle's name.
const lifestyleTags = resourceTags('lifestyle', 'lifestyleUpdate', REFERENCE_WRITE, [
  'lifestyle-contraindication',
  'medication',
]);
// The safety check does not read the simple drug list, but it is reference data all the same.
const drugTags = resourceTags('drug', 'drugUpdate', [HISTORY, ...DRAFT_CHANGED]);
// Class rules show their classes' names.
const drugClassTags = resourceTags('drug-class', 'drugClassUpdate', REFERENCE_WRITE, [
  'class-rule',
]);
const classRuleTags = resourceTags('class-rule', 'classRuleUpdate', REFERENCE_WRITE);
// The data-quality report names medications whose ingredients have no strength.
const ingredientTags = resourceTags('ingredient', 'ingredientUpdate', REFERENCE_STALE);
/**
 * A lifestyle link changed or deleted. The call names only the link, so every cached medication
 * (one of which lists it) is stale.
 */
const lifestyleLinkChanged = (id: number): Tag[] => [
  { type: 'lifestyle-contraindication', id },
  'medication',
  ...REFERENCE_WRITE,
];

/** The tags of a write to a part of one medication (a dosage, a contraindication), named by
 * `partOf` the write's argument. */
const medicationPartTags = <A>(partOf: (arg: A) => { medication_id: number }) => ({
  invalidatesTags: (_result: unknown, _error: unknown, arg: A): Tag[] => [
    { type: 'medication', id: partOf(arg).medication_id },
    ...MEDICATION_DEPENDENTS,
  ],
});

/** The same, for a write whose answer, not its argument, names the medication. */
const answeredMedicationPartTags = {
  invalidatesTags: (result?: { data: { medication_id: number } }): Tag[] =>
    result ? [{ type: 'medication', id: result.data.medication_id }, ...MEDICATION_DEPENDENTS] : [],
};

/**
 * What a revert can change, by the entity of the reverted entry: the same tags the entity's own
 * writes invalidate (a reverted medication delete brings back its dosages and interactions too).
 */
const REVERT_TAGS: Record<AuditEntity, Tag[]> = {
  condition: ['condition', 'medication', 'data-quality'],
  age_category: ['age-category', 'medication', 'ingredient', 'data-quality'],
  weight_category: ['weight-category', 'medication', 'ingredient', 'data-quality'],
  medication: [
    'medication',
    'drug-interaction',
    'lifestyle-contraindication',
    'drug-class',
    'class-rule',
    'ingredient',
    'renal-rule',
    'dashboard',
    'data-quality',
  ],
  weight_dosage: ['medication', 'dashboard', 'data-quality'],
  age_dosage: ['medication', 'dashboard', 'data-quality'],
  contraindication: ['medication', 'dashboard', 'data-quality'],
  lifestyle_contraindication: ['lifestyle-contraindication', 'medication'],
  drug_interaction: ['drug-interaction', 'data-quality'],
  lifestyle: ['lifestyle', 'lifestyle-contraindication', 'medication'],
  drug: ['drug'],
  account: ['accounts', 'users'],
  test_prescription: ['test-prescription'],
  drug_class: ['drug-class', 'class-rule'],
  class_member: ['drug-class'],
  class_rule: ['class-rule'],
  ingredient: ['ingredient', 'data-quality'],
  medication_ingredient: ['ingredient', 'data-quality'],
  ingredient_limit: ['ingredient'],
  renal_category: ['renal-category', 'renal-rule', 'data-quality'],
  renal_rule: ['renal-rule', 'data-quality'],
  // Never reverted: the server refuses.
  api_client: [],
};

/** The records outside the reference data: reverting their changes leaves the draft as it was. */
const NOT_RELEASED: ReadonlySet<AuditEntity> = new Set(['account', 'test_prescription']);

/**
 * Every cached view of the reference data. Rejecting a change and restoring a release write
 * records of any kind back, so everything that shows them, and what is worked out from them, is
 * stale after them.
 */
const ALL_REFERENCE_DATA: Tag[] = [
  'condition',
  'medication',
  'age-category',
  'renal-category',
  'weight-category',
  'drug-interaction',
  'lifestyle',
  'lifestyle-contraindication',
  'drug-class',
  'class-rule',
  'ingredient',
  'renal-rule',
  'drug',
  'dashboard',
  'data-quality',
  ...REFERENCE_WRITE,
];

export const api = generatedApi.enhanceEndpoints({
  addTagTypes,
  endpoints: {
    // ---- account: nothing cached depends on these but the user list and the signed-in user ----
    register: { invalidatesTags: [{ type: 'users', id: LIST }, 'dashboard'] },
    login: { invalidatesTags: [] },
    getMe: { providesTags: ['auth'] },
    logout: { invalidatesTags: [] },
    updateProfile: { invalidatesTags: ['auth', { type: 'users', id: LIST }] },
    // Recorded in the history (an account event).
    changePassword: { invalidatesTags: [HISTORY] },
    forgotPassword: { invalidatesTags: [] },
    resetPassword: { invalidatesTags: [] },

    // ---- conditions (medications show their condition and contraindicated conditions) ----
    listConditions: conditionTags.list,
    getCondition: conditionTags.get,
    createCondition: conditionTags.create,
    updateCondition: conditionTags.update,
    deleteCondition: conditionTags.remove,

    // ---- medications ----
    listMedications: {
      providesTags: (result) => listTags('medication', result?.data),
      // Thousands of medications, each with nested dosages and conditions: stored as a frozen
      // answer, which immer does not walk object by object on the way into the store (a walk that
      // grows with every record), and replaced whole on a refetch instead of compared.
      transformResponse: (response: ListMedicationsApiResponse) => Object.freeze(response),
      structuralSharing: false,
    },
    getMedication: { providesTags: (_result, _error, { id }) => [{ type: 'medication', id }] },
    createMedication: {
      // A new medication contains an ingredient of its own name.
      invalidatesTags: [
        { type: 'medication', id: LIST },
        { type: 'ingredient', id: LIST },
        ...MEDICATION_DEPENDENTS,
      ],
    },
    updateMedication: {
      // Interactions, lifestyle contraindications, class members, class rules, ingredients and
      // renal rules show the medication's name.
      invalidatesTags: (_result, _error, { medicationUpdate }) => [
        { type: 'medication', id: medicationUpdate.id },
        'drug-interaction',
        'lifestyle-contraindication',
        'drug-class',
        'class-rule',
        'ingredient',
        'renal-rule',
        ...MEDICATION_DEPENDENTS,
      ],
    },
    deleteMedication: {
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'medication', id },
        'drug-interaction',
        'lifestyle-contraindication',
        'drug-class',
        'class-rule',
        'ingredient',
        'renal-rule',
        ...MEDICATION_DEPENDENTS,
      ],
    },
    addWeightBasedDosage: medicationPartTags(({ weightDosageCreate }) => weightDosageCreate),
    addAgeBasedDosage: medicationPartTags(({ ageDosageCreate }) => ageDosageCreate),
    // A dosage update names only the dosage; its answer names the medication it belongs to.
    updateWeightBasedDosage: answeredMedicationPartTags,
    updateAgeBasedDosage: answeredMedicationPartTags,
    addContraindication: medicationPartTags(({ contraindicationLink }) => contraindicationLink),
    removeContraindication: medicationPartTags(({ contraindicationLink }) => contraindicationLink),

    // ---- age and weight categories (dosages show their category) ----
    listAgeCategories: ageCategoryTags.list,
    getAgeCategory: ageCategoryTags.get,
    createAgeCategory: ageCategoryTags.create,
    updateAgeCategory: ageCategoryTags.update,
    deleteAgeCategory: ageCategoryTags.remove,
    listWeightCategories: weightCategoryTags.list,
    getWeightCategory: weightCategoryTags.get,
    createWeightCategory: weightCategoryTags.create,
    updateWeightCategory: weightCategoryTags.update,
    deleteWeightCategory: weightCategoryTags.remove,

    // ---- renal function categories (renal rules show their category) ----
    listRenalCategories: renalCategoryTags.list,
    getRenalCategory: renalCategoryTags.get,
    createRenalCategory: renalCategoryTags.create,
    updateRenalCategory: renalCategoryTags.update,
    deleteRenalCategory: renalCategoryTags.remove,
    // A medication's page lists its rules: a rule list, so LIST makes it stale too.
    listRenalRules: renalRuleTags.list,
    createRenalRule: renalRuleTags.create,
    updateRenalRule: renalRuleTags.update,
    deleteRenalRule: renalRuleTags.remove,

    // ---- drug interactions ----
    listDrugInteractions: interactionTags.list,
    getDrugInteraction: interactionTags.get,
    createDrugInteraction: interactionTags.create,
    updateDrugInteraction: interactionTags.update,
    deleteDrugInteraction: interactionTags.remove,

    // ---- lifestyles (lifestyle contraindications and medications show their name) ----
    listLifestyles: lifestyleTags.list,
    getLifestyle: lifestyleTags.get,
    createLifestyle: lifestyleTags.create,
    updateLifestyle: lifestyleTags.update,
    deleteLifestyle: lifestyleTags.remove,
    listLifestyleContraindications: {
      providesTags: (result) => listTags('lifestyle-contraindication', result?.data),
    },
    createLifestyleContraindication: {
      invalidatesTags: (_result, _error, { lifestyleContraindicationCreate }) => [
        { type: 'lifestyle-contraindication', id: LIST },
        { type: 'medication', id: lifestyleContraindicationCreate.medication_id },
        ...REFERENCE_WRITE,
      ],
    },
    updateLifestyleContraindication: {
      invalidatesTags: (_result, _error, { lifestyleContraindicationUpdate }) =>
        lifestyleLinkChanged(lifestyleContraindicationUpdate.id),
    },
    deleteLifestyleContraindication: {
      invalidatesTags: (_result, _error, { idBody }) => lifestyleLinkChanged(idBody.id),
    },

    // ---- drug classes and their members; class rules (they show their classes' names) ----
    listDrugClasses: drugClassTags.list,
    getDrugClass: drugClassTags.get,
    createDrugClass: drugClassTags.create,
    updateDrugClass: drugClassTags.update,
    deleteDrugClass: drugClassTags.remove,
    // A medication's page lists its classes: a class list, so LIST makes it stale too.
    addDrugClassMember: {
      invalidatesTags: (_result, _error, { drugClassMemberCreate }) => [
        { type: 'drug-class', id: drugClassMemberCreate.drug_class_id },
        { type: 'drug-class', id: LIST },
        ...REFERENCE_WRITE,
      ],
    },
    // The call names only the membership, so every cached class (one of which listed it) is stale.
    removeDrugClassMember: { invalidatesTags: ['drug-class', ...REFERENCE_WRITE] },
    listClassRules: classRuleTags.list,
    getClassRule: classRuleTags.get,
    createClassRule: classRuleTags.create,
    updateClassRule: classRuleTags.update,
    deleteClassRule: classRuleTags.remove,

    // ---- ingredients, their strengths in medications and their daily limits ----
    // A medication's page lists its ingredients: an ingredient list, so LIST makes it stale too.
    listIngredients: ingredientTags.list,
    getIngredient: ingredientTags.get,
    createIngredient: ingredientTags.create,
    updateIngredient: ingredientTags.update,
    deleteIngredient: ingredientTags.remove,
    addMedicationIngredient: {
      invalidatesTags: (_result, _error, { medicationIngredientCreate }) => [
        { type: 'ingredient', id: medicationIngredientCreate.ingredient_id },
        { type: 'ingredient', id: LIST },
        ...REFERENCE_STALE,
      ],
    },
    // A strength or a limit update names only the link or the limit; its answer names the
    // ingredient.
    updateMedicationIngredient: {
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'ingredient', id: result.data.id },
              { type: 'ingredient', id: LIST },
              ...REFERENCE_STALE,
            ]
          : [],
    },
    // The call names only the link, so every cached ingredient (one of which listed it) is stale.
    removeMedicationIngredient: { invalidatesTags: ['ingredient', ...REFERENCE_STALE] },
    addIngredientLimit: {
      invalidatesTags: (_result, _error, { ingredientLimitCreate }) => [
        { type: 'ingredient', id: ingredientLimitCreate.ingredient_id },
        { type: 'ingredient', id: LIST },
        ...REFERENCE_WRITE,
      ],
    },
    updateIngredientLimit: {
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'ingredient', id: result.data.id },
              { type: 'ingredient', id: LIST },
              ...REFERENCE_WRITE,
            ]
          : [],
    },
    removeIngredientLimit: { invalidatesTags: ['ingredient', ...REFERENCE_WRITE] },

    // ---- users, dashboard, the simple drug list ----
    listUsers: { providesTags: (result) => listTags('users', result?.data) },
    getUserSearchHistory: { providesTags: (_result, _error, { id }) => [{ type: 'users', id }] },
    getDashboardStats: { providesTags: ['dashboard'] },
    listDrugs: drugTags.list,
    getDrug: drugTags.get,
    createDrug: drugTags.create,
    updateDrug: drugTags.update,
    deleteDrug: drugTags.remove,

    // ---- the safety check (adds to the caller's search history) and the data-quality report ----
    safetyCheck: { invalidatesTags: ['users', 'dashboard'] },
    getDataQuality: { providesTags: ['data-quality'] },
    getDataQualitySummary: { providesTags: ['data-quality'] },
    // The delete confirm also counts the medication's class memberships, ingredients, renal
    // rules and the class rules naming it: any write to those lists makes it stale.
    getMedicationDependents: {
      providesTags: (_result, _error, { id }) => [
        { type: 'medication', id },
        ...(['drug-class', 'ingredient', 'renal-rule', 'class-rule'] as const).map((type) => ({
          type,
          id: LIST,
        })),
      ],
    },

    // ---- the signed-in user's sessions, and the accounts (admin) ----
    listMySessions: { providesTags: ['auth'] },
    endOtherSessions: { invalidatesTags: ['auth', 'accounts', HISTORY] },
    listAccounts: { providesTags: (result) => listTags('accounts', result?.data) },
    updateAccount: {
      invalidatesTags: (_result, _error, { id }) => [{ type: 'accounts', id }, 'auth', HISTORY],
    },
    endAccountSessions: {
      invalidatesTags: (_result, _error, { id }) => [{ type: 'accounts', id }, 'auth', HISTORY],
    },
    // Changes no account's row; the history gains its entry.
    createResetLink: { invalidatesTags: [HISTORY] },

    // ---- the history: every recorded write invalidates it; a revert changes its entity's data ----
    listAuditEntries: { providesTags: [HISTORY] },
    getAuditEntry: { providesTags: [HISTORY] },
    revertAuditEntry: {
      invalidatesTags: (result) => [
        HISTORY,
        TESTS,
        ...(result ? REVERT_TAGS[result.data.entity] : []),
        ...(result && !NOT_RELEASED.has(result.data.entity) ? DRAFT_CHANGED : []),
      ],
    },

    // ---- test prescriptions: a run or an accept changes their results; the preview changes nothing ----
    listTestPrescriptions: { providesTags: (result) => listTags(TESTS, result?.data) },
    createTestPrescription: { invalidatesTags: [{ type: TESTS, id: LIST }, HISTORY] },
    updateTestPrescription: {
      invalidatesTags: (_result, _error, { testPrescriptionUpdate }) => [
        { type: TESTS, id: testPrescriptionUpdate.id },
        HISTORY,
      ],
    },
    deleteTestPrescription: {
      invalidatesTags: (_result, _error, { id }) => [{ type: TESTS, id }, HISTORY],
    },
    runTestPrescriptions: { invalidatesTags: [TESTS] },
    acceptTestPrescription: {
      invalidatesTags: (_result, _error, { id }) => [{ type: TESTS, id }, HISTORY],
    },
    previewTestPrescriptionImpact: { invalidatesTags: [] },
    importTestPrescriptions: { invalidatesTags: [TESTS, HISTORY] },

    // ---- import: a stored import may write records of every kind; a dry run stores nothing ----
    importReferenceData: {
      invalidatesTags: (result) => (result?.data.stored ? ALL_REFERENCE_DATA : []),
    },

    // ---- releases: immutable once published; the draft's status and readiness follow every
    // reference write (DRAFT_CHANGED) ----
    // A release is named by its number.
    listReleases: {
      providesTags: (result) =>
        listTags(
          'release',
          result?.data.map(({ number }) => ({ id: number })),
        ),
    },
    getRelease: {
      providesTags: (_result, _error, { number }) => [{ type: 'release', id: number }],
    },
    listReleaseChanges: {
      providesTags: (_result, _error, { number }) => [{ type: 'release', id: number }],
    },
    getReleaseStatus: { providesTags: [{ type: 'release', id: DRAFT }] },
    getReleaseReadiness: { providesTags: [{ type: 'release', id: DRAFT }] },
    // Two releases compare the same for ever, unless one is cancelled (which invalidates every
    // release tag); a comparison with the draft changes with it.
    compareReleases: {
      providesTags: (_result, _error, { from, to }) => [
        { type: 'release', id: LIST },
        ...(from === 'draft' || to === 'draft' ? [{ type: 'release' as const, id: DRAFT }] : []),
      ],
    },
    // A publication turns the draft's changes into the new release's; a cancellation turns them
    // back into pending changes, with their reviews.
    publishRelease: { invalidatesTags: ['release', 'review'] },
    cancelRelease: { invalidatesTags: ['release', 'review'] },
    // Writes the draft back to a release's records, as ordinary recorded changes.
    restoreRelease: { invalidatesTags: ALL_REFERENCE_DATA },

    // ---- review: an approval changes only the review; a rejection writes the record back ----
    listPendingChanges: { providesTags: [{ type: 'review', id: LIST }] },
    approveChange: { invalidatesTags: DRAFT_CHANGED },
    rejectChange: { invalidatesTags: ALL_REFERENCE_DATA },
  },
});

export type { ApiError } from './baseQuery';
// The hooks and types, unchanged: `enhanceEndpoints` above changed the endpoints they use in place.
export * from './generated';
