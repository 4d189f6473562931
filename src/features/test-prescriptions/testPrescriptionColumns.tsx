import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AcceptIcon from '@mui/icons-material/DoneAll';
import CompareIcon from '@mui/icons-material/CompareOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import RunIcon from '@mui/icons-material/PlayArrowOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { TestPrescription } from '@/api';
import { textColumn } from '@/components/crud/columns';
import { SEVERITY_STYLE, VerdictBadge } from '@/features/safety-check';
import { STATUS_COLORS, STATUS_LABELS, floorText } from './testPrescriptionFormat';

/** "Pass", "Worse", "Changed", or "Not run yet" before the first run. */
export function resultLabel(row: Pick<TestPrescription, 'last_result'>): string {
  return row.last_result ? STATUS_LABELS[row.last_result.status] : 'Not run yet';
}

/** Where the History screen shows one entry. */
export const historyEntryPath = (id: number) => `/dashboard/history?entry=${id}`;

export interface RowActions {
  compare: (row: TestPrescription) => void;
  run: (row: TestPrescription) => void;
  accept: (row: TestPrescription) => void;
  edit: (row: TestPrescription) => void;
  remove: (row: TestPrescription) => void;
  /** Whether the signed-in user may change test prescriptions (Edit, Accept, Delete). */
  canWrite: boolean;
  /** The id of the test being run on its own, if any (its Run button waits). */
  running: number | null;
}

/**
 * The grid's columns: name, medications, expected verdict (with the minimum verdict, if any), last
 * result (a worse one in red), the change that altered it.
 */
export function testPrescriptionColumns(actions: RowActions): GridColDef<TestPrescription>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
    textColumn<TestPrescription>(
      'medications',
      'Medications',
      (row) => row.medications.map((m) => m.name).join(', '),
      { flex: 1, minWidth: 200 },
    ),
    {
      field: 'expected',
      headerName: 'Expected verdict',
      width: 260,
      valueGetter: (_value, row) =>
        [
          SEVERITY_STYLE[row.expected.verdict].label,
          row.expected.complete ? '' : 'incomplete',
          row.min_verdict ? floorText(row.min_verdict) : '',
        ]
          .filter(Boolean)
          .join(', '),
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>
          <VerdictBadge severity={row.expected.verdict} />
          {!row.expected.complete && <Chip size="small" color="warning" label="Incomplete" />}
          {row.min_verdict && (
            <Chip size="small" variant="outlined" label={floorText(row.min_verdict)} />
          )}
        </Box>
      ),
    },
    {
      field: 'last_result',
      headerName: 'Last result',
      width: 130,
      valueGetter: (_value, row) => resultLabel(row),
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={resultLabel(row)}
          color={row.last_result ? STATUS_COLORS[row.last_result.status] : 'default'}
          variant={row.last_result && row.last_result.status !== 'pass' ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      field: 'altered_by',
      headerName: 'Last altered by',
      flex: 1,
      minWidth: 200,
      valueGetter: (_value, row) => row.last_result?.audit_label ?? '',
      renderCell: ({ row }) =>
        row.last_result?.audit_id ? (
          // A text button as the link: the grid page stays within its bundle budget.
          <Button
            component={RouterLink}
            to={historyEntryPath(row.last_result.audit_id)}
            size="small"
            sx={{ textTransform: 'none', px: 0.5 }}
          >
            {row.last_result.audit_label ?? `Change #${row.last_result.audit_id}`}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 220,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="compare"
          icon={<CompareIcon />}
          label={`Compare ${row.name}`}
          onClick={() => actions.compare(row)}
        />,
        <GridActionsCellItem
          key="run"
          icon={<RunIcon />}
          label={`Run ${row.name}`}
          disabled={actions.running === row.id}
          onClick={() => actions.run(row)}
        />,
        ...(actions.canWrite && row.last_result && row.last_result.status !== 'pass'
          ? [
              <GridActionsCellItem
                key="accept"
                icon={<AcceptIcon />}
                label={`Accept ${row.name}`}
                onClick={() => actions.accept(row)}
              />,
            ]
          : []),
        ...(actions.canWrite
          ? [
              <GridActionsCellItem
                key="edit"
                icon={<EditIcon />}
                label={`Edit ${row.name}`}
                onClick={() => actions.edit(row)}
              />,
              <GridActionsCellItem
                key="delete"
                icon={<DeleteIcon />}
                label={`Delete ${row.name}`}
                onClick={() => actions.remove(row)}
              />,
            ]
          : []),
      ],
    },
  ];
}
