import type { FastifyRequest } from 'fastify';
import type { Schema } from '../contract';
import { withTransaction, type Queryable } from '../db/pool';
import { HttpError, conflict, notFound } from '../errors';
import { sessionOf } from '../auth/guard';
import { auditedEntry, type AuditTarget } from '../audit/record';
import { ENTITIES, labelSql, snapshot, type AuditEntity } from '../repositories/audit/records';
import * as revert from '../repositories/audit/revert';
import * as releases from '../repositories/releases';
import type { VersionedTable } from '../db/versions';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/pgErrors';
import { readRelease } from './scope';

export type PendingChange = Schema<'PendingChange'>;

const tableOf = (entity: AuditEntity) => ENTITIES[entity].table as VersionedTable;

/** When a record was written, which every write moves: no change of its own to review. */
const BOOKKEEPING = new Set(['created_at', 'updated_at']);

/**
 * The fields whose values differ between two versions of a record (all of them when one side is
 * missing); none when only the time it was written differs.
 */
export function differingFields(before: releases.Row | undefined, after: releases.Row | undefined) {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const fields = [...names].filter(
    (name) => JSON.stringify(before?.[name]) !== JSON.stringify(after?.[name]),
  );
  return fields.some((name) => !BOOKKEEPING.has(name)) ? fields : [];
}

/**
 * Each record changed since the newest release, as one net difference between the release's
 * values and the draft's, with who changed it and the approval in force. Records changed and
 * changed back are left out: there is nothing to review.
 */
export async function pendingChanges(
  db: Queryable,
  only?: { entity: AuditEntity; id: number },
): Promise<PendingChange[]> {
  const records = await releases.unpublishedRecords(db, only);
  if (records.length === 0) return [];
  const newest = await releases.newestRelease(db);
  const reviews = await releases.reviewsOf(db, records);
  const byEntity = new Map<AuditEntity, releases.UnpublishedRecord[]>();
  for (const record of records) {
    byEntity.set(record.entity, [...(byEntity.get(record.entity) ?? []), record]);
  }
  const changes: PendingChange[] = [];
  for (const [entity, list] of byEntity) {
    const table = tableOf(entity);
    const ids = list.map((record) => record.entity_id);
    const draft = await releases.rowsAt(db, table, ids, 'draft');
    const released = newest ? await releases.rowsAt(db, table, ids, newest.number) : new Map();
    const labels = await labelsOf(db, entity, [
      ...ids.map((id) => draft.get(id) ?? released.get(id)).filter((row) => row !== undefined),
    ]);
    for (const record of list) {
      const before = released.get(record.entity_id);
      const after = draft.get(record.entity_id);
      const fields = differingFields(before, after);
      if (fields.length === 0) continue;
      const review = reviews.get(`${entity} ${record.entity_id}`);
      changes.push({
        entity,
        entity_id: record.entity_id,
        label: labels.get(record.entity_id) ?? `${entity} #${record.entity_id}`,
        action: !before ? 'create' : !after ? 'delete' : 'update',
        before: before ?? null,
        after: after ?? null,
        fields: before && after ? fields : [],
        authors: record.authors,
        review:
          review?.decision === 'approved' && review.through_entry >= record.through
            ? {
                decision: review.decision,
                reviewer_name: review.reviewer_name,
                comment: review.comment,
                at: review.at,
              }
            : null,
      });
    }
  }
  return changes.sort((a, b) => a.entity.localeCompare(b.entity) || a.label.localeCompare(b.label));
}

/** Each record's readable label ("Warfarin + Ibuprofen"), as the history labels it. */
async function labelsOf(db: Queryable, entity: AuditEntity, rows: releases.Row[]) {
  const { rows: labels } = await db.query<{ id: number; label: string }>(
    `SELECT (r->>'id')::int AS id, ${labelSql(entity)} AS label
       FROM jsonb_array_elements($1::jsonb) AS r`,
    [JSON.stringify(rows)],
  );
  return new Map(labels.map(({ id, label }) => [id, label]));
}

/**
 * The pending change a reviewer decides on, refused to anyone who made any of the record's
 * changes since the newest release, administrators included: four eyes, always.
 */
