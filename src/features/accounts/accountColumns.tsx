import type { KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import type { Account, RoleName } from '@/api';
import { RelativeTime } from '@/components/RelativeTime';
import { formatDate } from '@/lib/relativeTime';
import {
  PENDING_LABEL,
  ROLES,
  ROLE_LABELS,
  accountStatus,
  type AccountChange,
} from './accountChange';

/** Keys typed in a cell's control stay with it (the grid would move the focus on arrows). */
const keepKeys = (event: KeyboardEvent) => event.stopPropagation();

/**
 * Name, Email, Role (a select), Status, Created, Last sign-in, Active sessions, and the actions:
 * Disable or Enable, End sessions, Make reset link, History.
 */
export function accountColumns(
  ask: (change: AccountChange) => void,
  history: (account: Account) => void,
  resetLink: (account: Account) => void,
): GridColDef<Account>[] {
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
    {
      field: 'role',
      headerName: 'Role',
      width: 150,
      renderCell: ({ row }) => (
        <select
          aria-label={`Role of ${row.name}`}
          value={row.role ?? ''}
          onKeyDown={keepKeys}
          onChange={(event) =>
            ask({ kind: 'role', account: row, role: event.target.value as RoleName })
          }
        >
          {row.role === null && (
            <option value="" disabled>
              {PENDING_LABEL}
            </option>
          )}
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      ),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 100,
      sortable: false,
      valueGetter: (_value, row) => accountStatus(row),
    },
    {
      field: 'created_at',
      headerName: 'Created',
      width: 130,
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'last_sign_in_at',
      headerName: 'Last sign-in',
      width: 140,
      renderCell: ({ row }) =>
        row.last_sign_in_at ? <RelativeTime value={row.last_sign_in_at} /> : 'Never',
    },
    {
      field: 'active_sessions',
      headerName: 'Active sessions',
      type: 'number',
      width: 130,
      sortable: false,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 440,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <Button
            size="small"
            color={row.disabled ? 'primary' : 'error'}
            aria-label={`${row.disabled ? 'Enable' : 'Disable'} ${row.name}`}
            onKeyDown={keepKeys}
            onClick={() => ask({ kind: 'disable', account: row, disabled: !row.disabled })}
          >
            {row.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button
            size="small"
            aria-label={`End sessions of ${row.name}`}
            disabled={row.active_sessions === 0}
            onKeyDown={keepKeys}
            onClick={() => ask({ kind: 'end-sessions', account: row })}
          >
            End sessions
          </Button>
          <Button
            size="small"
            aria-label={`Make reset link for ${row.name}`}
            onKeyDown={keepKeys}
            onClick={() => resetLink(row)}
          >
            Make reset link
          </Button>
          <Button
            size="small"
            aria-label={`History of ${row.name}`}
            onKeyDown={keepKeys}
            onClick={() => history(row)}
          >
            History
          </Button>
        </Stack>
      ),
    },
  ];
}
