import type { FastifyInstance } from 'fastify';
import { recordAccountEvent } from '../audit/accountEvents';
import { audited } from '../audit/record';
import { sessionOf } from '../auth/guard';
import { changeAccount } from '../auth/roles';
import { newToken } from '../auth/tokens';
import { withTransaction } from '../db/pool';
import { invalid, notFound } from '../errors';
import * as accounts from '../repositories/accounts';
import { defineRoute } from './define';

/** How long a link an administrator made stays valid: a day, to reach its owner by some other
 * way than mail (the server sends none). */
const ADMIN_RESET_MINUTES = 24 * 60;

export default async function accountRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const idle = config.tokenIdleHours;

  defineRoute(app, 'listAccounts', async (request) => {
    const { q, role, page = 1, page_size: pageSize = 25, sort = 'name' } = request.query;
    return accounts.listAccounts(db, { q, role, page, pageSize, sort }, idle);
  });

  defineRoute(app, 'updateAccount', async (request) => {
    const { id } = request.params;
    const { role, disabled } = request.body;
    if (role === undefined && disabled === undefined)
      throw invalid({ role: ['give a role or disabled'] }, 'Give a role or disabled.');
    const changed = await audited(request, { entity: 'account', action: 'update', id }, (tx) =>
      changeAccount(tx, id, { role, disabled }, sessionOf(request)),
    );
    if (!changed) throw notFound('Account');
    return { data: await accounts.getAccount(db, id, idle), message: 'Account updated' };
  });

  defineRoute(app, 'endAccountSessions', async (request) => {
    const { id } = request.params;
    const admin = sessionOf(request);
    const ended = await withTransaction(db, async (tx) => {
      if (!(await accounts.findUserById(tx, id))) throw notFound('Account');
      const count = await accounts.endSessions(tx, id, null, idle);
      await recordAccountEvent(tx, {
        actorId: admin.id,
        actorName: admin.name,
        accountId: id,
        action: 'sessions_end',
        details: { sessions_ended: count, cause: 'ended by an administrator' },
      });
      return count;
    });
    return { message: `Signed out of ${ended} session${ended === 1 ? '' : 's'}.`, ended };
  });

  /**
   * A reset link for an account, made by an administrator to hand over in person or by a channel
   * of their choosing: answered once, stored only as its hash, recorded in the history without it.
   */
  defineRoute(app, 'createResetLink', async (request, reply) => {
    const { id } = request.params;
    const admin = sessionOf(request);
    const { token, hash } = newToken();
    const expiresAt = await withTransaction(db, async (tx) => {
      if (!(await accounts.findUserById(tx, id))) throw notFound('Account');
      const expires = await accounts.insertPasswordReset(tx, id, hash, ADMIN_RESET_MINUTES);
      await recordAccountEvent(tx, {
        actorId: admin.id,
        actorName: admin.name,
        accountId: id,
        action: 'reset_link',
        details: { reset_link_expires_at: expires },
      });
      return expires;
    });
    return reply.status(201).send({
      data: { path: `/reset-password?token=${token}`, expires_at: expiresAt },
      message: 'Reset link made. It is shown only once.',
    });
  });
}
