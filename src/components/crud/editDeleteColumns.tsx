import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import {
  GridActionsCellItem,
  type GridActionsColDef,
  type GridValidRowModel,
} from '@mui/x-data-grid';

export interface EditDeleteOptions<Row extends GridValidRowModel> {
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** Names the row in the buttons' accessible names: 'Edit {name}', 'Delete {name}'. */
  describe: (row: Row) => string;
  /**
   * 'single' (default): one 'Actions' column with both buttons; 'separate': an 'Edit' and a 'Delete'
   * column, as the lifestyle and interaction tables have.
   */
  layout?: 'single' | 'separate';
}

/** The Edit and Delete buttons of a list screen's rows (never exported, never searched). */
export function editDeleteColumns<Row extends GridValidRowModel>({
  onEdit,
  onDelete,
  describe,
  layout = 'single',
}: EditDeleteOptions<Row>): GridActionsColDef<Row>[] {
  const edit = (row: Row) => (
    <GridActionsCellItem
      key="edit"
      icon={<EditIcon />}
      label={`Edit ${describe(row)}`}
      onClick={() => onEdit(row)}
    />
  );
  const remove = (row: Row) => (
    <GridActionsCellItem
      key="delete"
      icon={<DeleteIcon />}
      label={`Delete ${describe(row)}`}
      onClick={() => onDelete(row)}
    />
  );
  if (layout === 'separate') {
    return [
      {
        field: 'edit',
        type: 'actions',
        headerName: 'Edit',
        width: 80,
        getActions: ({ row }) => [edit(row)],
      },
      {
        field: 'delete',
        type: 'actions',
        headerName: 'Delete',
        width: 80,
        getActions: ({ row }) => [remove(row)],
      },
    ];
  }
  return [
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 110,
      getActions: ({ row }) => [edit(row), remove(row)],
    },
  ];
}
