import { api } from '@/api';
import { firstPage } from '@/lib/listPage';
import { withoutErrorToast } from '@/api/quietRequests';
import type { AppDispatch, AppStore } from './store';

/** A request with no subscriber: the cache keeps its answer for the page that subscribes next. */
const once = { subscribe: false } as const;

/**
 * The list each list screen asks for first (its first page in its first order, as the screen's
 * definition asks), and the dashboard's figures.
 */
const FIRST_QUERY: Record<string, (dispatch: AppDispatch) => { requestId: string }> = {
  '/dashboard': (dispatch) => dispatch(api.endpoints.getDashboardStats.initiate(undefined, once)),
  '/dashboard/drugs/medications': (dispatch) =>
    dispatch(api.endpoints.listMedications.initiate(firstPage('name'), once)),
  '/dashboard/drugs/conditions': (dispatch) =>
    dispatch(api.endpoints.listConditions.initiate(firstPage('name'), once)),
  '/dashboard/drugs/age-categories': (dispatch) =>
    dispatch(api.endpoints.listAgeCategories.initiate(firstPage(), once)),
  '/dashboard/drugs/weight-categories': (dispatch) =>
    dispatch(api.endpoints.listWeightCategories.initiate(firstPage(), once)),
  '/dashboard/drugs/interactions': (dispatch) =>
    dispatch(api.endpoints.listDrugInteractions.initiate(firstPage('medication'), once)),
  '/dashboard/drugs/lifestyles': (dispatch) =>
    dispatch(api.endpoints.listLifestyles.initiate(firstPage('name'), once)),
  '/dashboard/drugs': (dispatch) =>
    dispatch(api.endpoints.listDrugs.initiate(firstPage('name'), once)),
  '/dashboard/data-quality': (dispatch) =>
    dispatch(api.endpoints.getDataQuality.initiate(firstPage(), once)),
};

/**
 * Asks for the opened screen's list as the console starts, when a session is stored: the request
 * runs while the session is checked and the page's code loads, instead of after them, so a large
 * list's first rows arrive that much sooner. The page's own query then finds it in the cache.
 * Quiet on failure: the page's query asks again and shows the error as usual.
 */
export function prefetchRouteData(store: AppStore, path: string) {
  const request = FIRST_QUERY[path.replace(/\/+$/, '')];
  if (request && store.getState().auth.token) withoutErrorToast(request(store.dispatch));
}
