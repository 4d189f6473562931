import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { CONTRACT_ID, loadContract, routeDefinitions, sharedSchema } from './contract';
import { allOperationIds, contractProblems, errorMessage } from './test/contract';
import {
  client,
  countRows,
  createTestApp,
  multipartBody,
  signIn,
  type TestApp,
} from './test/helpers';

let t: TestApp;
let token: string;

const contract = loadContract();
const definitions = [...routeDefinitions(contract).values()];
const PUBLIC = ['register', 'login', 'forgotPassword', 'resetPassword'];
/** Public reads without input: FHIR clients read the server's CapabilityStatement before they sign in. */
const PUBLIC_READS = ['fhirCapabilities'];
/** The operations the console calls, plus the extensions; new features may add more. */
const SPECIFIED_OPERATIONS = [
  ...[
    'register',
    'login',
    'getMe',
    'logout',
    'updateProfile',
    'changePassword',
    'forgotPassword',
    'resetPassword',
  ],
  ...['listConditions', 'getCondition', 'createCondition', 'updateCondition', 'deleteCondition'],
  ...[
    'listMedications',
    'getMedication',
    'createMedication',
    'updateMedication',
    'deleteMedication',
  ],
  ...[
    'addWeightBasedDosage',
    'addAgeBasedDosage',
    'updateWeightBasedDosage',
    'updateAgeBasedDosage',
  ],
  ...['addContraindication', 'removeContraindication'],
  ...[
    'listAgeCategories',
    'getAgeCategory',
    'createAgeCategory',
    'updateAgeCategory',
    'deleteAgeCategory',
  ],
  ...[
    'listWeightCategories',
    'getWeightCategory',
    'createWeightCategory',
    'updateWeightCategory',
    'deleteWeightCategory',
  ],
  ...[
    'listDrugInteractions',
    'getDrugInteraction',
    'createDrugInteraction',
    'updateDrugInteraction',
    'deleteDrugInteraction',
  ],
  ...['listLifestyles', 'getLifestyle', 'createLifestyle', 'updateLifestyle', 'deleteLifestyle'],
  ...[
    'listLifestyleContraindications',
    'createLifestyleContraindication',
    'deleteLifestyleContraindication',
  ],
  ...['listUsers', 'getUserSearchHistory', 'getDashboardStats'],
  ...['listDrugs', 'getDrug', 'createDrug', 'updateDrug', 'deleteDrug'],
];
/** A concrete URL for an operation: path parameters become `id`. */
const urlOf = (url: string, id = '999999') => url.replace(/:(\w+)/g, id);
type Method = 'get' | 'post' | 'put' | 'delete';
const methodOf = (method: unknown) => String(method).toLowerCase() as Method;

function inject(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}
const withToken = (headers: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...headers,
});

/** A JSON refusal with its text: `{ message }`, or a FHIR operation's OperationOutcome. */
function expectJsonMessage(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toMatch(/^application\/(fhir\+)?json/);
  expect(errorMessage(response.json())).toEqual(expect.any(String));
}

const SECURITY_HEADERS = (response: LightMyRequestResponse) => {
  expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toEqual(expect.any(String));
};

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
});
afterAll(() => t.close());

