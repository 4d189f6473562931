import { forwardRef, type JSX, type MouseEventHandler, type ReactElement } from 'react';
import { GridActionsCell, type GridActionsColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { ROW_ACTION_CLASS } from './rowActionStyles';

export interface RowActionProps {
  /** The button's accessible name, e.g. 'Edit Aspirin'. */
  label: string;
  /** An icon of @mui/icons-material, drawn at the button's font size (`fontSize="inherit"`). */
  icon: ReactElement;
  onClick: MouseEventHandler<HTMLButtonElement>;
  /** Given by GridActionsCell: 0 for the button the keyboard focus goes to, else -1. */
  tabIndex?: number;
}

/**
 * One of a row's action buttons (History, Edit, Delete...) in a GridActionsCell, which moves the
 * keyboard focus between a cell's buttons and gives each its tabIndex and click handler.
 * GridActionsCellItem draws an MUI IconButton: a ButtonBase and two styled components, each
 * serialising its styles whenever it is drawn. A list page draws up to 75 of these buttons on
 * every page, search and sort, where they were a large share of what a page change drew; this is
 * a plain button with one class, which the theme styles (rowActionStyles).
 */
export const RowAction = forwardRef<HTMLButtonElement, RowActionProps>(function RowAction(
  { label, icon, onClick, tabIndex },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      className={ROW_ACTION_CLASS}
      aria-label={label}
      tabIndex={tabIndex}
      onClick={onClick}
    >
      {icon}
    </button>
  );
});

/** A column of RowAction buttons: `actions` gives a row's `<RowAction key=… />` elements. */
export function rowActionsColumn<Row extends GridValidRowModel>(
  field: string,
  headerName: string,
  width: number,
  actions: (row: Row) => JSX.Element[],
): GridActionsColDef<Row> {
  return {
    field,
    type: 'actions',
    headerName,
    width,
    getActions: ({ row }) => actions(row),
    // GridActionsCell, as the column type draws it, but told to take buttons other than
    // GridActionsCellItem: it still moves the keyboard focus between them.
    renderCell: (params) => (
      <GridActionsCell {...params} suppressChildrenValidation>
        {actions(params.row)}
      </GridActionsCell>
    ),
  };
}
