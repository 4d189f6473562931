import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/guard';
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
    const ended = await accounts.endSessions(
      db,
      session.id,
      session.token_id,
      config.tokenIdleHours,
    );
    return {
      message: `Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`,
      ended,
    };
  });
}
