import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch as mockApi, requestsTo, type MockHandler } from '@/test/mockFetch';
import { signedIn, testUser, TEST_TOKEN } from '@/test/fixtures';

/** The API for the page: `routes`, and the session list its Active sessions card asks for. */
function mockFetch(routes: Record<string, MockHandler>) {
  return mockApi({ 'GET /auth/sessions': { body: { data: [] } }, ...routes });
}

type User = ReturnType<typeof renderWithProviders>['user'];

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  window.localStorage.setItem('auth_token', TEST_TOKEN);
  window.localStorage.setItem('user', JSON.stringify(testUser));
});

async function profileForm() {
  return within(await screen.findByRole('form', { name: 'Profile Information' }));
}
async function passwordForm() {
  return within(await screen.findByRole('form', { name: 'Change Password' }));
}

async function changePassword(user: User, current: string, next: string, confirm: string) {
  const form = await passwordForm();
  await user.fill(form.getByLabelText(/^Current password/), current);
  await user.fill(form.getByLabelText(/^New password/), next);
  await user.fill(form.getByLabelText(/^Confirm new password/), confirm);
  await user.click(form.getByRole('button', { name: 'Update password' }));
}

function renderSettings() {
  return renderWithProviders(undefined, {
    route: '/dashboard/settings',
    preloadedState: signedIn(),
  });
}

describe('/dashboard/settings: Profile Information', () => {
  it("starts with the user's name and email", async () => {
    mockFetch({});
    renderSettings();
    const form = await profileForm();
    expect(form.getByLabelText(/^Full name/)).toHaveValue(testUser.name);
    expect(form.getByLabelText(/^Email/)).toHaveValue(testUser.email);
  });

  it('requires name and email', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderSettings();
    const form = await profileForm();
    await user.clear(form.getByLabelText(/^Full name/));
    await user.clear(form.getByLabelText(/^Email/));
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(await form.findByText('Full name is required')).toBeInTheDocument();
    expect(form.getByText('Email is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock).filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('saves with PUT /auth/profile; the top bar and the stored user change at once', async () => {
    const updated = { ...testUser, name: 'Grace Hopper', email: 'grace@example.org' };
    const fetchMock = mockFetch({
      'PUT /auth/profile': { body: { data: updated, message: 'Saved' } },
    });
    const { user } = renderSettings();
    expect(await screen.findByText(`Welcome, ${testUser.name}`)).toBeInTheDocument();
    const form = await profileForm();
    await user.clear(form.getByLabelText(/^Full name/));
    await user.fill(form.getByLabelText(/^Full name/), 'Grace Hopper');
    await user.clear(form.getByLabelText(/^Email/));
    await user.fill(form.getByLabelText(/^Email/), 'grace@example.org');
    await user.fill(form.getByLabelText(/^Current password/), 'my-current-password');
    await user.click(form.getByRole('button', { name: 'Save profile' }));

    expect(await findToast('Profile updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Grace Hopper')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /auth/profile')[0].json()).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.org',
      current_password: 'my-current-password',
    });
    // Saved, the address is the current one: no password asked for any more.
    await waitFor(() => expect(form.queryByLabelText(/^Current password/)).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      name: 'Grace Hopper',
    });
  });

  it("on failure: 'Failed to update profile' with the reason, under the field too", async () => {
    mockFetch({
      'PUT /auth/profile': {
        status: 422,
        body: { errors: { email: ['This email is already registered.'] } },
      },
    });
    const { user } = renderSettings();
    const form = await profileForm();
    await user.clear(form.getByLabelText(/^Email/));
    await user.fill(form.getByLabelText(/^Email/), 'taken@example.org');
    await user.fill(form.getByLabelText(/^Current password/), 'my-current-password');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(
      await findToast('Failed to update profile: This email is already registered.'),
    ).toBeInTheDocument();
    expect(form.getByText('This email is already registered.')).toBeInTheDocument();
    expect(screen.getByText(`Welcome, ${testUser.name}`)).toBeInTheDocument();
  });
});

