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

/**
 * Applies `change` to account `id` in the caller's transaction, keeping one enabled administrator:
 * changes to the administrators are taken one at a time (accounts.adminsInTurn), so two
 * administrators demoting each other at once cannot both succeed. Disabling ends the account's
 * sessions. False when there is no such account.
 */
export async function changeAccount(
  tx: Queryable,
  id: number,
  change: AccountChange,
): Promise<boolean> {
  const admins = await accounts.adminsInTurn(tx);
  const losesAdmin =
    admins.includes(id) &&
    ((change.role !== undefined && change.role !== 'admin') || change.disabled === true);
  if (losesAdmin && admins.length === 1) {
    throw conflict('The last administrator cannot be demoted or disabled.');
  }
  if (!(await accounts.updateAccount(tx, id, change))) return false;
  if (change.disabled) await accounts.revokeOtherTokens(tx, id, null);
  return true;
}
