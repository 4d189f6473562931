import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { sessionOf } from '../auth/guard';
import { withTransaction } from '../db/pool';
import * as audit from '../repositories/audit';
import type { AuditEntity, Changes, EntryRow, Snapshot, StoredEntry } from '../repositories/audit';

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
}

/** `updated_at` moves on every write: it is no change of its own. */
const UNCOMPARED = new Set(['updated_at']);

/** One entry per field that differs, `{ from, to }`. */
export function diff(before: Snapshot, after: Snapshot): Changes {
  const changes: Changes = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (UNCOMPARED.has(field)) continue;
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
  }
  return changes;
}

/** Every field of a created (`to`) or deleted (`from`) record, dependents included. */
function whole(row: Snapshot, side: 'from' | 'to'): Changes {
  return Object.fromEntries(
    Object.entries(row).map(([field, value]) => [field, { [side]: value }]),
  );
}

/** The medications an entry concerns, for a medication's own history. */
function medicationIds(entity: AuditEntity, row: Snapshot): number[] {
  const ids = new Set<number>();
  if (entity === 'medication') ids.add(row.id);
  for (const field of ['medication_id', 'interacting_medication_id']) {
    if (typeof row[field] === 'number') ids.add(row[field] as number);
  }
  return [...ids];
}

/** The body's optional `reason`, trimmed; blank is none. */
function reasonOf(request: FastifyRequest): string | null {
  const reason = (request.body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : null;
}

/**
 * Runs a write and records it in the history in the same transaction: the record is read (and
 * locked) before, `work` writes, the record is read again, and one entry holds the difference,
 * with who, why and a readable label. A failing `work` leaves neither the change nor an entry; a
 * write that changed nothing (an unknown id, an update to the same values) records nothing.
 * `work` gets the transaction's client and the record as it was (undefined for a create).
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
  const reason = reasonOf(request);
  return withTransaction(request.server.db, async (tx) => {
    const read =
      target.action === 'create'
        ? undefined
        : await audit.snapshot(tx, entity, target.id, {
            lock: true,
            withDependents: target.action === 'delete',
          });
    const before = read?.row;
    const result = await work(tx, before);
    const id = target.action === 'create' ? target.idOf(result) : target.id;
    if (id === undefined || (target.action !== 'create' && !before)) return { result };
    const written = await audit.snapshot(tx, entity, id, {
      withDependents: target.action === 'create',
    });
    const after = written?.row;

    let changes: Changes;
    if (target.action === 'create' && after) changes = whole(after, 'to');
    else if (target.action === 'delete' && before && !after) changes = whole(before, 'from');
    else if (target.action === 'update' && before && after) changes = diff(before, after);
    else return { result };
    if (Object.keys(changes).length === 0) return { result };

    // A deleted record is labelled as it was, while the records its label names still existed.
    const { row: record, label } = (written ?? read) as { row: Snapshot; label: string };
    const actor =
      options.actor === 'record'
        ? { id: record.id, name: String(record.name) }
        : { id: sessionOf(request).id, name: sessionOf(request).name };
    const entry = await audit.insertEntry(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: options.reverts ? 'revert' : target.action,
      effect: target.action,
      entity,
      entityId: id,
      label,
      changes,
      reason,
      reverts: options.reverts?.id ?? null,
      medicationIds: medicationIds(entity, record),
    });
    return { result, entry };
  });
}
