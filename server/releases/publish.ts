import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Schema } from '../contract';
import { withTransaction, withinTransactionScope, type Queryable } from '../db/pool';
import { VERSIONED_TABLES } from '../db/versions';
import { dataQualityFindings } from '../domain/data-quality';
import { conflict, HttpError, notFound } from '../errors';
import { sessionOf } from '../auth/guard';
import { loadDataQuality } from '../repositories/data-quality';
import { ENTITIES, type AuditEntity } from '../repositories/audit/records';
import * as releases from '../repositories/releases';
import * as tests from '../repositories/test-prescriptions';
import { evaluateTests } from '../test-prescriptions/suite';
import { differingFields, pendingChanges, writeBack } from './review';
import { readDraft, readRelease } from './scope';

type Readiness = Schema<'ReleaseReadinessResponse'>['data'];
type Blocker = Schema<'PublishBlocker'>;

/** The data-quality report's errors (not warnings) on the state `db` reads. */
async function dataQualityErrors(db: Queryable): Promise<number> {
  const findings = dataQualityFindings(await loadDataQuality(db));
  return findings.filter((finding) => finding.severity === 'error').length;
}

/**
 * The data-quality errors of releases, by number and publication time (a cancelled release's
 * number is given again, at another time). A release's rows never change, and over a large
 * catalogue the report takes seconds to work out: without these, every publication would work it
 * out again for the latest release, which the publication before worked out as its draft.
 */
const releaseErrorCounts = new Map<string, number>();
const RELEASE_ERROR_COUNTS_KEPT = 8;
const releaseKey = (release: releases.Release) => `${release.number} ${release.published_at}`;

function keepReleaseErrors(release: releases.Release, errors: number) {
  releaseErrorCounts.set(releaseKey(release), errors);
  if (releaseErrorCounts.size > RELEASE_ERROR_COUNTS_KEPT) {
    releaseErrorCounts.delete(releaseErrorCounts.keys().next().value as string);
  }
}

/**
 * What publishing the draft now would meet, read in the caller's transaction: every unapproved
 * change, every test prescription not passing on the draft, and more data-quality errors on the
 * draft than on the latest release.
 */
export async function readiness(tx: pg.PoolClient): Promise<Readiness> {
  const blockers: Blocker[] = [];
  // A release not in effect yet must take effect or be cancelled before the next is published.
  const newest = await releases.newestRelease(tx);
  if (newest && !newest.in_effect) {
    blockers.push({
      kind: 'scheduled',
      message: `Release ${newest.number} is scheduled for ${newest.effective_at}: cancel it, or wait until it takes effect.`,
    });
  }
  for (const change of await pendingChanges(tx)) {
    if (change.review) continue;
    blockers.push({
      kind: 'unreviewed',
      message: `${change.label} (${change.entity.replace(/_/g, ' ')}, ${change.action}) awaits review.`,
      entity: change.entity,
      entity_id: change.entity_id,
    });
  }
  const { runs } = await evaluateTests(tx, await tests.runnableTests(tx));
  for (const run of runs) {
    if (run.status === 'pass') continue;
    blockers.push({
      kind: 'test_prescription',
      message: `Test prescription "${run.name}" is ${run.status} on the draft.`,
      test_prescription_id: run.id,
    });
  }
  const draftErrors = await dataQualityErrors(tx);
  const latest = await releases.latestInEffect(tx);
  let releaseErrors: number | null = null;
  if (latest) {
    releaseErrors = releaseErrorCounts.get(releaseKey(latest)) ?? null;
    if (releaseErrors === null) {
      await readRelease(tx, latest.number);
      releaseErrors = await dataQualityErrors(tx);
      await readDraft(tx);
      keepReleaseErrors(latest, releaseErrors);
    }
  }
  if (draftErrors > (releaseErrors ?? 0)) {
    blockers.push({
      kind: 'data_quality',
      message: `The data-quality report has ${draftErrors} errors on the draft, ${releaseErrors ?? 0} on the latest release.`,
    });
  }
  return {
    blockers,
    test_prescriptions: runs.map((run) => ({
      id: run.id,
      name: run.name,
      status: run.status,
      passes: run.status === 'pass',
    })),
    data_quality: { draft_errors: draftErrors, release_errors: releaseErrors },
  };
}

/**
 * Publishes the draft as the next release in one transaction, which holds every edit back while
 * it checks the blockers and versions the changes: a reader sees the old release or the new one.
 */
export async function publish(
  request: FastifyRequest,
  body: Schema<'PublishRequest'>,
): Promise<releases.Release> {
  const publisher = sessionOf(request);
  const { release, draftErrors } = await withTransaction(request.server.db, async (tx) => {
    await releases.lockDraft(tx);
    const { blockers, data_quality } = await readiness(tx);
    if (blockers.length > 0) {
      throw new HttpError(
        409,
        `The draft cannot be published yet: ${blockers.length} ${blockers.length === 1 ? 'thing blocks' : 'things block'} it.`,
        undefined,
        { blockers },
      );
    }
    const published = await releases.insertRelease(tx, {
      title: body.title.trim(),
      notes: body.notes?.trim() ?? '',
      effectiveAt: body.effective_at ? new Date(body.effective_at).toISOString() : null,
      publishedBy: publisher.id,
      publishedByName: publisher.name,
    });
    return { release: published, draftErrors: data_quality.draft_errors };
  });
  // The release holds the draft the checks read: the same transaction, with every edit held back.
  keepReleaseErrors(release, draftErrors);
  return release;
}

