import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { sessionOf } from '../auth/guard';
import { changeAccount, type AccountChange } from '../auth/roles';
import { conflict, HttpError, notFound } from '../errors';
import { getEntry, type EntryRow, type StoredEntry } from '../repositories/audit/entries';
import { snapshot, type Snapshot } from '../repositories/audit/records';
import * as revert from '../repositories/audit/revert';
import { isAccountEvent } from './accountEvents';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/pgErrors';
import { auditedEntry, type AuditTarget } from './record';

/** A 409 that names the later entry, so the console can point at it. */
function changedSince(later: revert.LaterEntry): HttpError {
  return conflict(
    `This record changed after this entry: entry #${later.id} (${later.action} by ${later.actor_name} at ${later.at}). Revert that one first.`,
  );
}

/** The record's values on one side of the entry's changes. */
function side(entry: StoredEntry, which: 'from' | 'to'): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry.changes)
      .filter(([, change]) => which in change)
      .map(([field, change]) => [field, change[which]]),
  );
}

/**
 * Undoes one history entry in one transaction, by what it did to its record: an update's fields
 * go back to their `from` values, a created record is deleted (under the usual foreign-key rules),
 * a deleted one is recreated with its id and everything deleted with it. The undoing is recorded
 * as an entry of its own, with `reverts` naming the original, and answered.
 */
export async function revertEntry(request: FastifyRequest, id: number): Promise<EntryRow> {
  const entry = await getEntry(request.server.db, id);
  if (!entry) throw notFound('History entry');
  if (entry.reverted_by !== null) {
    throw conflict(`This change was already reverted by entry #${entry.reverted_by}.`);
  }
  // A password change, a reset, a reset link or ended sessions happened: nothing puts them back.
  if (isAccountEvent(entry.action)) {
    throw conflict(
      'An account event (a password change or reset, a reset link, ended sessions) cannot be reverted.',
    );
  }
  // Undoing a revocation would give an EHR back access its secret lost for a reason, and undoing
  // a creation would cut off an EHR unannounced: an administrator makes or revokes a client instead.
  if (entry.entity === 'api_client') {
    throw conflict(
      "An API client's making or revoking cannot be reverted: make a new client, or revoke this one.",
    );
  }
  if (entry.entity === 'account') {
    if (sessionOf(request).role !== 'admin')
      throw new HttpError(403, 'Only an administrator can revert a change to an account.');
    if (entry.effect !== 'update')
      throw conflict('Only changes to an account can be reverted, not its registration.');
  }

  const { entity, entity_id: recordId } = entry;
  const refuseIfChangedSince = async (tx: pg.PoolClient) => {
    // Undoing a create deletes what belongs to the medication too: a change to any of it counts.
    const dependents = entity === 'medication' && entry.effect === 'create';
    const later = await revert.laterEntry(tx, entry, dependents);
    if (later) throw changedSince(later);
  };
  const gone = async (tx: pg.PoolClient) => {
    const later = await revert.laterEntry(tx, entry, false);
    return later ? changedSince(later) : conflict('This record no longer exists.');
  };

  let target: AuditTarget<number>;
  let undo: (tx: pg.PoolClient, current: Snapshot | undefined) => Promise<void>;
  if (entry.effect === 'update') {
    target = { entity, action: 'update', id: recordId };
    undo = async (tx, current) => {
      if (!current) throw await gone(tx);
      await refuseIfChangedSince(tx);
      const values = side(entry, 'from');
      if (entity === 'account')
        await changeAccount(tx, recordId, values as AccountChange, sessionOf(request));
      else await revert.restoreFields(tx, entity, current, values);
    };
  } else if (entry.effect === 'create') {
    target = { entity, action: 'delete', id: recordId };
    undo = async (tx, current) => {
      if (!current) throw await gone(tx);
      await refuseIfChangedSince(tx);
      await revert.remove(tx, entity, recordId).catch((error: unknown) => {
        throw isForeignKeyViolation(error)
          ? conflict(`${entry.label} cannot be deleted: other records still use it.`)
          : error;
      });
    };
  } else {
    target = { entity, action: 'create', idOf: () => recordId };
    undo = async (tx) => {
      await refuseIfChangedSince(tx);
      if (await snapshot(tx, entity, recordId)) throw conflict('This record exists again.');
      await revert.recreate(tx, entity, side(entry, 'from') as Snapshot).catch((error: unknown) => {
        if (isForeignKeyViolation(error))
          throw conflict(
            `${entry.label} cannot be restored: a record it refers to was deleted since.`,
          );
        if (isUniqueViolation(error))
          throw conflict(
            `${entry.label} cannot be restored: a record with the same values exists now.`,
          );
        throw error;
      });
    };
  }

  try {
    const { entry: written } = await auditedEntry(
      request,
      target,
      async (tx, current) => {
        await undo(tx, current);
        return recordId;
      },
      { reverts: entry },
    );
    if (!written) throw conflict('Nothing to revert: the record already has these values.');
    return written;
  } catch (error) {
    // Two reverts of one entry at once: the unique index lets one through.
    if (isUniqueViolation(error, 'audit_entries_reverts_key')) {
      throw conflict('This change was already reverted.');
    }
    throw error;
  }
}
