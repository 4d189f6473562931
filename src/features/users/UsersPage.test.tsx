import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@/api';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { firstQuery, queryOf, renderListApi, sortOf } from '@/test/renderListApi';
import { SEARCH_PAUSE_MS } from '@/components/resource/resource';
import { USERS_MAX_AGE_S, UsersPage, userResource } from './UsersPage';
import { clockForward } from '@/test/clock';

configure({ asyncUtilTimeout: 20_000 });

const HOUR = 3_600_000;
const olivia: AdminUser = {
  id: 4,
  name: 'Olivia Bennett',
  email: 'olivia.bennett@example.com',
  role: 'user',
  registered_at: '2025-01-15T10:00:00.000Z',
  last_active_at: new Date(Date.now() - 3 * HOUR).toISOString(),
  search_count: 12,
};
const liam: AdminUser = {
  id: 5,
  name: 'Liam Carter',
  email: 'liam.carter@example.com',
  role: 'user',
  registered_at: '2025-02-01T10:00:00.000Z',
  last_active_at: null,
  search_count: 0,
};

/** Answers GET /users like the server: filtered by `q` (name or email), with meta. */
function usersHandler(all: AdminUser[]) {
  return (request: Request) => {
    const params = new URL(request.url).searchParams;
    const words = (params.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const data = all.filter((u) =>
      words.every((w) => `${u.name} ${u.email}`.toLowerCase().includes(w)),
    );
    return {
      body: {
        data,
        meta: {
          total: data.length,
          page: Number(params.get('page')),
          page_size: Number(params.get('page_size')),
        },
      },
    };
  };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('/dashboard/users', () => {
  it("lists Name, Email, Registered, Last Active, Searches and View History, a page of 25 by name; searches by name or email once typing pauses; opens a user's search history", async () => {
    const fetchMock = mockFetch({
      'GET /users': usersHandler([olivia, liam]),
      'GET /users/4/search-history': {
        body: {
          data: [
            { id: 1, drug_id: 3, drug_name: 'Warfarin', searched_at: '2025-03-01T08:00:00.000Z' },
          ],
        },
      },
    });
    const { user } = renderWithProviders(<UsersPage />, { preloadedState: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User Management' }),
    ).toBeInTheDocument();
    const cell = await screen.findByRole('gridcell', { name: 'Olivia Bennett' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Registered',
      'Last Active',
      'Searches',
      'View History',
    ]);
    const row = within(cell.closest<HTMLElement>('[role="row"]')!);
    expect(row.getByRole('gridcell', { name: 'olivia.bennett@example.com' })).toBeInTheDocument();
    expect(row.getByRole('gridcell', { name: 'Jan 15, 2025' })).toBeInTheDocument();
    expect(row.getByText('3 hours ago')).toBeInTheDocument();
    expect(row.getByRole('gridcell', { name: '12' })).toBeInTheDocument();
    const liamRow = within(
      screen.getByRole('gridcell', { name: 'Liam Carter' }).closest<HTMLElement>('[role="row"]')!,
    );
    expect(liamRow.getByRole('gridcell', { name: 'Never' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /users').map(queryOf)).toEqual([
      { page: '1', page_size: '25', sort: 'name' },
    ]);

    await user.fill(screen.getByLabelText('Search by name or email'), 'olivia.BENNETT');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Liam Carter' })).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetchMock, 'GET /users').map(queryOf).at(-1)).toEqual({
      q: 'olivia.BENNETT',
      page: '1',
      page_size: '25',
      sort: 'name',
    });
    // Typing pauses before a search is sent: not one request per key.
    expect(requestsTo(fetchMock, 'GET /users').length).toBeLessThan(5);

    await user.click(screen.getByRole('button', { name: 'View history of Olivia Bennett' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Search History: Olivia Bennett' }),
    );
    expect(await dialog.findByRole('gridcell', { name: 'Warfarin' })).toBeInTheDocument();
  });
});

describe('the users definition', () => {
  it("sends a page by name when unsorted, a header's sort by the contract's names, and waits for typing to pause", async () => {
    expect(firstQuery(userResource)).toMatchObject({ page: 1, pageSize: 25, sort: 'name' });
    expect(sortOf(userResource, 'search_count')).toBe('search_count');
    expect(sortOf(userResource, 'search_count', 'desc')).toBe('-search_count');
    expect(sortOf(userResource, 'view_history')).toBeUndefined();
    expect(userResource.searchDebounceMs).toBe(SEARCH_PAUSE_MS);

    const fetchMock = mockFetch({ 'GET /users': usersHandler([olivia, liam]) });
    const { result } = renderListApi(userResource, { page: 2, pageSize: 10, q: 'LIAM.carter' });
    await waitFor(() => expect(result.current.list.rows).toEqual([liam]));
    expect(requestsTo(fetchMock).map(queryOf)).toEqual([
      { page: '2', page_size: '10', q: 'LIAM.carter', sort: 'name' },
    ]);
    expect(userResource.texts.emptyText).toBe('No users found');
  });

  it('reads a failed load as an error under its title', async () => {
    mockFetch({
      'GET /users': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    const { result } = renderListApi(userResource, firstQuery(userResource));
    await waitFor(() =>
      expect(result.current.list.error).toMatchObject({
        message: 'Something went wrong on our side. Please try again.',
      }),
    );
    expect(userResource.texts.errorTitle).toBe('The users could not be loaded');
  });

  it("asks again when shown with a page over USERS_MAX_AGE_S old: app users' searches have no tag", async () => {
    let current = olivia;
    const fetchMock = mockFetch({ 'GET /users': (request) => usersHandler([current])(request) });
    const first = renderListApi(userResource, firstQuery(userResource));
    await waitFor(() => expect(first.result.current.list.rows).toEqual([olivia]));
    first.unmount();

    // Back soon after: the cached page, no request.
    current = { ...olivia, search_count: 13 };
    const soon = renderListApi(userResource, firstQuery(userResource), {}, first.store);
    expect(soon.result.current.list.rows).toEqual([olivia]);
    expect(requestsTo(fetchMock, 'GET /users')).toHaveLength(1);
    soon.unmount();

    // Back later than USERS_MAX_AGE_S: asked again, the new search count read.
    clockForward(USERS_MAX_AGE_S + 1);
    const later = renderListApi(userResource, firstQuery(userResource), {}, first.store);
    await waitFor(() => expect(later.result.current.list.rows?.[0].search_count).toBe(13));
    expect(requestsTo(fetchMock, 'GET /users')).toHaveLength(2);
  });
});
