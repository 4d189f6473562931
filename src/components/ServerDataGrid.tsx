import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';

const PAGE_SIZES = [10, 25, 50, 100];
// Stable props: a new object on every render would make the grid render every cell again.
const GRID_SX = { border: 0 };

export type ServerDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'paginationMode' | 'sortingMode' | 'filterMode' | 'pageSizeOptions' | 'autoHeight'
> & {
  /** The list query's error: shown above the grid under `errorTitle`. */
  error: unknown;
  errorTitle: string;
  /** Shown between the error and the grid, such as a SearchField. */
  search?: ReactNode;
};

/**
 * A DataGrid whose rows the server searches, sorts, filters and pages (its state from
 * useServerGridState), in an outlined paper, as tall as its rows, with the load error above it.
 */
export function ServerDataGrid<R extends GridValidRowModel>({
  error,
  errorTitle,
  search,
  sx = GRID_SX,
  ...props
}: ServerDataGridProps<R>) {
  return (
    <>
      {Boolean(error) && (
        <ErrorBanner title={errorTitle} message={messageOf(error)} sx={{ mb: 2 }} />
      )}
      {search}
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
    </>
  );
}
