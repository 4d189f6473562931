import Box from '@mui/material/Box';
import {
  DataGrid,
  type GridColDef,
  type GridRowIdGetter,
  type GridValidRowModel,
} from '@mui/x-data-grid';

/** The MIT DataGrid's largest page: more rows than this need the footer's pagination. */
const ONE_PAGE = 100;

const autoRowHeight = () => 'auto' as const;

export interface CompactGridProps<R extends GridValidRowModel> {
  /** The grid's accessible name, e.g. 'Search history'. */
  label: string;
  rows: readonly R[];
  /** Memoised or module-level: a new array on every render draws every cell again. */
  columns: readonly GridColDef<R>[];
  getRowId?: GridRowIdGetter<R>;
  /** Scroll inside this height (a CSS length) when the rows need more; left out, it grows with them. */
  maxHeight?: string;
  /** Rows as tall as their content (cells of several lines); else one line each. */
  autoRowHeights?: boolean;
}

/**
 * A short table of a page or a dialog as an MUI X DataGrid: compact, sortable, keyboard navigable
 * (arrow keys move between cells, Enter or Space presses a cell's button), with no footer while
 * every row fits on one page.
 */
export function CompactGrid<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  getRowId,
  maxHeight,
  autoRowHeights = false,
}: CompactGridProps<R>) {
  const grid = (
    <DataGrid
      aria-label={label}
      rows={rows}
      columns={columns}
      getRowId={getRowId}
      density="compact"
      autoHeight={!maxHeight}
      hideFooter={rows.length <= ONE_PAGE}
      getRowHeight={autoRowHeights ? autoRowHeight : undefined}
      disableRowSelectionOnClick
      disableColumnMenu
    />
  );
  if (!maxHeight) return grid;
  // A flex column parent with a maximum height: the grid grows with its rows up to it, then scrolls.
  return <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight }}>{grid}</Box>;
}
