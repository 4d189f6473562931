import type { FastifyInstance } from 'fastify';
import { csvLine } from '../lib/csv';
import { claimExport } from '../lib/exportLimits';
import { paced } from '../lib/pacedStream';
import { notFound } from '../errors';
import { DEFAULT_PAGE_SIZE } from '../repositories/listing';
import * as releases from '../repositories/releases';
import { cancel, compare, publish, readiness, restore } from '../releases/publish';
import { pendingChanges } from '../releases/review';
import { withTransaction } from '../db/pool';
import { defineRoute } from './define';
import { sendCsv } from './lists';

/** The most history entries one CSV of a release's changes holds. */
const CHANGES_CSV_MAX = 1_000_000;
/** That CSV's columns, and how many of its lines are sent as one chunk. */
const CHANGES_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'action',
  'entity',
  'entity_id',
  'label',
  'reason',
];
const CHANGES_CSV_LINES_PER_CHUNK = 500;

/**
 * Releases: the list and one release with its counts, its history entries and its differences
 * from any other state; publishing, cancelling a scheduled one, restoring one into the draft, and
 * the draft's status and readiness. The rules are in ../releases/.
 */
export default async function releaseRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, 'listReleases', async (request) => {
    const page = request.query.page ?? 1;
    const pageSize = request.query.page_size ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await releases.listReleases(db, page, pageSize);
    return { data: rows, meta: { total, page, page_size: pageSize } };
  });

  defineRoute(app, 'publishRelease', async (request, reply) => {
    const release = await publish(request, request.body);
    const message = release.in_effect
      ? `Release ${release.number} published`
      : `Release ${release.number} scheduled for ${release.effective_at}`;
    return reply.status(201).send({ data: release, message });
  });

  defineRoute(app, 'getReleaseStatus', async () => {
    const newest = await releases.newestRelease(db);
    const latest = await releases.latestInEffect(db);
    const changes = await pendingChanges(db);
    return {
      data: {
        latest: latest ?? null,
        scheduled: newest && !newest.in_effect ? newest : null,
        newest: newest?.number ?? null,
        changes: changes.length,
        awaiting_review: changes.filter((change) => !change.review).length,
      },
    };
  });

  defineRoute(app, 'getReleaseReadiness', async () => ({
    data: await withTransaction(db, readiness, { readOnly: true }),
  }));

  defineRoute(app, 'compareReleases', async (request) => ({
    data: await compare(db, request.query.from, request.query.to),
  }));

  defineRoute(app, 'getRelease', async (request) => {
    const release = await releases.getRelease(db, request.params.number);
    if (!release) throw notFound('Release');
    return { data: { ...release, counts: await releases.releaseCounts(db, release.number) } };
  });

  defineRoute(app, 'cancelRelease', async (request) => {
    await cancel(request, request.params.number);
    return { message: `Release ${request.params.number} cancelled` };
  });

  defineRoute(app, 'listReleaseChanges', async (request, reply) => {
    const { number } = request.params;
    if (!(await releases.getRelease(db, number))) throw notFound('Release');
    if (request.query.format === 'csv') {
      // A download (as many as a million entries): counted against the export limits before
      // they are read.
      claimExport(reply);
      const { rows } = await releases.releaseEntries(db, number, {
        limit: CHANGES_CSV_MAX,
        offset: 0,
      });
      const lines = function* () {
        yield csvLine(CHANGES_CSV_COLUMNS);
        for (let start = 0; start < rows.length; start += CHANGES_CSV_LINES_PER_CHUNK) {
          let chunk = '';
          for (const e of rows.slice(start, start + CHANGES_CSV_LINES_PER_CHUNK))
            chunk += csvLine([
              e.id,
              e.at,
              e.actor.name,
              e.action,
              e.entity,
              e.entity_id,
              e.label,
              e.reason,
            ]);
          yield chunk;
        }
      };
      return sendCsv(reply, `release-${number}-changes`, paced(lines()));
    }
    const page = request.query.page ?? 1;
    const pageSize = request.query.page_size ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await releases.releaseEntries(db, number, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { data: rows, meta: { total, page, page_size: pageSize } };
  });

  defineRoute(app, 'restoreRelease', async (request) => {
    const changes = await restore(request, request.params.number);
    return {
      data: { changes },
      message:
        changes === 0
          ? 'The draft already equals this release'
          : `${changes} ${changes === 1 ? 'record' : 'records'} restored: review and publish them`,
    };
  });
}
