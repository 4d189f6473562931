import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
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
    return (jsonBody ? strictAjv : coercingAjv).compile(routeSchema);
  });
}
