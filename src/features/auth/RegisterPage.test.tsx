import { screen } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { testUser } from '@/test/fixtures';

type User = ReturnType<typeof renderWithProviders>['user'];

async function fillIn(
  user: User,
  values: { name: string; email: string; password: string; confirm: string },
) {
  await user.fill(await screen.findByLabelText(/^Full name/), values.name);
  await user.fill(screen.getByLabelText(/^Email/), values.email);
  await user.fill(screen.getByLabelText(/^Password/), values.password);
  await user.fill(screen.getByLabelText(/^Confirm password/), values.confirm);
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/register', () => {
  it('requires every field', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/register' });
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match' under the confirmation", async () => {
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/register' });
    await fillIn(user, {
      name: 'Ada',
      email: 'ada@example.org',
      password: 'password-1',
      confirm: 'password-2',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for 8 characters at least, as the server does', async () => {
    mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/register' });
    await fillIn(user, {
      name: 'Ada',
      email: 'ada@example.org',
      password: 'short',
      confirm: 'short',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('registers, then signs in with the same credentials and lands on /dashboard', async () => {
    const fetchMock = mockFetch({
      'POST /auth/register': { status: 201, body: { message: 'Registered', user: testUser } },
      'POST /auth/login': { body: { message: 'Signed in', user: testUser, token: 'new-token' } },
    });
    const { user } = renderWithProviders(undefined, { route: '/register' });
    await fillIn(user, {
      name: 'Ada Admin',
      email: 'ada@example.org',
      password: 'password-1',
      confirm: 'password-1',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await findToast('Registration successful!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /auth/register')[0].json()).toEqual({
      name: 'Ada Admin',
      email: 'ada@example.org',
      password: 'password-1',
    });
    expect(await requestsTo(fetchMock, 'POST /auth/login')[0].json()).toEqual({
      email: 'ada@example.org',
      password: 'password-1',
    });
    expect(window.localStorage.getItem('auth_token')).toBe('new-token');
  });

  it('a later account waits for a role: it says so and signs nothing in', async () => {
    const fetchMock = mockFetch({
      'POST /auth/register': {
        status: 201,
        body: { message: 'Registered', user: { ...testUser, id: 9, role: null } },
      },
    });
    const { user } = renderWithProviders(undefined, { route: '/register' });
    await fillIn(user, {
      name: 'Pat Pending',
      email: 'pat@example.org',
      password: 'password-1',
      confirm: 'password-1',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await findToast('Registration successful!')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your account has been created. An administrator must give it a role before you can sign in.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /auth/login')).toHaveLength(0);
    expect(window.localStorage.getItem('auth_token')).toBeNull();
  });

  it("a taken email: the server's errors.email as the toast, and no sign-in", async () => {
    const fetchMock = mockFetch({
      'POST /auth/register': {
        status: 422,
        body: { errors: { email: ['This email is already registered.'] } },
      },
    });
    const { user } = renderWithProviders(undefined, { route: '/register' });
    await fillIn(user, {
      name: 'Ada Admin',
      email: 'ada@example.org',
      password: 'password-1',
      confirm: 'password-1',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await findToast('This email is already registered.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /auth/login')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });
});
