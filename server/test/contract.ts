import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadContract, routeDefinitions, sharedSchema } from '../contract';

/**
 * Checks a real answer against api/openapi.yaml: the status must be one the operation declares,
 * and the body must match that status's schema. Every test client runs its answers through this.
 */
const contract = loadContract();
const definitions = [...routeDefinitions(contract).values()];
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema(sharedSchema(contract));

// Static paths before parameterised ones, as the router matches them (`/export` is no `{id}`).
const matchers = definitions
  .map((d) => ({
    definition: d,
    // A path's own characters are literal (`/fhir/r4/$export`); `:id` is any one segment.
    pattern: new RegExp(
      `^/api/v1${d.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+')}$`,
    ),
  }))
  .sort((a, b) => Number(a.definition.url.includes(':')) - Number(b.definition.url.includes(':')));

export function operationFor(method: string, url: string) {
  const path = url.split('?')[0];
  return matchers.find((m) => m.definition.method === method && m.pattern.test(path))?.definition;
}

export function contractProblems(
  method: string,
  url: string,
  status: number,
  body: unknown,
): string[] {
  const operation = operationFor(method, url);
  if (!operation) return status === 404 ? [] : [`${method} ${url} is not in the contract`];
  const schema = operation.schema.response as Record<string, object> | undefined;
  const responseSchema = schema?.[String(status)];
  if (!responseSchema)
    return [`${operation.operationId} answered ${status}, which the contract does not declare`];
  const validate = ajv.compile(responseSchema);
  if (validate(body)) return [];
  return (validate.errors ?? []).map(
    (e) => `${operation.operationId} ${status}: ${e.instancePath} ${e.message}`,
  );
}

export const allOperationIds = definitions.map((d) => d.operationId);

interface Refusal {
  message?: unknown;
  errors?: Record<string, unknown>;
  issue?: { diagnostics?: unknown; expression?: string[] }[];
}

/** A refusal's text: the API's `message`, or a FHIR OperationOutcome's first diagnostics. */
export function errorMessage(body: unknown): unknown {
  const refusal = body as Refusal | null;
  return refusal?.message ?? refusal?.issue?.[0]?.diagnostics;
}

/** The fields a refusal names: the API's `errors`, or an OperationOutcome's expressions. */
export function errorFields(body: unknown): string[] {
  const refusal = body as Refusal | null;
  return [
    ...Object.keys(refusal?.errors ?? {}),
    ...(refusal?.issue ?? []).flatMap((issue) => issue.expression ?? []),
  ];
}
