import { waitFor } from '@testing-library/react';
import { enqueueSnackbar } from 'notistack';
import { api } from '@/api';
import { testUser } from '@/test/fixtures';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { firstPage } from '@/lib/listPage';
import { prefetchRouteData } from './routeData';
import { makeStore } from './store';

jest.mock('notistack', () => ({ ...jest.requireActual('notistack'), enqueueSnackbar: jest.fn() }));

const signedIn = () =>
  makeStore({ auth: { user: testUser, token: 'stored-token', loading: true } });
const medications = { data: [] };

describe('prefetchRouteData', () => {
  it("asks for the opened list screen's data at once, into the cache its page reads", async () => {
    const fetchMock = mockFetch({ 'GET /medication': { body: medications } });
    const store = signedIn();
    prefetchRouteData(store, '/dashboard/drugs/medications/');
    await waitFor(() =>
      expect(
        api.endpoints.listMedications.select(firstPage('name'))(store.getState()).data,
      ).toEqual(medications),
    );
    const [request] = requestsTo(fetchMock, 'GET /medication');
    expect(request.headers.get('authorization')).toBe('Bearer stored-token');
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({
      page: '1',
      page_size: '25',
      sort: 'name',
    });
    // The page's own subscription is answered from the cache, not by a second request.
    // The medications screen's first query: its first page by name.
    const page = store.dispatch(api.endpoints.listMedications.initiate(firstPage('name')));
    await page;
    page.unsubscribe();
    expect(requestsTo(fetchMock, 'GET /medication')).toHaveLength(1);
  });

  it("asks for the dashboard's figures on /dashboard", async () => {
    const stats = { data: { total_drugs: 3 } };
    const fetchMock = mockFetch({ 'GET /dashboard/stats': { body: stats } });
    const store = signedIn();
    prefetchRouteData(store, '/dashboard');
    await waitFor(() =>
      expect(api.endpoints.getDashboardStats.select()(store.getState()).data).toEqual(stats),
    );
    expect(requestsTo(fetchMock, 'GET /dashboard/stats')).toHaveLength(1);
  });

  it("asks for the data-quality report's first page, as the screen asks for it", async () => {
    const report = { data: [], meta: { total: 0, page: 1, page_size: 25 } };
    const fetchMock = mockFetch({ 'GET /data-quality': { body: report } });
    const store = signedIn();
    prefetchRouteData(store, '/dashboard/data-quality');
    // The screen's first query: no search, filter or sort yet.
    const screenQuery = {
      ...firstPage(),
      q: undefined,
      sort: undefined,
      severity: undefined,
      kind: undefined,
    };
    await waitFor(() =>
      expect(api.endpoints.getDataQuality.select(screenQuery)(store.getState()).data).toEqual(
        report,
      ),
    );
    expect(requestsTo(fetchMock, 'GET /data-quality')).toHaveLength(1);
  });

  it('asks for nothing without a stored session, or on a screen without a list', async () => {
    const fetchMock = mockFetch({});
    prefetchRouteData(makeStore(), '/dashboard/drugs/medications');
    prefetchRouteData(signedIn(), '/dashboard/settings');
    prefetchRouteData(signedIn(), '/dashboard/drugs/medications/12');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is quiet when the request fails, and the page asks again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const fetchMock = mockFetch({
      'GET /condition': () =>
        fail ? { status: 500, body: { message: 'Database down' } } : { body: { data: [] } },
    });
    const store = signedIn();
    prefetchRouteData(store, '/dashboard/drugs/conditions');
    await waitFor(() =>
      expect(api.endpoints.listConditions.select(firstPage('name'))(store.getState()).isError).toBe(
        true,
      ),
    );
    expect(enqueueSnackbar).not.toHaveBeenCalled();
    fail = false;
    // The conditions screen's first query: its first page by name.
    const page = store.dispatch(api.endpoints.listConditions.initiate(firstPage('name')));
    expect((await page).data).toEqual({ data: [] });
    page.unsubscribe();
    expect(requestsTo(fetchMock, 'GET /condition')).toHaveLength(2);
  });
});