describe('the contract', () => {
  it('has the 55 operations the console calls and its extensions, unique, each served by the app', () => {
    expect(allOperationIds).toEqual(expect.arrayContaining(SPECIFIED_OPERATIONS));
    expect(SPECIFIED_OPERATIONS).toHaveLength(55);
    expect(new Set(allOperationIds).size).toBe(allOperationIds.length);
    for (const d of definitions) {
      expect({
        operation: d.operationId,
        served: t.app.hasRoute({ method: d.method, url: `/api/v1${d.url}` }),
      }).toEqual({
        operation: d.operationId,
        served: true,
      });
    }
  });

  // The app compiles a route's schemas on the route's first use: this compiles them all, so a
  // schema that cannot compile fails here rather than on a request.
  it('compiles every request and response schema of every operation', () => {
    const shared = sharedSchema(contract);
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(shared);
    const serializer = SerializerSelector()({ [CONTRACT_ID]: shared }, {});
    for (const { operationId, method, url, schema } of definitions) {
      const body = (schema.body as { content?: Record<string, { schema: object }> } | undefined)
        ?.content;
      const requestSchemas = [
        schema.params,
        schema.querystring,
        ...Object.values(body ?? {}).map((media) => media.schema),
      ];
      for (const part of requestSchemas)
        if (part)
          expect({ operationId, compiles: typeof ajv.compile(part as object) }).toEqual({
            operationId,
            compiles: 'function',
          });
      for (const [httpStatus, response] of Object.entries(schema.response ?? {}))
        expect({
          operationId,
          httpStatus,
          compiles: typeof serializer({ schema: response as object, method, url, httpStatus }),
        }).toEqual({ operationId, httpStatus, compiles: 'function' });
    }
  });

  it('marks exactly register, login, forgot-password and reset-password as public', () => {
    expect(
      definitions
        .filter((d) => d.isPublic)
        .map((d) => d.operationId)
        .sort(),
    ).toEqual([...PUBLIC, ...PUBLIC_READS].sort());
  });

  it.each(allOperationIds.filter((id) => !PUBLIC.includes(id) && !PUBLIC_READS.includes(id)))(
    '%s answers 401 without a token',
    async (operationId) => {
      const d = definitions.find((x) => x.operationId === operationId)!;
      const response = await client(t.app)[methodOf(d.method)](
        urlOf(d.url, '1'),
        d.mediaTypes.length ? {} : undefined,
      );
      expect(response.statusCode).toBe(401);
      expectJsonMessage(response);
    },
  );

  it.each(PUBLIC)(
    '%s is public: without a token an empty body is a 422, not a 401',
    async (operationId) => {
      const d = definitions.find((x) => x.operationId === operationId)!;
      const response = await client(t.app)[methodOf(d.method)](d.url, {});
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).length).toBeGreaterThan(0);
    },
  );

  it('answers every operation with a declared status and never a 500, for an unknown id and an empty body', async () => {
    const api = client(t.app, token);
    // Logout last: it ends the session the others use.
    const ordered = [...definitions].sort(
      (a, b) => Number(a.operationId === 'logout') - Number(b.operationId === 'logout'),
    );
    for (const d of ordered) {
      const response = await api[methodOf(d.method)](
        urlOf(d.url),
        d.mediaTypes.length ? {} : undefined,
      );
      expect({ operation: d.operationId, status: response.statusCode < 500 }).toEqual({
        operation: d.operationId,
        status: true,
      });
    }
    token = await signIn(t.app);
  });
});

