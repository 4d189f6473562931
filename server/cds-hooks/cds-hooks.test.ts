import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ATC, ICD10 } from '../domain/codes';
import {
  client,
  createTestApp,
  publishDraft,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';
import { contractProblems } from '../test/contract';
import { API_CLIENT_ROLE, loadContract, routeDefinitions } from '../contract';

/**
 * The CDS Hooks service end to end, without a browser: an EHR's calls in the shapes of the CDS
 * Hooks specification's own examples (discovery, an order-select call with its context, prefetch,
 * fhirServer and fhirAuthorization), against the demo data published as a release.
 */

let t: TestApp;
let admin: string;
let secret: string;
let clientId: number;
let fhir: Server;
let fhirBase: string;
/** What the fake FHIR server was asked, with the Authorization header it got. */
const fhirCalls: { url: string; authorization?: string }[] = [];
/** Its answers by the start of the query (anything else: an empty searchset). */
const fhirAnswers = new Map<string, { status: number; body: object }>();

const PARACETAMOL_ATC = 'N02BE01';

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  // The demo data's codes as the codes helper's seed may not give them yet: set here, then
  // published, since the service reads the latest release.
  await t.pool.query(
    `UPDATE medications SET codes = jsonb_build_array(jsonb_build_object('system', $1::text, 'code', $2::text, 'display', 'paracetamol'))
      WHERE name = 'Paracetamol'`,
    [ATC, PARACETAMOL_ATC],
  );
  await t.pool.query(
    `UPDATE conditions SET codes = jsonb_build_array(jsonb_build_object('system', $1::text, 'code', 'K74.6', 'display', null))
      WHERE name = 'Liver cirrhosis'`,
    [ICD10],
  );
  await publishDraft(t.pool);
  admin = await signIn(t.app);
  const made = await client(t.app, admin).post('/api-clients', { name: 'Test EHR' });
  expect(made.statusCode).toBe(201);
  ({ secret, id: clientId } = made.json<{ data: { secret: string; id: number } }>().data);

  fhir = createServer((request: IncomingMessage, response) => {
    fhirCalls.push({ url: request.url ?? '', authorization: request.headers.authorization });
    const path = (request.url ?? '').replace(/^\/fhir\//, '');
    const answer = [...fhirAnswers].find(([prefix]) => path.startsWith(prefix))?.[1] ?? {
      status: 200,
      body: { resourceType: 'Bundle', type: 'searchset', entry: [] },
    };
    response.writeHead(answer.status, { 'content-type': 'application/fhir+json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => fhir.listen(0, '127.0.0.1', resolve));
  fhirBase = `http://127.0.0.1:${(fhir.address() as AddressInfo).port}/fhir`;
});
afterAll(async () => {
  await new Promise((resolve) => fhir.close(resolve));
  await t.close();
});
beforeEach(() => {
  fhirCalls.length = 0;
  fhirAnswers.clear();
});

const bundle = (...resources: object[]) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: resources.map((resource) => ({ resource })),
});

/** A MedicationRequest as an EHR drafts it: `dose` mg every `everyHours` hours for 3 days. */
function medicationRequest(code: { system: string; code: string; display: string }, dose = 1000) {
  return {
    resourceType: 'MedicationRequest',
    id: 'request-123',
    status: 'draft',
    intent: 'order',
    medicationCodeableConcept: { coding: [code], text: code.display },
    subject: { reference: 'Patient/example' },
    dosageInstruction: [
      {
        text: `${dose} mg every 4 hours`,
        timing: {
          repeat: {
            frequency: 1,
            period: 4,
            periodUnit: 'h',
            boundsDuration: {
              value: 3,
              unit: 'days',
              system: 'http://unitsofmeasure.org',
              code: 'd',
            },
          },
        },
        doseAndRate: [
          {
            doseQuantity: {
              value: dose,
              unit: 'mg',
              system: 'http://unitsofmeasure.org',
              code: 'mg',
            },
          },
        ],
      },
    ],
  };
}

const paracetamol = { system: ATC, code: PARACETAMOL_ATC, display: 'Paracetamol 500 mg tablet' };

const PREFETCH = {
  patient: { resourceType: 'Patient', id: 'example', gender: 'male', birthDate: '1980-04-02' },
  weight: bundle({
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
    effectiveDateTime: '2026-11-01',
    valueQuantity: { value: 72, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
  }),
  egfr: null,
  pregnancy: null,
  conditions: bundle(),
  allergies: bundle(),
};

/** An order-select call as the specification's example has it. */
function orderSelect(orders: object[], prefetch: Record<string, unknown> = PREFETCH) {
  return {
    hookInstance: 'd1577c69-dfbe-44ad-ba6d-3e05e953b2ea',
    fhirServer: fhirBase,
    hook: 'order-select',
    fhirAuthorization: {
      access_token: 'some-opaque-fhir-access-token',
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'user/Patient.read user/Observation.read',
      subject: 'cds-service4',
    },
    context: {
      userId: 'Practitioner/example',
      patientId: 'example',
      encounterId: '89284',
      selections: ['MedicationRequest/request-123'],
      draftOrders: bundle(...orders),
    },
    prefetch,
  };
}

interface Card {
  uuid: string;
  summary: string;
  detail?: string;
  indicator: 'info' | 'warning' | 'critical';
  source: { label: string };
  overrideReasons?: { code: string; display?: string }[];
}

async function call(path: string, payload?: object, token = secret) {
  const response = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: path,
    headers: { authorization: `Bearer ${token}` },
    ...(payload && { payload }),
  });
  const url = path.startsWith('/api/v1') ? path : `/api/v1${path}`;
  expect(
    contractProblems(payload ? 'POST' : 'GET', url, response.statusCode, response.json()),
  ).toEqual([]);
  return response;
}

const service = (payload: object) => call('/cds-services/medref-medication-safety', payload);

it('answers discovery, at the bare path too, in the CDS Hooks shape', async () => {
  for (const path of ['/cds-services', '/api/v1/cds-services']) {
    const response = await call(path);
    expect(response.statusCode).toBe(200);
    const { services } = response.json<{ services: Record<string, unknown>[] }>();
    expect(services.map((s) => [s.hook, s.id])).toEqual([
      ['order-select', 'medref-medication-safety'],
      ['order-sign', 'medref-medication-safety'],
    ]);
    expect(services[0].prefetch).toMatchObject({
      patient: 'Patient/{{context.patientId}}',
      weight:
        'Observation?patient={{context.patientId}}&code=http://loinc.org|29463-7&_sort=-date&_count=1',
      conditions: 'Condition?patient={{context.patientId}}&clinical-status=active',
      allergies: 'AllergyIntolerance?patient={{context.patientId}}',
    });
    expect(services[0]).toHaveProperty('description');
  }
});

it('gives paracetamol 1 g every 4 hours for an adult a critical card: 6 g a day is above the 4 g maximum', async () => {
  const response = await service(orderSelect([medicationRequest(paracetamol)]));
  expect(response.statusCode).toBe(200);
  const { cards } = response.json<{ cards: Card[] }>();
  const daily = cards.find((c) => c.summary.includes('daily maximum exceeded'));
  expect(daily).toMatchObject({ indicator: 'critical', source: { label: 'MedRef release 2' } });
  expect(daily?.detail).toMatch(/6,000 mg a day/);
  expect(daily?.detail).toMatch(/above the 4,000 mg daily maximum/);
  expect(daily?.detail).toMatch(/1000 mg every 4 hours for 3 days/);
  expect(daily?.overrideReasons?.map((r) => r.code)).toContain('benefit-outweighs-risk');
  for (const card of cards) {
    expect(card.summary.length).toBeLessThan(140);
    expect(card.uuid).toMatch(/^[0-9a-f-]{36}$/);
  }
  // Everything was prefetched: the FHIR server was not asked.
  expect(fhirCalls).toEqual([]);
  const { rows } = await t.pool.query(
    'SELECT rule_kind, severity, indicator FROM cds_cards WHERE uuid = $1',
    [daily?.uuid],
  );
  expect(rows).toEqual([{ rule_kind: 'dosage', severity: 'major', indicator: 'critical' }]);
});

it('reads an active condition by its ICD-10 code', async () => {
  const cirrhosis = {
    resourceType: 'Condition',
    clinicalStatus: { coding: [{ code: 'active' }] },
    code: { coding: [{ system: ICD10, code: 'K74.6' }] },
  };
  const response = await service(
    orderSelect([medicationRequest(paracetamol, 500)], {
      ...PREFETCH,
      conditions: bundle(cirrhosis),
    }),
  );
  const { cards } = response.json<{ cards: Card[] }>();
  expect(cards.some((c) => /condition contraindication/.test(c.summary))).toBe(true);
});

it('answers an order whose code matches no record with an info card saying it could not check it', async () => {
  const unknown = { system: ATC, code: 'Z99ZZ99', display: 'Unobtainium' };
  const response = await service(orderSelect([medicationRequest(unknown)]));
  expect(response.statusCode).toBe(200);
  const { cards } = response.json<{ cards: Card[] }>();
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({ indicator: 'info' });
  expect(cards[0].summary).toMatch(/^Could not check Unobtainium/);
  expect(cards[0].detail).toContain('Z99ZZ99');
});

it('fetches what was not prefetched from the FHIR server with the access token, and says what it could not read', async () => {
  fhirAnswers.set('AllergyIntolerance', {
    status: 500,
    body: { resourceType: 'OperationOutcome' },
  });
  fhirAnswers.set('Observation?patient=example&code=http://loinc.org|29463-7', {
    status: 200,
    body: PREFETCH.weight,
  });
  const { weight: _weight, allergies: _allergies, ...partial } = PREFETCH;
  const response = await service(orderSelect([medicationRequest(paracetamol)], partial));
  expect(response.statusCode).toBe(200);
  const { cards } = response.json<{ cards: Card[] }>();
  expect(fhirCalls.map((c) => c.url.split('?')[0]).sort()).toEqual([
    '/fhir/AllergyIntolerance',
    '/fhir/Observation',
  ]);
  expect(new Set(fhirCalls.map((c) => c.authorization))).toEqual(
    new Set(['Bearer some-opaque-fhir-access-token']),
  );
  // The weight came from the FHIR server: the check was made with it.
  expect(cards.some((c) => c.summary.includes('daily maximum exceeded'))).toBe(true);
  const allergies = cards.find((c) => c.summary.includes("the patient's allergies"));
  expect(allergies).toMatchObject({ indicator: 'info' });
  expect(allergies?.detail).toContain('answered 500');
});

it('says what it could not read when nothing was prefetched and there is no FHIR server', async () => {
  const { fhirServer: _server, ...request } = orderSelect([medicationRequest(paracetamol)], {});
  const response = await service(request);
  const { cards } = response.json<{ cards: Card[] }>();
  const unread = cards.filter((c) => c.summary.startsWith('Could not read'));
  expect(unread).toHaveLength(6);
  expect(unread[0].detail).toContain('no fhirServer');
});

it('refuses draftOrders that are not a Bundle, storing nothing', async () => {
  const request = orderSelect([]);
  const response = await service({ ...request, context: { ...request.context, draftOrders: {} } });
  expect(response.statusCode).toBe(422);
});

it('stores feedback and counts it in the Alerts per rule', async () => {
  const { cards } = (await service(orderSelect([medicationRequest(paracetamol)]))).json<{
    cards: Card[];
  }>();
  const daily = cards.find((c) => c.summary.includes('daily maximum exceeded')) as Card;
  const feedback = await call('/cds-services/medref-medication-safety/feedback', {
    feedback: [
      {
        card: daily.uuid,
        outcome: 'overridden',
        overrideReason: {
          reason: daily.overrideReasons?.[0],
          userComment: 'Short course, monitored',
        },
        outcomeTimestamp: '2026-11-29T21:00:00Z',
      },
    ],
  });
  expect(feedback.statusCode).toBe(200);
  const unknown = await call('/cds-services/medref-medication-safety/feedback', {
    feedback: [
      {
        card: '00000000-0000-4000-8000-000000000000',
        outcome: 'accepted',
        outcomeTimestamp: '2026-11-29T21:00:00Z',
      },
    ],
  });
  expect(unknown.statusCode).toBe(404);

  const alerts = await client(t.app, admin).get('/cds-services/alerts');
  expect(alerts.statusCode).toBe(200);
  const rule = alerts
    .json<{
      data: {
        rule_kind: string;
        fired: number;
        overridden: number;
        accepted: number;
        override_reasons: { display: string; count: number }[];
      }[];
    }>()
    .data.find((r) => r.rule_kind === 'dosage' && r.overridden > 0);
  expect(rule).toMatchObject({ overridden: 1, accepted: 0 });
  expect(rule?.fired).toBeGreaterThanOrEqual(3);
  expect(rule?.override_reasons).toEqual([
    { code: 'benefit-outweighs-risk', display: 'Patient benefit outweighs risk', count: 1 },
  ]);
});

it('refuses console sessions at the CDS services, and client secrets everywhere else', async () => {
  expect((await call('/cds-services', undefined, admin)).statusCode).toBe(403);
  expect((await service(orderSelect([]))).statusCode).toBe(200);
  const viaSession = await t.app.inject({
    method: 'POST',
    url: '/cds-services/medref-medication-safety',
    headers: { authorization: `Bearer ${admin}` },
    payload: orderSelect([]),
  });
  expect(viaSession.statusCode).toBe(403);
  for (const url of ['/medication', '/auth/me', '/cds-services/alerts', '/api-clients']) {
    const response = await client(t.app, secret).get(url);
    expect([url, response.statusCode]).toEqual([url, 401]);
  }
  expect((await call('/cds-services', undefined, 'not-a-secret')).statusCode).toBe(401);
});

it('lists, and revokes a client, whose secret is then refused', async () => {
  const api = client(t.app, admin);
  const made = await api.post('/api-clients', { name: 'Short-lived EHR' });
  const { id, secret: other } = made.json<{ data: { id: number; secret: string } }>().data;
  const list = (await api.get('/api-clients')).json<{ data: Record<string, unknown>[] }>().data;
  expect(list.map((c) => c.name)).toEqual(['Short-lived EHR', 'Test EHR']);
  expect(list.every((c) => !('secret' in c))).toBe(true);
  expect((await call('/cds-services', undefined, other)).statusCode).toBe(200);
  const revoked = await api.delete(`/api-clients/${id}`);
  expect(revoked.statusCode).toBe(200);
  expect(revoked.json<{ data: { revoked_at: string | null } }>().data.revoked_at).not.toBeNull();
  expect((await call('/cds-services', undefined, other)).statusCode).toBe(401);
  expect((await api.delete('/api-clients/2147483000')).statusCode).toBe(404);

  // Access granted and withdrawn is on the record, by whom, without the secret, and is not undone
  // by a revert (that would hand a revoked EHR its access back).
  const history = (await api.get(`/audit?entity=api_client&entity_id=${id}`)).json<{
    data: { id: number; action: string; label: string; actor: { name: string }; changes: object }[];
  }>().data;
  expect(history.map((e) => [e.action, e.label, e.actor.name])).toEqual([
    ['update', 'Short-lived EHR', 'Test Admin'],
    ['create', 'Short-lived EHR', 'Test Admin'],
  ]);
  expect(JSON.stringify(history)).not.toContain('secret_hash');
  expect(JSON.stringify(history[0].changes)).toContain('revoked_at');
  const revert = await api.post(`/audit/${history[0].id}/revert`, {});
  expect(revert.statusCode).toBe(409);
  expect((await call('/cds-services', undefined, other)).statusCode).toBe(401);
  // Revoking again changes nothing, and records nothing.
  await api.delete(`/api-clients/${id}`);
  const again = (await api.get(`/audit?entity=api_client&entity_id=${id}`)).json<{
    data: unknown[];
  }>().data;
  expect(again).toHaveLength(2);
  const { rows } = await t.pool.query('SELECT secret_hash FROM api_clients WHERE id = $1', [
    clientId,
  ]);
  expect(Buffer.isBuffer(rows[0].secret_hash)).toBe(true);
});

it('answers order-sign as order-select', async () => {
  const request = orderSelect([medicationRequest(paracetamol)]);
  const { selections: _selections, ...context } = request.context;
  const response = await service({ ...request, hook: 'order-sign', context });
  expect(response.statusCode).toBe(200);
  const { cards } = response.json<{ cards: Card[] }>();
  expect(cards.some((c) => c.indicator === 'critical')).toBe(true);
  const { rows } = await t.pool.query<{ hook: string }>(
    'SELECT DISTINCT hook FROM cds_cards WHERE uuid = ANY($1::uuid[])',
    [cards.map((c) => c.uuid)],
  );
  expect(rows).toEqual([{ hook: 'order-sign' }]);
});

it("answers a client's secret with 401 on every operation but the CDS services", async () => {
  const others = [...routeDefinitions(loadContract()).values()].filter(
    (op) => !op.isPublic && !op.roles.includes(API_CLIENT_ROLE),
  );
  expect(others.length).toBeGreaterThan(60);
  const answers: string[] = [];
  for (const op of others) {
    const response = await t.app.inject({
      method: op.method,
      url: `/api/v1${op.url.replace(/:\w+/g, '2147483000')}`,
      headers: { authorization: `Bearer ${secret}` },
      ...(op.mediaTypes.length > 0 ? { payload: {} } : {}),
    });
    if (response.statusCode !== 401) answers.push(`${op.operationId}: ${response.statusCode}`);
  }
  expect(answers).toEqual([]);
});

it('reads an allergy by its medication code, and leaves out a resolved one', async () => {
  const allergy = (clinical: string) => ({
    resourceType: 'AllergyIntolerance',
    clinicalStatus: { coding: [{ code: clinical }] },
    code: { coding: [{ system: ATC, code: PARACETAMOL_ATC }] },
  });
  const cardsFor = async (clinical: string) =>
    (
      await service(
        orderSelect([medicationRequest(paracetamol, 500)], {
          ...PREFETCH,
          allergies: bundle(allergy(clinical)),
        }),
      )
    ).json<{ cards: Card[] }>().cards;
  const active = (await cardsFor('active')).find((c) => c.summary.includes('allergy'));
  expect(active).toMatchObject({ indicator: 'critical' });
  expect((await cardsFor('resolved')).some((c) => c.summary.includes('allergy'))).toBe(false);
});
