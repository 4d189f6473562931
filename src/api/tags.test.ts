import { waitFor } from '@testing-library/react';
import { api } from '@/api';
import { makeStore } from '@/app/store';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';

/** Counts the GETs the cache makes, so a test sees which entries a mutation made stale. */
function setup() {
  const fetchMock = mockFetch({
    'GET /medication': { body: { data: [{ id: 5 }, { id: 6 }] } },
    'GET /medication/5': { body: { data: { id: 5 } } },
    'GET /medication/6': { body: { data: { id: 6 } } },
    'GET /condition': { body: { data: [{ id: 1 }] } },
    'GET /condition/1': { body: { data: { id: 1 } } },
    'GET /drug-interaction': { body: { data: [] } },
    'GET /lifestyle-contraindication': { body: { data: [] } },
    'GET /dashboard/stats': { body: { data: {} } },
    'POST /medication/add-weight-based-dosage': {
      status: 201,
      body: { data: { medication_id: 5 } },
    },
    'PUT /medication/update-age-based-dosage': { body: { data: { id: 3, medication_id: 6 } } },
    'DELETE /medications/5': { body: { message: 'Deleted' } },
    'POST /condition': { status: 201, body: { data: { id: 2 } } },
  });
  const store = makeStore(signedIn());
  const count = (key: string) => requestsTo(fetchMock, key).length;
  return { store, count };
}

async function subscribeAll(store: ReturnType<typeof makeStore>) {
  await Promise.all([
    store.dispatch(api.endpoints.listMedications.initiate({})),
    store.dispatch(api.endpoints.getMedication.initiate({ id: 5 })),
    store.dispatch(api.endpoints.getMedication.initiate({ id: 6 })),
    store.dispatch(api.endpoints.listConditions.initiate({})),
    store.dispatch(api.endpoints.getCondition.initiate({ id: 1 })),
    store.dispatch(api.endpoints.listDrugInteractions.initiate({})),
    store.dispatch(api.endpoints.listLifestyleContraindications.initiate({})),
    store.dispatch(api.endpoints.getDashboardStats.initiate()),
  ]);
}

