import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import type { Session } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { RelativeTime } from '@/components/RelativeTime';
import { exactTime } from '@/lib/relativeTime';

// Times sort by the time itself and show as the exact local time (last use: how long ago).
const COLUMNS: GridColDef<Session>[] = [
  {
    field: 'created_at',
    headerName: 'Signed in',
    flex: 1,
    minWidth: 170,
    valueGetter: (value: string) => Date.parse(value),
    renderCell: ({ row }) => exactTime(row.created_at),
  },
  {
    field: 'last_used_at',
    headerName: 'Last used',
    flex: 1,
    minWidth: 130,
    valueGetter: (value: string) => Date.parse(value),
    renderCell: ({ row }) => <RelativeTime value={row.last_used_at} />,
  },
  {
    field: 'expires_at',
    headerName: 'Expires',
    flex: 1,
    minWidth: 170,
    valueGetter: (value: string) => Date.parse(value),
    renderCell: ({ row }) => exactTime(row.expires_at),
  },
  {
    field: 'current',
    headerName: '',
    minWidth: 130,
    sortable: false,
    renderCell: ({ row }) =>
      row.current && <Chip size="small" color="primary" label="This session" />,
  },
];

/** The signed-in user's sessions as a grid; its own module so Settings loads the DataGrid later. */
export default function SessionsGrid({ sessions }: { sessions: readonly Session[] }) {
  return <CompactGrid label="Active sessions" rows={sessions} columns={COLUMNS} />;
}
