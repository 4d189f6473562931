import { screen, within, type BoundFunctions, type queries } from '@testing-library/react';
import type { SearchHistoryEntry } from '@/api';
import { exactTime } from '@/lib/relativeTime';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { newestFirst, SearchHistoryDialog } from './SearchHistoryDialog';

const entry = (id: number, drug: string, at: string): SearchHistoryEntry => ({
  id,
  drug_id: id,
  drug_name: drug,
  searched_at: at,
});

/** The grid's data rows, as the texts of their cells. */
function dataRows(grid: BoundFunctions<typeof queries>): string[][] {
  return grid
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('gridcell')
        .map((cell) => cell.textContent ?? ''),
    )
    .filter((cells) => cells.length > 0);
}

function renderDialog(onClose = jest.fn()) {
  renderWithProviders(
    <SearchHistoryDialog user={{ id: 4, name: 'Olivia Bennett' }} onClose={onClose} />,
    // The grid's height limit is read from its computed style.
    { preloadedState: signedIn(), styles: true },
  );
  return onClose;
}

describe('SearchHistoryDialog', () => {
  it('lists Drug and Date, newest first, whatever order the answer came in', async () => {
    const answer = [
      entry(1, 'Metformin', '2025-01-01T08:00:00.000Z'),
      entry(3, 'Warfarin', '2025-03-01T08:00:00.000Z'),
      entry(2, 'Insulin', '2025-02-01T08:00:00.000Z'),
      entry(4, 'Aspirin', '2025-03-01T08:00:00.000Z'), // same time as Warfarin, recorded later
    ];
    const fetchMock = mockFetch({ 'GET /users/4/search-history': { body: { data: answer } } });
    renderDialog();

    const dialog = within(
      await screen.findByRole('dialog', { name: 'Search History: Olivia Bennett' }),
    );
    const grid = within(await dialog.findByRole('grid', { name: 'Search history' }));
    expect(grid.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Drug', 'Date']);
    expect(dataRows(grid)).toEqual([
      ['Aspirin', exactTime('2025-03-01T08:00:00.000Z')],
      ['Warfarin', exactTime('2025-03-01T08:00:00.000Z')],
      ['Insulin', exactTime('2025-02-01T08:00:00.000Z')],
      ['Metformin', exactTime('2025-01-01T08:00:00.000Z')],
    ]);
    expect(requestsTo(fetchMock, 'GET /users/4/search-history')).toHaveLength(1);
  });

  it('shows every search in a grid of at most 24rem, which scrolls, with no footer', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      entry(i + 1, `Drug ${i + 1}`, new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString()),
    );
    mockFetch({ 'GET /users/4/search-history': { body: { data: many } } });
    renderDialog();
    const grid = await screen.findByRole('grid', { name: 'Search history' });
    // The grid grows with its rows up to the box around it, then scrolls.
    expect(grid.closest('.MuiDataGrid-root')?.parentElement).toHaveStyle({ maxHeight: '24rem' });
    const rows = dataRows(within(grid));
    expect(rows).toHaveLength(60);
    expect(rows[0]?.[0]).toBe('Drug 60');
    expect(within(grid).queryByText(/rows per page/i)).not.toBeInTheDocument();
  });

  it("says 'No search history found' when there is none, and closes", async () => {
    mockFetch({ 'GET /users/4/search-history': { body: { data: [] } } });
    const onClose = renderDialog();
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Search History: Olivia Bennett' }),
    );
    expect(await dialog.findByText('No search history found')).toBeInTheDocument();
    expect(dialog.queryByRole('grid')).not.toBeInTheDocument();
    dialog.getByRole('button', { name: 'Close' }).click();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows why when the history cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /users/4/search-history': { status: 404, body: { message: 'User not found.' } },
    });
    renderDialog();
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('User not found.')).toBeInTheDocument();
  });
});

describe('newestFirst', () => {
  it('orders by time, newest first, and the later entry first on equal times', () => {
    const sorted = newestFirst([
      entry(1, 'a', '2025-01-01T00:00:00Z'),
      entry(2, 'b', '2025-01-02T00:00:00Z'),
      entry(3, 'c', '2025-01-01T00:00:00Z'),
    ]);
    expect(sorted.map((e) => e.id)).toEqual([2, 3, 1]);
  });
});
