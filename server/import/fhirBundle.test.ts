import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { contractProblems } from '../test/contract';
import {
  client,
  countRows,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';
import { CANONICAL } from '../fhir/resources';
import { readBundle } from './fhirBundle';

/**
 * POST /import with a FHIR R4 Bundle: the FHIR export of the demo data imports onto an empty
 * database as the same resources, and onto its own database as unchanged; a Bundle's errors are
 * listed at once by entry and element; a dry run stores nothing and names the tests it alters; a
 * real import writes its history.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  await t.pool.query('DELETE FROM test_prescriptions');
  token = await signIn(t.app, { role: 'editor' });
});
afterAll(() => t.close());
afterEach(async () => {
  await t.app.testSuite.idle();
});

interface Resource {
  resourceType: string;
  id?: string;
  [element: string]: unknown;
}
interface Bundle {
  resourceType: 'Bundle';
  type: string;
  entry: { resource: Resource }[];
}

/** The draft's FHIR export (NDJSON), one resource a line. */
async function exportResources(app: TestApp, as: string): Promise<Resource[]> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/api/v1/fhir/r4/$export?release=draft',
    headers: { authorization: `Bearer ${as}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Resource);
}

/** The export's resources as one Bundle, as a client would upload them. */
const bundleOf = (resources: Resource[]): Bundle => ({
  resourceType: 'Bundle',
  type: 'collection',
  entry: resources.map((resource) => ({ resource })),
});

async function importBundle(
  app: TestApp,
  as: string,
  bundle: unknown,
  options: { dryRun?: boolean; fileName?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const url = `/api/v1/import?dry_run=${options.dryRun ?? true}&file_name=${encodeURIComponent(options.fileName ?? 'bundle.json')}`;
  const response = await app.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${as}`,
      'content-type': options.contentType ?? 'application/fhir+json',
    },
    payload: typeof bundle === 'string' ? bundle : JSON.stringify(bundle),
  });
  const problems = contractProblems('POST', url, response.statusCode, response.json());
  if (problems.length) throw new Error(`${problems.join('\n')}\n${response.body}`);
  return response;
}

/** Every reference table's rows and the history: what "stores nothing" is checked against. */
async function snapshot(app: TestApp) {
  const tables = [
    'conditions',
    'lifestyles',
    'ingredients',
    'drug_classes',
    'medications',
    'medication_contraindications',
    'lifestyle_contraindications',
    'medication_ingredients',
    'drug_class_members',
    'drug_interactions',
    'renal_rules',
  ];
  const rows: Record<string, unknown> = {};
  for (const table of tables)
    rows[table] = (await app.pool.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
  rows.history = await countRows(app.pool, 'audit_log');
  return rows;
}

/**
 * A resource without what names records by their ids in one database: resource ids, the
 * contained medications' identifiers, the codes of this server's condition and lifestyle ids.
 */
function withoutIds(resource: Resource): string {
  const own = new Set([`${CANONICAL}/CodeSystem/condition`, `${CANONICAL}/CodeSystem/lifestyle`]);
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'identifier') continue;
      out[key] = strip(item);
    }
    if (typeof out.system === 'string' && own.has(out.system)) delete out.code;
    return out;
  };
  const { id: _id, ...rest } = resource;
  return JSON.stringify(strip(rest));
}
const comparable = (resources: Resource[]) => resources.map(withoutIds).sort();

/**
 * The categories, which FHIR states only as a dosage's ranges (no resource of their own): imported
 * into `to` from the CSV exports of `from`, as a user would before the Bundle.
 */
