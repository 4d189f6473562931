import { configure, screen, waitFor, within } from '@testing-library/react';
import type { GridColDef, GridFilterModel, GridSortModel } from '@mui/x-data-grid';
import { renderWithProviders } from '@/test/renderWithProviders';
import { CrudGrid } from './CrudGrid';
import { editDeleteColumns, type EditDeleteOptions } from './editDeleteColumns';

interface Fruit {
  id: number;
  name: string;
  colour: string;
}
const fruits: Fruit[] = [
  { id: 1, name: 'Apple', colour: 'Red' },
  { id: 2, name: 'Banana', colour: 'Yellow' },
  { id: 3, name: 'Cherry', colour: 'Dark red' },
];
const columns: GridColDef<Fruit>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'colour', headerName: 'Colour', flex: 1 },
];

/** The fruits' columns and their row buttons: `options` over buttons that do nothing. */
function withButtons(options: Partial<EditDeleteOptions<Fruit>> = {}) {
  return [
    ...columns,
    ...editDeleteColumns<Fruit>({
      onEdit: jest.fn(),
      onDelete: jest.fn(),
      canWrite: true,
      describe: (f) => f.name,
      ...options,
    }),
  ];
}

const NO_SORT: GridSortModel = [];
const NO_SEARCH: GridFilterModel = { items: [] };
/** Thirteen fruits: two pages of 10 on the server. */
const MANY: Fruit[] = Array.from({ length: 13 }, (_, i) => ({
  id: i + 1,
  name: `Fruit ${i + 1}`,
  colour: 'Red',
}));
// A screen's callbacks stay the same from one render to the next.
const onPaginationModelChange = jest.fn();
const unchanged = {
  onSortModelChange: jest.fn(),
  onFilterModelChange: jest.fn(),
  exportCsv: jest.fn(),
};

configure({ asyncUtilTimeout: 15_000 });

type GridProps = Parameters<typeof CrudGrid<Fruit>>[0];

/** The fruits' grid, with `props` over its defaults. */
function fruitGrid(props: Partial<GridProps> = {}) {
  return (
    <CrudGrid<Fruit>
      rows={fruits}
      columns={columns}
      loading={false}
      label="Fruits"
      emptyText="No fruits found."
      searchLabel="Search fruits"
      exportFileName="fruits"
      {...props}
    />
  );
}

function renderGrid(props: Partial<GridProps> = {}) {
  return renderWithProviders(fruitGrid(props));
}

/** The grid as a screen draws it when the server holds MANY: one page of them, `page` asked for. */
function serverGrid({
  rows,
  page,
  loading = false,
  columns: shown = columns,
}: {
  rows: Fruit[];
  page: number;
  loading?: boolean;
  columns?: GridColDef<Fruit>[];
}) {
  return fruitGrid({
    rows,
    columns: shown,
    loading,
    server: {
      rowCount: MANY.length,
      paginationModel: { page, pageSize: 10 },
      onPaginationModelChange,
      sortModel: NO_SORT,
      filterModel: NO_SEARCH,
      ...unchanged,
    },
  });
}

