import { withoutErrorToast } from '@/api/quietRequests';
import { ROUTES } from './routes';
import type { AppStore } from './store';

/**
 * Asks for the opened screen's first data (its route's `data`: a list screen's first page, the
 * dashboard's figures) as the console starts, when a session is stored: the request runs while the
 * session is checked and the page's code loads, instead of after them. The page's own query, with
 * the same argument, then finds it in the cache or on its way. Quiet on failure: the page's query
 * asks again and shows the error as usual.
 */
export function prefetchRouteData(store: AppStore, path: string) {
  const opened = path.replace(/\/+$/, '') || '/';
  const request = ROUTES.find((route) => route.path === opened)?.data;
  if (request && store.getState().auth.token) withoutErrorToast(request(store.dispatch));
}
