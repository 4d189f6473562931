import { configure, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { HistoryPage } from './HistoryPage';
import { auditPage, dosageCreated, severityChange } from '@/test/historyFixtures';

configure({ asyncUtilTimeout: 20_000 });

const lastQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  Object.fromEntries(new URL(requestsTo(fetchMock, 'GET /audit').at(-1)!.url).searchParams);

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/history', () => {
  it('asks the server for a page, newest first, and lists when, who, action, what, fields and reason', async () => {
    const fetchMock = mockFetch({ 'GET /audit': auditPage([severityChange, dosageCreated]) });
    renderWithProviders(<HistoryPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    expect(
      await grid.findByRole('link', { name: 'Warfarin + Ibuprofen (Drug interaction)' }),
    ).toHaveAttribute('href', '/dashboard/drugs/interactions');
    expect(lastQuery(fetchMock)).toEqual({ page: '1', page_size: '25', sort: '-at' });
    expect(grid.getByRole('gridcell', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(grid.getByRole('gridcell', { name: 'New bleeding-risk data' })).toBeInTheDocument();
    expect(
      grid.getByRole('gridcell', { name: 'medication id, min dosage, max dosage' }),
    ).toBeInTheDocument();
  });

  it('sorts and searches on the server', async () => {
    const fetchMock = mockFetch({ 'GET /audit': auditPage([severityChange]) });
    const { user } = renderWithProviders(<HistoryPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    await grid.findByRole('gridcell', { name: 'Ada Admin' });
    await user.click(grid.getByRole('columnheader', { name: 'Who' }));
    await waitFor(() => expect(lastQuery(fetchMock).sort).toBe('actor'));
    await user.type(screen.getByRole('searchbox'), 'bleeding');
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: 'bleeding', page: '1' }));
  });

  it('pages through a search whose total the server could only estimate, up to its last page', async () => {
    const fetchMock = mockFetch({
      'GET /audit': (request: Request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const entries = Array.from({ length: 25 }, (_, i) => ({
          ...severityChange,
          id: 1000 - (page - 1) * 25 - i,
          reason: `Reason ${page}.${i}`,
        }));
        const meta = { total: 90_000, total_is_estimate: true, has_more: page < 2 };
        return { body: { data: entries, meta: { ...meta, page, page_size: 25 } } };
      },
    });
    const { user } = renderWithProviders(<HistoryPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    await grid.findByRole('gridcell', { name: 'Reason 1.0' });
    expect(screen.getByText('1–25 of around 90,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await grid.findByRole('gridcell', { name: 'Reason 2.0' });
    expect(lastQuery(fetchMock).page).toBe('2');
    // The server says no later page holds entries: the grid offers none.
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it('opens a change: every field before and after, and reverts it after a confirm', async () => {
    let reverted = false;
    const fetchMock = mockFetch({
      'GET /audit': () =>
        auditPage([reverted ? { ...severityChange, reverted_by: 42 } : severityChange]),
      'POST /audit/41/revert': () => {
        reverted = true;
        return {
          status: 201,
          body: {
            data: { ...severityChange, id: 42, action: 'revert', reverts: 41 },
            message: 'Change reverted',
          },
        };
      },
    });
    const { user } = renderWithProviders(<HistoryPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    await user.click(await grid.findByRole('gridcell', { name: 'New bleeding-risk data' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change #41' }));
    const row = within(dialog.getByRole('row', { name: /severity/ }));
    expect(row.getByRole('gridcell', { name: 'moderate' })).toBeInTheDocument();
    expect(row.getByRole('gridcell', { name: 'major' })).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Revert' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revert this change?' }));
    // Cancelling sends nothing.
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Revert this change?' })).toBeNull(),
    );
    expect(requestsTo(fetchMock, 'POST /audit/41/revert')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Revert' }));
    const again = within(await screen.findByRole('dialog', { name: 'Revert this change?' }));
    await user.type(again.getByLabelText(/^Reason for the change/), 'Entered in error');
    await user.click(again.getByRole('button', { name: 'Revert' }));
    await findToast('Change reverted');
    expect(await requestsTo(fetchMock, 'POST /audit/41/revert')[0].json()).toEqual({
      reason: 'Entered in error',
    });
    // The history tag makes the page ask again.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /audit').length).toBeGreaterThan(1));
  });

  it("shows the server's refusal when the record changed since", async () => {
    mockFetch({
      'GET /audit': auditPage([severityChange]),
      'POST /audit/41/revert': {
        status: 409,
        body: { message: 'The record changed after this entry (change #45): revert that first' },
      },
    });
    const { user } = renderWithProviders(<HistoryPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    await user.click(await grid.findByRole('button', { name: 'View change #41' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change #41' }));
    await user.click(dialog.getByRole('button', { name: 'Revert' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revert this change?' }));
    await user.click(confirm.getByRole('button', { name: 'Revert' }));
    await findToast('The record changed after this entry (change #45): revert that first');
  });

  it('offers a viewer no Revert', async () => {
    mockFetch({ 'GET /audit': auditPage([severityChange]) });
    const { user } = renderWithProviders(<HistoryPage />, {
      preloadedState: signedIn(viewerUser),
    });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    await user.click(await grid.findByRole('button', { name: 'View change #41' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change #41' }));
    expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Revert' })).toBeNull();
  });
});
