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
preloadRouteCode(window.location.pathname, store.getState().auth.token !== null);

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
