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
    store.dispatch(api.endpoints.listLifestyleContraindications.initiate()),
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
});
