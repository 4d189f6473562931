import type { FastifyInstance } from 'fastify';
import { recordAccountEvent } from '../audit/accountEvents';
import { sessionOf } from '../auth/guard';
import { withTransaction } from '../db/pool';
import * as accounts from '../repositories/accounts';
import { defineRoute } from './define';

/** The signed-in account's own sessions (Settings). */
export default async function sessionRoutes(app: FastifyInstance) {
  const { db, config } = app;

  defineRoute(app, 'listMySessions', async (request) => {
    const session = sessionOf(request);
    return {
      data: await accounts.listSessions(db, session.id, session.token_id, config.tokenIdleHours),
    };
  });

  defineRoute(app, 'endOtherSessions', async (request) => {
    const session = sessionOf(request);
    // The sessions end and the history records it together.
    const ended = await withTransaction(db, async (tx) => {
      const count = await accounts.endSessions(
        tx,
        session.id,
        session.token_id,
        config.tokenIdleHours,
      );
      await recordAccountEvent(tx, {
        actorId: session.id,
        actorName: session.name,
        accountId: session.id,
        action: 'sessions_end',
        details: { sessions_ended: count, cause: 'signed out of other sessions' },
      });
      return count;
    });
    return {
      message: `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`,
      ended,
    };
  });
}
