import { withTransaction } from '../../server/db/pool';
import type * as history from '../../server/audit/record';
import type { Write } from '../../server/repositories/audit/entries';
import { snapshot } from '../../server/repositories/audit/records';

/**
 * `server/audit/record.ts` with the history left out, for `npm run bench:audit`: copied over that
 * file in an exported copy of this checkout, it makes a server whose writes are exactly this
 * checkout's, each as it would run with no history entry (a one-statement write on its own, a
 * multi-statement one in its transaction with the record it works on), and which differs from
 * this checkout in nothing else. Its imports resolve from here and from there alike, and its
 * types are the real module's, so the two cannot drift apart unnoticed.
 */
export const audited: typeof history.audited = (request, target, work) =>
  withTransaction(request.server.db, async (tx) => {
    const before =
      target.action === 'create'
        ? undefined
        : await snapshot(tx, target.entity, target.id, { lock: true });
    return work(tx, before?.row);
  });

export const auditedEntry: typeof history.auditedEntry = async (request, target, work) => ({
  result: await audited(request, target, work),
});

export const auditedStatement: typeof history.auditedStatement = (request, _entity, work) =>
  work(((text: string, values: unknown[]) => request.server.db.query(text, values)) as Write);
