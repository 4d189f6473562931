import pg from 'pg';
import type { Schema } from '../contract';
import { seedTestPrescriptions } from '../db/seed-test-prescriptions';
import {
  client,
  countRows,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';

/**
 * Test prescriptions on the demo data: CRUD, runs after changes to the reference data, accept,
 * the background re-run, the impact preview (nothing stored, concurrent writes), import/export.
 */
let t: TestApp;
let api: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let editor: ReturnType<typeof client>;
let med: Record<string, number>;
let condition: Record<string, number>;

type Run = Schema<'TestPrescriptionRunResult'>;
type TestPrescription = Schema<'TestPrescription'>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  // Each test here makes its own test prescriptions.
  await t.pool.query('DELETE FROM test_prescriptions');
  api = client(t.app, await signIn(t.app));
  viewer = client(t.app, await signIn(t.app, { role: 'viewer' }));
  editor = client(t.app, await signIn(t.app, { role: 'editor' }));
  med = await idsByName(t.pool, 'medications');
  condition = await idsByName(t.pool, 'conditions');
});
afterAll(() => t.close());
afterEach(async () => {
  await t.app.testSuite.idle();
});

const adult = { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' };
const prescribed = (medication_id: number, dose: number) => ({
  medication_id,
  dose,
  dose_unit: 'mg',
  frequency: 8,
  frequency_unit: 'hours',
  duration: 3,
  duration_unit: 'days',
});

async function create(name: string, request: object, more: object = {}) {
  const response = await api.post('/test-prescription', { name, request, ...more });
  expect(response.statusCode).toBe(201);
  return response.json().data as TestPrescription;
}

async function interactionId(a: string, b: string) {
  const { rows } = await t.pool.query<{ id: number; severity: string; description: string }>(
    `SELECT id, severity, description FROM drug_interactions
      WHERE least(medication_id, interacting_medication_id) = least($1::int, $2::int)
        AND greatest(medication_id, interacting_medication_id) = greatest($1::int, $2::int)`,
    [med[a], med[b]],
  );
  return rows[0];
}

/** Named medications only: their dose checks are not_checked, the interaction sets the verdict. */
function wiRequest() {
  return { medication_ids: [med.Warfarin, med.Ibuprofen], patient: adult };
}

describe('CRUD', () => {
  it('saves a check with its current outcome as expected, reads, updates and deletes it, with history', async () => {
    const created = await create('Warfarin and ibuprofen', wiRequest());
    expect(created.expected.verdict).toBe('major');
    // The finding names the interaction record it comes from.
    expect(created.expected.findings).toContainEqual({
      kind: 'interaction',
      medication_ids: [med.Warfarin, med.Ibuprofen].sort((a, b) => a - b),
      severity: 'major',
      interaction_id: (await interactionId('Warfarin', 'Ibuprofen')).id,
    });
    expect(created.min_verdict).toBeNull();
    expect(created.last_result).toMatchObject({ status: 'pass', audit_id: null });

    const read = await viewer.get(`/test-prescription/${created.id}`);
    expect(read.json().data.medications.map((m: { name: string }) => m.name)).toEqual([
      'Warfarin',
      'Ibuprofen',
    ]);
    const list = await viewer.get('/test-prescription');
    expect(list.json().meta).toMatchObject({ total: 1, passing: 1, changed: 0, not_run: 0 });

    const updated = await api.put('/test-prescription', {
      id: created.id,
      name: 'Warfarin with ibuprofen',
      note: 'Bleeding risk',
      request: wiRequest(),
      reason: 'Clearer name',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Warfarin with ibuprofen',
      note: 'Bleeding risk',
    });

    const history = await api.get(`/audit?entity=test_prescription&entity_id=${created.id}`);
    expect(history.json().data.map((e: { action: string }) => e.action)).toEqual([
      'update',
      'create',
    ]);

    expect(
      (await viewer.post('/test-prescription', { name: 'x', request: wiRequest() })).statusCode,
    ).toBe(403);
    expect((await api.delete(`/test-prescription/${created.id}`)).statusCode).toBe(200);
    expect(await countRows(t.pool, 'test_prescriptions')).toBe(0);
    expect((await api.get(`/test-prescription/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses a request the safety check refuses, naming the field, and stores nothing', async () => {
    const response = await api.post('/test-prescription', {
      name: 'Unknown medication',
      request: { medications: [{ medication_id: 999999 }], patient: adult },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'request.medications': ['No such medication: 999999'],
    });
    const duplicate = await api.post('/test-prescription', {
      name: 'Implausible',
      request: {
        medications: [{ medication_id: med.Warfarin }],
        patient: { age: 200, age_unit: 'years' },
      },
    });
    expect(duplicate.json().errors).toHaveProperty(['request.patient.age']);
    expect(await countRows(t.pool, 'test_prescriptions')).toBe(0);
  });
});

describe('runs after changes to the reference data', () => {
  afterEach(async () => {
    await t.pool.query('DELETE FROM test_prescriptions');
  });

  it('reports a changed interaction severity', async () => {
    const test = await create('W+I', wiRequest());
    const interaction = await interactionId('Warfarin', 'Ibuprofen');
    const changed = await api.put('/drug-interaction', {
      id: interaction.id,
      severity: 'moderate',
      description: interaction.description,
      reason: 'test',
    });
    expect(changed.statusCode).toBe(200);
    const run = await viewer.post(`/test-prescription/${test.id}/run`);
    const [result] = run.json().data as Run[];
    // A bleeding risk downgraded from major to moderate protects the patient less.
    expect(result.status).toBe('worse');
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'verdict_changed',
          from: 'major',
          to: 'moderate',
          worse: true,
        }),
        expect.objectContaining({
          kind: 'severity_changed',
          finding: expect.objectContaining({ kind: 'interaction', severity: 'major' }),
          from: 'major',
          to: 'moderate',
          worse: true,
        }),
      ]),
    );
    await api.put('/drug-interaction', { ...interaction, reason: 'back' });
  });

  it('reports a dose range change as a finding added', async () => {
    const request = {
      medications: [prescribed(med.Ibuprofen, 600)],
      patient: adult,
    };
    const test = await create('Ibuprofen 600 mg', request);
    expect(test.expected.findings.filter((f) => f.kind === 'dose')).toEqual([]);
    const { rows } = await t.pool.query(
      `SELECT d.* FROM weight_category_dosages d JOIN weight_categories c ON c.id = d.weight_category_id
        WHERE d.medication_id = $1 AND c.category_name = 'Normal'`,
      [med.Ibuprofen],
    );
    const dosage = rows[0];
    const update = {
      id: dosage.id,
      min_dosage: 200,
      max_dosage: 400,
      dosage_unit: 'mg',
      min_frequency: dosage.min_frequency,
      max_frequency: dosage.max_frequency,
      frequency_unit: dosage.frequency_unit,
      min_duration: dosage.min_duration,
      max_duration: dosage.max_duration,
      duration_unit: dosage.duration_unit,
    };
    expect((await api.put('/medication/update-weight-based-dosage', update)).statusCode).toBe(200);
    const [result] = (await api.post('/test-prescription/run', { ids: [test.id] })).json()
      .data as Run[];
    // A new warning is a change, not a loss.
    expect(result.status).toBe('changed');
    expect(result.differences).toContainEqual(
      expect.objectContaining({
        kind: 'finding_added',
        finding: {
          kind: 'dose',
          medication_ids: [med.Ibuprofen],
          severity: 'major',
          basis: 'weight',
          dosage_id: dosage.id,
        },
        worse: false,
      }),
    );
    await api.put('/medication/update-weight-based-dosage', {
      ...update,
      min_dosage: dosage.min_dosage,
      max_dosage: dosage.max_dosage,
    });
  });

  it('reports a deleted contraindication as a finding removed', async () => {
    const request = {
      medications: [prescribed(med.Ibuprofen, 400)],
      patient: { ...adult, condition_ids: [condition['Peptic ulcer']] },
    };
    const test = await create('Ibuprofen in peptic ulcer', request);
    const link = { medication_id: med.Ibuprofen, condition_id: condition['Peptic ulcer'] };
    expect((await api.delete('/medication/remove-contraindication', link)).statusCode).toBe(200);
    const [result] = (await api.post('/test-prescription/run')).json().data as Run[];
    expect(result.id).toBe(test.id);
    expect(result.status).toBe('worse');
    expect(result.differences).toContainEqual(
      expect.objectContaining({
        kind: 'finding_removed',
        finding: expect.objectContaining({
          kind: 'condition',
          medication_ids: [med.Ibuprofen],
          condition_id: condition['Peptic ulcer'],
        }),
        worse: true,
      }),
    );
    await api.put('/medication/add-contraindications', link);
  });

  it('re-runs in the background after a write and names the change; accepting a downgrade needs a reason and is marked in the history', async () => {
    const test = await create('W+I background', wiRequest());
    const interaction = await interactionId('Warfarin', 'Ibuprofen');
    const changed = await api.put('/drug-interaction', {
      id: interaction.id,
      severity: 'minor',
      description: interaction.description,
      reason: 'background',
    });
    expect(changed.statusCode).toBe(200);
    const entry = (
      await api.get(`/audit?entity=drug_interaction&entity_id=${interaction.id}`)
    ).json().data[0];
    await t.app.testSuite.idle();
    const stored = (await viewer.get(`/test-prescription/${test.id}`)).json().data;
    expect(stored.last_result).toMatchObject({
      status: 'worse',
      audit_id: entry.id,
      audit_label: 'Warfarin + Ibuprofen',
    });
    expect((await viewer.get('/test-prescription')).json().meta).toMatchObject({
      total: 1,
      passing: 0,
      worse: 1,
      changed: 0,
    });

    const unexplained = await api.post(`/test-prescription/${test.id}/accept`, {});
    expect(unexplained.statusCode).toBe(422);
    expect(unexplained.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { reason: [expect.any(String)] },
    });
    const blank = await api.post(`/test-prescription/${test.id}/accept`, { reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('reason');
    expect((await viewer.get(`/test-prescription/${test.id}`)).json().data.expected.verdict).toBe(
      'major',
    );
    expect(
      (await viewer.post(`/test-prescription/${test.id}/accept`, { reason: 'x' })).statusCode,
    ).toBe(403);
    const accepted = await api.post(`/test-prescription/${test.id}/accept`, {
      reason: 'Minor is right for this pair',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.expected.verdict).toBe('minor');
    expect(accepted.json().data.last_result.status).toBe('pass');
    const history = (await api.get(`/audit?entity=test_prescription&entity_id=${test.id}`)).json()
      .data[0];
    expect(history).toMatchObject({
      action: 'update',
      reason: 'Downgrade accepted: Minor is right for this pair',
    });
    expect(history.changes.expected.to.verdict).toBe('minor');
    await api.put('/drug-interaction', { ...interaction, reason: 'back' });
  });

  it('runs started together, by users and by the background re-run, all finish and store their results', async () => {
    const tests = [
      await create('W+I together', wiRequest()),
      await create('Ibuprofen alone together', { medications: [prescribed(med.Ibuprofen, 400)] }),
    ];
    const ids = tests.map((test) => test.id);
    const before = await t.pool.query<{ last_run_at: Date }>(
      'SELECT max(last_run_at) AS last_run_at FROM test_prescriptions',
    );
    // Every run rewrites the same rows: taken at once, all but one of them would lose to another.
    t.app.testSuite.schedule();
    const runs = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => viewer.post(`/test-prescription/${ids[i % 2]}/run`)),
      editor.post('/test-prescription/run', { ids }),
      api.post('/test-prescription/run'),
    ]);
    expect(runs.map((run) => run.statusCode)).toEqual(Array(7).fill(200));
    for (const run of runs) {
      const statuses = (run.json().data as Run[]).map((result) => result.status);
      expect(statuses).toEqual(statuses.length === 1 ? ['pass'] : ['pass', 'pass']);
    }
    await t.app.testSuite.idle();
    const { rows } = await t.pool.query<{ last_status: string; last_run_at: Date }>(
      'SELECT last_status, last_run_at FROM test_prescriptions WHERE id = ANY($1::int[])',
      [ids],
    );
    expect(rows.map((row) => row.last_status)).toEqual(['pass', 'pass']);
    for (const row of rows) {
      expect(row.last_run_at.getTime()).toBeGreaterThan(before.rows[0].last_run_at.getTime());
    }
  });
});

describe('worse, changed and floors', () => {
  afterEach(async () => {
    await t.pool.query('DELETE FROM test_prescriptions');
  });

  /** The demo's infant age category (1 to 12 months) as the update takes it. */
  async function infantCategory() {
    const { rows } = await t.pool.query<{
      id: number;
      category_name: string | null;
      description: string | null;
    }>(
      `SELECT id, category_name, description FROM age_categories
        WHERE min_age = 1 AND max_age = 12 AND age_unit = 'months'`,
    );
    const infant = rows[0];
    return (minimum_age: number) => ({
      id: infant.id,
      minimum_age,
      maximum_age: 12,
      unit: 'months',
      category: infant.category_name,
      description: infant.description,
    });
  }

  it("narrowing the infant age category must not leave 'Morphine for a 6-month-old' passing when a different could-not-check replaced the old one", async () => {
    // Named only, with no weight: the infant rule applies, and what was not prescribed cannot be
    // compared with it (one "could not check"); the weight-based dosages cannot be checked either.
    const test = await create('Morphine for a 6-month-old', {
      medications: [{ medication_id: med.Morphine }],
      patient: { age: 6, age_unit: 'months' },
    });
    expect(test.expected.complete).toBe(false);
    const ruleApplied = test.expected.findings.find(
      (f) => f.kind === 'not_checked' && f.reason === 'not_prescribed',
    );
    expect(ruleApplied).toBeDefined();
    const infant = await infantCategory();

    // The preview of narrowing the band to 7–12 months already counts the test as worse.
    const preview = await api.post('/test-prescription/impact', {
      operation: 'updateAgeCategory',
      body: infant(7),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ total: 1, altered: 1, worse: 1 });
    expect(preview.json().data.tests[0]).toMatchObject({ id: test.id, status: 'worse' });

    expect((await api.put('/age-category', { ...infant(7), reason: 'narrowed' })).statusCode).toBe(
      200,
    );
    try {
      const [result] = (await api.post('/test-prescription/run', { ids: [test.id] })).json()
        .data as Run[];
      // No age rule applies any more: the old "could not check" is gone, another took its place.
      expect(result.status).toBe('worse');
      expect(result.differences).toContainEqual(
        expect.objectContaining({ kind: 'finding_removed', finding: ruleApplied, worse: true }),
      );
      expect(result.actual?.findings).toContainEqual(
        expect.objectContaining({ kind: 'not_checked', reason: 'no_band', basis: 'age' }),
      );
    } finally {
      await api.put('/age-category', { ...infant(1), reason: 'back' });
    }
  });

  it('a raised verdict is changed, counted apart from worse, and accepting it is no downgrade', async () => {
    const test = await create('W+I raised', wiRequest());
    const interaction = await interactionId('Warfarin', 'Ibuprofen');
    const raise = {
      id: interaction.id,
      severity: 'contraindicated',
      description: interaction.description,
    };
    const preview = await api.post('/test-prescription/impact', {
      operation: 'updateDrugInteraction',
      body: raise,
    });
    expect(preview.json().data).toMatchObject({ total: 1, altered: 1, worse: 0 });
    expect(preview.json().data.tests[0].status).toBe('changed');

    expect((await api.put('/drug-interaction', raise)).statusCode).toBe(200);
    try {
      const [result] = (await api.post('/test-prescription/run', { ids: [test.id] })).json()
        .data as Run[];
      expect(result.status).toBe('changed');
      expect(result.differences.every((d) => !d.worse)).toBe(true);
      expect((await viewer.get('/test-prescription')).json().meta).toMatchObject({
        worse: 0,
        changed: 1,
      });
      const accepted = await api.post(`/test-prescription/${test.id}/accept`, {
        reason: 'Contraindicated is right',
      });
      expect(accepted.statusCode).toBe(200);
      const entry = (await api.get(`/audit?entity=test_prescription&entity_id=${test.id}`)).json()
        .data[0];
      expect(entry.reason).toBe('Contraindicated is right');
    } finally {
      await api.put('/drug-interaction', { ...interaction, reason: 'back' });
    }
  });

  it('a floor ("at least major"): stored and exported, a run below it is worse, and accepting cannot lift it', async () => {
    for (const floor of ['none', 'severe']) {
      const refused = await api.post('/test-prescription', {
        name: `Floor ${floor}`,
        request: wiRequest(),
        min_verdict: floor,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toHaveProperty('min_verdict');
    }
    expect(await countRows(t.pool, 'test_prescriptions')).toBe(0);

    const test = await create('W+I at least major', wiRequest(), { min_verdict: 'major' });
    expect(test).toMatchObject({ min_verdict: 'major', last_result: { status: 'pass' } });
    const exported = (await viewer.get('/test-prescription/export')).json();
    expect(exported[0].min_verdict).toBe('major');

    const interaction = await interactionId('Warfarin', 'Ibuprofen');
    const lowered = {
      id: interaction.id,
      severity: 'moderate',
      description: interaction.description,
    };
    expect((await api.put('/drug-interaction', lowered)).statusCode).toBe(200);
    try {
      const [result] = (await api.post('/test-prescription/run', { ids: [test.id] })).json()
        .data as Run[];
      expect(result.status).toBe('worse');
      expect(result.differences).toContainEqual({
        kind: 'below_floor',
        from: 'major',
        to: 'moderate',
        message: "Verdict moderate is below this test's floor: at least major",
        worse: true,
      });
      const refused = await api.post(`/test-prescription/${test.id}/accept`, { reason: 'x' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/floor/);
      expect((await viewer.get(`/test-prescription/${test.id}`)).json().data.expected.verdict).toBe(
        'major',
      );

      // An update that leaves the floor out keeps it; one that names it changes it.
      const renamed = await api.put('/test-prescription', {
        id: test.id,
        name: 'W+I floor',
        request: wiRequest(),
      });
      expect(renamed.json().data.min_verdict).toBe('major');
      const lowerFloor = await api.put('/test-prescription', {
        id: test.id,
        name: 'W+I floor',
        request: wiRequest(),
        min_verdict: 'moderate',
        reason: 'Moderate is enough to alert',
      });
      expect(lowerFloor.json().data).toMatchObject({
        min_verdict: 'moderate',
        last_result: { status: 'worse' },
      });
      const accepted = await api.post(`/test-prescription/${test.id}/accept`, {
        reason: 'Moderate is right for this pair',
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().data.last_result.status).toBe('pass');
      const history = (await api.get(`/audit?entity=test_prescription&entity_id=${test.id}`)).json()
        .data as Schema<'AuditEntry'>[];
      expect(history[0].reason).toBe('Downgrade accepted: Moderate is right for this pair');
      expect(history[1].changes.min_verdict).toEqual({ from: 'major', to: 'moderate' });

      const cleared = await api.put('/test-prescription', {
        id: test.id,
        name: 'W+I floor',
        request: wiRequest(),
        min_verdict: null,
      });
      expect(cleared.json().data.min_verdict).toBeNull();
    } finally {
      await api.put('/drug-interaction', { ...interaction, reason: 'back' });
    }
  });

  it('an expected outcome saved before findings named their rule is compared as before, then stores its rules without a history entry', async () => {
    const test = await create('W+I saved long ago', wiRequest());
    await t.pool.query(
      `UPDATE test_prescriptions SET expected_rules = false,
              expected = jsonb_set(expected, '{findings}', (
                SELECT coalesce(jsonb_agg(jsonb_build_object('kind', f->'kind',
                         'medication_ids', f->'medication_ids', 'severity', f->'severity')), '[]')
                  FROM jsonb_array_elements(expected->'findings') f))
        WHERE id = $1`,
      [test.id],
    );
    const entries = await countRows(t.pool, "audit_log WHERE entity = 'test_prescription'");
    const [result] = (await api.post('/test-prescription/run', { ids: [test.id] })).json()
      .data as Run[];
    expect(result.status).toBe('pass');
    const stored = (await viewer.get(`/test-prescription/${test.id}`)).json().data;
    expect(stored.expected).toEqual(test.expected);
    expect(await countRows(t.pool, "audit_log WHERE entity = 'test_prescription'")).toBe(entries);
  });
});

/** Every table's row count. */
async function tableCounts(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) counts[table_name] = await countRows(t.pool, table_name);
  return counts;
}

describe('impact preview', () => {
  afterEach(async () => {
    await t.pool.query('DELETE FROM test_prescriptions');
  });

  it('answers the tests a write would alter and leaves every table, the history and the versions as they were', async () => {
    const test = await create('W+I impact', wiRequest());
    await create('Paracetamol alone', {
      medications: [prescribed(med.Paracetamol, 500)],
      patient: adult,
    });
    await t.app.testSuite.idle();
    const interaction = await interactionId('Warfarin', 'Ibuprofen');
    const before = await tableCounts();
    const versions = (await t.pool.query('SELECT * FROM table_versions ORDER BY 1')).rows;
    const interactionsList = (await api.get('/drug-interaction')).body;
    const stored = (await t.pool.query('SELECT * FROM test_prescriptions ORDER BY id')).rows;

    const response = await api.post('/test-prescription/impact', {
      operation: 'updateDrugInteraction',
      body: {
        id: interaction.id,
        severity: 'moderate',
        description: interaction.description,
        reason: 'x',
      },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ total: 2, altered: 1, worse: 1 });
    expect(data.tests[0]).toMatchObject({ id: test.id, status: 'worse' });
    expect(data.tests[0].differences).toContainEqual(
      expect.objectContaining({ kind: 'verdict_changed', from: 'major', to: 'moderate' }),
    );

    // A delete addressed by path, with its body.
    const deletion = await api.post('/test-prescription/impact', {
      operation: 'deleteMedication',
      params: { id: med.Ibuprofen },
      body: { reason: 'gone' },
    });
    expect(deletion.statusCode).toBe(200);
    expect(deletion.json().data.tests[0].differences[0].kind).toBe('request_invalid');

    await t.app.testSuite.idle();
    expect(await tableCounts()).toEqual(before);
    expect((await t.pool.query('SELECT * FROM table_versions ORDER BY 1')).rows).toEqual(versions);
    expect((await t.pool.query('SELECT * FROM test_prescriptions ORDER BY id')).rows).toEqual(
      stored,
    );
    expect((await api.get('/drug-interaction')).body).toBe(interactionsList);
    expect((await interactionId('Warfarin', 'Ibuprofen')).severity).toBe('major');
  });

  it("answers the write's own refusal in the write's shape, and needs params.id where the write does", async () => {
    const interaction = await interactionId('Warfarin', 'Ibuprofen');
    const body = { id: interaction.id, severity: 'severe', description: interaction.description };
    const write = await api.put('/drug-interaction', body);
    const preview = await api.post('/test-prescription/impact', {
      operation: 'updateDrugInteraction',
      body,
    });
    expect(write.statusCode).toBe(422);
    expect(preview.statusCode).toBe(422);
    expect(preview.json()).toEqual(write.json());
    const missing = await api.post('/test-prescription/impact', { operation: 'deleteMedication' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty(['params.id']);
    expect(
      (
        await viewer.post('/test-prescription/impact', {
          operation: 'deleteMedication',
          params: { id: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });

  /** Holds every preview (after its snapshot) until `release`, with a lock on the tests' table. */
  async function holdPreviews() {
    const url = (t.pool as unknown as { options: { connectionString: string } }).options
      .connectionString;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE test_prescriptions IN ACCESS EXCLUSIVE MODE');
    return async () => {
      await holder.query('COMMIT');
      await holder.end();
    };
  }

  it('does not see a real write committed while it runs, and does not lose it', async () => {
    await create('W+I concurrent', wiRequest());
    await create('Warfarin + fluconazole', {
      medication_ids: [med.Warfarin, med.Fluconazole],
      patient: adult,
    });
    await t.app.testSuite.idle();
    const wi = await interactionId('Warfarin', 'Ibuprofen');
    const wf = await interactionId('Warfarin', 'Fluconazole');
    const release = await holdPreviews();
    const preview = api.post('/test-prescription/impact', {
      operation: 'updateDrugInteraction',
      body: { id: wi.id, severity: 'minor', description: wi.description },
    });
    await waitFor(async () => (await waiting()) >= 1);
    const other = await api.put('/drug-interaction', {
      id: wf.id,
      severity: 'moderate',
      description: wf.description,
    });
    expect(other.statusCode).toBe(200);
    await release();
    const answer = await preview;
    expect(answer.statusCode).toBe(200);
    // Its own change only: Warfarin + fluconazole, changed by the real write, is not among them.
    const { tests } = answer.json().data;
    expect(tests.map((x: { name: string }) => x.name)).toEqual(['W+I concurrent']);
    expect(tests[0].differences).toContainEqual(
      expect.objectContaining({ kind: 'verdict_changed', from: 'major', to: 'minor' }),
    );
    expect((await interactionId('Warfarin', 'Fluconazole')).severity).toBe('moderate');
    expect((await interactionId('Warfarin', 'Ibuprofen')).severity).toBe('major');
    await api.put('/drug-interaction', {
      id: wf.id,
      severity: 'major',
      description: wf.description,
    });
  });

  it('starts again on a fresh snapshot when a real write of the same record gets in first, and keeps it', async () => {
    await create('W+I same record', wiRequest());
    const wi = await interactionId('Warfarin', 'Ibuprofen');
    const release = await holdPreviews();
    const preview = api.post('/test-prescription/impact', {
      operation: 'updateDrugInteraction',
      body: { id: wi.id, severity: 'minor', description: wi.description },
    });
    await waitFor(async () => (await waiting()) >= 1);
    const real = await api.put('/drug-interaction', {
      id: wi.id,
      severity: 'moderate',
      description: wi.description,
    });
    expect(real.statusCode).toBe(200);
    await release();
    const answer = await preview;
    expect(answer.statusCode).toBe(200);
    // Measured from the record as the real write left it.
    expect(answer.json().data.tests[0].differences).toContainEqual(
      expect.objectContaining({ kind: 'verdict_changed', from: 'moderate', to: 'minor' }),
    );
    expect((await interactionId('Warfarin', 'Ibuprofen')).severity).toBe('moderate');
    await api.put('/drug-interaction', {
      id: wi.id,
      severity: 'major',
      description: wi.description,
    });
  });
});

/**
 * The writes of drug classes, ingredients and renal rules previewed on the demo's own test
 * prescriptions: each of these tests stands for a warning the demo data gives only through one of
 * those rules.
 */
describe('impact preview of class, ingredient and renal rules on the demo tests', () => {
  beforeAll(async () => {
    const connection = await t.pool.connect();
    try {
      await seedTestPrescriptions(connection);
    } finally {
      connection.release();
    }
  });
  afterAll(async () => {
    await t.pool.query('DELETE FROM test_prescriptions');
  });

  type Impact = Schema<'TestPrescriptionImpactResult'>;

  /** Everything a preview must leave as it was: every table's rows, the versions, the tests. */
  async function stored() {
    return {
      counts: await tableCounts(),
      versions: (await t.pool.query('SELECT * FROM table_versions ORDER BY 1')).rows,
      tests: (await t.pool.query('SELECT * FROM test_prescriptions ORDER BY id')).rows,
    };
  }

  /** Previews the write; checks that it answered and stored nothing. */
  async function preview(change: object): Promise<Impact> {
    const before = await stored();
    const response = await api.post('/test-prescription/impact', change);
    expect(response.statusCode).toBe(200);
    await t.app.testSuite.idle();
    expect(await stored()).toEqual(before);
    return response.json().data as Impact;
  }

  /** The demo test of that name as the preview reports it (undefined when not altered). */
  const altered = (impact: Impact, name: string) => impact.tests.find((x) => x.name === name);

  /** Checks that the preview calls the test `name` worse for losing a finding like `finding`. */
  function expectWorseWithout(impact: Impact, name: string, finding: object) {
    const test = altered(impact, name);
    expect(test?.status).toBe('worse');
    expect(test?.differences).toContainEqual(
      expect.objectContaining({
        kind: 'finding_removed',
        finding: expect.objectContaining(finding),
        worse: true,
      }),
    );
    return test;
  }

  /** The id of the one row `sql` selects. */
  async function oneId(sql: string, values: unknown[] = []): Promise<number> {
    const { rows } = await t.pool.query<{ id: number }>(sql, values);
    expect(rows).toHaveLength(1);
    return rows[0].id;
  }

  it('removing the SSRI + NSAID class rule would silently lose the bleeding warning for sertraline with ibuprofen: the preview must say that test gets worse', async () => {
    const ruleId = await oneId(
      `SELECT r.id FROM class_rules r
         JOIN drug_classes a ON a.id = r.drug_class_id JOIN drug_classes b ON b.id = r.other_class_id
        WHERE r.kind = 'interaction' AND a.name = 'SSRIs' AND b.name = 'NSAIDs'`,
    );
    const impact = await preview({ operation: 'deleteClassRule', body: { id: ruleId } });
    // The only warning of the pair is the class rule's: without it the pair passes as safe.
    const test = expectWorseWithout(impact, 'Sertraline with ibuprofen', {
      kind: 'interaction',
      medication_ids: [med.Sertraline, med.Ibuprofen].sort((a, b) => a - b),
      class_rule_id: ruleId,
    });
    expect(test?.differences).toContainEqual(
      expect.objectContaining({ kind: 'verdict_changed', from: 'moderate', to: 'none' }),
    );
    // Warfarin with ibuprofen keeps its warning: it is the pair's own interaction, not the rule's.
    expect(altered(impact, 'Warfarin with ibuprofen: bleeding risk')).toBeUndefined();
    expect(impact.worse).toBeGreaterThanOrEqual(1);
    // The rule is still there.
    expect((await api.get(`/class-rule/${ruleId}`)).statusCode).toBe(200);
  });

  it("deleting enoxaparin's renal rule below an eGFR of 30 would let twice-daily enoxaparin at an eGFR of 25 pass: the preview must say that test gets worse", async () => {
    const ruleId = await oneId(
      `SELECT r.id FROM renal_rules r
         JOIN medications m ON m.id = r.medication_id
         JOIN renal_categories c ON c.id = r.renal_category_id
        WHERE m.name = 'Enoxaparin' AND c.category_name = 'G4'`,
    );
    const impact = await preview({ operation: 'deleteRenalRule', body: { id: ruleId } });
    expectWorseWithout(impact, 'Enoxaparin 70 mg twice daily at an eGFR of 25', {
      medication_ids: [med.Enoxaparin],
      renal_rule_id: ruleId,
    });
    expect((await t.pool.query('SELECT 1 FROM renal_rules WHERE id = $1', [ruleId])).rowCount).toBe(
      1,
    );
  });

  it("raising paracetamol's adult daily limit to 12 g would hide the 10 g a day of paracetamol with co-codamol: the preview must say that test gets worse, and not touch the adult's 4 g a day", async () => {
    const limitId = await oneId(
      `SELECT l.id FROM ingredient_daily_limits l
         JOIN ingredients i ON i.id = l.ingredient_id
         JOIN age_categories a ON a.id = l.age_category_id
        WHERE i.name = 'Paracetamol' AND a.category_name = 'Adult' AND l.unit = 'g'`,
    );
    const paracetamol = await oneId(`SELECT id FROM ingredients WHERE name = 'Paracetamol'`);
    const impact = await preview({
      operation: 'updateIngredientLimit',
      body: { id: limitId, max_daily_amount: 12, unit: 'g' },
    });
    expectWorseWithout(impact, 'Paracetamol with co-codamol', { ingredient_id: paracetamol });
    // 4 g a day was within the limit and still is.
    expect(altered(impact, 'Paracetamol 1 g every 6 hours, adult')).toBeUndefined();
    const { rows } = await t.pool.query(
      'SELECT max_daily_amount, unit FROM ingredient_daily_limits WHERE id = $1',
      [limitId],
    );
    expect(rows).toEqual([{ max_daily_amount: 4, unit: 'g' }]);
  });

  it("removing paracetamol from co-codamol's ingredients would stop its paracetamol counting towards the day's total: the preview must say that test gets worse", async () => {
    const linkId = await oneId(
      `SELECT l.id FROM medication_ingredients l
         JOIN ingredients i ON i.id = l.ingredient_id
        WHERE l.medication_id = $1 AND i.name = 'Paracetamol'`,
      [med['Co-codamol 30/500']],
    );
    const paracetamol = await oneId(`SELECT id FROM ingredients WHERE name = 'Paracetamol'`);
    const impact = await preview({ operation: 'removeMedicationIngredient', body: { id: linkId } });
    expectWorseWithout(impact, 'Paracetamol with co-codamol', { ingredient_id: paracetamol });
    expect(
      (await t.pool.query('SELECT 1 FROM medication_ingredients WHERE id = $1', [linkId])).rowCount,
    ).toBe(1);
  });

  it("answers an invalid write's own refusal, as the write itself answers it, and stores nothing", async () => {
    const classes = Object.fromEntries(
      (
        await t.pool.query<{ id: number; name: string }>('SELECT id, name FROM drug_classes')
      ).rows.map((r) => [r.name, r.id]),
    );
    const paracetamolOnly = await oneId(
      'SELECT id FROM medication_ingredients WHERE medication_id = $1',
      [med.Paracetamol],
    );
    const refused = [
      // A class rule names either another class or a medication, not both.
      {
        operation: 'createClassRule',
        write: (body: object) => api.post('/class-rule', body),
        body: {
          kind: 'interaction',
          drug_class_id: classes.SSRIs,
          other_class_id: classes.NSAIDs,
          other_medication_id: med.Warfarin,
          severity: 'major',
          description: 'Both sides',
        },
      },
      // A renal rule that avoids the medication states no dose.
      {
        operation: 'createRenalRule',
        write: (body: object) => api.post('/renal-rule', body),
        body: {
          medication_id: med.Paracetamol,
          renal_category_id: await oneId(
            `SELECT id FROM renal_categories WHERE category_name = 'G5'`,
          ),
          avoid: true,
          min_dosage: 1,
          max_dosage: 2,
          dosage_unit: 'mg',
        },
      },
      // A medication keeps at least one ingredient.
      {
        operation: 'removeMedicationIngredient',
        write: (body: object) => api.delete('/ingredient/medication', body),
        body: { id: paracetamolOnly },
      },
    ];
    for (const { operation, write: send, body } of refused) {
      const before = await stored();
      const preview = await api.post('/test-prescription/impact', { operation, body });
      const write = await send(body);
      expect(write.statusCode).toBeGreaterThanOrEqual(400);
      expect({ operation, status: preview.statusCode }).toEqual({
        operation,
        status: write.statusCode,
      });
      expect(preview.json()).toEqual(write.json());
      expect(await stored()).toEqual(before);
    }
  });
});

async function waiting(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0].n;
}

async function waitFor(condition: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met');
}

describe('import and export', () => {
  afterEach(async () => {
    await t.pool.query('DELETE FROM test_prescriptions');
  });

  it('round-trips, updating tests of the same name', async () => {
    await create('W+I export', wiRequest());
    await create('Paracetamol export', {
      medications: [prescribed(med.Paracetamol, 500)],
      patient: adult,
    });
    const exported = (await viewer.get('/test-prescription/export')).json();
    expect(exported.map((e: { name: string }) => e.name)).toEqual([
      'Paracetamol export',
      'W+I export',
    ]);
    await t.pool.query('DELETE FROM test_prescriptions');
    const first = await api.post('/test-prescription/import', exported);
    expect(first.json().data).toEqual({ created: 2, updated: 0 });
    const again = await api.post('/test-prescription/import', exported);
    expect(again.json().data).toEqual({ created: 0, updated: 2 });
    expect((await viewer.get('/test-prescription/export')).json()).toEqual(exported);
    const list = (await viewer.get('/test-prescription')).json();
    expect(list.meta).toMatchObject({ total: 2, passing: 2 });
  });

  it('validates the whole file before storing anything', async () => {
    await create('Kept', wiRequest());
    const exported = (await viewer.get('/test-prescription/export')).json();
    const file = [
      { ...exported[0], name: 'New one' },
      { ...exported[0], name: 'Bad', request: { medications: [{ medication_id: 999999 }] } },
      { ...exported[0], name: 'new ONE' },
    ];
    const response = await api.post('/test-prescription/import', file);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      '1.request.medications': ['No such medication: 999999'],
      '2.name': ['repeats the name of item 0'],
    });
    expect(await countRows(t.pool, 'test_prescriptions')).toBe(1);
    expect(await countRows(t.pool, "audit_log WHERE entity = 'test_prescription'")).toBeGreaterThan(
      0,
    );
  });
});
