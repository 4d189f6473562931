import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { IMPORT_MAX_BYTES } from './config';
import { BUNDLE_MAX_BYTES } from './import/fhirBundle';
import { API_CLIENT_ROLE, loadContract, routeDefinitions } from './contract';
import { seedDemo } from './db/seed';
import { contractProblems, errorMessage } from './test/contract';
import { createTestApp, signIn, TEST_PASSWORD_COST, type TestApp } from './test/helpers';

/**
 * Bad input on every operation of the contract (no client input may cause a 500): invalid requests generated
 * from api/openapi.yaml must all be answered with a 4xx carrying a JSON `message`, valid against
 * the contract, and must leave every table as it was. Bodies, path ids, query parameters (from
 * each operation's querystring schema) and multipart forms are broken, and ids in bodies point
 * at records that do not exist. FUZZ_RUNS sets the requests per operation (100 in `npm test`,
 * 1,000 in `npm run test:fuzz`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Each operation's test gets time in proportion to its requests (a body over its limit is slow). */
const TIMEOUT_MS = 20_000 + RUNS * 60;
/** An id no record has: within the contract's Id range, far beyond any serial the tests reach. */
const UNKNOWN_ID = 2147483000;

type Schema = { [key: string]: unknown };
const contract = loadContract();
const schemas = contract.components.schemas as Record<string, Schema>;

function deref(schema: Schema): Schema {
  let current = schema;
  while (typeof current.$ref === 'string') {
    const name = current.$ref.replace(/^.*#\/components\/schemas\//, '');
    current = schemas[name];
  }
  if (Array.isArray(current.allOf)) {
    const parts = (current.allOf as Schema[]).map(deref);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => (p.required as string[]) ?? []),
    };
  }
  return current;
}

/** The first option of an anyOf that is not null (the value the field "really" holds). */
function concrete(schema: Schema): Schema {
  const s = deref(schema);
  if (Array.isArray(s.anyOf))
    return concrete((s.anyOf as Schema[]).find((o) => deref(o).type !== 'null') ?? s);
  return s;
}

function acceptsNull(schema: Schema): boolean {
  const s = deref(schema);
  if (Array.isArray(s.anyOf)) return (s.anyOf as Schema[]).some(acceptsNull);
  return s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'));
}

function typeOf(schema: Schema): string {
  const t = concrete(schema).type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') as string) : (t as string);
}

/** A value that satisfies the schema. */
function valid(schema: Schema): unknown {
  const s = concrete(schema);
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== '') ?? s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [
          k,
          valid(v),
        ]),
      );
    case 'array':
      return [valid(s.items as Schema)];
    case 'integer':
    case 'number':
      return Math.max(Number(s.minimum ?? 1), 1);
    case 'boolean':
      return true;
    default:
      return s.format === 'email'
        ? 'someone@example.com'
        : 'x'.repeat(Math.max(Number(s.minLength ?? 1), 8));
  }
}

/** Values of the wrong type for a field (never null where null is allowed, never coercible). */
function wrongTypes(schema: Schema): unknown[] {
  const type = typeOf(schema);
  const all: Record<string, unknown[]> = {
    string: [12345, true, { a: 1 }, ['x']],
    integer: ['12', 1.5, true, { n: 1 }, [1]],
    number: ['12', true, { n: 1 }, [1]],
    boolean: ['true', 1, 'yes', {}],
    array: ['x', 7, { 0: 1 }],
    object: ['x', 7, [1], true],
  };
  const values = all[type] ?? [{}];
  return acceptsNull(schema) ? values : [...values, null];
}

