import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../errors';
import { pgHttpError } from '../lib/pgErrors';
import { MULTIPART_MAX_FIELDS } from './bodyParsers';

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

/** PostgreSQL's query_canceled: what a statement cancelled for a client gone fails with. */
const QUERY_CANCELED = '57014';

/**
 * The one error handler: every failure becomes `{ message, errors? }` with its status. Whatever
 * the client did not cause is a 500 that is logged and never shows its internals.
 */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...error.details,
      });
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
    if (reply.raw.destroyed && (error as { code?: unknown }).code === QUERY_CANCELED) {
      // The client went away first, and its statements were cancelled (../db/cancellation.ts):
      // nobody reads the answer, and nothing failed.
      request.log.info({ err: error }, 'the client went away before its answer');
      return reply.status(503).send({ message: 'The request was cancelled.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is not answering');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'The database is not answering. Please try again in a few seconds.' });
    }
    const database = pgHttpError(error);
    if (database) return reply.status(database.statusCode).send({ message: database.message });
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
}
