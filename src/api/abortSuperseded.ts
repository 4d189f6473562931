import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from './index';

/** A query endpoint's name, and the arg it is asked with. */
type QueryName = Parameters<typeof api.util.getRunningQueryThunk>[0];
type QueryArg<E extends QueryName> = Parameters<typeof api.util.getRunningQueryThunk<E>>[1];

/**
 * Aborts the request for the args `endpoint` was asked for before `arg` (another letter typed into
 * the search, another page or order) when it is still unanswered. The server then cancels its
 * statements: over a million interactions a search's first letters each take about a second of a
 * core, which would otherwise go on after the next letter and hold its answer back. Call it after
 * the endpoint's query hook, with the same `arg`: that hook has asked for `arg` by then.
 */
export function useAbortSuperseded<E extends QueryName>(endpoint: E, arg: QueryArg<E>) {
  // The API's own dispatch type: the app's store is not this layer's to import.
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  // By value: the screens build a new arg object on every render. RTK Query keys its cache by the
  // same serialisation (undefined parameters left out), so the parsed copy finds the same request.
  const key = JSON.stringify(arg);
  const asked = useRef(key);
  useEffect(() => {
    const before = asked.current;
    asked.current = key;
    if (before === key) return;
    dispatch(api.util.getRunningQueryThunk(endpoint, JSON.parse(before) as QueryArg<E>))?.abort();
  }, [dispatch, endpoint, key]);
}
