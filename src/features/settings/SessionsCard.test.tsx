import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { SessionsCard } from './SessionsCard';

const session = (id: number, current: boolean) => ({
  id,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: '2026-11-25T09:00:00.000Z',
  expires_at: '2026-12-20T10:00:00.000Z',
  current,
});

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('Active sessions', () => {
  it('lists the sessions, marks this one, and ends the others after a confirm', async () => {
    let ended = false;
    const fetchMock = mockFetch({
      'GET /auth/sessions': () => ({
        body: { data: ended ? [session(1, true)] : [session(1, true), session(2, false)] },
      }),
      'DELETE /auth/sessions': () => {
        ended = true;
        return { body: { message: '1 other session ended', ended: 1 } };
      },
    });
    const { user } = renderWithProviders(<SessionsCard />, {
      preloadedState: signedIn(),
      // The grid sizes its columns from its styles; without them it leaves some out.
      styles: true,
    });
    const card = within(await screen.findByRole('region', { name: 'Active sessions' }));
    const grid = within(await card.findByRole('grid', { name: 'Active sessions' }));
    for (const header of ['Signed in', 'Last used', 'Expires']) {
      expect(grid.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // A header row and one row a session.
    expect(await grid.findAllByRole('row')).toHaveLength(3);
    expect(grid.getByRole('gridcell', { name: 'This session' })).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'End all other sessions' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'End all other sessions' }));
    await user.click(confirm.getByRole('button', { name: 'End sessions' }));
    await findToast('1 other session ended');
    expect(requestsTo(fetchMock, 'DELETE /auth/sessions')).toHaveLength(1);
    // The list refreshes by its tag: only this session is left, and nothing more to end.
    await waitFor(() => expect(grid.getAllByRole('row')).toHaveLength(2));
    expect(card.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
  });
});
