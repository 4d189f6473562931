import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { signedIn, signedOut, testUser, TEST_TOKEN } from '@/test/fixtures';

const location = () => screen.getByTestId('location').textContent;

describe('routes and guards', () => {
  it('sends a signed-out visitor of a guarded route to /login', async () => {
    renderWithProviders(undefined, {
      route: '/dashboard/drugs/medications',
      preloadedState: signedOut(),
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('sends a signed-in visitor of a public route to /dashboard', async () => {
    renderWithProviders(undefined, { route: '/register', preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('shows a spinner, not the page, while the session is being checked', () => {
    renderWithProviders(undefined, {
      route: '/dashboard',
      preloadedState: { auth: { user: testUser, token: TEST_TOKEN, loading: true } },
    });
    expect(screen.getByRole('progressbar', { name: 'Loading your session' })).toBeInTheDocument();
    expect(screen.queryByText(`Welcome, ${testUser.name}`)).not.toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it.each([
    ['/', signedOut(), '/login'],
    ['/nowhere', signedOut(), '/login'],
    ['/', signedIn(), '/dashboard'],
    ['/nowhere/at/all', signedIn(), '/dashboard'],
    ['/dashboard/unknown', signedIn(), '/dashboard'],
  ])('redirects %s to the right home', async (route, state, expected) => {
    renderWithProviders(undefined, { route, preloadedState: state });
    await screen.findByRole('heading', { level: 1 });
    expect(location()).toBe(expected);
  });

  it('lets anyone open /reset-password with its token', async () => {
    renderWithProviders(undefined, {
      route: '/reset-password?token=abc',
      preloadedState: signedOut(),
    });
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
  });

  // One session walks the whole menu, as a user would: each click opens the item's page and
  // moves the highlight to it alone.
  it('each sidebar item opens its page and is highlighted there', async () => {
    const items = [
      ['Dashboard', '/dashboard', 'Dashboard'],
      ['Drugs', '/dashboard/drugs', 'Drugs Management'],
      ['Conditions', '/dashboard/drugs/conditions', 'Conditions'],
      ['Age Categories', '/dashboard/drugs/age-categories', 'Age Categories'],
      ['Weight Categories', '/dashboard/drugs/weight-categories', 'Weight Categories'],
      ['Renal Categories', '/dashboard/drugs/renal-categories', 'Renal Categories'],
      ['Medications', '/dashboard/drugs/medications', 'Medications Management'],
      ['Drug Interactions', '/dashboard/drugs/interactions', 'Drug Interactions'],
      ['Lifestyles', '/dashboard/drugs/lifestyles', 'Lifestyle Management'],
      ['Users', '/dashboard/users', 'User Management'],
      ['Releases', '/dashboard/releases', 'Releases'],
      ['Review', '/dashboard/review', 'Review'],
      ['Settings', '/dashboard/settings', 'Account Settings'],
    ];
    const { user } = renderWithProviders(undefined, {
      route: '/dashboard/settings',
      preloadedState: signedIn(),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    for (const [label, path, title] of items) {
      await user.click(within(nav).getByRole('link', { name: label }));
      // Read again on each try: a page may put a header up while its grid loads, then its own.
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument(),
      );
      expect(location()).toBe(path);
      const current = within(nav).getAllByRole('link', { current: 'page' });
      expect(current.map((link) => link.textContent)).toEqual([label]);
    }
  });

  it('keeps Medications highlighted on a medication detail page', async () => {
    renderWithProviders(undefined, {
      route: '/dashboard/drugs/medications/12',
      preloadedState: signedIn(),
    });
    expect(await screen.findByRole('heading', { name: 'Medication Details' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent('Medications');
  });
});
