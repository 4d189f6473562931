import { useCallback, useMemo, useState } from 'react';
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
import { PageHeader } from '@/components/PageHeader';
import { SearchField } from '@/components/SearchField';
import { ServerDataGrid } from '@/components/ServerDataGrid';
import { gridSortParam, useServerGridState } from '@/components/useServerGridState';
import { useRowHistory } from '@/features/history';
import { accountColumns } from './accountColumns';
import { changeTexts, type AccountChange } from './accountChange';

const nameOf = (account: Account) => account.name;
export const NO_ACCOUNTS = 'No accounts found';

/**
 * /dashboard/accounts (administrators only): every account with its role, status, creation, last
 * sign-in and active sessions, searched, sorted and paged on the server. An admin changes a role,
 * disables or enables an account and ends its sessions, each after a confirm; the server keeps the
 * last administrator (409, its message shown in the error toast).
 */
export function AccountsPage() {
  const grid = useServerGridState([{ field: 'name', sort: 'asc' }]);
  const [change, setChange] = useState<{ change: AccountChange; open: boolean } | null>(null);
  const [updateAccount] = useUpdateAccountMutation();
  const [endSessions] = useEndAccountSessionsMutation();
  const run = useMutationFeedback();

  const { data, error, isFetching } = useListAccountsQuery({
    q: grid.query || undefined,
    ...grid.paging,
    sort: gridSortParam<AccountSort>(grid.sortModel, 'name'),
  });
  const ask = useCallback((next: AccountChange) => setChange({ change: next, open: true }), []);
  const history = useRowHistory<Account>('account', nameOf);
  const columns = useMemo(() => accountColumns(ask, history.open), [ask, history.open]);

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
      <ServerDataGrid
        error={error}
        errorTitle="The accounts could not be loaded"
        search={<SearchField label="Search by name or email" onSearch={grid.search} />}
        aria-label="Accounts"
        rows={data?.data ?? []}
        rowCount={data?.meta.total ?? 0}
        columns={columns}
        loading={isFetching}
        {...grid.gridProps}
        disableColumnFilter
        localeText={{ noRowsLabel: NO_ACCOUNTS }}
      />
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
