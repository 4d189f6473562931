import { useEffect, useMemo } from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import { api } from '@/api';
import type { PickerSource } from './RecordPicker';

/** The store as far as the API slice's cache goes: shared code does not know the app's store. */
type ApiState = Parameters<ReturnType<typeof api.endpoints.getMedication.select>>[0];

/** Asks the server for one record (`GET /<source>/<id>`), kept cached while subscribed. */
function fetchRecord(source: PickerSource, id: number) {
  switch (source) {
    case 'medication':
      return api.endpoints.getMedication.initiate({ id });
    case 'condition':
      return api.endpoints.getCondition.initiate({ id });
    case 'lifestyle':
      return api.endpoints.getLifestyle.initiate({ id });
    case 'drugClass':
      return api.endpoints.getDrugClass.initiate({ id });
    case 'ingredient':
      return api.endpoints.getIngredient.initiate({ id });
  }
}

/** The record's name from the cache; undefined until it has arrived (or when it failed). */
function cachedName(state: ApiState, source: PickerSource, id: number): string | undefined {
  switch (source) {
    case 'medication':
      return api.endpoints.getMedication.select({ id })(state).data?.data.name;
    case 'condition':
      return api.endpoints.getCondition.select({ id })(state).data?.data.name;
    case 'lifestyle':
      return api.endpoints.getLifestyle.select({ id })(state).data?.data.name;
    case 'drugClass':
      return api.endpoints.getDrugClass.select({ id })(state).data?.data.name;
    case 'ingredient':
      return api.endpoints.getIngredient.select({ id })(state).data?.data.name;
  }
}

/**
 * The names of records known only by id (a shared link's choices), each asked for on its own:
 * a few single records, never the whole table. Ids whose answer has not arrived are left out.
 */
export function useRecordNames(
  source: PickerSource,
  ids: readonly number[],
): ReadonlyMap<number, string> {
  const dispatch = useDispatch<ThunkDispatch<ApiState, unknown, UnknownAction>>();
  const key = ids.join(',');
  // The same ids in a new array (as each render passes them) are the same request.
  const wanted = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);
  useEffect(() => {
    const requests = wanted.map((id) => dispatch(fetchRecord(source, id)));
    return () => requests.forEach((request) => request.unsubscribe());
  }, [dispatch, source, wanted]);
  const names = useSelector(
    (state: ApiState) => wanted.map((id) => cachedName(state, source, id)),
    shallowEqual,
  );
  return useMemo(
    () =>
      new Map(
        wanted.flatMap((id, index) => {
          const name = names[index];
          return name === undefined ? [] : [[id, name] as const];
        }),
      ),
    [wanted, names],
  );
}