describe('request errors', () => {
  it('answers a body over 1 MiB with 413 and a JSON message, storing nothing', async () => {
    const before = await countRows(t.pool, 'conditions');
    const big = JSON.stringify({ name: 'Huge', description: 'x'.repeat(1024 * 1024 + 10) });
    const response = await inject(
      'POST',
      '/api/v1/condition',
      withToken({ 'content-type': 'application/json' }),
      big,
    );
    expect(response.statusCode).toBe(413);
    expectJsonMessage(response);
    expect(response.json().message).toMatch(/1 MiB/);
    expect(contractProblems('POST', '/api/v1/condition', 413, response.json())).toEqual([]);
    expect(await countRows(t.pool, 'conditions')).toBe(before);

    const publicRoute = await inject(
      'POST',
      '/api/v1/auth/login',
      { 'content-type': 'application/json' },
      big,
    );
    expect(publicRoute.statusCode).toBe(413);
    expectJsonMessage(publicRoute);
  });

  it('answers malformed JSON with 400 and a JSON message', async () => {
    const response = await inject(
      'POST',
      '/api/v1/condition',
      withToken({ 'content-type': 'application/json' }),
      '{"name": "Gout",',
    );
    expect(response.statusCode).toBe(400);
    expectJsonMessage(response);
    expect(contractProblems('POST', '/api/v1/condition', 400, response.json())).toEqual([]);
    const login = await inject(
      'POST',
      '/api/v1/auth/login',
      { 'content-type': 'application/json' },
      'not json',
    );
    expect(login.statusCode).toBe(400);
    expectJsonMessage(login);
    expect(await countRows(t.pool, "conditions WHERE name = 'Gout'")).toBe(0);
  });

  it('answers a text/plain body on a JSON route with 415, storing nothing', async () => {
    const response = await inject(
      'POST',
      '/api/v1/condition',
      withToken({ 'content-type': 'text/plain' }),
      '{"name":"Plain"}',
    );
    expect(response.statusCode).toBe(415);
    expectJsonMessage(response);
    expect(contractProblems('POST', '/api/v1/condition', 415, response.json())).toEqual([]);
    const xml = await inject(
      'PUT',
      '/api/v1/lifestyle',
      withToken({ 'content-type': 'application/xml' }),
      '<id>1</id>',
    );
    expect(xml.statusCode).toBe(415);
    expectJsonMessage(xml);
    const form = multipartBody([['name', 'Form condition']]);
    const multipart = await inject(
      'POST',
      '/api/v1/condition',
      withToken({ 'content-type': form.contentType }),
      form.payload,
    );
    expect(multipart.statusCode).toBe(415);
    expect(await countRows(t.pool, "conditions WHERE name IN ('Plain', 'Form condition')")).toBe(0);
  });

  it('answers an unknown route under /api/v1 with a JSON 404, with or without a token', async () => {
    for (const headers of [{}, withToken()]) {
      const response = await inject('GET', '/api/v1/no-such-thing', headers);
      expect(response.statusCode).toBe(404);
      expectJsonMessage(response);
    }
    const wrongMethod = await inject('PATCH', '/api/v1/condition', withToken());
    expect(wrongMethod.statusCode).toBe(404);
    expectJsonMessage(wrongMethod);
  });

  // PostgreSQL text cannot hold U+0000; such input must be refused as invalid, not crash the query.
  it.each([
    [
      'login (public)',
      'POST',
      '/auth/login',
      { email: 'nul\u0000@example.com', password: 'whatever-password' },
      false,
    ],
    [
      'register (public)',
      'POST',
      '/auth/register',
      { name: 'Nul\u0000Name', email: 'nul@example.com', password: 'whatever-password' },
      false,
    ],
    ['createCondition', 'POST', '/condition', { name: 'Gout\u0000' }, true],
    ['createLifestyle', 'POST', '/lifestyle', { name: '\u0000' }, true],
    [
      'updateProfile',
      'PUT',
      '/auth/profile',
      { name: 'A\u0000', email: 'nul-profile@example.com' },
      true,
    ],
  ])(
    '%s answers a NUL character in a text field with 400 or 422, never a 500',
    async (_what, method, url, body, signed) => {
      const response = await inject(
        method,
        `/api/v1${url}`,
        { 'content-type': 'application/json', ...(signed ? withToken() : {}) },
        JSON.stringify(body),
      );
      expect([400, 422]).toContain(response.statusCode);
      expectJsonMessage(response);
      expect(await countRows(t.pool, "users WHERE email = 'nul@example.com'")).toBe(0);
    },
  );

  it('answers an id outside the integer range with 422, not a database error', async () => {
    const response = await client(t.app, token).get('/condition/99999999999');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('id');
  });
});

describe('security headers', () => {
  it('are on successful answers, errors and answers outside the API', async () => {
    const answers = [
      await inject('GET', '/api/v1/condition', withToken()),
      await inject('GET', '/api/v1/condition', {}),
      await inject('GET', '/api/v1/condition/999999', withToken()),
      await inject(
        'POST',
        '/api/v1/condition',
        withToken({ 'content-type': 'application/json' }),
        '{',
      ),
      await inject(
        'POST',
        '/api/v1/auth/login',
        { 'content-type': 'application/json' },
        JSON.stringify({ email: 'a@b.co', password: 'wrong-one' }),
      ),
      await inject('GET', '/api/v1/nowhere', {}),
      await inject('GET', '/not-the-api', {}),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 401, 404, 404]);
    for (const response of answers) SECURITY_HEADERS(response);
  });
});
