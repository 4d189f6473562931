import { useCallback, useMemo, useState } from 'react';
import {
  useEndAccountSessionsMutation,
  useListAccountsQuery,
  useUpdateAccountMutation,
  type Account,
  type AccountSort,
  type AccountUpdate,
} from '@/api';
import { chunk } from '@/components/chunk';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { reasonPayload } from '@/components/crud/reason';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  SEARCH_PAUSE_MS,
  sortedBy,
  type ResourceDefinition,
} from '@/components/resource/resource';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { useRowHistory } from '@/features/history';
import { accountColumns } from './accountColumns';
import { changeTexts, type AccountChange } from './accountChange';

const nameOf = (account: Account) => account.name;

/** Loaded with the first reset link: the grid shows its rows without the dialog's code. */
const LazyResetLinkDialog = chunk(
  () => import('./ResetLinkDialog').then((module) => module.ResetLinkDialog),
  null,
).Component;

/** The account whose reset link is being made and shown; closed, the link is forgotten. */
function useResetLink() {
  const [shown, setShown] = useState<{ account: Account; open: boolean } | null>(null);
  const open = useCallback((account: Account) => setShown({ account, open: true }), []);
  const dialog = shown && (
    <LazyResetLinkDialog
      account={shown.account}
      open={shown.open}
      onClose={() => setShown((current) => current && { ...current, open: false })}
      onExited={() => setShown(null)}
    />
  );
  return { open, dialog };
}
export const NO_ACCOUNTS = 'No accounts found';

/** A role change, a disable or enable, or an end of sessions, asked for and being confirmed. */
function useAccountChange() {
  const [change, setChange] = useState<{ change: AccountChange; open: boolean } | null>(null);
  const [updateAccount] = useUpdateAccountMutation();
  const [endSessions] = useEndAccountSessionsMutation();
  const run = useMutationFeedback();
  const ask = useCallback((next: AccountChange) => setChange({ change: next, open: true }), []);

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
  const dialog = change && texts && (
    <LazyConfirmDialog
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
  );
  return { ask, dialog };
}

/**
 * /dashboard/accounts (administrators only): every account with its role, status, creation, last
 * sign-in and active sessions, searched, sorted and paged on the server. An admin changes a role,
 * disables or enables an account and ends its sessions, each after a confirm, and makes a password
 * reset link, shown once; the server keeps the last administrator (409, its message shown in the
 * error toast).
 */
export const accountResource: ResourceDefinition<Account> = {
  texts: {
    title: 'Accounts',
    subtitle: 'Who may use the console, and with which role',
    emptyText: NO_ACCOUNTS,
    searchLabel: 'Search by name or email',
    errorTitle: 'The accounts could not be loaded',
  },
  listPath: '/accounts',
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: sortedBy<AccountSort>('name', 'email', 'role', 'created_at', 'last_sign_in_at'),
  searchDebounceMs: SEARCH_PAUSE_MS,
  describe: nameOf,
  useApi: (query) => ({
    list: listState(
      useListAccountsQuery({ ...query, sort: (query.sort ?? 'name') as AccountSort }),
    ),
  }),
  useScreen: () => {
    const { ask, dialog } = useAccountChange();
    const history = useRowHistory<Account>('account', nameOf);
    const resetLink = useResetLink();
    const columns = useMemo(
      () => accountColumns(ask, history.open, resetLink.open),
      [ask, history.open, resetLink.open],
    );
    return {
      columns,
      dialogs: (
        <>
          {dialog}
          {resetLink.dialog}
          {history.dialog}
        </>
      ),
    };
  },
};

/** The API clients under the accounts: a chunk of its own, as the grid shows without it. */
const LazyApiClientsSection = chunk(
  () => import('./ApiClientsSection').then((module) => module.default),
  null,
).Component;

/** /dashboard/accounts */
export function AccountsPage() {
  return (
    <>
      <ResourcePage resource={accountResource} />
      <LazyApiClientsSection />
    </>
  );
}
