import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import ApiClientsSection from './ApiClientsSection';

const ehr = {
  id: 1,
  name: 'Ward EHR',
  created_at: '2026-11-01T10:00:00Z',
  last_used_at: null,
  revoked_at: null,
};

describe('the API clients section', () => {
  it('makes a client and shows its secret once', async () => {
    let clients = [ehr];
    const fetchMock = mockFetch({
      'GET /api-clients': () => ({ body: { data: clients } }),
      'POST /api-clients': () => {
        const made = { ...ehr, id: 2, name: 'Clinic EHR' };
        clients = [made, ehr];
        return {
          status: 201,
          body: { data: { ...made, secret: 'the-secret-shown-once' }, message: 'API client made' },
        };
      },
    });
    const { user } = renderWithProviders(<ApiClientsSection />, { preloadedState: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'API clients' }));
    expect(await section.findByText('Ward EHR')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'New API client' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New API client' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Clinic EHR');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByRole('textbox', { name: 'Secret' })).toHaveValue(
      'the-secret-shown-once',
    );
    expect(dialog.getByText(/it is not shown again/)).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /api-clients')[0].json()).toEqual({
      name: 'Clinic EHR',
    });
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await section.findByText('Clinic EHR')).toBeInTheDocument();
    // The secret is nowhere once the dialog is closed, and opening it again asks for a name.
    expect(screen.queryByDisplayValue('the-secret-shown-once')).toBeNull();
    await user.click(section.getByRole('button', { name: 'New API client' }));
    const again = within(await screen.findByRole('dialog', { name: 'New API client' }));
    expect(again.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(again.queryByRole('textbox', { name: 'Secret' })).toBeNull();
  });

  it('revokes a client after a confirm', async () => {
    const fetchMock = mockFetch({
      'GET /api-clients': { body: { data: [ehr] } },
      'DELETE /api-clients/1': {
        body: {
          data: { ...ehr, revoked_at: '2026-11-29T10:00:00Z' },
          message: 'API client revoked',
        },
      },
    });
    const { user } = renderWithProviders(<ApiClientsSection />, { preloadedState: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'API clients' }));
    await user.click(await section.findByRole('button', { name: 'Revoke' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke Ward EHR?' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api-clients/1')).toHaveLength(1));
  });
});
