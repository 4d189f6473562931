import type { Account, RoleName } from '@/api';
import { ROLE_NAMES } from '@contract/enums';

/** A change an admin asked for, waiting for its confirm. */
export type AccountChange =
  | { kind: 'role'; account: Account; role: RoleName }
  | { kind: 'disable'; account: Account; disabled: boolean }
  | { kind: 'end-sessions'; account: Account };

export const ROLE_LABELS: Record<RoleName, string> = {
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
  user: 'App user',
};
export { ROLE_NAMES as ROLES };
export const PENDING_LABEL = 'Pending';

/** Active, Disabled, or Pending (no role yet). */
export function accountStatus(account: Pick<Account, 'role' | 'disabled'>): string {
  if (account.disabled) return 'Disabled';
  return account.role === null ? PENDING_LABEL : 'Active';
}

/** The confirm's title and question for a change. */
export function changeTexts(change: AccountChange): {
  title: string;
  message: string;
  confirm: string;
} {
  const { name } = change.account;
  switch (change.kind) {
    case 'role':
      return {
        title: 'Change role',
        message: [
          `Give ${name} the role ${ROLE_LABELS[change.role]}?`,
          change.account.active_sessions > 0 && 'They are signed out of every session.',
          change.account.role === 'user' &&
            change.role !== 'user' &&
            'They must choose a new password at their next sign-in.',
        ]
          .filter(Boolean)
          .join(' '),
        confirm: 'Change role',
      };
    case 'disable':
      return change.disabled
        ? {
            title: 'Disable account',
            message: `Disable ${name}? They are signed out everywhere and cannot sign in until enabled again.`,
            confirm: 'Disable',
          }
        : { title: 'Enable account', message: `Enable ${name} again?`, confirm: 'Enable' };
    case 'end-sessions':
      return {
        title: 'End sessions',
        message: `Sign ${name} out of every session?`,
        confirm: 'End sessions',
      };
  }
}
