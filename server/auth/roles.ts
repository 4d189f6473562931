import { recordAccountEvent } from '../audit/accountEvents';
import type { Queryable } from '../db/pool';
import { conflict } from '../errors';
import * as accounts from '../repositories/accounts';
import type { RoleName } from '@contract/enums';

/** What an administrator may change about an account (PUT /accounts/{id}, or a revert of it). */
export interface AccountChange {
  role?: RoleName | null;
  disabled?: boolean;
  name?: string;
  email?: string;
}

/** Who makes a change, for the history entry of the sessions it ends. */
export interface Changer {
  id: number;
  name: string;
}

/**
 * Applies `change` to account `id` in the caller's transaction, keeping one enabled administrator:
 * changes to the administrators are taken one at a time (accounts.adminsInTurn), so two
 * administrators demoting each other at once cannot both succeed. Disabling and a change of role
 * end the account's sessions: a token keeps no powers its account no longer has, nor gains new
 * ones unseen (the ended sessions are recorded in the history, by `by`). An app user given a
 * console role must choose a new password at its next sign-in (accounts.updateAccount). False
 * when there is no such account.
 */
export async function changeAccount(
  tx: Queryable,
  id: number,
  change: AccountChange,
  by: Changer,
): Promise<boolean> {
  const admins = await accounts.adminsInTurn(tx);
  const losesAdmin =
    admins.includes(id) &&
    ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
  if (losesAdmin && admins.length === 1) {
    throw conflict('The last administrator cannot be demoted or disabled.');
  }
  const updated = await accounts.updateAccount(tx, id, change);
  if (!updated) return false;
  const cause = change.disabled ? 'account disabled' : updated.roleChanged ? 'role changed' : null;
  if (cause) {
    const ended = await accounts.revokeOtherTokens(tx, id, null);
    if (ended > 0)
      await recordAccountEvent(tx, {
        actorId: by.id,
        actorName: by.name,
        accountId: id,
        action: 'sessions_end',
        details: { sessions_ended: ended, cause },
      });
  }
  return true;
}
