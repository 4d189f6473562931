import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/** A column's size: a share of the free width (`flex`) with a floor (`minWidth`), or a fixed `width`. */
export type ColumnSize = Pick<GridColDef, 'flex' | 'minWidth' | 'width'>;

/**
 * A column showing text worked out from the whole row (a name in a nested record, a range with its
 * unit). The text is the cell's value, so the grid sorts, filters, searches and exports what the
 * user reads.
 */
export function textColumn<Row extends GridValidRowModel>(
  field: string,
  headerName: string,
  text: (row: Row) => string,
  size: ColumnSize,
): GridColDef<Row, string> {
  // Spread, not copied key by key: a size left out must stay absent, since an undefined width
  // would replace the grid's default one.
  return { field, headerName, ...size, valueGetter: (_value, row) => text(row) };
}
