import Paper from '@mui/material/Paper';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';

const PAGE_SIZES = [10, 25, 50, 100];
// Stable props: a new object on every render would make the grid render every cell again.
const GRID_SX = { border: 0 };

export type ServerDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'paginationMode' | 'sortingMode' | 'filterMode' | 'pageSizeOptions' | 'autoHeight'
>;

/**
 * A DataGrid whose rows the server searches, sorts, filters and pages (its state from
 * useServerGridState), in an outlined paper, as tall as its rows.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  sx = GRID_SX,
  ...props
}: ServerDataGridProps<R>) {
  return (
    <Paper variant="outlined">
      <DataGrid
        disableRowSelectionOnClick
        {...props}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        pageSizeOptions={PAGE_SIZES}
        autoHeight
        sx={sx}
      />
    </Paper>
  );
}