/** Lets any refetch a mutation started reach the mock. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('cache tags', () => {
  it('a new dosage refreshes its medication (and the list), not the others', async () => {
    const { store, count } = setup();
    await subscribeAll(store);
    await store.dispatch(
      api.endpoints.addWeightBasedDosage.initiate({
        weightDosageCreate: {
          medication_id: 5,
          weight_category_id: 1,
          min_dosage: 1,
          max_dosage: 2,
          dosage_unit: 'mg',
          min_frequency: 1,
          max_frequency: 3,
          frequency_unit: 'hours',
          min_duration: 3,
          max_duration: 7,
          duration_unit: 'days',
        },
      }),
    );
    await waitFor(() => expect(count('GET /medication/5')).toBe(2));
    await waitFor(() => expect(count('GET /medication')).toBe(2));
    await waitFor(() => expect(count('GET /dashboard/stats')).toBe(2));
    await settle();
    expect(count('GET /medication/6')).toBe(1);
    expect(count('GET /condition')).toBe(1);
  });

  it('a dosage update refreshes the medication its answer names', async () => {
    const { store, count } = setup();
    await subscribeAll(store);
    await store.dispatch(
      api.endpoints.updateAgeBasedDosage.initiate({
        dosageUpdate: {
          id: 3,
          min_dosage: 1,
          max_dosage: 2,
          dosage_unit: 'mg',
          min_frequency: 1,
          max_frequency: 3,
          frequency_unit: 'hours',
          min_duration: 3,
          max_duration: 7,
          duration_unit: 'days',
        },
      }),
    );
    await waitFor(() => expect(count('GET /medication/6')).toBe(2));
    await settle();
    expect(count('GET /medication/5')).toBe(1);
  });

  it('deleting a medication refreshes interactions and lifestyle contraindications', async () => {
    const { store, count } = setup();
    await subscribeAll(store);
    await store.dispatch(api.endpoints.deleteMedication.initiate({ id: 5, reasonBody: {} }));
    await waitFor(() => expect(count('GET /drug-interaction')).toBe(2));
    await waitFor(() => expect(count('GET /lifestyle-contraindication')).toBe(2));
    await waitFor(() => expect(count('GET /medication')).toBe(2));
    await waitFor(() => expect(count('GET /dashboard/stats')).toBe(2));
    await settle();
    expect(count('GET /condition')).toBe(1);
  });

  it('a medication joining a class refreshes what its delete confirm says goes with it', async () => {
    const dependents = { body: { data: { id: 5, name: 'Warfarin' } } };
    const fetchMock = mockFetch({
      'GET /medications/5/dependents': dependents,
      'POST /drug-class/member': { status: 201, body: { data: { id: 9 } } },
    });
    const count = (key: string) => requestsTo(fetchMock, key).length;
    const store = makeStore(signedIn());
    await store.dispatch(api.endpoints.getMedicationDependents.initiate({ id: 5, limit: 20 }));
    await store.dispatch(
      api.endpoints.addDrugClassMember.initiate({
        drugClassMemberCreate: { drug_class_id: 4, medication_id: 5 },
      }),
    );
    await waitFor(() => expect(count('GET /medications/5/dependents')).toBe(2));
  });

  it('a new condition refreshes the condition list only', async () => {
    const { store, count } = setup();
    await subscribeAll(store);
    await store.dispatch(
      api.endpoints.createCondition.initiate({
        conditionCreate: { name: 'Gout', description: null },
      }),
    );
    await waitFor(() => expect(count('GET /condition')).toBe(2));
    await settle();
    expect(count('GET /condition/1')).toBe(1);
    expect(count('GET /medication')).toBe(1);
  });

  it('a renamed class refreshes the classes and the class rules; a removed member the classes only', async () => {
    const fetchMock = mockFetch({
      'GET /drug-class': { body: { data: [{ id: 4 }] } },
      'GET /drug-class/4': { body: { data: { id: 4 } } },
      'GET /class-rule': { body: { data: [{ id: 8 }] } },
      'GET /drug-interaction': { body: { data: [] } },
      'PUT /drug-class': { body: { data: { id: 4 } } },
      'DELETE /drug-class/member': { body: { message: 'Medication removed from the class' } },
    });
    const count = (key: string) => requestsTo(fetchMock, key).length;
    const store = makeStore(signedIn());
    await Promise.all([
      store.dispatch(api.endpoints.listDrugClasses.initiate({ medicationId: 7 })),
      store.dispatch(api.endpoints.getDrugClass.initiate({ id: 4 })),
      store.dispatch(api.endpoints.listClassRules.initiate({})),
      store.dispatch(api.endpoints.listDrugInteractions.initiate({})),
    ]);
    await store.dispatch(
      api.endpoints.updateDrugClass.initiate({
        drugClassUpdate: { id: 4, name: 'Statins', atc_code: null, duplicate_severity: null },
      }),
    );
    await waitFor(() => expect(count('GET /drug-class')).toBe(2));
    await waitFor(() => expect(count('GET /drug-class/4')).toBe(2));
    await waitFor(() => expect(count('GET /class-rule')).toBe(2));

    // The call names only the membership: every cached class is asked for again.
    await store.dispatch(api.endpoints.removeDrugClassMember.initiate({ idBody: { id: 41 } }));
    await waitFor(() => expect(count('GET /drug-class')).toBe(3));
    await waitFor(() => expect(count('GET /drug-class/4')).toBe(3));
    await settle();
    expect(count('GET /class-rule')).toBe(2);
    expect(count('GET /drug-interaction')).toBe(1);
  });

  it("a strength or a limit change refreshes the ingredients and a medication's ingredients; a renamed medication too", async () => {
    const fetchMock = mockFetch({
      'GET /ingredient': { body: { data: [{ id: 3 }] } },
      'GET /ingredient/3': { body: { data: { id: 3 } } },
      'GET /data-quality/summary': { body: { data: {} } },
      'GET /condition': { body: { data: [{ id: 1 }] } },
      'PUT /ingredient/medication': { body: { data: { id: 3 } } },
      'POST /ingredient/limit': { status: 201, body: { data: { id: 3 } } },
      'PUT /medication': { body: { data: { id: 5 } } },
    });
    const count = (key: string) => requestsTo(fetchMock, key).length;
    const store = makeStore(signedIn());
    await Promise.all([
      // The ingredients page, and a medication's page's ingredients.
      store.dispatch(api.endpoints.listIngredients.initiate({})),
      store.dispatch(api.endpoints.listIngredients.initiate({ medicationId: 5 })),
      store.dispatch(api.endpoints.getIngredient.initiate({ id: 3 })),
      store.dispatch(api.endpoints.getDataQualitySummary.initiate()),
      store.dispatch(api.endpoints.listConditions.initiate({})),
    ]);
    // The call names the link; its answer names the ingredient.
    await store.dispatch(
      api.endpoints.updateMedicationIngredient.initiate({
        medicationIngredientUpdate: { id: 31, amount: 500, amount_unit: 'mg', per_unit: 'tablet' },
      }),
    );
    await waitFor(() => expect(count('GET /ingredient')).toBe(4));
    await waitFor(() => expect(count('GET /ingredient/3')).toBe(2));
    // The data-quality report names combinations without a strength.
    await waitFor(() => expect(count('GET /data-quality/summary')).toBe(2));

    await store.dispatch(
      api.endpoints.addIngredientLimit.initiate({
        ingredientLimitCreate: {
          ingredient_id: 3,
          basis: 'age',
          category_id: 21,
          max_daily_amount: 4,
          unit: 'g',
        },
      }),
    );
    await waitFor(() => expect(count('GET /ingredient')).toBe(6));
    await waitFor(() => expect(count('GET /ingredient/3')).toBe(3));

    // An ingredient lists the medications containing it by name.
    await store.dispatch(
      api.endpoints.updateMedication.initiate({
        medicationUpdate: { id: 5, name: 'Paracetamol 500' },
      }),
    );
    await waitFor(() => expect(count('GET /ingredient')).toBe(8));
    await settle();
    expect(count('GET /condition')).toBe(1);
  });

  it("a renal category change refreshes the categories and the medications' renal rules; a rule or a condition change the report", async () => {
    const fetchMock = mockFetch({
      'GET /renal-category': { body: { data: [{ id: 5 }] } },
      'GET /renal-rule': { body: { data: [{ id: 31 }] } },
      'GET /data-quality/summary': { body: { data: {} } },
      'GET /condition': { body: { data: [{ id: 1 }] } },
      'PUT /renal-category': { body: { data: { id: 5 } } },
      'DELETE /renal-rule': { body: { message: 'Deleted' } },
      'PUT /condition': { body: { data: { id: 1 } } },
    });
    const count = (key: string) => requestsTo(fetchMock, key).length;
    const store = makeStore(signedIn());
    await Promise.all([
      store.dispatch(api.endpoints.listRenalCategories.initiate({})),
      // A medication's page's renal rules.
      store.dispatch(api.endpoints.listRenalRules.initiate({ medicationId: 7 })),
      store.dispatch(api.endpoints.getDataQualitySummary.initiate()),
      store.dispatch(api.endpoints.listConditions.initiate({})),
    ]);
    // A rule shows its category's range.
    await store.dispatch(
      api.endpoints.updateRenalCategory.initiate({
        renalCategoryUpdate: { id: 5, minimum_egfr: 15, maximum_egfr: 29 },
      }),
    );
    await waitFor(() => expect(count('GET /renal-category')).toBe(2));
    await waitFor(() => expect(count('GET /renal-rule')).toBe(2));
    await waitFor(() => expect(count('GET /data-quality/summary')).toBe(2));

    await store.dispatch(api.endpoints.deleteRenalRule.initiate({ idBody: { id: 31 } }));
    await waitFor(() => expect(count('GET /renal-rule')).toBe(3));
    await waitFor(() => expect(count('GET /data-quality/summary')).toBe(3));

    // The report warns of renal rules when no condition affects kidney function.
    await store.dispatch(
      api.endpoints.updateCondition.initiate({
        conditionUpdate: { id: 1, name: 'Chronic kidney disease', affects_kidney_function: true },
      }),
    );
    await waitFor(() => expect(count('GET /data-quality/summary')).toBe(4));
    await settle();
    expect(count('GET /renal-category')).toBe(2);
    expect(count('GET /renal-rule')).toBe(3);
  });

  describe('releases and review', () => {
    /** The banner's and the Review screen's data, the releases, one release and a reference list. */
    function setupReleases() {
      const fetchMock = mockFetch({
        'GET /release/status': {
          body: {
            data: { latest: null, scheduled: null, newest: 2, changes: 1, awaiting_review: 1 },
          },
        },
        'GET /review': { body: { data: [] } },
        'GET /release': {
          body: { data: [{ number: 2 }], meta: { total: 1, page: 1, page_size: 25 } },
        },
        'GET /release/2': { body: { data: { number: 2, counts: [] } } },
        'GET /condition': { body: { data: [{ id: 1 }] } },
        'POST /condition': { status: 201, body: { data: { id: 2 } } },
        'POST /medication/add-weight-based-dosage': {
          status: 201,
          body: { data: { medication_id: 5 } },
        },
        'POST /lifestyle-contraindication': { status: 201, body: { data: { id: 8 } } },
        'POST /review/approve': { body: { data: {}, message: 'Approved' } },
        'POST /review/reject': { body: { message: 'Rejected' } },
        'POST /release': { status: 201, body: { data: { number: 3 }, message: 'Published' } },
        'DELETE /release/3': { body: { message: 'Cancelled' } },
        'POST /release/latest/restore': { body: { data: { changes: 4 }, message: 'Restored' } },
      });
      const store = makeStore(signedIn());
      const count = (key: string) => requestsTo(fetchMock, key).length;
      const subscribe = () =>
        Promise.all([
          store.dispatch(api.endpoints.getReleaseStatus.initiate()),
          store.dispatch(api.endpoints.listPendingChanges.initiate()),
          store.dispatch(api.endpoints.listReleases.initiate({ page: 1, pageSize: 25 })),
          store.dispatch(api.endpoints.getRelease.initiate({ number: 2 })),
          store.dispatch(api.endpoints.listConditions.initiate({})),
        ]);
      return { store, count, subscribe };
    }

    it('every write to the reference data refreshes the pending changes and the draft status, not the releases', async () => {
      const { store, count, subscribe } = setupReleases();
      await subscribe();
      await store.dispatch(
        api.endpoints.createCondition.initiate({
          conditionCreate: { name: 'Gout', description: null },
        }),
      );
      await waitFor(() => expect(count('GET /review')).toBe(2));
      await waitFor(() => expect(count('GET /release/status')).toBe(2));
      // A part of a medication, through the medication's tags.
      await store.dispatch(
        api.endpoints.addWeightBasedDosage.initiate({
          weightDosageCreate: {
            medication_id: 5,
            weight_category_id: 1,
            min_dosage: 1,
            max_dosage: 2,
            dosage_unit: 'mg',
            min_frequency: 1,
            max_frequency: 3,
            frequency_unit: 'hours',
            min_duration: 3,
            max_duration: 7,
            duration_unit: 'days',
          },
        }),
      );
      await waitFor(() => expect(count('GET /review')).toBe(3));
      await waitFor(() => expect(count('GET /release/status')).toBe(3));
      // A link written by hand in the endpoints' table.
      await store.dispatch(
        api.endpoints.createLifestyleContraindication.initiate({
          lifestyleContraindicationCreate: {
            medication_id: 5,
            lifestyle_id: 2,
          },
        }),
      );
      await waitFor(() => expect(count('GET /review')).toBe(4));
      await waitFor(() => expect(count('GET /release/status')).toBe(4));
      await settle();
      expect(count('GET /release')).toBe(1);
      expect(count('GET /release/2')).toBe(1);
    });

    it('an approval refreshes the review and the status only; a rejection the reference data too', async () => {
      const { store, count, subscribe } = setupReleases();
      await subscribe();
      await store.dispatch(
        api.endpoints.approveChange.initiate({
          reviewRequest: { entity: 'condition', entity_id: 1 },
        }),
      );
      await waitFor(() => expect(count('GET /review')).toBe(2));
      await waitFor(() => expect(count('GET /release/status')).toBe(2));
      await settle();
      expect(count('GET /condition')).toBe(1);

      await store.dispatch(
        api.endpoints.rejectChange.initiate({
          reviewRequest: { entity: 'condition', entity_id: 1, comment: 'Wrong' },
        }),
      );
      await waitFor(() => expect(count('GET /review')).toBe(3));
      await waitFor(() => expect(count('GET /release/status')).toBe(3));
      await waitFor(() => expect(count('GET /condition')).toBe(2));
      await settle();
      expect(count('GET /release')).toBe(1);
    });

    it('a restore refreshes the reference data, the review and the status; a publication and a cancellation the releases and the review', async () => {
      const { store, count, subscribe } = setupReleases();
      await subscribe();
      await store.dispatch(
        api.endpoints.restoreRelease.initiate({ number: 'latest', reasonBody: {} }),
      );
      await waitFor(() => expect(count('GET /condition')).toBe(2));
      await waitFor(() => expect(count('GET /review')).toBe(2));
      await waitFor(() => expect(count('GET /release/status')).toBe(2));
      await settle();
      expect(count('GET /release')).toBe(1);

      await store.dispatch(
        api.endpoints.publishRelease.initiate({ publishRequest: { title: 'December' } }),
      );
      await waitFor(() => expect(count('GET /release')).toBe(2));
      await waitFor(() => expect(count('GET /review')).toBe(3));
      await waitFor(() => expect(count('GET /release/status')).toBe(3));

      await store.dispatch(api.endpoints.cancelRelease.initiate({ number: 3 }));
      await waitFor(() => expect(count('GET /release')).toBe(3));
      await waitFor(() => expect(count('GET /review')).toBe(4));
      await settle();
      expect(count('GET /condition')).toBe(2);
    });
  });

  it('a stored import refreshes the lists of every kind; its dry run refreshes nothing', async () => {
    const result = (stored: boolean) => ({
      entity: 'conditions',
      dry_run: !stored,
      stored,
      rows: 1,
      counts: { errors: 0, created: 1, changed: 0, unchanged: 0 },
      errors: [],
      created: [{ row: 2, label: 'Gout' }],
      changed: [],
      unchanged: [],
      tests: null,
    });
    const fetchMock = mockFetch({
      'GET /medication': { body: { data: [{ id: 5 }] } },
      'GET /condition': { body: { data: [{ id: 1 }] } },
      'POST /import': (request) => {
        const stored = new URL(request.url).searchParams.get('dry_run') === 'false';
        return { body: { data: result(stored), message: 'Imported' } };
      },
    });
    const count = (key: string) => requestsTo(fetchMock, key).length;
    const store = makeStore(signedIn());
    await Promise.all([
      store.dispatch(api.endpoints.listMedications.initiate({})),
      store.dispatch(api.endpoints.listConditions.initiate({})),
    ]);
    const body = new Blob(['"Name"\r\n"Gout"\r\n'], { type: 'text/csv' });
    await store.dispatch(
      api.endpoints.importReferenceData.initiate({ entity: 'conditions', dryRun: true, body }),
    );
    await settle();
    expect(count('GET /condition')).toBe(1);

    await store.dispatch(
      api.endpoints.importReferenceData.initiate({ entity: 'conditions', dryRun: false, body }),
    );
    await waitFor(() => expect(count('GET /condition')).toBe(2));
    await waitFor(() => expect(count('GET /medication')).toBe(2));
  });
});
