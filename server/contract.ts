import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifySchema, HTTPMethods } from 'fastify';
import type { components } from '@contract/openapi';
import { ROLE_NAMES, type RoleName } from '@contract/enums';

/**
 * api/openapi.yaml is the single source of every route's method, path, request and response
 * schema. Route plugins ask for an operation by its operationId and add only the handler.
 */
export const CONTRACT_ID = 'contract';
/**
 * api/openapi.yaml as JSON, written beside it by `npm run api:generate` (CI fails when it is
 * stale). npm scripts run from the package root, so it sits at a fixed place beside them.
 */
export const CONTRACT_PATH = resolve('api/generated/contract.json');

/**
 * The pseudo-role of the operations an EHR calls with an API client's secret (CDS Hooks). It is
 * no account's role: the guard looks such an operation's bearer up among the API clients only,
 * and every other operation's among the sessions only.
 */
export const API_CLIENT_ROLE = 'api_client';
/** What an operation's `x-roles` may name. */
export type OperationRole = RoleName | typeof API_CLIENT_ROLE;

/** A schema of the contract as TypeScript (`Schema<'Condition'>`): what a repository's row is when
 * it is the API's shape. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Json;
}
interface Operation {
  operationId: string;
  tags: string[];
  security?: unknown[];
  /** The roles that may call it; absent only on the public operations. */
  'x-roles'?: OperationRole[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Json }> }>;
}
export interface Contract {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: {
    schemas: Record<string, Json>;
    parameters: Record<string, Parameter>;
    responses?: Record<string, { content?: Record<string, { schema: Json }> }>;
  };
  [key: string]: unknown;
}

export interface RouteDefinition {
  operationId: string;
  method: HTTPMethods;
  url: string;
  schema: FastifySchema;
  /** No token needed (login, register, forgot and reset password). */
  isPublic: boolean;
  /** The roles whose signed-in accounts may call it (the contract's `x-roles`), or only
   * API_CLIENT_ROLE for the operations called with an API client's secret. */
  roles: OperationRole[];
  /** The body's accepted media types (empty when the operation takes no body). */
  mediaTypes: string[];
  /** A read of reference data: it takes `release` (the draft or a release; server/releases). */
  readsRelease: boolean;
  /** False when the body may be left out (a delete's optional `{ reason }`). */
  bodyRequired: boolean;
  /** Path and query parameters declared as integers: Ajv's coercion would read '1 ', '0x1'
   * or '1e0' as 1, so these must be plain digits before it runs. */
  integerParams: string[];
  /** Where a multipart form body holds booleans (`['is_dosage_weight_based']`): form fields are
   * text, so these take `1`/`0` as well as `true`/`false`. */
  formBooleans: string[][];
}

export function loadContract(path = CONTRACT_PATH): Contract {
  return JSON.parse(readFileSync(path, 'utf8')) as Contract;
}

/** Points local references at the shared schema registered under CONTRACT_ID. */
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/')
          ? `${CONTRACT_ID}${value}`
          : rewriteRefs(value);
    }
    return out;
  }
  return node;
}

/** The contract's schemas as one JSON Schema document for Ajv and the serializer. */
export function sharedSchema(contract: Contract) {
  return { $id: CONTRACT_ID, components: rewriteRefs(contract.components as unknown as Json) };
}

function resolveParameter(contract: Contract, p: Parameter | { $ref: string }): Parameter {
  if ('$ref' in p) return contract.components.parameters[p.$ref.split('/').pop() as string];
  return p;
}

function isInteger(contract: Contract, schema: Json): boolean {
  let node = schema as { $ref?: string; type?: string } | null;
  while (node && typeof node.$ref === 'string') {
    node = contract.components.schemas[node.$ref.split('/').pop() as string] as typeof node;
  }
  return node?.type === 'integer';
}

/** The paths of the boolean properties in `schema`, following references and nested objects. */
function booleanPaths(contract: Contract, schema: Json, path: string[] = []): string[][] {
  let node = schema as { $ref?: string; type?: string; properties?: Record<string, Json> } | null;
  while (node && typeof node.$ref === 'string') {
    node = contract.components.schemas[node.$ref.split('/').pop() as string] as typeof node;
  }
  if (node?.type === 'boolean') return [path];
  return Object.entries(node?.properties ?? {}).flatMap(([name, property]) =>
    booleanPaths(contract, property, [...path, name]),
  );
}

function parametersSchema(params: Parameter[]) {
  if (params.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, rewriteRefs(p.schema)])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

type Content = Record<string, { schema: Json }> | undefined;

/** An answer's JSON body: the API's own, or a FHIR resource (`application/fhir+json`). */
function jsonMedia(content: Content) {
  return content?.['application/json'] ?? content?.['application/fhir+json'];
}

export function routeDefinitions(contract: Contract): Map<string, RouteDefinition> {
  const routes = new Map<string, RouteDefinition>();
  for (const [path, item] of Object.entries(contract.paths)) {
    const shared = ((item.parameters as Parameter[] | undefined) ?? []).map((p) =>
      resolveParameter(contract, p),
    );
    for (const [method, value] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const op = value as Operation;
      const params = [
        ...shared,
        ...(op.parameters ?? []).map((p) => resolveParameter(contract, p)),
      ];
      const schema: FastifySchema = {};
      const pathParams = parametersSchema(params.filter((p) => p.in === 'path'));
      const query = parametersSchema(params.filter((p) => p.in === 'query'));
      if (pathParams) schema.params = pathParams;
      if (query) schema.querystring = query;
      if (op.requestBody) {
        schema.body = {
          content: Object.fromEntries(
            Object.entries(op.requestBody.content).map(([type, media]) => [
              type,
              { schema: rewriteRefs(media.schema) },
            ]),
          ),
        };
      }
      schema.response = Object.fromEntries(
        Object.entries(op.responses).flatMap(([status, response]) => {
          const media = jsonMedia(response.content);
          if (response.$ref) {
            // The FHIR operations' errors are OperationOutcomes; every other shared answer is Error.
            const shared =
              contract.components.responses?.[response.$ref.split('/').pop() as string]?.content?.[
                'application/fhir+json'
              ];
            if (shared) return [[status, rewriteRefs(shared.schema)]];
            return [[status, { $ref: `${CONTRACT_ID}#/components/schemas/Error` }]];
          }
          return media ? [[status, rewriteRefs(media.schema)]] : [];
        }),
      );
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const roles = op['x-roles'] ?? [];
      // Fail closed: a guarded operation that names no roles, or an unknown one, is a contract bug.
      const clientOnly = roles.length === 1 && roles[0] === API_CLIENT_ROLE;
      if (
        !isPublic &&
        !clientOnly &&
        (roles.length === 0 || roles.some((r) => !(ROLE_NAMES as readonly string[]).includes(r)))
      )
        throw new Error(
          `${op.operationId} needs x-roles naming roles out of ${ROLE_NAMES.join(', ')}, or only ${API_CLIENT_ROLE}`,
        );
      routes.set(op.operationId, {
        operationId: op.operationId,
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        schema,
        isPublic,
        roles,
        mediaTypes: Object.keys(op.requestBody?.content ?? {}),
        readsRelease: params.some((p) => p.in === 'query' && p.name === 'release'),
        bodyRequired: op.requestBody?.required ?? false,
        integerParams: params.filter((p) => isInteger(contract, p.schema)).map((p) => p.name),
        formBooleans: booleanPaths(
          contract,
          op.requestBody?.content['multipart/form-data']?.schema ?? null,
        ),
      });
    }
  }
  return routes;
}
