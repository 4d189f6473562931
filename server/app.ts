import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import { authGuard } from './auth/guard';
import { API_PREFIX, type Config } from './config';
import {
  loadContract,
  routeDefinitions,
  sharedSchema,
  type OperationRole,
  type RouteDefinition,
} from './contract';
import { ambientPool } from './db/pool';
import { hostGuard } from './hostGuard';
import { BODY_LIMIT, bodyParsers } from './plugins/bodyParsers';
import { consoleFiles } from './plugins/console';
import { errorHandler } from './plugins/errors';
import { securityHeaders } from './plugins/securityHeaders';
import { contractValidation, lazySerializers } from './plugins/validation';
import { routes } from './routes';
import { fhirNotFound } from './routes/fhir';
import { installSuiteRerun } from './test-prescriptions/background';
import { installInboxMover } from './audit/inbox';
import { runAndStore } from './test-prescriptions/suite';

declare module 'fastify' {
  interface FastifyInstance {
    db: pg.Pool;
    config: Config;
    /** The contract's definition of an operation: method, path and schemas. */
    operation(operationId: string): RouteDefinition;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
    roles?: OperationRole[];
  }
}

/** TRUST_PROXY as Fastify takes it. A hop count is a function: Fastify 5 trusts no address for
 * a bare number, since it cannot tell a proxy from a client that forges X-Forwarded-For. */
function trustedProxies(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** The bare CDS Hooks paths EHRs are configured with (`/cds-services...`) are the API's own. */
export function cdsHooksAlias(url: string): string {
  return url === '/cds-services' ||
    url.startsWith('/cds-services/') ||
    url.startsWith('/cds-services?')
    ? `${API_PREFIX}${url}`
    : url;
}

/** FHIR clients are given the bare base `/fhir/r4`: the same operations as `/api/v1/fhir/r4`. */
export function fhirAlias(url: string): string {
  return url === '/fhir/r4' || url.startsWith('/fhir/r4/') || url.startsWith('/fhir/r4?')
    ? `${API_PREFIX}${url}`
    : url;
}

export async function buildApp(
  db: pg.Pool,
  config: Config,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    ...options,
    logger: options.logger ?? false,
    ajv: undefined,
    schemaController: lazySerializers,
    trustProxy: trustedProxies(config.trustProxy),
    rewriteUrl: (request) => fhirAlias(cdsHooksAlias(request.url ?? '/')),
  });
  const contract = loadContract();
  const schema = sharedSchema(contract);
  const definitions = routeDefinitions(contract);

  // Every query joins an impact preview's transaction when made inside one (see db/pool.ts).
  app.decorate('db', ambientPool(db));
  app.decorate('config', config);
  app.decorate('operation', (operationId: string) => {
    const definition = definitions.get(operationId);
    if (!definition) throw new Error(`No operation ${operationId} in the contract`);
    return definition;
  });
  contractValidation(app, schema);
  installSuiteRerun(app, contract, API_PREFIX, () => runAndStore(app.db));
  installInboxMover(app);

  app.addHook('onRequest', hostGuard(config));
  securityHeaders(app, API_PREFIX);
  errorHandler(app);
  await bodyParsers(app);

  await app.register(
    async (api) => {
      api.addHook('onRequest', authGuard);
      api.setNotFoundHandler(
        (request, reply) =>
          fhirNotFound(request, reply) ?? reply.status(404).send({ message: 'No such API route.' }),
      );
      for (const plugin of routes) await api.register(plugin);
    },
    { prefix: API_PREFIX },
  );

  await consoleFiles(app, config.staticDir);
  return app;
}
