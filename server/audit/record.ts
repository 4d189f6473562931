import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { sessionOf } from '../auth/guard';
import { oneStatement, withTransaction } from '../db/pool';
import * as entries from '../repositories/audit/entries';
import type { EntryRow, StoredEntry, Write } from '../repositories/audit/entries';
import { snapshot, type AuditEntity, type Snapshot } from '../repositories/audit/records';

/**
 * What a write does to which record: a create names its new record from the work's result (none:
 * nothing was created, so nothing is recorded); an update or a delete names it up front.
 */
export type AuditTarget<T> =
  | { entity: AuditEntity; action: 'create'; idOf: (result: T) => number | undefined }
  | { entity: AuditEntity; action: 'update' | 'delete'; id: number };

export interface AuditOptions {
  /** Who made the change: the signed-in account unless said otherwise; `record` for an account
   * that registers itself. */
  actor?: 'record';
  /** The entry this write undoes (a revert). */
  reverts?: StoredEntry;
  /**
   * The reason to record, from the body's (trimmed; null when none). Called once `work` is done,
   * so what the work found can mark it (an accepted downgrade).
   */
  reason?: (given: string | null) => string | null;
}

/** The body's optional `reason`, trimmed; blank is none. */
function reasonOf(request: FastifyRequest): string | null {
  const reason = (request.body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : null;
}

/**
 * Who made the change (the signed-in account, or `account` itself when it registers) and why. The
 * name is only the one the session knows: the entry stores the name an administrator vetted, from
 * the account's latest snapshot (migration 028), so renaming oneself changes no entry's author.
 */
function authorOf(request: FastifyRequest, account?: Snapshot): entries.Author {
  const actor = account
    ? { id: account.id, name: String(account.name) }
    : { id: sessionOf(request).id, name: sessionOf(request).name };
  return { actorId: actor.id, actorName: actor.name, reason: reasonOf(request) };
}

/**
 * Runs a write and records it in the history in the same transaction: the record is read (and
 * locked) before, `work` writes, the record is read again, and one entry holds the difference,
 * with who, why and a readable label. A failing `work` leaves neither the change nor an entry; a
 * write that changed nothing (an unknown id, an update to the same values) records nothing.
 * `work` gets the transaction's client and the record as it was (undefined for a create). For a
 * write of several statements; one statement takes `auditedStatement`, without a transaction.
 */
export async function audited<T>(
  request: FastifyRequest,
  target: AuditTarget<T>,
  work: (tx: pg.PoolClient, before: Snapshot | undefined) => Promise<T>,
  options: AuditOptions = {},
): Promise<T> {
  return (await auditedEntry(request, target, work, options)).result;
}

/** As `audited`, also answering the entry it wrote (none when the write changed nothing). */
export async function auditedEntry<T>(
  request: FastifyRequest,
  target: AuditTarget<T>,
  work: (tx: pg.PoolClient, before: Snapshot | undefined) => Promise<T>,
  options: AuditOptions = {},
): Promise<{ result: T; entry?: EntryRow }> {
  const { entity } = target;
  return withTransaction(request.server.db, async (tx) => {
    const read =
      target.action === 'create'
        ? undefined
        : await snapshot(tx, entity, target.id, {
            lock: true,
            withDependents: target.action === 'delete',
          });
    const before = read?.row;
    const result = await work(tx, before);
    const id = target.action === 'create' ? target.idOf(result) : target.id;
    if (id === undefined || (target.action !== 'create' && !before)) return { result };
    const written = await snapshot(tx, entity, id, {
      withDependents: target.action === 'create',
    });
    const after = written?.row;

    // Created, deleted or updated as asked: anything else (a delete that left the record, an update
    // whose record vanished) is no change of this kind, and records nothing.
    if ((target.action === 'delete') !== (after === undefined)) return { result };

    // A deleted record is labelled as it was, while the records its label names still existed.
    const { row: record, label } = (written ?? read) as { row: Snapshot; label: string };
    const author = authorOf(request, options.actor === 'record' ? record : undefined);
    const entry = await entries.insertEntry(tx, {
      ...author,
      reason: options.reason ? options.reason(author.reason) : author.reason,
      action: options.reverts ? 'revert' : target.action,
      effect: target.action,
      entity,
      entityId: id,
      label,
      before: target.action === 'create' ? undefined : before,
      after: target.action === 'delete' ? undefined : after,
      reverts: options.reverts?.id ?? null,
    });
    return { result, entry };
  });
}

/**
 * As `audited`, for a write that is one INSERT, UPDATE or DELETE statement on the entity's own
 * table: a repository function that takes a `Write` (see `Write` (repositories/audit/entries.ts)). Through the `Write` this
 * gives it, the statement and its history entry go to PostgreSQL as one statement (see
 * `entries.writeWithEntry`), atomic by itself, instead of a transaction of six round trips. A
 * second statement is a programming error. The entry's action is what the statement did to each
 * record it touched. The entry goes to the history's inbox, which `app.auditInbox` moves into
 * audit_entries shortly after.
 */
export async function auditedStatement<T>(
  request: FastifyRequest,
  entity: AuditEntity,
  work: (write: Write) => Promise<T>,
): Promise<T> {
  const { db } = request.server;
  const author = authorOf(request);
  let made = false;
  const write = ((text: string, values: unknown[]) => {
    if (made) throw new Error('An audited statement is one statement: use `audited`');
    made = true;
    return entries.writeWithEntry(
      (sql, params) => oneStatement(db, sql, params),
      entity,
      { text, values },
      author,
    );
  }) as Write;
  const result = await work(write);
  // Its entry went to the history's inbox: moved into audit_entries shortly.
  if (made) request.server.auditInbox.schedule();
  return result;
}