/** Cancels the newest release while it is not in effect: its changes are the draft's again. */
export async function cancel(request: FastifyRequest, number: number): Promise<void> {
  await withTransaction(request.server.db, async (tx) => {
    await releases.lockDraft(tx);
    const release = await releases.getRelease(tx, number);
    if (!release) throw notFound('Release');
    const newest = await releases.newestRelease(tx);
    if (release.in_effect || newest?.number !== number) {
      throw conflict('Only the newest release can be cancelled, and only before it takes effect.');
    }
    await releases.deleteRelease(tx, number);
  });
}

/** A release number or the draft, checked to exist. */
async function existing(db: Queryable, ref: string): Promise<number | 'draft'> {
  if (ref === 'draft') return 'draft';
  const number = Number(ref);
  if (!(await releases.getRelease(db, number))) throw notFound(`Release ${number}`);
  return number;
}

type EntityDiff = Schema<'ReleaseEntityDiff'>;

/**
 * The records added, changed and removed from one state to another, by table: only the rows
 * versioned between the two (and the draft's changes) are read, so two releases far apart in time
 * but close in changes compare quickly.
 */
export async function compare(db: Queryable, fromRef: string, toRef: string) {
  const from = await existing(db, fromRef);
  const to = await existing(db, toRef);
  const entities: EntityDiff[] = [];
  if (from === to) return { from: fromRef, to: toRef, entities };
  // The candidates are found from the release side; the draft is compared against it either way.
  const [release, other] = from === 'draft' ? [to as number, from] : [from, to];
  for (const table of VERSIONED_TABLES) {
    const ids = await releases.changedIds(db, table, release, other);
    if (ids.length === 0) continue;
    const before = await releases.rowsAt(db, table, ids, from);
    const after = await releases.rowsAt(db, table, ids, to);
    const diff: EntityDiff = { entity: table, added: [], changed: [], removed: [] };
    for (const id of ids) {
      const was = before.get(id);
      const now = after.get(id);
      if (!was && now) diff.added.push(now);
      else if (was && !now) diff.removed.push(was);
      else if (was && now) {
        const fields = differingFields(was, now);
        if (fields.length > 0) {
          diff.changed.push({
            id,
            fields: Object.fromEntries(fields.map((f) => [f, { from: was[f], to: now[f] }])),
          });
        }
      }
    }
    if (diff.added.length + diff.changed.length + diff.removed.length > 0) entities.push(diff);
  }
  return { from: fromRef, to: toRef, entities };
}

/** The entity whose records a reference table holds. */
const ENTITY_OF_TABLE = new Map(
  (Object.entries(ENTITIES) as [AuditEntity, { table: string }][]).map(([entity, spec]) => [
    spec.table,
    entity,
  ]),
);

/**
 * The reference tables with the ones others refer to first: creates and updates go in this order,
 * deletes in the reverse, so no foreign key is ever broken on the way.
 */
const PARENTS_FIRST = [
  'conditions',
  'lifestyles',
  'age_categories',
  'weight_categories',
  'renal_categories',
  'drugs',
  'drug_classes',
  'ingredients',
  'medications',
  'weight_category_dosages',
  'age_category_dosages',
  'medication_contraindications',
  'lifestyle_contraindications',
  'drug_interactions',
  'drug_class_members',
  'class_rules',
  'medication_ingredients',
  'ingredient_daily_limits',
  'renal_rules',
] as const satisfies readonly (typeof VERSIONED_TABLES)[number][];

/**
 * Makes the draft equal to release `number`, in one transaction, as ordinary changes recorded in
 * the history, which then wait for review and publication like any other. Answers how many records
 * it wrote.
 */
export async function restore(request: FastifyRequest, ref: string): Promise<number> {
  const { db } = request.server;
  const number = ref === 'latest' ? (await releases.latestInEffect(db))?.number : Number(ref);
  if (number === undefined) throw notFound('A published release');
  if (!(await releases.getRelease(db, number))) throw notFound('Release');
  const reason = (request.body as { reason?: string } | undefined)?.reason?.trim();
  const why = (
    reason ? `Restored release ${number}: ${reason}` : `Restored release ${number}`
  ).slice(0, 500);
  return withTransaction(db, (tx) =>
    withinTransactionScope(tx, async () => {
      const plans = [];
      for (const table of PARENTS_FIRST) {
        const ids = await releases.changedIds(tx, table, number, 'draft');
        if (ids.length === 0) continue;
        const wanted = await releases.rowsAt(tx, table, ids, number);
        const current = await releases.rowsAt(tx, table, ids, 'draft');
        plans.push({ table, ids, wanted, current });
      }
      let written = 0;
      const write = async (table: string, id: number, row: releases.Row | undefined) => {
        const entity = ENTITY_OF_TABLE.get(table) as AuditEntity;
        if (await writeBack(request, entity, id, row, why)) written += 1;
      };
      // Updates first, parents first: a record taken back to the release's values lets go of
      // draft-only records it referred to, and of names draft-only records may need. Then the
      // deletes, children first; then the creates, parents first.
      for (const { table, ids, wanted, current } of plans) {
        for (const id of ids)
          if (wanted.has(id) && current.has(id)) await write(table, id, wanted.get(id));
      }
      for (const { table, ids, wanted, current } of [...plans].reverse()) {
        for (const id of ids)
          if (!wanted.has(id) && current.has(id)) await write(table, id, undefined);
      }
      for (const { table, ids, wanted, current } of plans) {
        for (const id of ids)
          if (wanted.has(id) && !current.has(id)) await write(table, id, wanted.get(id));
      }
      return written;
    }),
  );
}
