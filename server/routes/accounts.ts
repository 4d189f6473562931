import type { FastifyInstance } from 'fastify';
import { audited } from '../audit/record';
import { changeAccount } from '../auth/roles';
import { invalid, notFound } from '../errors';
import * as accounts from '../repositories/accounts';
import { defineRoute } from './define';

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
      changeAccount(tx, id, { role, disabled }),
    );
    if (!changed) throw notFound('Account');
    return { data: await accounts.getAccount(db, id, idle), message: 'Account updated' };
  });

  defineRoute(app, 'endAccountSessions', async (request) => {
    const { id } = request.params;
    if (!(await accounts.findUserById(db, id))) throw notFound('Account');
    const ended = await accounts.endSessions(db, id, null, idle);
    return { message: `Signed out of ${ended} session${ended === 1 ? '' : 's'}.`, ended };
  });
}
