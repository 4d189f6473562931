import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import type { ReactElement } from 'react';
import type { GridActionsColDef, GridValidRowModel } from '@mui/x-data-grid';
import { RowAction, rowActionsColumn } from '@/components/RowAction';

export interface EditDeleteOptions<Row extends GridValidRowModel> {
  /** Opens the row's edit form; left out, no Edit button (the screen edits nothing). */
  onEdit?: (row: Row) => void;
  /** Asks to delete the row; left out, no Delete button. */
  onDelete?: (row: Row) => void;
  /** Opens the row's change history (a History button on every row, for every role). */
  onHistory?: (row: Row) => void;
  /**
   * Whether the signed-in user may change the data (`useCanWrite()`): false leaves out the Edit
   * and Delete buttons, so a viewer's rows offer only History.
   */
  canWrite: boolean;
  /** Names the row in the buttons' accessible names: 'Edit {name}', 'Delete {name}', 'History of {name}'. */
  describe: (row: Row) => string;
  /**
   * 'single' (default): one 'Actions' column with the buttons; 'separate': an 'Edit' and a
   * 'Delete' column, as the lifestyle and interaction tables have, then a 'History' column.
   */
  layout?: 'single' | 'separate';
}

/** The History, Edit and Delete buttons of a list screen's rows (never exported, never searched). */
export function editDeleteColumns<Row extends GridValidRowModel>({
  onEdit,
  onDelete,
  onHistory,
  canWrite,
  describe,
  layout = 'single',
}: EditDeleteOptions<Row>): GridActionsColDef<Row>[] {
  // Named after the row: 'Edit Migraine', 'Delete Migraine', 'History of Migraine'.
  const button = (key: string, verb: string, icon: ReactElement, onClick?: (row: Row) => void) =>
    onClick &&
    ((row: Row) => (
      <RowAction
        key={key}
        icon={icon}
        label={`${verb} ${describe(row)}`}
        onClick={() => onClick(row)}
      />
    ));
  const edit = button('edit', 'Edit', <EditIcon fontSize="inherit" />, onEdit);
  const remove = button('delete', 'Delete', <DeleteIcon fontSize="inherit" />, onDelete);
  const history = button('history', 'History of', <HistoryIcon fontSize="inherit" />, onHistory);
  // A viewer's rows offer only History.
  const buttons = [history, canWrite ? edit : undefined, canWrite ? remove : undefined].filter(
    (shown) => shown !== undefined,
  );

  if (layout === 'separate') {
    const separate: [string, string, number, typeof edit][] = [
      ['edit', 'Edit', 80, canWrite ? edit : undefined],
      ['delete', 'Delete', 80, canWrite ? remove : undefined],
      ['history', 'History', 90, history],
    ];
    return separate.flatMap(([field, headerName, width, render]) =>
      render ? [rowActionsColumn<Row>(field, headerName, width, (row) => [render(row)])] : [],
    );
  }
  if (buttons.length === 0) return [];
  return [
    rowActionsColumn<Row>('actions', 'Actions', 40 + 35 * buttons.length, (row) =>
      buttons.map((render) => render(row)),
    ),
  ];
}
