import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';

/** The largest body the API reads, JSON or multipart. */
export const BODY_LIMIT = 1024 * 1024;
/** createMedication's form takes text fields only, at most this many. */
export const MULTIPART_MAX_FIELDS = 500;

/** How the API reads request bodies: JSON (an empty one is no body) and multipart form data. */
export async function bodyParsers(app: FastifyInstance): Promise<void> {
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
}
