import { screen, waitFor } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { testUser } from '@/test/fixtures';
import { isSignedInPath } from '@/app/router';
import { makeStore } from '@/app/store';
import { restoreSession } from './authThunks';

const loginAnswer = { body: { message: 'Signed in', user: testUser, token: 'fresh-token' } };

async function fillIn(
  user: ReturnType<typeof renderWithProviders>['user'],
  email: string,
  password: string,
) {
  await user.fill(await screen.findByLabelText(/^Email/), email);
  await user.fill(screen.getByLabelText(/^Password/), password);
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/login', () => {
  it('with a revoked token stored, stays on /login while the session is checked, with no toast', async () => {
    window.localStorage.setItem('auth_token', 'revoked-token');
    window.localStorage.setItem('user', JSON.stringify(testUser));
    mockFetch({ 'GET /auth/me': { status: 401, body: { message: 'Invalid token' } } });
    const store = makeStore(); // reads the stored session, as the app does on start
    renderWithProviders(undefined, { route: '/login', store });
    expect(screen.getByRole('progressbar', { name: 'Loading your session' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await store.dispatch(restoreSession({ quiet: !isSignedInPath('/login') }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByText('Unauthorized - Please log in again')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });

  it('requires email and password, says so under the fields, and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an address that is not an email', async () => {
    mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await fillIn(user, 'not-an-email', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('signs in: sends the credentials, stores the session, toasts and goes to /dashboard', async () => {
    const fetchMock = mockFetch({ 'POST /auth/login': loginAnswer });
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await fillIn(user, 'ada@example.org', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await findToast('Login successful!')).toHaveAttribute('role', 'alert');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.getByText(`Welcome, ${testUser.name}`)).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /auth/login')[0].json()).toEqual({
      email: 'ada@example.org',
      password: 'correct horse',
    });
    expect(window.localStorage.getItem('auth_token')).toBe('fresh-token');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toEqual(testUser);
  });

  it('remember me unchecked keeps the session in this tab only', async () => {
    mockFetch({ 'POST /auth/login': loginAnswer });
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await fillIn(user, 'ada@example.org', 'correct horse');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(remember).toBeChecked();
    await user.click(remember);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(window.sessionStorage.getItem('auth_token')).toBe('fresh-token');
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });

  it("a wrong password shows the server's message and stays on /login", async () => {
    mockFetch({
      'POST /auth/login': { status: 401, body: { message: 'Invalid email or password.' } },
    });
    const { user, store } = renderWithProviders(undefined, { route: '/login' });
    await fillIn(user, 'ada@example.org', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findToast('Invalid email or password.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(store.getState().auth.token).toBeNull();
    expect(screen.queryByText('Unauthorized - Please log in again')).not.toBeInTheDocument();
  });

  it('disables the button and shows progress while signing in', async () => {
    let answer: (value: typeof loginAnswer) => void = () => undefined;
    mockFetch({ 'POST /auth/login': () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderWithProviders(undefined, { route: '/login' });
    await fillIn(user, 'ada@example.org', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer(loginAnswer);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('links to /forgot-password and /register', async () => {
    mockFetch({});
    renderWithProviders(undefined, { route: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it("an account without console access sees the server's message on the page, and nothing is stored", async () => {
    const message = 'Your account has no access to the console yet. Ask an administrator.';
    mockFetch({ 'POST /auth/login': { status: 403, body: { message } } });
    const { user, store } = renderWithProviders(undefined, { route: '/login' });
    await fillIn(user, 'pat@example.org', 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(message).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(store.getState().auth.token).toBeNull();
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(window.sessionStorage.getItem('auth_token')).toBeNull();
  });

  describe('an account that must choose a new password', () => {
    const restricted = {
      body: {
        message: 'Choose a new password to continue',
        user: testUser,
        token: 'restricted-token',
        password_change_required: true,
      },
    };

    it('shows the new-password step before anything else, stores nothing, and sends the change with that token', async () => {
      const fetchMock = mockFetch({
        'POST /auth/login': restricted,
        'PUT /auth/password': { body: { message: 'Password updated successfully' } },
      });
      const { user, store } = renderWithProviders(undefined, { route: '/login' });
      await fillIn(user, 'olivia@example.org', 'demo-user-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      expect(
        await screen.findByRole('heading', { name: 'Choose a new password' }),
      ).toBeInTheDocument();
      expect(await screen.findByText(/may be known to others/)).toBeInTheDocument();
      expect(screen.queryByText('Login successful!')).not.toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
      expect(store.getState().auth.token).toBeNull();
      expect(window.localStorage.getItem('auth_token')).toBeNull();

      await user.fill(await screen.findByLabelText(/^New password/), 'a-password-of-my-own');
      await user.fill(screen.getByLabelText(/^Confirm new password/), 'a-password-of-my-own');
      await user.click(screen.getByRole('button', { name: 'Set password and continue' }));

      expect(await findToast('Password updated successfully')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      const [change] = requestsTo(fetchMock, 'PUT /auth/password');
      expect(change.headers.get('authorization')).toBe('Bearer restricted-token');
      expect(await change.json()).toEqual({
        current_password: 'demo-user-password',
        new_password: 'a-password-of-my-own',
      });
      expect(window.localStorage.getItem('auth_token')).toBe('restricted-token');
    });

    it('refuses the password signed in with, and shows a refusal from the server', async () => {
      const fetchMock = mockFetch({
        'POST /auth/login': restricted,
        'PUT /auth/password': {
          status: 422,
          body: { message: 'The current password is incorrect.' },
        },
      });
      const { user, store } = renderWithProviders(undefined, { route: '/login' });
      await fillIn(user, 'olivia@example.org', 'demo-user-password');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await user.fill(await screen.findByLabelText(/^New password/), 'demo-user-password');
      await user.fill(screen.getByLabelText(/^Confirm new password/), 'demo-user-password');
      await user.click(screen.getByRole('button', { name: 'Set password and continue' }));
      expect(
        await screen.findByText('Choose a password other than the one you signed in with'),
      ).toBeInTheDocument();
      expect(requestsTo(fetchMock, 'PUT /auth/password')).toHaveLength(0);

      await user.fill(screen.getByLabelText(/^New password/), 'another-new-password');
      await user.fill(screen.getByLabelText(/^Confirm new password/), 'another-new-password');
      await user.click(screen.getByRole('button', { name: 'Set password and continue' }));
      expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
      expect(store.getState().auth.token).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    });
  });
});
