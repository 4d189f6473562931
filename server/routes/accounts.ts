import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../audit/record';
import { changeAccount } from '../auth/roles';
import type { RoleName } from '../../api/generated/enums';
import { invalid, notFound } from '../errors';
import * as accounts from '../repositories/accounts';
import { defineRoute } from './define';

type IdParams = { Params: { id: number } };

export default async function accountRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const idle = config.tokenIdleHours;

  defineRoute(
    app,
    'listAccounts',
    async (
      request: FastifyRequest<{
        Querystring: {
          q?: string;
          role?: RoleName | 'pending';
          page?: number;
          page_size?: number;
          sort?: accounts.AccountSort;
        };
      }>,
    ) => {
      const { q, role, page = 1, page_size: pageSize = 25, sort = 'name' } = request.query;
      return accounts.listAccounts(db, { q, role, page, pageSize, sort }, idle);
    },
  );

  defineRoute(
    app,
    'updateAccount',
    async (
      request: FastifyRequest<IdParams & { Body: { role?: RoleName; disabled?: boolean } }>,
    ) => {
      const { id } = request.params;
      const { role, disabled } = request.body;
      if (role === undefined && disabled === undefined)
        throw invalid({ role: ['give a role or disabled'] }, 'Give a role or disabled.');
      const changed = await audited(request, { entity: 'account', action: 'update', id }, (tx) =>
        changeAccount(tx, id, { role, disabled }),
      );
      if (!changed) throw notFound('Account');
      return { data: await accounts.getAccount(db, id, idle), message: 'Account updated' };
    },
  );

  defineRoute(app, 'endAccountSessions', async (request: FastifyRequest<IdParams>) => {
    const { id } = request.params;
    if (!(await accounts.findUserById(db, id))) throw notFound('Account');
    const ended = await accounts.endSessions(db, id, null, idle);
    return { message: `Signed out of ${ended} session${ended === 1 ? '' : 's'}.`, ended };
  });
}
