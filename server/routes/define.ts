import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProviderDefault,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { operations } from '@contract/openapi';
import { HttpError } from '../errors';
import { inChosenRelease } from '../releases/scope';

/** Every operationId of the contract. */
export type OperationId = keyof operations;

/** The union of a content map's media types (a multipart body nests to the JSON one). */
type Content<T> = T extends { content: infer C } ? C[keyof C] : undefined;
/** What a request part holds, or `unknown` when the operation declares none. */
type Part<T> = [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;

/**
 * The Fastify route types of an operation, from api/openapi.yaml: its body (an optional one left
 * out arrives as `{}`), path and query parameters, and its answers by status code, so that
 * `reply.status(201).send(x)` checks `x` against the contract's 201 answer.
 */
export interface OperationRoute<Id extends OperationId> {
  Body: Part<Content<NonNullable<operations[Id]['requestBody']>>>;
  Params: Part<operations[Id]['parameters']['path']>;
  Querystring: Part<operations[Id]['parameters']['query']>;
  Reply: {
    [Status in keyof operations[Id]['responses']]: Content<operations[Id]['responses'][Status]>;
  };
}

/** The answer a handler may return: the body of one of the operation's 2xx answers. */
export type SuccessReply<Id extends OperationId> = OperationRoute<Id>['Reply'][Extract<
  keyof OperationRoute<Id>['Reply'],
  200 | 201
>];

export type OperationRequest<Id extends OperationId> = FastifyRequest<OperationRoute<Id>>;
/** `reply.send(x)` takes a 2xx answer; `reply.status(code).send(x)` the answer for `code`. */
export type OperationReply<Id extends OperationId> = FastifyReply<
  OperationRoute<Id>,
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  ContextConfigDefault,
  FastifySchema,
  FastifyTypeProviderDefault,
  SuccessReply<Id>
>;

type Handler<Id extends OperationId> = (
  request: OperationRequest<Id>,
  reply: OperationReply<Id>,
) => Promise<SuccessReply<Id> | FastifyReply>;

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Multipart fields `a[b]=v` and repeated `a[]=v` as the nested object a JSON body would be. */
export function nestFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const parts = key.replace(/\]/g, '').split('[');
    const isList = parts.at(-1) === '';
    if (isList) parts.pop();
    if (parts.some((part) => UNSAFE_KEYS.has(part) || part === '')) {
      throw new HttpError(422, 'The given data was invalid.', {
        [key]: ['is not an accepted field'],
      });
    }
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const leaf = parts.at(-1) as string;
    const values = Array.isArray(value) ? value : [value];
    node[leaf] = isList ? [...((node[leaf] as unknown[] | undefined) ?? []), ...values] : value;
  }
  return out;
}

const FORM_BOOLEANS: Record<string, boolean> = { '1': true, '0': false, true: true, false: false };

/** A form's boolean fields (text) as booleans where they read 1/0/true/false; anything else is
 * left for validation to refuse. */
export function formBooleans(body: Record<string, unknown>, paths: string[][]) {
  for (const path of paths) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body);
    if (typeof parent !== 'object' || parent === null) continue;
    const fields = parent as Record<string, unknown>;
    const key = path.at(-1) as string;
    const value = fields[key];
    if (typeof value === 'string' && Object.hasOwn(FORM_BOOLEANS, value))
      fields[key] = FORM_BOOLEANS[value];
  }
  return body;
}

/**
 * Registers the contract's operation `operationId` with `handler`: the method, path and
 * schemas come from api/openapi.yaml, never from the route file. A body of a media type the
 * operation does not declare is refused before validation.
 */
export function defineRoute<Id extends OperationId>(
  app: FastifyInstance,
  operationId: Id,
  handler: Handler<Id>,
) {
  const op = app.operation(operationId);
  app.route<OperationRoute<Id>>({
    method: op.method,
    url: op.url,
    schema: op.schema,
    config: { isPublic: op.isPublic, roles: op.roles },
    preValidation: async (request) => {
      const raw = { ...(request.params as object), ...(request.query as object) } as Record<
        string,
        unknown
      >;
      const malformed = op.integerParams.filter(
        (name) => typeof raw[name] === 'string' && !/^-?\d+$/.test(raw[name]),
      );
      if (malformed.length > 0) {
        throw new HttpError(
          422,
          'The given data was invalid.',
          Object.fromEntries(malformed.map((name) => [name, ['must be a whole number']])),
        );
      }
      if (op.mediaTypes.length === 0) return;
      // An optional body left out (a delete without a reason) is an empty one, whatever the headers.
      if (!op.bodyRequired && request.body === undefined) {
        request.body = {};
        return;
      }
      const type = request.mediaType;
      if (!type || !op.mediaTypes.includes(type)) {
        throw new HttpError(415, `Send the body as ${op.mediaTypes.join(' or ')}.`);
      }
      // An empty JSON body parses as none (app.ts); this operation needs one.
      if (request.body === undefined) {
        throw new HttpError(422, 'The request body is required.', { body: ['is required'] });
      }
      if (type === 'multipart/form-data') {
        request.body = formBooleans(
          nestFormFields((request.body ?? {}) as Record<string, unknown>),
          op.formBooleans,
        );
      }
    },
    // Fastify types `reply.send` from the route's schema; ours takes the operation's 2xx answers
    // (OperationReply), and the contract's response schema checks and serialises them at run time.
    handler: (op.readsRelease
      ? (request: OperationRequest<Id>, reply: OperationReply<Id>) =>
          inChosenRelease(request, reply, () => handler(request, reply))
      : handler) as unknown as RouteHandlerMethod<
      RawServerDefault,
      IncomingMessage,
      ServerResponse,
      OperationRoute<Id>
    >,
  });
}
