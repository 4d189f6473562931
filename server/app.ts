import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { ErrorObject } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type pg from 'pg';
import { authGuard } from './auth/guard';
import type { Config } from './config';
import type { RoleName } from '../api/generated/enums';
import { loadContract, routeDefinitions, sharedSchema, type RouteDefinition } from './contract';
import { HttpError } from './errors';
import { ambientPool } from './db/pool';
import { isDatabaseUnavailable } from './db/unavailable';
import { hostGuard } from './hostGuard';
import { routes } from './routes';
import { installSuiteRerun } from './test-prescriptions/background';
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
    roles?: RoleName[];
  }
}

export const API_PREFIX = '/api/v1';
const BODY_LIMIT = 1024 * 1024;
const MULTIPART_MAX_FIELDS = 500;

/** The built console's policy: scripts only from this origin; MUI's emotion injects styles. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * @fastify/multipart's own errors (its limits answer 413, a bad JSON field 406) as the answers
 * createMedication's contract lists, with what actually went wrong. The form takes text fields
 * only (files: 0) and at most 500 of them.
 */
const FILE_REFUSED: [number, string, Record<string, string[]>] = [
  422,
  'This form takes text fields only: file uploads are not accepted.',
  { body: ['must not contain a file'] },
];
const TOO_MANY_FIELDS: [number, string, Record<string, string[]>] = [
  422,
  `The form has more than ${MULTIPART_MAX_FIELDS} fields.`,
  { body: [`must have at most ${MULTIPART_MAX_FIELDS} fields`] },
];
const MULTIPART_ERRORS: Record<string, [number, string, Record<string, string[]>?]> = {
  FST_FILES_LIMIT: FILE_REFUSED,
  FST_REQ_FILE_TOO_LARGE: FILE_REFUSED,
  FST_PARTS_LIMIT: TOO_MANY_FIELDS,
  FST_FIELDS_LIMIT: TOO_MANY_FIELDS,
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field sent as application/json is not valid JSON.'],
  FST_PROTO_VIOLATION: [400, 'A form field name is not accepted.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send the form as multipart/form-data.'],
};

/** Two validators from the one contract (OpenAPI 3.1, so JSON Schema draft 2020-12): JSON bodies
 * are checked as sent; path, query and multipart fields arrive as text and are converted to the
 * contract's types first. */
function makeAjv(coerce: boolean, contract: ReturnType<typeof sharedSchema>) {
  const ajv = new Ajv2020({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  });
  addFormats(ajv);
  ajv.addSchema(contract);
  return ajv;
}

/** TRUST_PROXY as Fastify takes it. A hop count is a function: Fastify 5 trusts no address for
 * a bare number, since it cannot tell a proxy from a client that forges X-Forwarded-For. */
