import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Account } from '@/api';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { AccountsPage } from './AccountsPage';

configure({ asyncUtilTimeout: 20_000 });

const ada: Account = {
  id: 7,
  name: 'Ada Admin',
  email: 'ada@example.org',
  role: 'admin',
  disabled: false,
  created_at: '2026-01-02T03:04:05.000Z',
  last_sign_in_at: '2026-11-25T08:00:00.000Z',
  active_sessions: 2,
};
const pat: Account = {
  id: 9,
  name: 'Pat Pending',
  email: 'pat@example.org',
  role: null,
  disabled: false,
  created_at: '2026-11-20T03:04:05.000Z',
  last_sign_in_at: null,
  active_sessions: 0,
};

const page = (accounts: Account[]) => ({
  body: { data: accounts, meta: { total: accounts.length, page: 1, page_size: 25 } },
});

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/accounts', () => {
  it('lists every account with role, status, sign-in and sessions, paged on the server', async () => {
    const fetchMock = mockFetch({ 'GET /accounts': page([ada, pat]) });
    renderWithProviders(<AccountsPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    expect(await grid.findByRole('gridcell', { name: 'Pat Pending' })).toBeInTheDocument();
    expect(grid.getByRole('combobox', { name: 'Role of Ada Admin' })).toHaveValue('admin');
    expect(grid.getByRole('combobox', { name: 'Role of Pat Pending' })).toHaveValue('');
    const column = (field: string) =>
      grid
        .getAllByRole('gridcell')
        .filter((cell) => cell.getAttribute('data-field') === field)
        .map((cell) => cell.textContent);
    expect(column('status')).toEqual(['Active', 'Pending']);
    expect(column('active_sessions')).toEqual(['2', '0']);
    expect(grid.getByRole('gridcell', { name: 'Never' })).toBeInTheDocument();
    const query = new URL(requestsTo(fetchMock, 'GET /accounts')[0].url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ page: '1', page_size: '25', sort: 'name' });
  });

  it('gives a pending account a role after a confirm', async () => {
    const fetchMock = mockFetch({
      'GET /accounts': page([ada, pat]),
      'PUT /accounts/9': { body: { data: { ...pat, role: 'editor' }, message: 'Account updated' } },
    });
    const { user } = renderWithProviders(<AccountsPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    await user.selectOptions(
      await grid.findByRole('combobox', { name: 'Role of Pat Pending' }),
      'editor',
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Change role' }));
    expect(confirm.getByText('Give Pat Pending the role Editor?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Change role' }));
    await findToast('Account updated');
    expect(await requestsTo(fetchMock, 'PUT /accounts/9')[0].json()).toEqual({ role: 'editor' });
  });

  it("shows the server's last-administrator refusal", async () => {
    mockFetch({
      'GET /accounts': page([ada]),
      'PUT /accounts/7': {
        status: 409,
        body: { message: 'The last administrator cannot be demoted or disabled' },
      },
    });
    const { user } = renderWithProviders(<AccountsPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    await user.click(await grid.findByRole('button', { name: 'Disable Ada Admin' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Disable account' }));
    await user.click(confirm.getByRole('button', { name: 'Disable' }));
    await findToast('The last administrator cannot be demoted or disabled');
  });

  it("ends an account's sessions after a confirm", async () => {
    const fetchMock = mockFetch({
      'GET /accounts': page([ada]),
      'DELETE /accounts/7/sessions': { body: { message: '2 sessions ended', ended: 2 } },
    });
    const { user } = renderWithProviders(<AccountsPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    await user.click(await grid.findByRole('button', { name: 'End sessions of Ada Admin' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'End sessions' }));
    await user.click(confirm.getByRole('button', { name: 'End sessions' }));
    await findToast('2 sessions ended');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'DELETE /accounts/7/sessions')).toHaveLength(1),
    );
  });

  it('warns that an app user given a console role must choose a new password', async () => {
    const olivia: Account = {
      ...pat,
      id: 11,
      name: 'Olivia App',
      role: 'user',
      active_sessions: 1,
    };
    mockFetch({ 'GET /accounts': page([olivia]) });
    const { user } = renderWithProviders(<AccountsPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    await user.selectOptions(
      await grid.findByRole('combobox', { name: 'Role of Olivia App' }),
      'viewer',
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Change role' }));
    expect(
      confirm.getByText(
        'Give Olivia App the role Viewer? They are signed out of every session. They must choose a new password at their next sign-in.',
      ),
    ).toBeInTheDocument();
  });

  it('makes a reset link after asking, shows it once with a warning and a copy button', async () => {
    const path = '/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const fetchMock = mockFetch({
      'GET /accounts': page([ada, pat]),
      'POST /accounts/9/reset-link': {
        status: 201,
        body: {
          data: { path, expires_at: '2026-11-30T08:00:00.000Z' },
          message: 'Reset link made. It is shown only once.',
        },
      },
    });
    const { user } = renderWithProviders(<AccountsPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    // user-event's clipboard stands in for the browser's.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(await grid.findByRole('button', { name: 'Make reset link for Pat Pending' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Make reset link' }));
    expect(dialog.getByText(/set a new password\?/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /accounts/9/reset-link')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Make link' }));

    const link = await dialog.findByRole('textbox', { name: 'Reset link for Pat Pending' });
    expect(link).toHaveValue(`${window.location.origin}${path}`);
    expect(link).toHaveAttribute('readonly');
    expect(dialog.getByText(/shown only once/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /accounts/9/reset-link')).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${path}`);
    expect(dialog.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // Closed, the link is gone: opened again, the dialog asks again and shows none.
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(new RegExp('token='))).toBeNull();
    await user.click(grid.getByRole('button', { name: 'Make reset link for Pat Pending' }));
    const again = within(await screen.findByRole('dialog', { name: 'Make reset link' }));
    expect(again.queryByRole('textbox')).toBeNull();
    expect(again.getByRole('button', { name: 'Make link' })).toBeInTheDocument();
  });
});
