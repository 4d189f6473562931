import { useCallback, useMemo, useState } from 'react';
import Paper from '@mui/material/Paper';
import { DataGrid, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import {
  useEndAccountSessionsMutation,
  useListAccountsQuery,
  useUpdateAccountMutation,
  type Account,
  type AccountSort,
  type AccountUpdate,
} from '@/api';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { reasonPayload } from '@/components/crud/reason';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { SearchField } from '@/components/SearchField';
import { messageOf } from '@/lib/errors';
import { useRowHistory } from '@/features/history';
import { accountColumns } from './accountColumns';
import { changeTexts, type AccountChange } from './accountChange';

const PAGE_SIZES = [10, 25, 50, 100];
const nameOf = (account: Account) => account.name;
export const NO_ACCOUNTS = 'No accounts found';

/** The grid's sort model as the contract's `sort` (name when unsorted). */
function sortParam(model: GridSortModel): AccountSort {
  const [first] = model;
  if (!first?.sort) return 'name';
  return `${first.sort === 'desc' ? '-' : ''}${first.field}` as AccountSort;
}

/**
 * /dashboard/accounts (administrators only): every account with its role, status, creation, last
 * sign-in and active sessions, searched, sorted and paged on the server. An admin changes a role,
 * disables or enables an account and ends its sessions, each after a confirm; the server keeps the
 * last administrator (409, its message shown in the error toast).
 */
export function AccountsPage() {
  const [query, setQuery] = useState('');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [change, setChange] = useState<{ change: AccountChange; open: boolean } | null>(null);
  const [updateAccount] = useUpdateAccountMutation();
  const [endSessions] = useEndAccountSessionsMutation();
  const run = useMutationFeedback();

  const { data, error, isFetching } = useListAccountsQuery({
    q: query || undefined,
    page: pagination.page + 1,
    pageSize: pagination.pageSize,
    sort: sortParam(sortModel),
  });
  const ask = useCallback((next: AccountChange) => setChange({ change: next, open: true }), []);
  const history = useRowHistory<Account>('account', nameOf);
  const columns = useMemo(() => accountColumns(ask, history.open), [ask, history.open]);
  const search = useCallback((next: string) => {
    setQuery(next);
    setPagination((current) => ({ ...current, page: 0 }));
  }, []);

  const apply = (pending: AccountChange, reason: string) => {
    const { id } = pending.account;
    if (pending.kind === 'end-sessions') {
      return run(endSessions({ id }), { success: serverMessage('Sessions ended') });
    }
    const body: AccountUpdate =
      pending.kind === 'role' ? { role: pending.role } : { disabled: pending.disabled };
    return run(updateAccount({ id, accountUpdate: { ...body, ...reasonPayload(reason) } }), {
      success: serverMessage('Account updated'),
    });
  };

  const texts = change && changeTexts(change.change);
  return (
    <>
      <PageHeader title="Accounts" subtitle="Who may use the console, and with which role" />
      {error && (
        <ErrorBanner
          title="The accounts could not be loaded"
          message={messageOf(error)}
          sx={{ mb: 2 }}
        />
      )}
      <SearchField label="Search by name or email" onSearch={search} />
      <Paper variant="outlined">
        <DataGrid
          aria-label="Accounts"
          rows={data?.data ?? []}
          rowCount={data?.meta.total ?? 0}
          columns={columns}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          pageSizeOptions={PAGE_SIZES}
          disableColumnFilter
          disableRowSelectionOnClick
          localeText={{ noRowsLabel: NO_ACCOUNTS }}
          autoHeight
          sx={{ border: 0 }}
        />
      </Paper>
      {change && texts && (
        <ConfirmDialog
          open={change.open}
          title={texts.title}
          message={texts.message}
          confirmLabel={texts.confirm}
          destructive={change.change.kind !== 'role'}
          reason={change.change.kind === 'end-sessions' ? undefined : 'optional'}
          onConfirm={(reason) => apply(change.change, reason)}
          onClose={() => setChange((current) => current && { ...current, open: false })}
          onExited={() => setChange(null)}
        />
      )}
      {history.dialog}
    </>
  );
}
