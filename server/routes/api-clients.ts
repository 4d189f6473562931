import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/guard';
import { newToken } from '../auth/tokens';
import * as clients from '../cds-hooks/clients';
import { notFound } from '../errors';
import { defineRoute } from './define';

/**
 * The API clients (Accounts, API clients): the EHRs that call the CDS Hooks service. A client's
 * secret is made like a session token (32 random bytes, only their SHA-256 kept) and shown once.
 */
export default async function apiClientRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, 'listApiClients', async () => ({ data: await clients.listClients(db) }));

  defineRoute(app, 'createApiClient', async (request, reply) => {
    const { token, hash } = newToken();
    const client = await clients.insertClient(db, request.body.name, hash, sessionOf(request).id);
    return reply.status(201).send({
      data: { ...client, secret: token },
      message: 'API client made: copy its secret now, it is not shown again',
    });
  });

  defineRoute(app, 'revokeApiClient', async (request) => {
    const client = await clients.revokeClient(db, request.params.id);
    if (!client) throw notFound('API client');
    return { data: client, message: 'API client revoked' };
  });
}
