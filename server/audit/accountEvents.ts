import type { AuditAction } from '@contract/enums';
import type { Queryable } from '../db/pool';
import * as entries from '../repositories/audit/entries';
import type { EntryRow } from '../repositories/audit/entries';
import { snapshot, type Snapshot } from '../repositories/audit/records';

/** The account events the history keeps besides changes to an account's fields. */
export type AccountEventAction = Exclude<AuditAction, 'create' | 'update' | 'delete' | 'revert'>;

/** Whether an entry's action is an account event: a record of something done, never reverted. */
export const isAccountEvent = (action: string): action is AccountEventAction =>
  ACCOUNT_EVENTS.includes(action as AccountEventAction);
const ACCOUNT_EVENTS: AccountEventAction[] = [
  'password_change',
  'password_reset',
  'reset_link',
  'sessions_end',
];

export interface AccountEvent {
  /** Who did it: the account itself (a password change, a reset by link, its own sign-outs) or
   * an administrator. */
  actorId: number;
  actorName: string;
  accountId: number;
  action: AccountEventAction;
  /** What happened, as the entry's fields (`sessions_ended: 2`); never a password, a hash or a
   * token, which the history must not hold. At least one field. */
  details: Record<string, string | number | boolean>;
  reason?: string | null;
}

/**
 * Records an account event in the history, in the caller's transaction, so the entry exists
 * exactly when the event does. The entry is about the account (entity `account`), labelled as its
 * other entries are; its changes hold `details` as new values. Undefined when the account is gone.
 */
export async function recordAccountEvent(
  client: Queryable,
  event: AccountEvent,
): Promise<EntryRow | undefined> {
  const account = await snapshot(client, 'account', event.accountId);
  if (!account) return undefined;
  return entries.insertEntry(client, {
    actorId: event.actorId,
    actorName: event.actorName,
    reason: event.reason ?? null,
    action: event.action,
    effect: 'update',
    entity: 'account',
    entityId: event.accountId,
    label: account.label,
    // Shown as each detail's new value; no `id` of its own, so no field but the details shows.
    after: event.details as Snapshot,
    reverts: null,
  });
}