describe('CrudGrid', () => {
  it('has a labelled grid and a toolbar: search, columns, density and CSV export', async () => {
    renderGrid();
    expect(await screen.findByRole('grid', { name: 'Fruits' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search fruits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Density' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export all rows as CSV' })).toBeInTheDocument();
  });

  it('searches every searchable column, ignoring case', async () => {
    const { user } = renderGrid();
    await user.type(await screen.findByRole('searchbox', { name: 'Search fruits' }), 'RED');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Banana' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('gridcell', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Cherry' })).toBeInTheDocument();
  });

  it('changes the density from its menu', async () => {
    const { user } = renderGrid();
    const grid = await screen.findByRole('grid', { name: 'Fruits' });
    await user.click(screen.getByRole('button', { name: 'Density' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Compact' }));
    await waitFor(() =>
      expect(grid.closest('.MuiDataGrid-root')).toHaveClass('MuiDataGrid-root--densityCompact'),
    );
  });

  it('opens the column chooser', async () => {
    const { user } = renderGrid();
    await user.click(await screen.findByRole('button', { name: 'Columns' }));
    expect(await screen.findByRole('checkbox', { name: 'Colour' })).toBeChecked();
  });

  it('exports every row as CSV, whatever the search, without the action buttons', async () => {
    let exported: Blob | undefined;
    const createObjectURL = jest.fn((blob: Blob) => {
      exported = blob;
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderGrid({ columns: withButtons() });
    await user.type(await screen.findByRole('searchbox', { name: 'Search fruits' }), 'banana');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Apple' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    await waitFor(() => expect(exported).toBeDefined());
    const text = (await exported!.text()).replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)).toEqual([
      'Name,Colour',
      'Apple,Red',
      'Banana,Yellow',
      'Cherry,Dark red',
    ]);
  });

  it('shows a progress bar while loading, with the loading text when there is nothing yet', async () => {
    renderGrid({ rows: undefined, loading: true, loadingText: 'Loading fruits...' });
    expect(
      await screen.findByRole('progressbar', { name: 'Loading fruits...' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading fruits...')).toHaveAttribute('role', 'status');
  });

  it('shows the empty text', async () => {
    renderGrid({ rows: [] });
    expect(await screen.findByText('No fruits found.')).toBeInTheDocument();
  });

  it('names the row in its Edit and Delete buttons and calls back with the row', async () => {
    const onEdit = jest.fn();
    const onDelete = jest.fn();
    const { user } = renderGrid({ columns: withButtons({ onEdit, onDelete }) });
    const grid = within(await screen.findByRole('grid', { name: 'Fruits' }));
    expect(grid.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(grid.getByRole('button', { name: 'Edit Banana' }));
    expect(onEdit).toHaveBeenCalledWith(fruits[1]);
    await user.click(grid.getByRole('button', { name: 'Delete Cherry' }));
    expect(onDelete).toHaveBeenCalledWith(fruits[2]);
  });

  it('offers a user who may not write only the History button', async () => {
    const onHistory = jest.fn();
    const { user } = renderGrid({ columns: withButtons({ onHistory, canWrite: false }) });
    const grid = within(await screen.findByRole('grid', { name: 'Fruits' }));
    expect(grid.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    await user.click(grid.getByRole('button', { name: 'History of Banana' }));
    expect(onHistory).toHaveBeenCalledWith(fruits[1]);
  });

  it("moves between a row's buttons with the arrow keys, and Enter presses the focused one", async () => {
    const onEdit = jest.fn();
    const { user } = renderGrid({ columns: withButtons({ onEdit, onHistory: jest.fn() }) });
    const grid = within(await screen.findByRole('grid', { name: 'Fruits' }));
    await user.click(grid.getByRole('gridcell', { name: 'Yellow' }));
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(grid.getByRole('button', { name: 'History of Banana' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowRight}');
    expect(grid.getByRole('button', { name: 'Edit Banana' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(fruits[1]);
  });

  it("on the server's pages, draws the rows once per answer: not for the page asked for, nor for the progress bar", async () => {
    const drawn = jest.fn();
    const counted: GridColDef<Fruit>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1,
        renderCell: ({ row }) => {
          drawn(row.id);
          return row.name;
        },
      },
    ];
    const [firstPage, secondPage] = [MANY.slice(0, 10), MANY.slice(10)];
    const { user, rerender } = renderWithProviders(
      serverGrid({ rows: firstPage, page: 0, columns: counted }),
    );
    expect(await screen.findByRole('gridcell', { name: 'Fruit 10' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(onPaginationModelChange).toHaveBeenLastCalledWith(
      { page: 1, pageSize: 10 },
      expect.anything(),
    );
    drawn.mockClear();
    // The screen asks for the second page: the first page's rows stay, under a progress bar.
    rerender(serverGrid({ rows: firstPage, page: 1, loading: true, columns: counted }));
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(drawn).not.toHaveBeenCalled();

    // The answer: its rows, drawn, and the first page's never again.
    rerender(serverGrid({ rows: secondPage, page: 1, columns: counted }));
    expect(await screen.findByRole('gridcell', { name: 'Fruit 13' })).toBeInTheDocument();
    expect(screen.queryByRole('gridcell', { name: 'Fruit 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('11–13 of 13')).toBeInTheDocument();
    expect(new Set(drawn.mock.calls.map(([id]) => id))).toEqual(new Set([11, 12, 13]));
  });

  it('shows the page its screen asks for, as when a new search starts again at the first page', async () => {
    const { rerender } = renderWithProviders(serverGrid({ rows: MANY.slice(10), page: 1 }));
    expect(await screen.findByText('11–13 of 13')).toBeInTheDocument();
    // A new search starts again at the first page.
    rerender(serverGrid({ rows: MANY.slice(0, 10), page: 0 }));
    expect(await screen.findByText('1–10 of 13')).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: 'Fruit 1' })).toBeInTheDocument();
  });
});
