import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn, testUser, TEST_TOKEN, viewerUser } from '@/test/fixtures';
import { THEME_MODE_STORAGE_KEY } from '@/app/theme';
import { makeStore } from '@/app/store';
import { restoreSession } from '@/features/auth/authThunks';
import { api, type ReleaseStatus } from '@/api';

/** The shell around the lightest page (settings loads nothing on its own). */
function renderShell(route = '/dashboard/settings') {
  window.localStorage.setItem('auth_token', TEST_TOKEN);
  window.localStorage.setItem('user', JSON.stringify(testUser));
  return renderWithProviders(undefined, { route, preloadedState: signedIn() });
}

describe('the signed-in shell', () => {
  it('greets the user in the top bar and shows their initial, name and the demo-data note', async () => {
    mockFetch({});
    renderShell();
    expect(await screen.findByText(`Welcome, ${testUser.name}`)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const sidebar = nav.parentElement as HTMLElement;
    expect(within(sidebar).getByText('A')).toHaveAttribute('aria-hidden', 'true');
    expect(within(sidebar).getByText(testUser.name)).toBeInTheDocument();
    expect(
      within(sidebar).getByText('Demo data is illustrative, not medical advice'),
    ).toBeInTheDocument();
  });

  it('lists the original sidebar items in their original order', async () => {
    mockFetch({});
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const spec = [
      'Dashboard',
      'Drugs',
      'Conditions',
      'Age Categories',
      'Weight Categories',
      'Medications',
      'Drug Interactions',
      'Lifestyles',
      'Users',
      'Settings',
    ];
    // Later screens may add items; the original ones must all be there, in this order.
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent ?? '');
    expect(labels.filter((label) => spec.includes(label))).toEqual(spec);
    const drugs = within(nav).getByRole('list', { name: 'Drugs sections' });
    for (const sub of spec.slice(2, 8)) {
      expect(within(drugs).getByRole('link', { name: sub })).toBeInTheDocument();
    }
  });

  it("writes every sidebar item in the spec's Title Case ('Safety Check', 'Data Quality')", async () => {
    mockFetch({});
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent ?? '');
    expect(labels).toEqual(expect.arrayContaining(['Safety Check', 'Data Quality']));
    for (const label of labels) {
      for (const word of label.split(' ')) expect(word).toMatch(/^[A-Z]/);
    }
  });

  it('shows History to every console role, and Accounts to administrators only', async () => {
    mockFetch({ 'GET /auth/sessions': { body: { data: [] } } });
    renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/dashboard/history',
    );
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'href',
      '/dashboard/accounts',
    );
  });

  it('leaves Accounts out for a viewer, and sends a viewer who opens it to the dashboard', async () => {
    mockFetch({
      'GET /dashboard/stats': { status: 503, body: { message: 'Down for the test' } },
      'GET /audit': { body: { data: [], meta: { total: 0, page: 1, page_size: 5 } } },
      'GET /data-quality/summary': { status: 503, body: { message: 'Down for the test' } },
    });
    renderWithProviders(undefined, {
      route: '/dashboard/accounts',
      preloadedState: signedIn(viewerUser),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'History' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Accounts' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
  });

  it('on small screens, a named menu button opens the navigation drawer, and a link closes it', async () => {
    mockFetch({});
    const { user } = renderShell();
    const menu = await screen.findByRole('button', { name: 'Open navigation menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
  });

  it('Logout revokes the token, clears both storages and goes to /login', async () => {
    const fetchMock = mockFetch({ 'POST /auth/logout': { body: { message: 'Signed out' } } });
    window.sessionStorage.setItem('auth_token', TEST_TOKEN);
    const { user, store } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(requestsTo(fetchMock, 'POST /auth/logout')[0].headers.get('Authorization')).toBe(
      `Bearer ${TEST_TOKEN}`,
    );
    expect(store.getState().auth).toMatchObject({ user: null, token: null });
    for (const storage of [window.localStorage, window.sessionStorage]) {
      expect(storage.getItem('auth_token')).toBeNull();
      expect(storage.getItem('user')).toBeNull();
    }
  });

  it('switches between light and dark and remembers the choice', async () => {
    mockFetch({});
    const { user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(window.localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(window.localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('light');
  });

  it('a forged token found on start is refused: back to /login with the 401 message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.localStorage.setItem('auth_token', 'forged');
    window.localStorage.setItem('user', JSON.stringify(testUser));
    mockFetch({ 'GET /auth/me': { status: 401, body: { message: 'Invalid token' } } });
    const store = makeStore(); // reads the forged session from storage, as the app does on start
    renderWithProviders(undefined, { route: '/dashboard/settings', store });
    expect(screen.getByRole('progressbar', { name: 'Loading your session' })).toBeInTheDocument();
    await store.dispatch(restoreSession());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText('Unauthorized - Please log in again')).toBeInTheDocument();
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });

  describe("the draft's banner", () => {
    const status = (overrides: Partial<ReleaseStatus>) => ({
      body: {
        data: {
          latest: null,
          scheduled: null,
          newest: 2,
          changes: 3,
          awaiting_review: 1,
          ...overrides,
        },
      },
    });

    it('says above every page how many changes the draft holds since the newest release, and links to Review', async () => {
      mockFetch({
        'GET /release/status': status({}),
        'GET /auth/sessions': { body: { data: [] } },
      });
      renderShell();
      const banner = await screen.findByRole('link', {
        name: 'Draft: 3 changes since release 2, 1 awaiting review',
      });
      expect(banner).toHaveAttribute('href', '/dashboard/review');
      // Inside the page's main area, before the page.
      const main = screen.getByRole('main');
      expect(main).toContainElement(banner);
      const heading = screen.getByRole('heading', { level: 1, name: 'Account Settings' });
      expect(
        banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    });

    it('says "change" for one', async () => {
      mockFetch({
        'GET /release/status': status({ changes: 1, awaiting_review: 0 }),
        'GET /auth/sessions': { body: { data: [] } },
      });
      renderShell();
      expect(
        await screen.findByRole('link', {
          name: 'Draft: 1 change since release 2, 0 awaiting review',
        }),
      ).toBeInTheDocument();
    });

    it('says when no release has been published yet, linking to Releases', async () => {
      mockFetch({
        'GET /release/status': status({ newest: null, changes: 0, awaiting_review: 0 }),
        'GET /auth/sessions': { body: { data: [] } },
      });
      renderShell();
      expect(
        await screen.findByRole('link', { name: 'Draft: no release has been published yet' }),
      ).toHaveAttribute('href', '/dashboard/releases');
    });

    it('is left out when nothing changed since the newest release', async () => {
      mockFetch({
        'GET /release/status': status({ changes: 0, awaiting_review: 0 }),
        'GET /auth/sessions': { body: { data: [] } },
      });
      const { store } = renderShell();
      await waitFor(() =>
        expect(api.endpoints.getReleaseStatus.select()(store.getState()).isSuccess).toBe(true),
      );
      await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
      expect(screen.queryByText(/^Draft:/)).not.toBeInTheDocument();
    });

    it('offers Releases and Review to every console role, a viewer included', async () => {
      mockFetch({
        'GET /release/status': status({}),
        'GET /auth/sessions': { body: { data: [] } },
      });
      renderWithProviders(undefined, {
        route: '/dashboard/settings',
        preloadedState: signedIn(viewerUser),
      });
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).getByRole('link', { name: 'Releases' })).toHaveAttribute(
        'href',
        '/dashboard/releases',
      );
      expect(within(nav).getByRole('link', { name: 'Review' })).toHaveAttribute(
        'href',
        '/dashboard/review',
      );
    });
  });
});
