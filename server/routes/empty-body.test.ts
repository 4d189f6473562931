import { contractProblems } from '../test/contract';
import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

/**
 * Every call sends `Accept` and `Content-Type: application/json` (the console does), even the calls that take
 * no body. An empty body with that header is no body: the bodiless calls work, and a call whose
 * contract requires a body answers 422, never 400 "body cannot be empty" or a 500.
 */
let t: TestApp;
let token: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
  api = client(t.app, token);
});
afterAll(() => t.close());

/** A call with the console's JSON headers and no body at all, checked against the contract. */
async function bare(method: 'POST' | 'PUT' | 'DELETE', url: string, auth = token) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: `Bearer ${auth}`,
    },
  });
  expect(contractProblems(method, `/api/v1${url}`, response.statusCode, response.json())).toEqual(
    [],
  );
  return response;
}

async function created(url: string, body: object): Promise<number> {
  const response = await api.post(url, body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data.id;
}

describe('an empty body with Content-Type: application/json', () => {
  it('DELETE /condition/{id} deletes the condition', async () => {
    const id = await created('/condition', { name: 'Empty-body condition' });
    const response = await bare('DELETE', `/condition/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Condition deleted successfully');
    expect(await countRows(t.pool, 'conditions WHERE id = $1', [id])).toBe(0);
  });

  it('DELETE /medications/{id} deletes the medication', async () => {
    const conditionId = await created('/condition', { name: 'Empty-body pain' });
    const id = await created('/medication', {
      name: 'Empty-body aspirin',
      condition_id: conditionId,
      is_dosage_weight_based: false,
    });
    const response = await bare('DELETE', `/medications/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Medication deleted successfully');
    expect(await countRows(t.pool, 'medications WHERE id = $1', [id])).toBe(0);
  });

  it('DELETE /age-category/{id} deletes the category', async () => {
    const id = await created('/age-category', {
      minimum_age: 1,
      maximum_age: 2,
      unit: 'years',
      category: 'Pediatric',
    });
    const response = await bare('DELETE', `/age-category/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Age category deleted successfully');
    expect(await countRows(t.pool, 'age_categories WHERE id = $1', [id])).toBe(0);
  });

  it('DELETE /weight-category/{id} deletes the category', async () => {
    const id = await created('/weight-category', {
      minimum_weight: 3,
      maximum_weight: 9,
      unit: 'kg',
      category: 'Underweight',
    });
    const response = await bare('DELETE', `/weight-category/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Weight category deleted successfully');
    expect(await countRows(t.pool, 'weight_categories WHERE id = $1', [id])).toBe(0);
  });

  it('DELETE /drug/{id} deletes the drug', async () => {
    const id = await created('/drug', {
      name: 'Empty-body drug',
      description: 'A drug',
      dosage: '1 tablet',
      side_effects: ['None'],
      contraindications: ['None'],
      category: 'Test',
      manufacturer: 'Test Pharma',
    });
    const response = await bare('DELETE', `/drug/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Drug deleted successfully');
    expect(await countRows(t.pool, 'drugs WHERE id = $1', [id])).toBe(0);
  });

  it('an unknown id still answers 404', async () => {
    const response = await bare('DELETE', '/condition/2147483000');
    expect(response.statusCode).toBe(404);
  });

  it('POST /auth/logout signs out: the token stops working', async () => {
    const own = await signIn(t.app);
    const response = await bare('POST', '/auth/logout', own);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Logged out');
    expect((await client(t.app, own).get('/auth/me')).statusCode).toBe(401);
  });

  it.each([
    ['POST', '/condition', 'conditions'],
    ['PUT', '/condition', 'conditions'],
    ['DELETE', '/lifestyle', 'lifestyles'],
    ['POST', '/auth/login', 'auth_attempts'],
  ] as const)(
    '%s %s, which needs a body, answers 422 with a message and stores nothing',
    async (method, url, table) => {
      const before = await countRows(t.pool, table);
      const response = await bare(method, url);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The request body is required.',
        errors: { body: ['is required'] },
      });
      expect(await countRows(t.pool, table)).toBe(before);
    },
  );

  it('malformed JSON still answers 400 with a message, and a body over 1 MiB 413', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/condition',
      headers,
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toEqual(expect.stringMatching(/JSON/));
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/condition',
      headers,
      payload: '{"name": "Proto", "__proto__": {"polluted": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/condition',
      headers,
      payload: JSON.stringify({ name: 'Big', description: 'z'.repeat(1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The request body is larger than 1 MiB.');
    expect(await countRows(t.pool, "conditions WHERE name IN ('Proto', 'Big')")).toBe(0);
  });
});
