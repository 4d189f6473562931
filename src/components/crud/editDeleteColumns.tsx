import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import type { GridActionsColDef, GridValidRowModel } from '@mui/x-data-grid';
import { RowAction, rowActionsColumn } from '@/components/RowAction';

export interface EditDeleteOptions<Row extends GridValidRowModel> {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
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
  const edit = (row: Row) => (
    <RowAction
      key="edit"
      icon={<EditIcon fontSize="inherit" />}
      label={`Edit ${describe(row)}`}
      onClick={() => onEdit(row)}
    />
  );
  const remove = (row: Row) => (
    <RowAction
      key="delete"
      icon={<DeleteIcon fontSize="inherit" />}
      label={`Delete ${describe(row)}`}
      onClick={() => onDelete(row)}
    />
  );
  const history = (row: Row) =>
    onHistory ? (
      <RowAction
        key="history"
        icon={<HistoryIcon fontSize="inherit" />}
        label={`History of ${describe(row)}`}
        onClick={() => onHistory(row)}
      />
    ) : null;
  const column = (
    field: string,
    headerName: string,
    width: number,
    buttons: (row: Row) => (ReturnType<typeof edit> | null)[],
  ) =>
    rowActionsColumn<Row>(field, headerName, width, (row) =>
      buttons(row).filter((button) => button !== null),
    );

  if (layout === 'separate') {
    return [
      ...(canWrite
        ? [
            column('edit', 'Edit', 80, (row) => [edit(row)]),
            column('delete', 'Delete', 80, (row) => [remove(row)]),
          ]
        : []),
      ...(onHistory ? [column('history', 'History', 90, (row) => [history(row)])] : []),
    ];
  }
  const count = (onHistory ? 1 : 0) + (canWrite ? 2 : 0);
  if (count === 0) return [];
  return [
    column('actions', 'Actions', 40 + 35 * count, (row) =>
      canWrite ? [history(row), edit(row), remove(row)] : [history(row)],
    ),
  ];
}
