import { configure, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@/api';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { firstQuery, queryOf, renderListApi, sortOf } from '@/test/renderListApi';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { AuditEntryDialog } from './AuditEntryDialog';
import { HistoryPage, auditList, historyResource } from './HistoryPage';
import { auditPage, dosageCreated, severityChange } from '@/test/historyFixtures';

configure({ asyncUtilTimeout: 20_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** A page of 25 entries: on the first, the severity change and the dosage created first. */
function entriesOf(page: number, reverted: boolean): AuditEntry[] {
  const filler = Array.from({ length: 25 }, (_, i) => ({
    ...dosageCreated,
    id: 1000 - (page - 1) * 25 - i,
    reason: `Reason ${page}.${i}`,
  }));
  if (page > 1) return filler;
  const first = reverted ? { ...severityChange, reverted_by: 42 } : severityChange;
  return [first, dosageCreated, ...filler.slice(2)];
}

describe('/dashboard/history', () => {
  it('lists when, who, action, what, fields and reason, newest first; pages through an estimated total; a row opens its change, which reverts after a confirm', async () => {
    let reverted = false;
    const fetchMock = mockFetch({
      'GET /audit': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const meta = { total: 90_000, total_is_estimate: true, has_more: page < 2 };
        const data = entriesOf(page, reverted);
        return { body: { data, meta: { ...meta, page, page_size: 25 } } };
      },
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
    const lastQuery = () => queryOf(requestsTo(fetchMock, 'GET /audit').at(-1) as Request);
    const { user } = renderWithProviders(<HistoryPage />, { preloadedState: signedIn() });
    const grid = within(await screen.findByRole('grid', { name: 'History' }));
    expect(
      await grid.findByRole('link', { name: 'Warfarin + Ibuprofen (Drug interaction)' }),
    ).toHaveAttribute('href', '/dashboard/drugs/interactions');
    expect(lastQuery()).toEqual({ page: '1', page_size: '25', sort: '-at' });
    expect(grid.getByRole('gridcell', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(grid.getByRole('gridcell', { name: 'New bleeding-risk data' })).toBeInTheDocument();
    expect(
      grid.getAllByRole('gridcell', { name: 'medication id, min dosage, max dosage' })[0],
    ).toBeInTheDocument();
    expect(screen.getByText('1–25 of around 90,000')).toBeInTheDocument();

    await user.click(grid.getByRole('gridcell', { name: 'New bleeding-risk data' }));
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
    await user.fill(again.getByLabelText(/^Reason for the change/), 'Entered in error');
    const asked = requestsTo(fetchMock, 'GET /audit').length;
    await user.click(again.getByRole('button', { name: 'Revert' }));
    await findToast('Change reverted');
    expect(await requestsTo(fetchMock, 'POST /audit/41/revert')[0].json()).toEqual({
      reason: 'Entered in error',
    });
    // The history tag makes the page ask again; the change closes once reverted.
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /audit').length).toBeGreaterThan(asked));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await grid.findByRole('gridcell', { name: 'Reason 2.0' });
    expect(lastQuery().page).toBe('2');
    // The server says no later page holds entries: the grid offers none.
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });
});

describe('the history definition', () => {
  it('asks for the newest first when unsorted, and sends the sort, the search and the column filters as GET /audit names them', async () => {
    expect(firstQuery(historyResource)).toMatchObject({ page: 1, pageSize: 25, sort: '-at' });
    expect(sortOf(historyResource, 'actor')).toBe('actor');
    expect(sortOf(historyResource, 'entity', 'desc')).toBe('-entity');
    expect(sortOf(historyResource, 'reason')).toBeUndefined();

    const fetchMock = mockFetch({ 'GET /audit': auditPage([severityChange]) });
    const { result } = renderListApi(historyResource, {
      page: 2,
      pageSize: 25,
      q: 'bleeding',
      filterItems: [{ field: 'entity', operator: 'is', value: 'drug_interaction' }],
    });
    await waitFor(() => expect(result.current.list.rows).toEqual([severityChange]));
    expect(requestsTo(fetchMock).map(queryOf)).toEqual([
      { page: '2', page_size: '25', q: 'bleeding', entity: 'drug_interaction', sort: '-at' },
    ]);
  });

  it('reads an estimated total as "around N" with whether a next page exists', () => {
    const answer = (estimate: boolean) => ({
      isFetching: false,
      data: {
        data: [severityChange],
        meta: {
          total: 90_000,
          total_is_estimate: estimate,
          has_more: true,
          page: 1,
          page_size: 25,
        },
      },
    });
    expect(auditList(answer(true))).toMatchObject({ total: 90_000, hasNextPage: true });
    expect(auditList(answer(false)).hasNextPage).toBeUndefined();
  });
});

describe('a change opened', () => {
  const renderEntry = (user = signedIn()) =>
    renderWithProviders(<AuditEntryDialog entry={severityChange} open onClose={jest.fn()} />, {
      preloadedState: user,
    });

  it("shows the server's refusal when the record changed since", async () => {
    mockFetch({
      'POST /audit/41/revert': {
        status: 409,
        body: { message: 'The record changed after this entry (change #45): revert that first' },
      },
    });
    const { user } = renderEntry();
    const dialog = within(await screen.findByRole('dialog', { name: 'Change #41' }));
    await user.click(dialog.getByRole('button', { name: 'Revert' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revert this change?' }));
    await user.click(confirm.getByRole('button', { name: 'Revert' }));
    await findToast('The record changed after this entry (change #45): revert that first');
  });

  it('offers a viewer no Revert', async () => {
    mockFetch({});
    renderEntry(signedIn(viewerUser));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change #41' }));
    expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Revert' })).toBeNull();
  });
});
