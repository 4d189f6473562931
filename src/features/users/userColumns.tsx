import Button from '@mui/material/Button';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminUser } from '@/api';
import { RelativeTime } from '@/components/RelativeTime';
import { formatDate } from '@/lib/relativeTime';

/** Leaves a column out of the quick filter (an `undefined` would fall back to its type's filter). */
const noQuickFilter = () => null;

const asDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/**
 * Name, Email, Registered, Last Active, Searches, View History. The server
 * searches (name or email), sorts and pages; the grid's own quick filter is not used, and the
 * columns that are not searched leave it all the same.
 */
export function userColumns(onViewHistory: (user: AdminUser) => void): GridColDef<AdminUser>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 200 },
    {
      field: 'registered_at',
      headerName: 'Registered',
      type: 'date',
      width: 140,
      valueGetter: (value: string) => asDate(value),
      valueFormatter: (value: Date | null) => (value ? formatDate(value) : ''),
      getApplyQuickFilterFn: noQuickFilter,
    },
    {
      field: 'last_active_at',
      headerName: 'Last Active',
      type: 'dateTime',
      width: 150,
      valueGetter: (value: string | null) => asDate(value),
      renderCell: ({ row }) =>
        row.last_active_at ? <RelativeTime value={row.last_active_at} /> : 'Never',
      getApplyQuickFilterFn: noQuickFilter,
    },
    {
      field: 'search_count',
      headerName: 'Searches',
      type: 'number',
      width: 110,
      getApplyQuickFilterFn: noQuickFilter,
    },
    {
      field: 'view_history',
      headerName: 'View History',
      width: 140,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      getApplyQuickFilterFn: noQuickFilter,
      renderCell: ({ row }) => (
        <Button
          size="small"
          startIcon={<HistoryOutlined />}
          onClick={() => onViewHistory(row)}
          aria-label={`View history of ${row.name}`}
        >
          View
        </Button>
      ),
    },
  ];
}
