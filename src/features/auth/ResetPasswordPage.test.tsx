import { screen } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { PASSWORD_RESET_DONE } from './ResetPasswordPage';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

type User = ReturnType<typeof renderWithProviders>['user'];

async function fillIn(user: User, password: string, confirm: string) {
  await user.fill(await screen.findByLabelText(/^New password/), password);
  await user.fill(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('/reset-password', () => {
  it('requires both fields', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/reset-password?token=tok' });
    await user.click(await screen.findByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match'", async () => {
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/reset-password?token=tok' });
    await fillIn(user, 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, then goes to /login', async () => {
    const fetchMock = mockFetch({
      'POST /auth/reset-password': { body: { message: 'Password set' } },
    });
    const { user } = renderWithProviders(undefined, { route: '/reset-password?token=tok-42' });
    await fillIn(user, 'new-password-1', 'new-password-1');
    expect(await findToast(PASSWORD_RESET_DONE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /auth/reset-password')[0].json()).toEqual({
      token: 'tok-42',
      password: 'new-password-1',
    });
  });

  it("shows the server's refusal in a banner (an expired link)", async () => {
    mockFetch({
      'POST /auth/reset-password': {
        status: 422,
        body: { message: 'This reset link is invalid or has expired.' },
      },
    });
    const { user } = renderWithProviders(undefined, { route: '/reset-password?token=old' });
    await fillIn(user, 'new-password-1', 'new-password-1');
    expect(
      await screen.findByText('This reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Failed to reset password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/reset-password');
  });

  it('without a token there is no form, only a way to ask for a new link', async () => {
    mockFetch({});
    renderWithProviders(undefined, { route: '/reset-password' });
    expect(
      await screen.findByText('This reset link is incomplete. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
