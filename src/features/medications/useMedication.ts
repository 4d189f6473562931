import { useLayoutEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { api, useGetMedicationQuery, useListDrugClassesQuery, type Medication } from '@/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { RootState } from '@/app/store';

/** The medication from any medication list in the cache (a grid page, a picker's matches). */
function fromList(state: RootState, id: number): Medication | undefined {
  for (const arg of api.util.selectCachedArgsForQuery(state, 'listMedications')) {
    const found = api.endpoints.listMedications
      .select(arg)(state)
      .data?.data.find((medication) => medication.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The route's `{id}` as a medication id, or null when it cannot be one. */
export function parseMedicationId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One medication by id, for the detail page: taken from a medication list already in the API
 * cache when one holds it (opening a row of the list fetches nothing), else from
 * `GET /medication/{id}` (a reload or a pasted link). Either way it is the getMedication cache
 * entry, whose `{ medication, id }` tag every change to the medication invalidates, so it refreshes
 * after each change.
 */
export function useMedication(id: number | null) {
  const dispatch = useAppDispatch();
  const listed = useAppSelector((state) => (id === null ? undefined : fromList(state, id)));
  const known = useAppSelector((state) =>
    id === null ? false : api.endpoints.getMedication.select({ id })(state).data !== undefined,
  );

  // Before the query below subscribes (layout effects run first), so it finds the entry and does
  // not fetch.
  useLayoutEffect(() => {
    if (id !== null && listed && !known) {
      void dispatch(api.util.upsertQueryData('getMedication', { id }, { data: listed }));
    }
  }, [dispatch, id, listed, known]);

  const query = useGetMedicationQuery(id === null ? skipToken : { id });
  const medication = query.data?.data ?? listed;
  const notFound =
    id === null ||
    (!medication &&
      typeof query.error === 'object' &&
      query.error !== null &&
      'status' in query.error &&
      query.error.status === 404);
  return {
    medication,
    notFound,
    error: medication || notFound ? undefined : query.error,
    isLoading: !medication && !notFound && !query.error,
  };
}

/** The most classes a medication's page lists: the contract's largest page. */
const CLASSES_PAGE_SIZE = 100;

/**
 * The drug classes a medication belongs to, by name (`GET /drug-class?medication_id=`): a class
 * list, so any change to a class or its members refreshes it through the cache's tags.
 */
export function useMedicationClasses(id: number) {
  const query = useListDrugClassesQuery({
    medicationId: id,
    page: 1,
    pageSize: CLASSES_PAGE_SIZE,
    sort: 'name',
  });
  return { classes: query.data?.data, error: query.error };
}
