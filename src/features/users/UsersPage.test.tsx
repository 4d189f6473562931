import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@/api';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { USERS_MAX_AGE_S, UsersPage } from './UsersPage';
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

const renderUsers = () => renderWithProviders(<UsersPage />, { preloadedState: signedIn() });
const lastQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  Object.fromEntries(new URL(requestsTo(fetchMock, 'GET /users').at(-1)!.url).searchParams);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('/dashboard/users', () => {
  it('lists Name, Email, Registered, Last Active, Searches and View History, a page of 25 by name', async () => {
    const fetchMock = mockFetch({ 'GET /users': usersHandler([olivia, liam]) });
    renderUsers();
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
    expect(row.getByRole('button', { name: 'View history of Olivia Bennett' })).toBeInTheDocument();
    const liamRow = within(
      screen.getByRole('gridcell', { name: 'Liam Carter' }).closest<HTMLElement>('[role="row"]')!,
    );
    expect(liamRow.getByRole('gridcell', { name: 'Never' })).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({ page: '1', page_size: '25', sort: 'name' });
  });

  it('searches by name or email on the server, from the first page', async () => {
    const fetchMock = mockFetch({ 'GET /users': usersHandler([olivia, liam]) });
    const { user } = renderUsers();
    await screen.findByRole('gridcell', { name: 'Liam Carter' });
    await user.type(screen.getByLabelText('Search by name or email'), 'LIAM.carter');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Olivia Bennett' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('gridcell', { name: 'Liam Carter' })).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({
      q: 'LIAM.carter',
      page: '1',
      page_size: '25',
      sort: 'name',
    });
    // Typing pauses before a search is sent: not one request per key.
    expect(requestsTo(fetchMock, 'GET /users').length).toBeLessThan(5);
  });

  it("says 'No users found' when none match, or there are none", async () => {
    mockFetch({ 'GET /users': usersHandler([olivia]) });
    const { user } = renderUsers();
    await screen.findByRole('gridcell', { name: 'Olivia Bennett' });
    await user.type(screen.getByLabelText('Search by name or email'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('sorts on the server when a header is clicked', async () => {
    const fetchMock = mockFetch({ 'GET /users': usersHandler([olivia, liam]) });
    const { user } = renderUsers();
    await screen.findByRole('gridcell', { name: 'Olivia Bennett' });
    await user.click(screen.getByRole('columnheader', { name: 'Searches' }));
    await waitFor(() => expect(lastQuery(fetchMock).sort).toBe('search_count'));
    await user.click(screen.getByRole('columnheader', { name: 'Searches' }));
    await waitFor(() => expect(lastQuery(fetchMock).sort).toBe('-search_count'));
  });

  it('a sort, like a search, starts again at the first page', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...liam,
      id: 100 + i,
      name: `User ${i}`,
      email: `user${i}@example.com`,
    }));
    const fetchMock = mockFetch({ 'GET /users': usersHandler(many) });
    const { user } = renderUsers();
    await screen.findByRole('gridcell', { name: 'User 0' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '2', sort: 'name' }));
    await user.click(screen.getByRole('columnheader', { name: 'Searches' }));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ page: '1', page_size: '25', sort: 'search_count' }),
    );
  });

  it("opens a user's search history from View History", async () => {
    mockFetch({
      'GET /users': usersHandler([olivia, liam]),
      'GET /users/4/search-history': {
        body: {
          data: [
            { id: 1, drug_id: 3, drug_name: 'Warfarin', searched_at: '2025-03-01T08:00:00.000Z' },
          ],
        },
      },
    });
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'View history of Olivia Bennett' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Search History: Olivia Bennett' }),
    );
    expect(await dialog.findByRole('gridcell', { name: 'Warfarin' })).toBeInTheDocument();
  });

  it('shows an error banner when the users cannot be loaded', async () => {
    mockFetch({
      'GET /users': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderUsers();
    const banner = (await screen.findByText('The users could not be loaded')).closest(
      '[role="alert"]',
    );
    expect(banner).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.queryByText('No users found')).not.toBeInTheDocument();
  });

  it("asks again when shown with a page over USERS_MAX_AGE_S old: app users' searches have no tag", async () => {
    let current = olivia;
    const fetchMock = mockFetch({ 'GET /users': (request) => usersHandler([current])(request) });
    const first = renderUsers();
    const cell = await screen.findByRole('gridcell', { name: 'Olivia Bennett' });
    expect(within(cell.closest<HTMLElement>('[role="row"]')!).getByText('12')).toBeInTheDocument();
    first.unmount();

    // Back soon after: the cached page, no request.
    current = { ...olivia, search_count: 13 };
    const soon = renderWithProviders(<UsersPage />, { store: first.store });
    await screen.findByRole('gridcell', { name: 'Olivia Bennett' });
    expect(requestsTo(fetchMock, 'GET /users')).toHaveLength(1);
    soon.unmount();

    // Back later than USERS_MAX_AGE_S: asked again, the new search count shown.
    clockForward(USERS_MAX_AGE_S + 1);
    renderWithProviders(<UsersPage />, { store: first.store });
    expect(await screen.findByRole('gridcell', { name: '13' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /users')).toHaveLength(2);
  });
});
