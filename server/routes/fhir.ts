import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../config';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../errors';
import {
  exportBatch,
  exportSql,
  parseCodes,
  searchPage,
  TYPES,
  type Search,
} from '../fhir/repository';
import {
  capabilityStatement,
  operationOutcome,
  RESOURCE_TYPES,
  searchset,
  type FhirResource,
  type ResourceType,
} from '../fhir/resources';
import { withinExport, watchReader } from '../lib/exportLimits';
import { pgHttpError } from '../lib/pgErrors';
import { streamFromCursor } from '../lib/wholeStream';
import { latestRelease } from '../releases/scope';
import { defineRoute } from './define';

/**
 * The read-only FHIR R4 API (`/api/v1/fhir/r4`, also at `/fhir/r4`): the reference data as
 * MedicationKnowledge, MedicinalProductContraindication and MedicinalProductInteraction, searched
 * and read by id, and exported whole as NDJSON. FHIR clients expect FHIR answers, errors
 * included, so these routes answer `application/fhir+json` and their errors are OperationOutcomes.
 */

const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const FHIR_NDJSON = 'application/fhir+ndjson; charset=utf-8';
const BASE_PATH = '/fhir/r4';
const DEFAULT_COUNT = 50;

/** Sends a FHIR resource, serialised here: the contract describes only its envelope. */
function sendFhir(reply: FastifyReply, status: number, body: object): FastifyReply {
  return reply.status(status).type(FHIR_JSON).send(JSON.stringify(body));
}

/**
 * Answers a path under the FHIR base that names no operation: FHIR clients read an error only
 * as an OperationOutcome. Other paths: undefined, for the API's own not-found answer.
 */
export function fhirNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  if (path !== `${API_PREFIX}${BASE_PATH}` && !path.startsWith(`${API_PREFIX}${BASE_PATH}/`))
    return undefined;
  return sendFhir(
    reply,
    404,
    operationOutcome(
      404,
      `This FHIR server has no ${request.method} ${path.slice(API_PREFIX.length)}.`,
    ),
  );
}

/** The base URL the client used (with or without /api/v1), for a Bundle's links and fullUrls. */
function baseUrl(request: FastifyRequest): string {
  const path = request.originalUrl.startsWith(`${API_PREFIX}/`)
    ? `${API_PREFIX}${BASE_PATH}`
    : BASE_PATH;
  return `${request.protocol}://${request.host}${path}`;
}

/** An error as status, text and the parameters it is about. */
function describe(
  error: FastifyError & { validation?: ErrorObject[] },
): { status: number; message: string; expression?: string[] } | undefined {
  if (error instanceof HttpError) {
    // The API's validation failures (422) are a FHIR server's 400: the request's parameters.
    const status = error.statusCode === 422 ? 400 : error.statusCode;
    return { status, message: error.message, expression: Object.keys(error.errors ?? {}) };
  }
  if (error.validation) {
    const expression = [
      ...new Set(
        error.validation.map((e) => {
          const missing = (e.params as { missingProperty?: string }).missingProperty;
          return [e.instancePath.replace(/^\//, ''), missing].filter(Boolean).join('.') || 'query';
        }),
      ),
    ];
    const detail = error.validation.map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ');
    return { status: 400, message: `Invalid parameters: ${detail.trim()}`, expression };
  }
  const database = pgHttpError(error);
  if (database) return { status: database.statusCode, message: database.message };
  if (isDatabaseUnavailable(error))
    return {
      status: 503,
      message: 'The database is not answering. Please try again in a few seconds.',
    };
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500)
    return { status, message: error.message };
  return undefined;
}

function fhirErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    const known = describe(error);
    if (!known) request.log.error({ err: error }, 'FHIR request failed');
    const { status, message, expression } = known ?? {
      status: 500,
      message: 'Something went wrong on our side. Please try again.',
    };
    if (status === 503) void reply.header('retry-after', '5');
    // A stream already started cannot change its status: the connection is ended instead.
    if (reply.sent || reply.raw.headersSent) return reply.raw.destroy();
    return sendFhir(reply, status, operationOutcome(status, message, expression));
  });
}

/**
 * FHIR clients are app-like readers: they read the latest published release unless they ask
 * for another (the console's staff read the draft by default). Before any release is in effect,
 * staff read the draft; an app user gets the usual 404 for `latest`.
 */
async function latestByDefault(request: FastifyRequest): Promise<void> {
  const query = request.query as { release?: string } | undefined;
  // The open CapabilityStatement (no session) reads no reference data.
  if (!request.session || !query || query.release !== undefined) return;
  const latest = request.session.latest_release ?? (await latestRelease(request.server.db));
  if (latest !== null || request.session.role === 'user') query.release = 'latest';
}

interface SearchQuery {
  _id?: string;
  code?: string;
  name?: string;
  _count?: number;
  _offset?: number;
}

