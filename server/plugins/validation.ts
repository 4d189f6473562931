import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { sharedSchema } from '../contract';

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

/**
 * Builds a function on its first call: a route's validators and serializers are compiled when the
 * route is first used, not all of them at every start. A process (a test file's app above all)
 * uses few of the contract's hundreds of request and response schemas; a long-running server pays
 * once per schema, on the first request that needs it.
 */
function onFirstCall<Fn extends (...args: never[]) => unknown>(compile: () => Fn): Fn {
  let compiled: Fn | undefined;
  const call = (...args: Parameters<Fn>) => {
    compiled ??= compile();
    const result = compiled(...args);
    // Fastify reads a failed validation's reasons from the function it was given.
    Object.assign(call, { errors: (compiled as { errors?: unknown }).errors });
    return result;
  };
  // The same signature as the compiled function, which it only defers.
  return call as Fn;
}

/** Fastify's own serializer (fast-json-stringify over the shared schema), compiled per route on
 * first use. */
export const lazySerializers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildSerializer: (externalSchemas, options) => {
      const compile = SerializerSelector()(externalSchemas, options);
      return (route) => onFirstCall(() => compile(route));
    },
  },
};

/** Every route's schemas are checked against the contract's shared schema. */
export function contractValidation(
  app: FastifyInstance,
  schema: ReturnType<typeof sharedSchema>,
): void {
  const strictAjv = makeAjv(false, schema);
  const coercingAjv = makeAjv(true, schema);
  app.addSchema(schema);
  app.setValidatorCompiler(({ schema: routeSchema, httpPart, contentType }) => {
    const jsonBody = httpPart === 'body' && contentType !== 'multipart/form-data';
    return onFirstCall(() => (jsonBody ? strictAjv : coercingAjv).compile(routeSchema));
  });
}