/** Values of the right type that break a constraint. */
function outOfRange(schema: Schema): unknown[] {
  const s = concrete(schema);
  const out: unknown[] = [];
  if (Array.isArray(s.enum))
    out.push("'; DROP TABLE users; --", '<img src=x onerror=alert(1)>', 'MAJOR', '');
  if (typeof s.minimum === 'number') out.push(s.minimum - 1, -1e9);
  if (typeof s.maximum === 'number') out.push(s.maximum + 1, 1e300);
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push('');
  if (typeof s.maxLength === 'number') out.push('y'.repeat(Math.max(s.maxLength + 1, 10_000)));
  if (s.pattern === '\\S') out.push('   ');
  if (s.format === 'email') out.push('not-an-email', '<script>@x');
  if (typeOf(s) === 'integer') out.push(1.25);
  if (typeof s.minItems === 'number' && s.minItems > 0) out.push([]);
  // A value some other branch of an anyOf allows (say '' for "none") is not out of range.
  const top = deref(schema);
  const branches = Array.isArray(top.anyOf) ? (top.anyOf as Schema[]) : [top];
  const allowed = branches.flatMap((b) => (deref(b).enum as unknown[] | undefined) ?? []);
  return out.filter((v) => !allowed.includes(v));
}

interface Field {
  path: string[];
  schema: Schema;
  required: boolean;
}

function fields(schema: Schema, path: string[] = []): Field[] {
  const s = concrete(schema);
  if (typeOf(s) !== 'object') return [];
  const required = new Set((s.required as string[]) ?? []);
  return Object.entries((s.properties ?? {}) as Record<string, Schema>).flatMap(([name, child]) => [
    { path: [...path, name], schema: child, required: required.has(name) },
    ...fields(child, [...path, name]),
  ]);
}

/** A field holding a record's id (the contract's Id: an integer up to 2^31 - 1). */
function isId(schema: Schema): boolean {
  const s = concrete(schema);
  return typeOf(s) === 'integer' && s.maximum === 2147483647;
}

/** A copy of `body` with the field at `path` set (or removed); missing objects on the way are made. */
function withValue(body: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const part of path.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const leaf = path[path.length - 1];
  if (remove) delete node[leaf];
  else node[leaf] = value;
  return copy;
}

/**
 * One broken request. `answered` marks requests that are hostile but valid (a search for
 * `'; DROP TABLE`, an extra query parameter): any answer but a 5xx; every other must get a 4xx.
 */
type Mutation = {
  kind: string;
  request: (base: InjectOptions) => InjectOptions;
  answered?: true;
};

/** A valid body for an operation. A medication is weight- or age-based: keep the one block it uses. */
/** The body size past which an operation answers 413: 1 MiB, but the imports' own. */
const bodyLimitOf = (operationId: string) =>
  operationId === 'importTestPrescriptions'
    ? IMPORT_MAX_BYTES
    : operationId === 'importReferenceData'
      ? BUNDLE_MAX_BYTES
      : 1024 * 1024;

function validBody(operationId: string, schema: Schema): unknown {
  const body = valid(schema) as Record<string, unknown>;
  if (operationId === 'createMedication') delete body.age_dosage;
  return body;
}

/** A JSON body as bracketed form fields: `a[b]=v`, and `a[]=v` once per item of a list. */
function formFields(body: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(body).flatMap(([key, value]): [string, string][] => {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value))
      return value.map((item): [string, string] => [`${name}[]`, String(item)]);
    if (value && typeof value === 'object')
      return formFields(value as Record<string, unknown>, name);
    return [[name, String(value)]];
  });
}

