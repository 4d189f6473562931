import { configure, screen, waitFor, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { renderWithProviders } from '@/test/renderWithProviders';
import { CrudGrid } from './CrudGrid';
import { editDeleteColumns } from './editDeleteColumns';

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

configure({ asyncUtilTimeout: 15_000 });

function renderGrid(props: Partial<Parameters<typeof CrudGrid<Fruit>>[0]> = {}) {
  return renderWithProviders(
    <CrudGrid<Fruit>
      rows={fruits}
      columns={columns}
      loading={false}
      label="Fruits"
      emptyText="No fruits found."
      searchLabel="Search fruits"
      exportFileName="fruits"
      {...props}
    />,
  );
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
    const { user } = renderGrid({
      columns: [
        ...columns,
        ...editDeleteColumns<Fruit>({
          onEdit: jest.fn(),
          onDelete: jest.fn(),
          canWrite: true,
          describe: (f) => f.name,
        }),
      ],
    });
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
    const { user } = renderGrid({
      columns: [
        ...columns,
        ...editDeleteColumns<Fruit>({ onEdit, onDelete, canWrite: true, describe: (f) => f.name }),
      ],
    });
    const grid = within(await screen.findByRole('grid', { name: 'Fruits' }));
    expect(grid.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(grid.getByRole('button', { name: 'Edit Banana' }));
    expect(onEdit).toHaveBeenCalledWith(fruits[1]);
    await user.click(grid.getByRole('button', { name: 'Delete Cherry' }));
    expect(onDelete).toHaveBeenCalledWith(fruits[2]);
  });

  it('offers a user who may not write only the History button', async () => {
    const onHistory = jest.fn();
    const { user } = renderGrid({
      columns: [
        ...columns,
        ...editDeleteColumns<Fruit>({
          onEdit: jest.fn(),
          onDelete: jest.fn(),
          onHistory,
          canWrite: false,
          describe: (f) => f.name,
        }),
      ],
    });
    const grid = within(await screen.findByRole('grid', { name: 'Fruits' }));
    expect(grid.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
    await user.click(grid.getByRole('button', { name: 'History of Banana' }));
    expect(onHistory).toHaveBeenCalledWith(fruits[1]);
  });
});
