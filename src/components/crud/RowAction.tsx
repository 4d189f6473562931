import { forwardRef, type MouseEventHandler, type ReactElement } from 'react';

/** The class of a row's action button, which the grid styles (ROW_ACTION_SX). */
export const ROW_ACTION_CLASS = 'MedRef-rowAction';

/** The row actions' look, in the grid's `sx`, once for every row: MUI's small IconButton. */
export const ROW_ACTION_SX = {
  [`& .${ROW_ACTION_CLASS}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    p: '5px',
    m: 0,
    border: 0,
    borderRadius: '50%',
    outline: 0,
    bgcolor: 'transparent',
    color: 'action.active',
    fontSize: '1.125rem',
    cursor: 'pointer',
    transition: 'background-color 150ms cubic-bezier(0.4, 0, 0.2, 1)',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus' },
  },
} as const;

export interface RowActionProps {
  /** The button's accessible name, e.g. 'Edit Aspirin'. */
  label: string;
  /** An icon of @mui/icons-material, drawn at the button's font size. */
  icon: ReactElement;
  onClick: MouseEventHandler<HTMLButtonElement>;
  /** Given by GridActionsCell: 0 for the button the keyboard focus goes to, else -1. */
  tabIndex?: number;
}

/**
 * One of a row's action buttons (History, Edit, Delete) in a GridActionsCell, which moves the
 * keyboard focus between a cell's buttons and gives each its tabIndex and click handler.
 * GridActionsCellItem draws an MUI IconButton: a ButtonBase and two styled components, each
 * serialising its styles whenever it is drawn. A list page draws up to 75 of these buttons on
 * every page, search and sort, and on Interactions they were about half of the components a page
 * change drew; this is a plain button with one class that the grid styles once.
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
