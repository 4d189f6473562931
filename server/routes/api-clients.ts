import type { FastifyInstance } from 'fastify';
import { audited } from '../audit/record';
import { sessionOf } from '../auth/guard';
import { newToken } from '../auth/tokens';
import * as clients from '../cds-hooks/clients';
import { notFound } from '../errors';
import { defineRoute } from './define';

/**
 * The API clients (Accounts, API clients): the EHRs that call the CDS Hooks service. A client's
 * secret is made like a session token (32 random bytes, only their SHA-256 kept) and shown once.
 * Making and revoking one are in the history, as a grant and a withdrawal of access.
 */
export default async function apiClientRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, 'listApiClients', async () => ({ data: await clients.listClients(db) }));

  defineRoute(app, 'createApiClient', async (request, reply) => {
    const { token, hash } = newToken();
    const client = await audited(
      request,
      { entity: 'api_client', action: 'create', idOf: (made: clients.ApiClient) => made.id },
      (tx) => clients.insertClient(tx, request.body.name, hash, sessionOf(request).id),
    );
    return reply.status(201).send({
      data: { ...client, secret: token },
      message: 'API client made: copy its secret now, it is not shown again',
    });
  });

  defineRoute(app, 'revokeApiClient', async (request) => {
    const { id } = request.params;
    const client = await audited(request, { entity: 'api_client', action: 'update', id }, (tx) =>
      clients.revokeClient(tx, id),
    );
    if (!client) throw notFound('API client');
    return { data: client, message: 'API client revoked' };
  });
}