function trustedProxies(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

function fieldErrors(errors: ErrorObject[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'if') continue;
    const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const extra =
      (e.params as { missingProperty?: string }).missingProperty ??
      (e.params as { additionalProperty?: string }).additionalProperty;
    const field = [base, extra].filter(Boolean).join('.') || 'body';
    const message =
      e.keyword === 'required'
        ? 'is required'
        : e.keyword === 'dependentRequired'
          ? `is required when ${(e.params as { property: string }).property} is given`
          : e.keyword === 'additionalProperties'
            ? 'is not an accepted field'
            : (e.message ?? 'is invalid');
    const messages = (out[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return out;
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
    trustProxy: trustedProxies(config.trustProxy),
  });
  const contract = loadContract();
  const schema = sharedSchema(contract);
  const definitions = routeDefinitions(contract);
  const strictAjv = makeAjv(false, schema);
  const coercingAjv = makeAjv(true, schema);

  // Every query joins an impact preview's transaction when made inside one (see db/pool.ts).
  app.decorate('db', ambientPool(db));
  app.decorate('config', config);
  app.decorate('operation', (operationId: string) => {
    const definition = definitions.get(operationId);
    if (!definition) throw new Error(`No operation ${operationId} in the contract`);
    return definition;
  });
  app.addSchema(schema);
  installSuiteRerun(app, contract, API_PREFIX, () => runAndStore(app.db));

  // Every call sends Content-Type: application/json (the spec), bodiless deletes and logout too:
  // an empty body there is no body, not malformed JSON. Any other body goes to Fastify's own
  // parser, which refuses prototype poisoning, answers 400 to malformed JSON and 413 past bodyLimit.
  // Fastify's default parser is the callback kind of its FastifyBodyParser union.
  const parseJson = app.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.setValidatorCompiler(({ schema: routeSchema, httpPart, contentType }) => {
    const jsonBody = httpPart === 'body' && contentType !== 'multipart/form-data';
    return (jsonBody ? strictAjv : coercingAjv).compile(routeSchema);
  });

  app.addHook('onRequest', hostGuard(config));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    // API answers are per user and change with every write: no browser or proxy may keep them.
    if (request.url.startsWith(`${API_PREFIX}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error.validation) {
      return reply
        .status(422)
        .send({ message: 'The given data was invalid.', errors: fieldErrors(error.validation) });
    }
    const multipart = error.code ? MULTIPART_ERRORS[error.code] : undefined;
    if (multipart) {
      const [status, message, errors] = multipart;
      return reply.status(status).send({ message, ...(errors ? { errors } : {}) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is not answering');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'The database is not answering. Please try again in a few seconds.' });
    }
    const pgCode = (error as { code?: string }).code;
    // serialization_failure: an impact preview's snapshot lost to a write committed meanwhile.
    if (pgCode === '40001')
      return reply.status(409).send({ message: 'The data changed meanwhile. Please try again.' });
    if (pgCode === '23505')
      return reply.status(409).send({ message: 'A record with these values already exists.' });
    // foreign_key_violation, and restrict_violation (a delete under an ON DELETE RESTRICT key).
    // A write naming a record deleted meanwhile (its check passed first) is an invalid field,
    // not a conflict: PostgreSQL says the key "is not present".
    if (pgCode === '23503' || pgCode === '23001') {
      const detail = (error as { detail?: string }).detail ?? '';
      if (pgCode === '23503' && detail.includes('is not present in table'))
        return reply.status(422).send({ message: 'A record this refers to no longer exists.' });
      return reply.status(409).send({ message: 'This record is still used by other records.' });
    }
    // Class 22 is PostgreSQL's "data exception" (a NUL character, a number out of range, ...).
    if (pgCode?.startsWith('22') || pgCode === '23514')
      return reply.status(422).send({
        message: 'A value is not accepted: check for invalid characters or numbers out of range.',
      });
    // A multipart body the parser could not read (no boundary, cut short) is the client's doing.
    if (error.statusCode === undefined && request.isMultipart())
      return reply.status(400).send({ message: 'The multipart body could not be read.' });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is larger than 1 MiB.'
          : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: 0,
      files: 0,
      fields: MULTIPART_MAX_FIELDS,
      parts: MULTIPART_MAX_FIELDS,
      fieldSize: BODY_LIMIT,
    },
  });
  // The multipart plugin reads the body itself, past Fastify's bodyLimit: hold it to the same 1 MiB.
  app.addHook('onRequest', async (request) => {
    if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    const length = Number(request.headers['content-length']);
    if (!Number.isFinite(length))
      throw new HttpError(400, 'Send a Content-Length with a multipart body.');
    if (length > BODY_LIMIT) throw new HttpError(413, 'The request body is larger than 1 MiB.');
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', authGuard);
      api.setNotFoundHandler((_request, reply) =>
        reply.status(404).send({ message: 'No such API route.' }),
      );
      for (const plugin of routes) await api.register(plugin);
    },
    { prefix: API_PREFIX },
  );

  if (existsSync(join(config.staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      wildcard: false,
      index: 'index.html',
      // The build writes .br and .gz beside each script and style sheet (vite.config.ts).
      preCompressed: true,
    });
    // Client routes (/dashboard/...) get the console, which routes them itself.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({ message: 'Not found.' });
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found.' }));
  }
  return app;
}
