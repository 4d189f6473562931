import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { restoreSession } from '@/features/auth/authThunks';
import { testUser, TEST_TOKEN } from '@/test/fixtures';
import { reply } from '@/test/mockFetch';
import { AppProviders } from './AppProviders';
import { prefetchRouteData } from './routeData';
import { AppRoutes } from './router';
import { ROUTES } from './routes';
import { makeStore } from './store';

const withData = ROUTES.filter((route) => route.data).map((route) => route.path);

/**
 * Answers every call, the session check at once and the rest a little later, so that the route's
 * request is still on its way when the page asks for the same data; returns the calls made.
 */
function answerEverything() {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/auth/me')) return reply({ body: { data: testUser } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    return reply({ body: { data: [], meta: { total: 0, page: 1, page_size: 25 } } });
  }) as typeof fetch;
  return calls;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe("a page's first data", () => {
  it.each(withData)('is asked for once when the console starts on %s', async (path) => {
    const calls = answerEverything();
    // As main.tsx starts the console with a stored session.
    const store = makeStore({ auth: { user: testUser, token: TEST_TOKEN, loading: true } });
    void store.dispatch(restoreSession({ quiet: false }));
    prefetchRouteData(store, path);
    await waitFor(() => expect(calls).toHaveLength(2));
    const preloaded = calls.find((call) => !call.endsWith('/auth/me'));
    render(
      <StrictMode>
        <AppProviders store={store}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toBeVisible();
    // Every query the page made has been answered: it asked for all it shows first.
    await waitFor(
      () =>
        expect(
          Object.values(store.getState().api.queries).filter((q) => q?.status === 'pending'),
        ).toEqual([]),
      { timeout: 15_000 },
    );
    // The page's own query took the same argument: no other request to the same list.
    const list = (call: string) => call.split('?')[0];
    expect(calls.filter((call) => list(call) === list(preloaded ?? ''))).toEqual([preloaded]);
    // Nor is anything else the page shows asked for twice.
    expect(calls.filter((call, i) => calls.indexOf(call) !== i)).toEqual([]);
  });
});