async function importCategories(from: TestApp, fromToken: string, to: TestApp, toToken: string) {
  for (const [entity, path] of [
    ['age-categories', '/age-category'],
    ['weight-categories', '/weight-category'],
    ['renal-categories', '/renal-category'],
  ]) {
    const exported = await from.app.inject({
      method: 'GET',
      url: `/api/v1${path}?format=csv`,
      headers: { authorization: `Bearer ${fromToken}` },
    });
    expect(exported.statusCode).toBe(200);
    const url = `/api/v1/import?entity=${entity}&dry_run=false&file_name=categories.csv`;
    const response = await to.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${toToken}`, 'content-type': 'text/csv' },
      payload: exported.body,
    });
    expect(response.json().data.errors).toEqual([]);
    expect(response.statusCode).toBe(200);
  }
}

describe('round trip', () => {
  it('imports the FHIR export onto an empty database with no errors, as the same resources, and onto its own database as unchanged', async () => {
    const original = await exportResources(t, token);
    expect(original.length).toBeGreaterThan(0);
    const bundle = bundleOf(original);
    const fresh = await createTestApp();
    try {
      const freshToken = await signIn(fresh.app, { role: 'admin' });
      await importCategories(t, token, fresh, freshToken);
      const response = await importBundle(fresh, freshToken, bundle, {
        dryRun: false,
        fileName: 'demo.fhir.json',
      });
      const data = response.json().data;
      expect(data.errors).toEqual([]);
      expect(response.statusCode).toBe(200);
      expect(data).toMatchObject({ entity: 'fhir-bundle', stored: true, rows: original.length });
      expect(data.counts.created).toBeGreaterThan(0);
      // Each entity's records were created from the Bundle, each with its history entry.
      const { rows: created } = await fresh.pool.query<{ entity: string }>(
        `SELECT DISTINCT entity FROM audit_log WHERE reason = 'Import of demo.fhir.json'
          AND action = 'create' ORDER BY entity`,
      );
      expect(created.map((r) => r.entity)).toEqual(
        expect.arrayContaining([
          'condition',
          'lifestyle',
          'ingredient',
          'drug_class',
          'medication',
          'renal_rule',
          'drug_interaction',
        ]),
      );
      expect(comparable(await exportResources(fresh, freshToken))).toEqual(comparable(original));
    } finally {
      await fresh.close();
    }

    const before = await snapshot(t);
    const again = await importBundle(t, token, bundle);
    expect(await snapshot(t)).toEqual(before);
    expect(again.json().data.errors).toEqual([]);
    expect(again.json().data.counts.unchanged).toBeGreaterThan(original.length / 2);
    expect(again.json().data.changed).toEqual([]);
    expect(again.json().data.counts).toMatchObject({ errors: 0, created: 0, changed: 0 });
    expect(again.json().data.tests).toMatchObject({ altered: 0 });
  });
});

describe('errors', () => {
  it('lists every error of a Bundle at once, by entry and element, and stores nothing', async () => {
    const resources = await exportResources(t, token);
    const interaction = resources.find((r) => r.resourceType === 'MedicinalProductInteraction');
    const contraindication = resources.find(
      (r) =>
        r.resourceType === 'MedicinalProductContraindication' &&
        JSON.stringify(r.disease ?? '').includes('/CodeSystem/lifestyle'),
    );
    expect(interaction && contraindication).toBeTruthy();
    const badSeverity = JSON.parse(JSON.stringify(interaction)) as Resource;
    (badSeverity.extension as { valueCodeableConcept?: { coding: { code: string }[] } }[]).find(
      (e) => e.valueCodeableConcept,
    )!.valueCodeableConcept!.coding[0].code = 'severe';
    const unknownMedication = JSON.parse(JSON.stringify(interaction)) as Resource;
    const contained = unknownMedication.contained as { id: string; code: { text: string } }[];
    contained[1].code.text = 'Nosuchmed';
    delete (contained[1] as { identifier?: unknown }).identifier;
    const before = await snapshot(t);
    const response = await importBundle(
      t,
      token,
      {
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          { resource: interaction }, // 1: fine
          { resource: { resourceType: 'Patient', id: 'x' } }, // 2: not a type the import takes
          { resource: badSeverity }, // 3: unknown severity (and the pair of entry 1 again)
          { resource: unknownMedication }, // 4: no such medication
          { resource: contraindication }, // 5: its medication is not in the Bundle
          { fullUrl: 'urn:x' }, // 6: no resource
        ],
      },
      { dryRun: false },
    );
    expect(response.statusCode).toBe(422);
    const data = response.json().data;
    expect(data.stored).toBe(false);
    expect(data.rows).toBe(6);
    expect(
      data.errors.map((e: { row: number; field: string; entity?: string }) => [
        e.row,
        e.field,
        e.entity ?? null,
      ]),
    ).toEqual([
      [2, 'Bundle.entry.resource.resourceType', null],
      [3, 'MedicinalProductInteraction.extension:severity', 'drug-interactions'],
      [4, 'MedicinalProductInteraction.interactant', 'drug-interactions'],
      [5, 'MedicinalProductContraindication.subject', null],
      [6, 'Bundle.entry.resource', null],
    ]);
    expect(data.errors[2].message).toBe('no medication is named "Nosuchmed"');
    expect(response.json().errors['4.MedicinalProductInteraction.interactant']).toEqual([
      'no medication is named "Nosuchmed"',
    ]);
    expect(data.tests).toBeNull();
    expect(await snapshot(t)).toEqual(before);
  });

  it("reads a medication's renal guidelines as its renal rules: a GFR band that names no renal category is refused", async () => {
    const resources = await exportResources(t, token);
    const metformin = resources.find(
      (r) =>
        r.resourceType === 'MedicationKnowledge' && JSON.stringify(r.code).includes('Metformin'),
    );
    expect(metformin).toBeTruthy();
    const changed = JSON.parse(JSON.stringify(metformin)) as Resource;
    type Guideline = {
      dosage: { type: { coding: { code: string }[] }; dosage: { text: string }[] }[];
      patientCharacteristics: { value: string[] }[];
    };
    const renal = (changed.administrationGuidelines as Guideline[]).filter(
      (g) => g.dosage[0].type.coding[0].code === 'renal',
    );
    expect(renal.length).toBeGreaterThan(1);
    renal[0].patientCharacteristics[0].value = ['20–29 mL/min/1.73m2'];
    renal[1].dosage[0].dosage = [{ text: 'Avoid in this renal function band.' }];
    const before = await snapshot(t);
    const response = await importBundle(t, token, bundleOf([changed]), { dryRun: false });
    expect(response.statusCode).toBe(422);
    expect(response.json().data.errors).toEqual([
      {
        row: 1,
        entity: 'renal-rules',
        field: 'MedicationKnowledge.administrationGuidelines.patientCharacteristics',
        message: 'no renal category has the eGFR range 20 - 29',
      },
    ]);
    expect(await snapshot(t)).toEqual(before);
    // The other band's change is read as the rule's: it now avoids the medication.
    const fixed = JSON.parse(JSON.stringify(metformin)) as Resource;
    const band = (fixed.administrationGuidelines as Guideline[]).filter(
      (g) => g.dosage[0].type.coding[0].code === 'renal',
    )[0];
    band.dosage[0].dosage = [{ text: 'Avoid in this renal function band.' }];
    const dry = (await importBundle(t, token, bundleOf([fixed]))).json().data;
    expect(dry.errors).toEqual([]);
    expect(dry.changed).toEqual([
      expect.objectContaining({
        entity: 'renal-rules',
        changes: expect.objectContaining({ Avoid: { before: 'No', after: 'Yes' } }),
      }),
    ]);
  });

  it("names rows by their entries, in the checks' messages too", async () => {
    const resources = await exportResources(t, token);
    const interaction = resources.find((r) => r.resourceType === 'MedicinalProductInteraction');
    const patient = { resourceType: 'Patient' };
    const response = await importBundle(t, token, {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [patient, interaction, patient, interaction].map((resource) => ({ resource })),
    });
    expect(response.json().data.errors).toEqual([
      expect.objectContaining({ row: 1, field: 'Bundle.entry.resource.resourceType' }),
      expect.objectContaining({ row: 3, field: 'Bundle.entry.resource.resourceType' }),
      {
        row: 4,
        entity: 'drug-interactions',
        field: 'MedicinalProductInteraction.subject',
        message: 'repeats the pair of medications of row 2',
      },
    ]);
  });

  it('names a body that is no Bundle, and wants entity for a CSV only', async () => {
    // No entry of such a body can be read: it is a wrong request, not a file with errors.
    const notJson = await importBundle(t, token, '{"resourceType": "Bundle"');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toContain('is not valid JSON');
    for (const body of [{ resourceType: 'Patient' }, [1, 2], '"Bundle"', 'null']) {
      const wrong = await importBundle(t, token, body, { contentType: 'application/json' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toContain('is not a FHIR Bundle');
    }
    for (const [body, message] of [
      [{ resourceType: 'Bundle', entry: 'many' }, "The Bundle's entry is not of its FHIR type."],
      [{ resourceType: 'Bundle', rows: [] }, 'rows is no element of a FHIR Bundle.'],
    ] as const) {
      const wrong = await importBundle(t, token, body);
      expect([wrong.statusCode, wrong.json().message]).toEqual([400, message]);
    }
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?dry_run=true',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: '"Name"\r\n"X"\r\n',
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe('entity is required for a CSV file');
    expect(contractProblems('POST', '/api/v1/import?dry_run=true', 400, csv.json())).toEqual([]);
    const withEntity = await t.app.inject({
      method: 'POST',
      url: '/api/v1/import?entity=conditions',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
      payload: JSON.stringify({ resourceType: 'Bundle', type: 'collection' }),
    });
    expect(withEntity.statusCode).toBe(400);
  });
});

it('reads a Bundle up to its limit: past it, a 413', async () => {
  const body = JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: [] });
  await expect(
    readBundle(Readable.from([Buffer.from(body)]), body.length - 1),
  ).rejects.toMatchObject({
    statusCode: 413,
  });
  await expect(readBundle(Readable.from([Buffer.from(body)]), body.length)).resolves.toEqual({
    parts: [],
    rows: 0,
    problems: [],
  });
});

describe('dry run and import', () => {
  it('stores nothing on a dry run and names the tests it alters; an import writes its history', async () => {
    const api = client(t.app, token);
    const med = await idsByName(t.pool, 'medications');
    const test = await api.post('/test-prescription', {
      name: 'Warfarin with ibuprofen',
      request: {
        medication_ids: [med.Warfarin, med.Ibuprofen],
        patient: { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' },
      },
    });
    expect(test.statusCode).toBe(201);
    await t.app.testSuite.idle();
    const { rows } = await t.pool.query<{ id: number }>(
      `SELECT id FROM drug_interactions
        WHERE least(medication_id, interacting_medication_id) = least($1::int, $2::int)
          AND greatest(medication_id, interacting_medication_id) = greatest($1::int, $2::int)`,
      [med.Warfarin, med.Ibuprofen],
    );
    const resources = await exportResources(t, token);
    const found = resources.find(
      (r) => r.resourceType === 'MedicinalProductInteraction' && r.id === String(rows[0].id),
    );
    expect(found).toBeDefined();
    const milder = JSON.parse(
      JSON.stringify(found).replaceAll('"major"', '"moderate"'),
    ) as Resource;
    // Warfarin's own resources too, as they are: several entities in one import, of which only
    // the interaction changes.
    const warfarin = resources.filter((r) =>
      r.resourceType === 'MedicationKnowledge'
        ? r.id === String(med.Warfarin)
        : r.resourceType === 'MedicinalProductContraindication' &&
          JSON.stringify(r.subject).includes('"Warfarin"'),
    );
    expect(warfarin.length).toBeGreaterThan(1);
    const bundle = bundleOf([...warfarin, milder]);

    const before = await snapshot(t);
    const dry = await importBundle(t, token, bundle);
    expect(dry.statusCode).toBe(200);
    const preview = dry.json().data;
    expect(preview.errors).toEqual([]);
    expect(preview.changed).toEqual([
      expect.objectContaining({
        row: warfarin.length + 1,
        entity: 'drug-interactions',
        id: rows[0].id,
        changes: { Severity: { before: 'Major', after: 'Moderate' } },
      }),
    ]);
    expect(preview.counts).toMatchObject({ errors: 0, created: 0, changed: 1 });
    expect(preview.unchanged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 1, entity: 'medications', label: 'Warfarin' }),
      ]),
    );
    expect(preview.tests).toMatchObject({ altered: 1, worse: 1 });
    expect(preview.tests.tests[0]).toMatchObject({ id: test.json().data.id });
    expect(await snapshot(t)).toEqual(before);

    const stored = await importBundle(t, token, bundle, {
      dryRun: false,
      fileName: 'interactions.fhir.json',
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toMatchObject({ stored: true, counts: { errors: 0, changed: 1 } });
    const { rows: entries } = await t.pool.query(
      `SELECT action, reason FROM audit_log WHERE entity = 'drug_interaction' AND entity_id = $1
        ORDER BY id DESC LIMIT 1`,
      [rows[0].id],
    );
    expect(entries).toEqual([{ action: 'update', reason: 'Import of interactions.fhir.json' }]);
    await t.pool.query('DELETE FROM test_prescriptions');
  });
});
