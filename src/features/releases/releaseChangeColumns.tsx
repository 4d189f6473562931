import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntry } from '@/api';
import { RelativeTime } from '@/components/RelativeTime';
import { ACTION_LABELS, describeEntry } from '@/features/history';
import { fieldLabel } from './releaseFormat';

/**
 * The columns of a release's history entries: when, who, what was done to which record, the
 * fields changed and why. The server pages them oldest first and sorts them no other way.
 */
export const RELEASE_CHANGE_COLUMNS: readonly GridColDef<AuditEntry>[] = [
  {
    field: 'at',
    headerName: 'When',
    minWidth: 130,
    renderCell: ({ row }) => <RelativeTime value={row.at} />,
  },
  {
    field: 'actor',
    headerName: 'Who',
    flex: 1,
    minWidth: 120,
    valueGetter: (_value, row) => row.actor.name,
  },
  {
    field: 'action',
    headerName: 'Action',
    minWidth: 100,
    valueGetter: (_value, row) => ACTION_LABELS[row.action],
  },
  {
    field: 'label',
    headerName: 'What',
    flex: 1,
    minWidth: 180,
    valueGetter: (_value, row) => describeEntry(row),
  },
  {
    field: 'changes',
    headerName: 'Changed fields',
    flex: 1,
    minWidth: 160,
    valueGetter: (_value, row) => Object.keys(row.changes).map(fieldLabel).join(', '),
  },
  {
    field: 'reason',
    headerName: 'Reason',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => row.reason ?? '—',
  },
];