function parseSearch(query: SearchQuery): Search {
  const search: Search = {};
  if (query._id !== undefined)
    search.ids = query._id
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
  if (query.code !== undefined) {
    const codes = parseCodes(query.code);
    if (codes.length === 0)
      throw new HttpError(400, 'code needs a code: system|code, |code or code.', {
        code: ['needs a code'],
      });
    search.codes = codes;
  }
  if (query.name !== undefined && query.name.trim() !== '') search.name = query.name.trim();
  return search;
}

/** A link to this search with `_offset` (and the release read, so every page reads the same). */
function pageLink(
  request: FastifyRequest,
  reply: FastifyReply,
  type: ResourceType,
  offset: number,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (key !== '_offset' && key !== 'release' && value !== undefined)
      params.set(key, String(value));
  }
  const release = reply.getHeader('x-release');
  if (release !== undefined) params.set('release', String(release));
  if (offset > 0) params.set('_offset', String(offset));
  return `${baseUrl(request)}/${type}?${params.toString()}`;
}

async function search(
  request: FastifyRequest,
  reply: FastifyReply,
  type: ResourceType,
  query: SearchQuery,
): Promise<FastifyReply> {
  const count = query._count ?? DEFAULT_COUNT;
  const offset = query._offset ?? 0;
  const { total, resources } = await searchPage(
    request.server.db,
    type,
    parseSearch(query),
    offset,
    count,
  );
  const links = [{ relation: 'self', url: pageLink(request, reply, type, offset) }];
  if (count > 0 && offset + count < total)
    links.push({ relation: 'next', url: pageLink(request, reply, type, offset + count) });
  if (count > 0 && offset > 0)
    links.push({
      relation: 'previous',
      url: pageLink(request, reply, type, Math.max(0, offset - count)),
    });
  return sendFhir(reply, 200, searchset(total, links, resources, baseUrl(request)));
}

async function read(
  request: FastifyRequest,
  reply: FastifyReply,
  type: ResourceType,
  id: string,
): Promise<FastifyReply> {
  const { resources } = await searchPage(request.server.db, type, { ids: [id] }, 0, 1);
  const found: FhirResource | undefined = resources[0];
  if (!found) throw new HttpError(404, `${type}/${id} not found`);
  return sendFhir(reply, 200, found);
}

/** Every resource of `types`, one JSON line each, read through a cursor as the client takes it. */
async function exportAll(reply: FastifyReply, types: ResourceType[]): Promise<FastifyReply> {
  const { sql } = exportSql(types);
  const stream = await withinExport(reply, () =>
    streamFromCursor<{ t: number; row: unknown }>(
      reply.server.db,
      async () => sql,
      async function* lines(fetch, client) {
        for (;;) {
          const { rows } = await fetch();
          if (rows.length === 0) return;
          const resources = await exportBatch(client, types, rows);
          yield resources.map((resource) => `${JSON.stringify(resource)}\n`).join('');
        }
      },
    ),
  );
  watchReader(reply);
  return reply.type(FHIR_NDJSON).send(stream);
}

export default async function fhirRoutes(app: FastifyInstance) {
  fhirErrors(app);
  app.addHook('preHandler', latestByDefault);

  // The handlers send their answers themselves (sendFhir), already serialised: the contract's
  // types describe the resources' envelope only, so the replies are used as plain ones.
  const plain = (reply: unknown) => reply as FastifyReply;

  defineRoute(app, 'fhirCapabilities', async (request, reply) =>
    sendFhir(plain(reply), 200, capabilityStatement(baseUrl(request), 'MedRef Admin')),
  );
  defineRoute(app, 'fhirSearchMedicationKnowledge', (request, reply) =>
    search(request, plain(reply), 'MedicationKnowledge', request.query),
  );
  defineRoute(app, 'fhirReadMedicationKnowledge', (request, reply) =>
    read(request, plain(reply), 'MedicationKnowledge', request.params.id),
  );
  defineRoute(app, 'fhirSearchMedicinalProductContraindication', (request, reply) =>
    search(request, plain(reply), 'MedicinalProductContraindication', request.query),
  );
  defineRoute(app, 'fhirReadMedicinalProductContraindication', (request, reply) =>
    read(request, plain(reply), 'MedicinalProductContraindication', request.params.id),
  );
  defineRoute(app, 'fhirSearchMedicinalProductInteraction', (request, reply) =>
    search(request, plain(reply), 'MedicinalProductInteraction', request.query),
  );
  defineRoute(app, 'fhirReadMedicinalProductInteraction', (request, reply) =>
    read(request, plain(reply), 'MedicinalProductInteraction', request.params.id),
  );
  defineRoute(app, 'fhirExport', (request, reply) => {
    const asked = request.query._type?.split(',') ?? [...RESOURCE_TYPES];
    const types = RESOURCE_TYPES.filter((type) => asked.includes(type) && type in TYPES);
    return exportAll(plain(reply), types);
  });
}
