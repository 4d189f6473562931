import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { prefetchRouteData } from '@/app/routeData';
import { AppRoutes, isSignedInPath, preloadRouteCode } from '@/app/router';
import { makeStore } from '@/app/store';
import { restoreSession } from '@/features/auth/authThunks';

const store = makeStore();
void store.dispatch(restoreSession({ quiet: !isSignedInPath(window.location.pathname) }));
prefetchRouteData(store, window.location.pathname);
// After the session check's and the list's requests have gone out (a few promise steps from
// here): the browser opens 6 connections to the server, and the page's dozens of chunks queued
// first would hold those requests back until most of them had loaded.
const signedIn = store.getState().auth.token !== null;
window.setTimeout(() => preloadRouteCode(window.location.pathname, signedIn));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