describe('/dashboard/settings: Profile Information, a new email address', () => {
  it('asks for the current password only once the email differs, and requires it then', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderSettings();
    const form = await profileForm();
    expect(form.queryByLabelText(/^Current password/)).toBeNull();
    await user.clear(form.getByLabelText(/^Email/));
    await user.fill(form.getByLabelText(/^Email/), 'ADA@example.org');
    expect(form.queryByLabelText(/^Current password/)).toBeNull();
    await user.clear(form.getByLabelText(/^Email/));
    await user.fill(form.getByLabelText(/^Email/), 'someone-else@example.org');
    expect(form.getByLabelText(/^Current password/)).toHaveAttribute('type', 'password');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(
      await form.findByText('Enter your current password to change your email'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock).filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('sends a name change without a password', async () => {
    const fetchMock = mockFetch({
      'PUT /auth/profile': { body: { data: { ...testUser, name: 'Ada L' }, message: 'Saved' } },
    });
    const { user } = renderSettings();
    const form = await profileForm();
    await user.clear(form.getByLabelText(/^Full name/));
    await user.fill(form.getByLabelText(/^Full name/), 'Ada L');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    await findToast('Profile updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /auth/profile')[0].json()).toEqual({
      name: 'Ada L',
      email: testUser.email,
    });
  });

  it("shows the server's refusal of a wrong current password under the field", async () => {
    mockFetch({
      'PUT /auth/profile': {
        status: 422,
        body: {
          message: 'The current password is incorrect.',
          errors: { current_password: ['The current password is incorrect.'] },
        },
      },
    });
    const { user } = renderSettings();
    const form = await profileForm();
    await user.clear(form.getByLabelText(/^Email/));
    await user.fill(form.getByLabelText(/^Email/), 'new@example.org');
    await user.fill(form.getByLabelText(/^Current password/), 'wrong-password');
    await user.click(form.getByRole('button', { name: 'Save profile' }));
    expect(
      await findToast('Failed to update profile: The current password is incorrect.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText('The current password is incorrect.')).toBeInTheDocument();
  });
});

describe('/dashboard/settings: Change Password', () => {
  it('requires all three fields', async () => {
    const fetchMock = mockFetch({});
    const { user } = renderSettings();
    const form = await passwordForm();
    await user.click(form.getByRole('button', { name: 'Update password' }));
    expect(await form.findByText('Current password is required')).toBeInTheDocument();
    expect(form.getByText('New password is required')).toBeInTheDocument();
    expect(form.getByText('Please confirm your new password')).toBeInTheDocument();
    expect(requestsTo(fetchMock).filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it("says 'Passwords do not match'", async () => {
    const fetchMock = mockFetch({});
    const { user } = renderSettings();
    await changePassword(user, 'old-password', 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(requestsTo(fetchMock).filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('changes it with PUT /auth/password and clears the form', async () => {
    const fetchMock = mockFetch({
      'PUT /auth/password': { body: { message: 'Password changed' } },
    });
    const { user } = renderSettings();
    await changePassword(user, 'old-password', 'new-password-1', 'new-password-1');
    expect(await findToast('Password updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /auth/password')[0].json()).toEqual({
      current_password: 'old-password',
      new_password: 'new-password-1',
    });
    const form = await passwordForm();
    expect(form.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it("a wrong current password: 'Failed to update password' and the reason under the field", async () => {
    mockFetch({
      'PUT /auth/password': {
        status: 422,
        body: {
          message: 'The current password is not correct.',
          errors: { current_password: ['The current password is not correct.'] },
        },
      },
    });
    const { user } = renderSettings();
    await changePassword(user, 'wrong-password', 'new-password-1', 'new-password-1');
    expect(
      await findToast('Failed to update password: The current password is not correct.'),
    ).toBeInTheDocument();
    const form = await passwordForm();
    expect(form.getByText('The current password is not correct.')).toBeInTheDocument();
  });
});