async function changeToReview(request: FastifyRequest, entity: AuditEntity, id: number) {
  const [change] = await pendingChanges(request.server.db, { entity, id });
  if (!change) throw notFound('A pending change of this record');
  const reviewer = sessionOf(request);
  if (change.authors.some((author) => author.actor_id === reviewer.id)) {
    throw new HttpError(
      403,
      'You changed this record since the latest release: another person must review it.',
    );
  }
  return { change, reviewer, through: Math.max(...change.authors.map((a) => a.entry_id)) };
}

export async function approve(
  request: FastifyRequest,
  entity: AuditEntity,
  id: number,
  comment: string,
): Promise<PendingChange> {
  const { change, reviewer, through } = await changeToReview(request, entity, id);
  await releases.saveReview(request.server.db, {
    entity,
    id,
    through,
    decision: 'approved',
    reviewerId: reviewer.id,
    reviewerName: reviewer.name,
    comment,
  });
  return {
    ...change,
    review: {
      decision: 'approved',
      reviewer_name: reviewer.name,
      comment,
      at: new Date().toISOString(),
    },
  };
}

/** The history's reason for a write that a review or a restore made (at most 500 characters). */
const reasonFor = (what: string, comment: string) =>
  (comment.trim() ? `${what}: ${comment.trim()}` : what).slice(0, 500);

/**
 * Rejects a pending change: the draft record gets the newest release's values again, as a change
 * recorded in the history with the comment as its reason.
 */
export async function reject(
  request: FastifyRequest,
  entity: AuditEntity,
  id: number,
  comment: string,
): Promise<void> {
  const { reviewer, through } = await changeToReview(request, entity, id);
  const newest = await releases.newestRelease(request.server.db);
  const released = newest
    ? await releasedSnapshot(request.server.db, newest.number, entity, id)
    : undefined;
  await writeBack(request, entity, id, released, reasonFor('Rejected in review', comment));
  await releases.saveReview(request.server.db, {
    entity,
    id,
    through,
    decision: 'rejected',
    reviewerId: reviewer.id,
    reviewerName: reviewer.name,
    comment,
  });
}

/** A record as release `number` holds it, with what a delete of it would take along. */
export async function releasedSnapshot(
  db: Queryable,
  number: number,
  entity: AuditEntity,
  id: number,
) {
  return withTransaction(
    db,
    async (tx) => {
      await readRelease(tx, number);
      return (await snapshot(tx, entity, id, { withDependents: true }))?.row;
    },
    { readOnly: true },
  );
}

/**
 * Makes the draft record equal `wanted` (a release's values; undefined: no such record), through
 * the history like any write: an update back to its values, a delete, or a recreate with what was
 * deleted with it. Nothing is written when it is equal already.
 */
export async function writeBack(
  request: FastifyRequest,
  entity: AuditEntity,
  id: number,
  wanted: releases.Row | undefined,
  reason: string,
): Promise<boolean> {
  const table = tableOf(entity);
  const current = (await releases.rowsAt(request.server.db, table, [id], 'draft')).get(id);
  let target: AuditTarget<number>;
  let work: Parameters<typeof auditedEntry<number>>[2];
  if (current && wanted) {
    const own = { ...wanted };
    for (const dependent of ENTITIES[entity].dependents ?? []) delete own[dependent.table];
    target = { entity, action: 'update', id };
    work = async (tx) => {
      await releases.restoreRow(tx, table, own as releases.Row);
      return id;
    };
  } else if (current) {
    target = { entity, action: 'delete', id };
    work = async (tx) => {
      await revert.remove(tx, entity, id);
      return id;
    };
  } else if (wanted) {
    target = { entity, action: 'create', idOf: () => id };
    work = async (tx) => {
      await revert.recreate(tx, entity, wanted as releases.Row);
      return id;
    };
  } else {
    return false;
  }
  const { entry } = await auditedEntry(request, target, work, { reason: () => reason }).catch(
    (error: unknown) => {
      if (isForeignKeyViolation(error) || isUniqueViolation(error))
        throw conflict(
          'This record cannot be put back as the release has it: a record it refers to was deleted since, or another record took its name.',
        );
      throw error;
    },
  );
  return entry !== undefined;
}
