import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, networkDown, requestsTo } from '@/test/mockFetch';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/forgot-password', () => {
  it('requires the email', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderWithProviders(undefined, { route: '/forgot-password' });
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on success: the green message, and the field is cleared', async () => {
    const fetchMock = mockFetch({
      'POST /auth/forgot-password': {
        body: { message: 'If the account exists, a link was sent.' },
      },
    });
    const { user } = renderWithProviders(undefined, { route: '/forgot-password' });
    const field = await screen.findByLabelText(/^Email/);
    await user.fill(field, 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const message = await screen.findByText('Check your email for password reset instructions');
    expect(message.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorSuccess');
    expect(field).toHaveValue('');
    expect(await requestsTo(fetchMock, 'POST /auth/forgot-password')[0].json()).toEqual({
      email: 'ada@example.org',
    });
  });

  it('on failure: says it failed, keeps the address, and shows no second (toast) message', async () => {
    mockFetch({ 'POST /auth/forgot-password': networkDown });
    const { user } = renderWithProviders(undefined, { route: '/forgot-password' });
    const field = await screen.findByLabelText(/^Email/);
    await user.fill(field, 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const message = await screen.findByText('Failed to send password reset email');
    expect(message.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
    expect(field).toHaveValue('ada@example.org');
    expect(screen.queryByText(/Network error/)).not.toBeInTheDocument();
    expect(
      screen.queryByText('Check your email for password reset instructions'),
    ).not.toBeInTheDocument();
  });

  it('links back to /login', async () => {
    mockFetch({});
    renderWithProviders(undefined, { route: '/forgot-password' });
    expect(await screen.findByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