/** A multipart/form-data body of text fields, then any raw parts (headers, blank line, content). */
function multipart(
  fields: [string, string][],
  rawParts: string[] = [],
  close = true,
): { payload: string; contentType: string } {
  const boundary = '----medrefFuzzBoundary';
  const parts = [
    ...fields.map(
      ([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    ...rawParts,
  ];
  const body = parts.map((part) => `--${boundary}\r\n${part}`).join('');
  return {
    payload: close ? `${body}--${boundary}--\r\n` : body,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The reference data import reads a JSON body itself, as a file (a FHIR Bundle, streamed past the
 * contract's validator): these are the Bundle elements it takes, with their R4 types.
 */
const BUNDLE_SHAPE: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['resourceType'],
  properties: {
    resourceType: { type: 'string', enum: ['Bundle'] },
    type: { type: 'string' },
    total: { type: 'integer', minimum: 0 },
    entry: { type: 'array', items: { type: 'object' } },
  },
};

/** Every way the generator breaks a request to one operation. */
function mutations(
  op: ReturnType<typeof routeDefinitions> extends Map<string, infer D> ? D : never,
): fc.Arbitrary<Mutation> {
  const bodySchema =
    op.operationId === 'importReferenceData'
      ? BUNDLE_SHAPE
      : (op.schema.body as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.[
          'application/json'
        ]?.schema;
  const options: fc.Arbitrary<Mutation>[] = [];
  const json = (payload: unknown) => ({ payload: JSON.stringify(payload) });
  if (bodySchema) {
    const base = validBody(op.operationId, bodySchema);
    const all = fields(bodySchema);
    const required = all.filter((f) => f.required && f.path.length === 1);
    const objects = [
      { path: [] as string[], schema: bodySchema },
      ...all.filter((f) => typeOf(f.schema) === 'object'),
    ];
    if (required.length) {
      options.push(
        fc.constantFrom(...required).map((f) => ({
          kind: 'missing field',
          request: (r) => ({ ...r, ...json(withValue(base, f.path, undefined, true)) }),
        })),
      );
    }
    options.push(
      fc
        .tuple(
          fc.constantFrom(...objects),
          fc
            .string({ minLength: 1, maxLength: 20 })
            // `length` on an array body would truncate it rather than add a field.
            .filter((k) => !/^(__proto__|constructor|length)$/.test(k)),
          fc.jsonValue(),
        )
        .map(([o, key, value]) => ({
          kind: 'extra field',
          request: (r) => {
            const target = deref(concrete(o.schema));
            const name =
              target.properties && key in (target.properties as object) ? `${key}_extra` : key;
            return { ...r, ...json(withValue(base, [...o.path, name], value)) };
          },
        })),
    );
    const typed = all.flatMap((f) => wrongTypes(f.schema).map((v) => ({ f, v })));
    if (typed.length) {
      options.push(
        fc.constantFrom(...typed).map(({ f, v }) => ({
          kind: 'wrong type',
          request: (r) => ({ ...r, ...json(withValue(base, f.path, v)) }),
        })),
      );
    }
    const ids = all.flatMap((f) =>
      isId(f.schema)
        ? [{ f, v: UNKNOWN_ID as unknown }]
        : typeOf(f.schema) === 'array' && isId(concrete(f.schema).items as Schema)
          ? [{ f, v: [UNKNOWN_ID] as unknown }]
          : [],
    );
    if (ids.length) {
      options.push(
        fc.constantFrom(...ids).map(({ f, v }) => ({
          kind: 'unknown id in body',
          request: (r) => ({ ...r, ...json(withValue(base, f.path, v)) }),
        })),
      );
    }
    const ranged = all.flatMap((f) => outOfRange(f.schema).map((v) => ({ f, v })));
    if (ranged.length) {
      options.push(
        fc.constantFrom(...ranged).map(({ f, v }) => ({
          kind: 'out of range',
          request: (r) => ({ ...r, ...json(withValue(base, f.path, v)) }),
        })),
      );
    }
    options.push(
      fc
        .constantFrom('{"name": ', '{bad json}', '[1,2', '"unterminated', '{"a":1}}')
        .map((text) => ({
          kind: 'malformed JSON',
          request: (r) => ({
            ...r,
            payload: text,
            headers: { ...r.headers, 'content-type': 'application/json' },
          }),
        })),
      fc
        .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
        .map((type) => ({
          kind: 'wrong content type',
          request: (r) => ({
            ...r,
            payload: 'name=x',
            headers: { ...r.headers, 'content-type': type },
          }),
        })),
      fc.constant({
        kind: 'body over its limit',
        request: (r: InjectOptions) => ({
          ...r,
          ...json({ ...(base as object), pad: 'z'.repeat(bodyLimitOf(op.operationId) + 10) }),
        }),
      }),
      fc
        .constantFrom(...wrongTypes({ type: 'object' }))
        .map((v) => ({ kind: 'body not an object', request: (r) => ({ ...r, ...json(v) }) })),
    );
    if (!op.isPublic) {
      options.push(
        fc.constant({
          kind: 'no token',
          request: (r: InjectOptions) => ({
            ...r,
            ...json(base),
            headers: { 'content-type': 'application/json' },
          }),
        }),
      );
    }
  }
  const querySchema = op.schema.querystring as Schema | undefined;
  if (querySchema) options.push(...queryMutations(querySchema));
  if (bodySchema && op.mediaTypes.includes('multipart/form-data')) {
    options.push(...multipartMutations(op.operationId, bodySchema, op.isPublic));
  }
  if (op.url.includes(':id')) {
    options.push(
      fc
        .oneof(
          fc.constantFrom(
            'abc',
            '-1',
            '0',
            '1.5',
            '2147483648',
            '99999999999999999999',
            '%27%20OR%201%3D1',
          ),
          fc
            .string({ minLength: 1, maxLength: 12 })
            // `.` and `..` are path segments, not ids: a URL made with one names another route
            // (POST /test-prescription/./run is the run of all).
            .filter((s) => !/^\d+$/.test(s) && s !== '.' && s !== '..')
            .map(encodeURIComponent),
        )
        .map((id) => ({
          kind: 'bad id',
          request: (r) => ({ ...r, url: (r.url as string).replace('/2147483000', `/${id}`) }),
        })),
      fc.constant({ kind: 'unknown id', request: (r: InjectOptions) => r }),
    );
  }
  if (!op.isPublic) {
    options.push(
      fc
        .oneof(
          fc.constant(''),
          fc.constant('Bearer '),
          fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
          fc.constant('Basic dXNlcjpwYXNz'),
        )
        .map((header) => ({
          kind: 'wrong token',
          request: (r) => ({ ...r, headers: { ...r.headers, authorization: header } }),
        })),
    );
  }
  // An open read without input (FHIR's CapabilityStatement) has nothing to break: it is called
  // as it is, and must answer without a 500.
  if (options.length === 0)
    return fc.constant({ kind: 'no input', answered: true, request: (r: InjectOptions) => r });
  return fc.oneof(...options);
}

/** Query parameters from the operation's querystring schema, broken one at a time. */
function queryMutations(schema: Schema): fc.Arbitrary<Mutation>[] {
  const params = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  // A list's `format=csv` turns its JSON answer into a CSV download (lists-csv.test.ts): the base
  // request asks for JSON, so every answer here can be checked against the contract.
  const base: Record<string, string> = Object.fromEntries(
    params
      .filter(([name]) => name !== 'format')
      .map(([name, param]) => [name, String(valid(param))]),
  );
  const withParam = (name: string, value: string | string[] | undefined) => {
    const query: Record<string, string | string[]> = { ...base };
    if (value === undefined) delete query[name];
    else query[name] = value;
    return (r: InjectOptions): InjectOptions => ({ ...r, query });
  };
  const refused: { name: string; value: string | string[] }[] = [];
  const answered: { name: string; value: string | undefined }[] = [];
  for (const [name, param] of params) {
    const type = typeOf(param);
    answered.push({ name, value: undefined }); // every parameter is optional
    if (type === 'integer' || type === 'number') {
      for (const value of ['abc', '', ' 1', '1e3', '0x10', 'NaN', '1,2', '²'])
        refused.push({ name, value });
      refused.push({ name, value: ['1', '2'] });
    }
    for (const value of outOfRange(param)) {
      if (typeof value === 'string' || typeof value === 'number')
        refused.push({ name, value: String(value) });
    }
    if (type === 'string' && !concrete(param).enum) {
      refused.push({ name, value: 'q'.repeat(10_000) });
      for (const value of [
        "'; DROP TABLE users; --",
        '<script>alert(1)</script>',
        '%_\\',
        '\u00e9\u4e2d\u{1F48A}',
        ' ',
      ])
        answered.push({ name, value });
      refused.push({ name, value: 'bad\u0000byte' });
    }
  }
  const out: fc.Arbitrary<Mutation>[] = [];
  if (refused.length) {
    out.push(
      fc.constantFrom(...refused).map(({ name, value }) => ({
        kind: 'bad query parameter',
        request: withParam(name, value),
      })),
    );
  }
  out.push(
    fc.constantFrom(...answered).map(({ name, value }) => ({
      kind: 'hostile or missing query parameter',
      request: withParam(name, value),
      answered: true as const,
    })),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.string({ maxLength: 20 }))
      .filter(([name]) => !(name in base) && !/^(__proto__|constructor)$/.test(name))
      .map(([name, value]) => ({
        kind: 'extra query parameter',
        request: (r: InjectOptions) => ({ ...r, query: { ...base, [name]: value } }),
        answered: true as const,
      })),
  );
  return out;
}

/** Multipart/form-data bodies (createMedication also takes its fields as a form). */
function multipartMutations(
  operationId: string,
  schema: Schema,
  isPublic: boolean,
): fc.Arbitrary<Mutation>[] {
  const base = validBody(operationId, schema) as Record<string, unknown>;
  const top = concrete(schema);
  const required = (top.required as string[]) ?? [];
  const send =
    (fieldList: [string, string][], rawParts: string[] = [], close = true, token = true) =>
    (r: InjectOptions): InjectOptions => {
      const { payload, contentType } = multipart(fieldList, rawParts, close);
      const headers: Record<string, string> = {
        ...(r.headers as Record<string, string>),
        'content-type': contentType,
      };
      if (!token) delete headers.authorization;
      return { ...r, payload, headers };
    };
  const fieldsOf = (body: unknown) => formFields(body as Record<string, unknown>);
  const cases: Mutation[] = [
    ...required.map((name) => ({
      kind: 'multipart missing field',
      request: send(fieldsOf(withValue(base, [name], undefined, true))),
    })),
    ...fields(schema)
      .filter((f) => ['integer', 'number', 'boolean'].includes(typeOf(f.schema)))
      .flatMap((f) =>
        [
          'abc',
          '1.5.1',
          // 1.25 is a fine number, but not an integer or a boolean.
          ...({ boolean: ['yes'], integer: ['1.25'] }[typeOf(f.schema)] ?? []),
        ].map((value) => ({
          kind: 'multipart wrong type',
          request: send(fieldsOf(withValue(base, f.path, value))),
        })),
      ),
    ...fields(schema)
      .filter((f) => isId(f.schema) || typeOf(f.schema) === 'array')
      .map((f) => ({
        kind: 'multipart unknown id',
        request: send(
          fieldsOf(withValue(base, f.path, isId(f.schema) ? UNKNOWN_ID : [UNKNOWN_ID])),
        ),
      })),
    {
      kind: 'multipart file part',
      request: send(fieldsOf(base), [
        'Content-Disposition: form-data; name="leaflet"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n',
      ]),
    },
    {
      kind: 'multipart bad JSON field',
      request: send(fieldsOf(withValue(base, ['name'], undefined, true)), [
        'Content-Disposition: form-data; name="name"\r\nContent-Type: application/json\r\n\r\n{"a":\r\n',
      ]),
    },
    {
      kind: 'multipart too many fields',
      request: send([
        ...fieldsOf(base),
        ...Array.from({ length: 501 }, (_, i): [string, string] => [`f${i}`, 'x']),
      ]),
    },
    ...['__proto__[x]', 'constructor[prototype][x]', 'a[', '[]', 'name[][]', 'extra_field'].map(
      (name) => ({
        kind: 'multipart bad field name',
        request: send([...fieldsOf(base), [name, '1']]),
      }),
    ),
    { kind: 'multipart cut short', request: send(fieldsOf(base), [], false) },
    ...(isPublic
      ? []
      : [{ kind: 'multipart no token', request: send(fieldsOf(base), [], true, false) }]),
  ];
  return [fc.constantFrom(...cases)];
}

let t: TestApp;
let token: string;
/** An API client's secret: the operations EHRs call take it instead of a session's token. */
let clientSecret: string;

async function snapshot(): Promise<string> {
  const { rows } = await t.pool.query<{ name: string }>(
    // table_versions are the list cache's epochs, moved by any write statement, even one that matched no row.
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'table_versions' ORDER BY tablename",
  );
  const parts: string[] = [];
  for (const { name } of rows) {
    // Activity timestamps move on every authenticated call by design; everything else must not.
    const { rows: hash } = await t.pool.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg((to_jsonb(x) - 'last_used_at' - 'last_active_at')::text, '|' ORDER BY (to_jsonb(x) - 'last_used_at' - 'last_active_at')::text), '')) AS h FROM "${name}" x`,
    );
    parts.push(`${name}:${hash[0].n}:${hash[0].h}`);
  }
  return parts.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  const client = await t.pool.connect();
  await seedDemo(client, { passwordCost: TEST_PASSWORD_COST });
  client.release();
  token = await signIn(t.app);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-clients',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Fuzz' },
  });
  clientSecret = made.json<{ data: { secret: string } }>().data.secret;
});
afterAll(() => t.close());

const operations = [...routeDefinitions(contract).values()];
const tried: Record<string, number> = {};

afterAll(() => {
  console.log(
    `Invalid requests tried per operation (${RUNS} each):\n${Object.entries(tried)
      .map(([id, n]) => `  ${id}: ${n}`)
      .join('\n')}`,
  );
});

describe.each(operations.map((op) => [op.operationId, op] as const))('%s', (operationId, op) => {
  it(
    'answers every invalid request with a 4xx JSON message from the contract and changes nothing',
    async () => {
      const before = await snapshot();
      const base: InjectOptions = {
        method: op.method as InjectOptions['method'],
        url: `/api/v1${op.url.replace(':id', '2147483000')}`,
        headers: {
          authorization: `Bearer ${op.roles.includes(API_CLIENT_ROLE) ? clientSecret : token}`,
          ...(op.mediaTypes.length ? { 'content-type': 'application/json' } : {}),
        },
      };
      await fc.assert(
        fc.asyncProperty(mutations(op), async (mutation) => {
          const request = mutation.request(base);
          const response = await t.app.inject(request);
          tried[operationId] = (tried[operationId] ?? 0) + 1;
          const label = `${mutation.kind}: ${op.method} ${String(request.url)} ${JSON.stringify(request.query ?? {}).slice(0, 200)} ${String(request.payload ?? '').slice(0, 200)}`;
          const refused = response.statusCode >= 400 && response.statusCode < 500;
          const expected = mutation.answered ? response.statusCode < 500 : refused;
          expect({ label, status: response.statusCode, expected }).toEqual({
            label,
            status: response.statusCode,
            expected: true,
          });
          // A download (the FHIR export's NDJSON) is lines of JSON, which its own tests check.
          if (String(response.headers['content-type']).startsWith('application/fhir+ndjson'))
            return;
          const body = response.json();
          if (refused) expect(typeof errorMessage(body)).toBe('string');
          if (mutation.kind === 'body over its limit') expect(response.statusCode).toBe(413);
          if (mutation.kind.includes('unknown id'))
            expect({ label, status: [404, 409, 422].includes(response.statusCode) }).toEqual({
              label,
              status: true,
            });
          expect(
            contractProblems(op.method, String(request.url), response.statusCode, body),
          ).toEqual([]);
        }),
        { numRuns: RUNS },
      );
      expect(await snapshot()).toBe(before);
    },
    TIMEOUT_MS,
  );
});
