import { parse } from 'csv-parse/sync';
import {
  client,
  countRows,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';
import { exportCsv, importCsv } from '../test/imports';

/**
 * POST /import: dry runs store nothing and list every error at once; a real import stores all
 * or nothing, with history and review; rows match by code, else by name; exports round-trip.
 */
let t: TestApp;
let token: string;
let api: ReturnType<typeof client>;
let med: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  await t.pool.query('DELETE FROM test_prescriptions');
  token = await signIn(t.app, { role: 'editor' });
  api = client(t.app, token);
  med = await idsByName(t.pool, 'medications');
});
afterAll(() => t.close());
afterEach(async () => {
  await t.app.testSuite.idle();
});

/** Every reference table's rows and the history: what "changes nothing" is checked against. */
async function snapshot(app: TestApp) {
  const tables = ['conditions', 'lifestyles', 'drug_interactions', 'medications'];
  const rows: Record<string, unknown> = {};
  for (const table of tables)
    rows[table] = (await app.pool.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
  rows.history = await countRows(app.pool, 'audit_log');
  rows.versions = (await app.pool.query('SELECT * FROM table_versions ORDER BY 1')).rows;
  return rows;
}

async function interaction(a: string, b: string) {
  const { rows } = await t.pool.query<{ id: number; severity: string; description: string }>(
    `SELECT id, severity, description, is_allergen FROM drug_interactions
      WHERE least(medication_id, interacting_medication_id) = least($1::int, $2::int)
        AND greatest(medication_id, interacting_medication_id) = greatest($1::int, $2::int)`,
    [med[a], med[b]],
  );
  return rows[0];
}

const HEADER = '"Medication","Interacting Medication","Severity","Description","Allergen"\r\n';

describe('dry run', () => {
  it('lists every error at once, with row and column, and changes nothing', async () => {
    const before = await snapshot(t);
    const csv =
      HEADER +
      '"Warfarin","Nosuchmed","Major","x","No"\r\n' + // row 2: unknown medication
      '"Warfarin","Paracetamol","Severe","x","No"\r\n' + // row 3: unknown severity
      '"Warfarin","Paracetamol","Major"," ","Maybe"\r\n' + // row 4: blank description, allergen
      '"Warfarin","Warfarin","Major","x","No"\r\n' + // row 5: itself
      '"Metformin","Omeprazole","Minor","x","No"\r\n' + // row 6: fine
      '"Omeprazole","Metformin","Minor","y","No"\r\n' + // row 7: the pair of row 6 again
      '"Warfarin","Paracetamol"\r\n'; // row 8: too few cells
    const response = await importCsv(t, token, 'drug-interactions', csv);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.stored).toBe(false);
    expect(data.rows).toBe(7);
    expect(data.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [2, 'Interacting Medication'],
      [3, 'Severity'],
      [4, 'Allergen'],
      [4, 'Description'],
      [5, 'Interacting Medication'],
      [7, 'Medication'],
      [8, 'row'],
    ]);
    expect(data.errors[0].message).toBe('no medication is named "Nosuchmed"');
    expect(data.errors[5].message).toBe('repeats the pair of medications of row 6');
    expect(data.counts.errors).toBe(7);
    expect(data.tests).toBeNull();
    expect(await snapshot(t)).toEqual(before);
  });

  it('sorts rows into created, changed (before and after) and unchanged, lists the test prescriptions the import alters, and stores nothing', async () => {
    const test = await api.post('/test-prescription', {
      name: 'Warfarin with ibuprofen',
      request: {
        medication_ids: [med.Warfarin, med.Ibuprofen],
        patient: { age: 40, age_unit: 'years', weight: 70, weight_unit: 'kg' },
      },
    });
    expect(test.statusCode).toBe(201);
    await t.app.testSuite.idle();
    const wi = await interaction('Warfarin', 'Ibuprofen');
    const exported = await exportCsv(t, token, '/drug-interaction');
    // Any other interaction, as exported: unchanged.
    const otherLine = exported
      .split('\r\n')
      .slice(1)
      .find((line) => !(line.includes('"Warfarin"') && line.includes('"Ibuprofen"')));
    expect(otherLine).toBeDefined();
    const before = await snapshot(t);
    const csv =
      HEADER +
      `"Ibuprofen","Warfarin","Moderate","${wi.description.replaceAll('"', '""')}","No"\r\n` +
      `${otherLine}\r\n` +
      '"Paracetamol","Metformin","Minor","A new one.","No"\r\n';
    const response = await importCsv(t, token, 'drug-interactions', csv);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.counts).toEqual({ errors: 0, created: 1, changed: 1, unchanged: 1 });
    expect(data.changed).toEqual([
      {
        row: 2,
        id: wi.id,
        label: 'Ibuprofen + Warfarin',
        changes: { Severity: { before: 'Major', after: 'Moderate' } },
      },
    ]);
    expect(data.unchanged).toEqual([expect.objectContaining({ row: 3 })]);
    expect(data.created).toEqual([
      expect.objectContaining({ row: 4, label: 'Paracetamol + Metformin' }),
    ]);
    expect(data.tests).toMatchObject({ total: 1, altered: 1, worse: 1 });
    expect(data.tests.tests[0]).toMatchObject({ id: test.json().data.id, status: 'worse' });
    expect(await snapshot(t)).toEqual(before);
    await t.pool.query('DELETE FROM test_prescriptions');
  });
});

describe('import', () => {
  it('stores all or nothing, records each change with the reason, and puts it under review', async () => {
    const wi = await interaction('Warfarin', 'Ibuprofen');
    const good =
      HEADER +
      `"Warfarin","Ibuprofen","Moderate","${wi.description.replaceAll('"', '""')}","No"\r\n` +
      '"Paracetamol","Metformin","Minor","Imported interaction.","Yes"\r\n';
    const before = await snapshot(t);
    const refused = await importCsv(
      t,
      token,
      'drug-interactions',
      good + '"Paracetamol","Nosuchmed","Minor","x","No"\r\n',
      { dryRun: false, fileName: 'bad.csv' },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      '4.Interacting Medication': ['no medication is named "Nosuchmed"'],
    });
    expect(refused.json().data.errors).toHaveLength(1);
    expect(await snapshot(t)).toEqual(before);

    const stored = await importCsv(t, token, 'drug-interactions', good, {
      dryRun: false,
      fileName: 'interactions.csv',
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toMatchObject({ stored: true, counts: { created: 1, changed: 1 } });
    expect((await interaction('Warfarin', 'Ibuprofen')).severity).toBe('moderate');
    const created = await interaction('Paracetamol', 'Metformin');
    expect(created).toMatchObject({ severity: 'minor', is_allergen: true });

    const { rows: entries } = await t.pool.query(
      `SELECT action, entity_id, reason FROM audit_log WHERE entity = 'drug_interaction'
        AND entity_id = ANY($1::int[]) ORDER BY entity_id`,
      [[wi.id, created.id].sort((a, b) => a - b)],
    );
    expect(entries).toEqual(
      [
        { action: 'update', entity_id: wi.id, reason: 'Import of interactions.csv' },
        { action: 'create', entity_id: created.id, reason: 'Import of interactions.csv' },
      ].sort((a, b) => a.entity_id - b.entity_id),
    );
    const review = (await api.get('/review')).json().data as {
      entity: string;
      entity_id: number;
      action: string;
    }[];
    expect(review).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'drug_interaction', entity_id: wi.id, action: 'update' }),
        expect.objectContaining({
          entity: 'drug_interaction',
          entity_id: created.id,
          action: 'create',
        }),
      ]),
    );

    // The same file again changes nothing.
    const again = await importCsv(t, token, 'drug-interactions', good, { dryRun: false });
    expect(again.json().data.counts).toEqual({ errors: 0, created: 0, changed: 0, unchanged: 2 });
  });

  it('refers to medications by code and matches conditions by code before name', async () => {
    await t.pool.query(
      `UPDATE medications SET codes = '[{"system": "http://www.whocc.no/atc", "code": "B01AA03", "display": null}]'
        WHERE id = $1`,
      [med.Warfarin],
    );
    const byCode = await importCsv(
      t,
      token,
      'drug-interactions',
      HEADER +
        '"ATC|B01AA03","Omeprazole","Minor","By code.","No"\r\n"ATC|B01AA99","Omeprazole","Minor","x","No"\r\n',
      { dryRun: false },
    );
    expect(byCode.statusCode).toBe(422);
    expect(byCode.json().data.errors).toEqual([
      { row: 3, field: 'Medication', message: 'no medication has the code B01AA99' },
    ]);
    const ok = await importCsv(
      t,
      token,
      'drug-interactions',
      HEADER + '"ATC|B01AA03","Omeprazole","Minor","By code.","No"\r\n',
      { dryRun: false },
    );
    expect(ok.statusCode).toBe(200);
    expect(await interaction('Warfarin', 'Omeprazole')).toMatchObject({ description: 'By code.' });

    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO conditions (name, codes) VALUES ('Old name',
         '[{"system": "http://hl7.org/fhir/sid/icd-10", "code": "Q87.1", "display": "Short stature syndrome"}]')
       RETURNING id`,
    );
    const conditions =
      '"Name","Description","Affects Kidney Function","Codes"\r\n' +
      '"Short stature (imported)","-","No","ICD-10|q87.1"\r\n';
    const renamed = await importCsv(t, token, 'conditions', conditions, { dryRun: false });
    expect(renamed.json().data.changed).toEqual([
      {
        row: 2,
        id: rows[0].id,
        label: 'Short stature (imported)',
        changes: { Name: { before: 'Old name', after: 'Short stature (imported)' } },
      },
    ]);
    const stored = await t.pool.query('SELECT name, codes FROM conditions WHERE id = $1', [
      rows[0].id,
    ]);
    // The code's display is kept: the file carries none.
    expect(stored.rows[0]).toEqual({
      name: 'Short stature (imported)',
      codes: [
        {
          system: 'http://hl7.org/fhir/sid/icd-10',
          code: 'Q87.1',
          display: 'Short stature syndrome',
        },
      ],
    });
  });

  it('is for editors and administrators only', async () => {
    const viewer = await signIn(t.app, { role: 'viewer' });
    const response = await importCsv(t, viewer, 'lifestyles', '"Name"\r\n"X"\r\n');
    expect(response.statusCode).toBe(403);
  });

  it("checks a drug class's fields as its create does, and does not read its Members column", async () => {
    const csv =
      '"Name","ATC Code","Duplicate Therapy","Members","Codes"\r\n' +
      '"Imported class","n06ab","Major","Nosuchmed, Another","ATC|N06AB"\r\n' +
      '"Bad class","N06ABX","Severe","",""\r\n';
    const response = await importCsv(t, token, 'drug-classes', csv);
    expect(response.json().data.errors).toEqual([
      { row: 3, field: 'ATC Code', message: expect.stringContaining('must be an ATC group') },
      { row: 3, field: 'Duplicate Therapy', message: expect.stringContaining('must be empty or') },
    ]);
    const ok = await importCsv(
      t,
      token,
      'drug-classes',
      csv.split('\r\n').slice(0, 2).join('\r\n'),
      {
        dryRun: false,
      },
    );
    expect(ok.statusCode).toBe(200);
    const { rows } = await t.pool.query(
      `SELECT atc_code, duplicate_severity, codes FROM drug_classes WHERE name = 'Imported class'`,
    );
    expect(rows).toEqual([
      {
        atc_code: 'N06AB',
        duplicate_severity: 'major',
        codes: [{ system: 'http://www.whocc.no/atc', code: 'N06AB', display: null }],
      },
    ]);
  });

  it('names a header it cannot read', async () => {
    const response = await importCsv(t, token, 'lifestyles', '"Nam"\r\n"X"\r\n');
    expect(response.json().data.errors).toEqual([
      { row: 1, field: 'Nam', message: expect.stringContaining('is not a column') },
      { row: 1, field: 'Name', message: 'is missing: the header needs it' },
    ]);
  });
});

describe('round trip', () => {
  const ENTITIES = [
    ['conditions', '/condition'],
    ['lifestyles', '/lifestyle'],
    ['drug-interactions', '/drug-interaction'],
    ['ingredients', '/ingredient'],
    ['drug-classes', '/drug-class'],
  ] as const;
  /** What the export shows of other records (not imported): left out of the comparison. */
  const NOT_IMPORTED = new Set(['Members', 'Medications']);
  const records = (csv: string) => {
    const [header, ...rows] = parse(csv) as string[][];
    const kept = header.flatMap((name, i) => (NOT_IMPORTED.has(name) ? [] : [i]));
    return [header, ...rows].map((row) => kept.map((i) => row[i]));
  };

  it("re-imports each entity's export onto an empty database as the same records, and onto the same database as unchanged", async () => {
    // Texts a spreadsheet would run as formulas: the export guards them, the import unguards them.
    await t.pool.query(`INSERT INTO lifestyles (name) VALUES ('=SUM(A1)'), ('-x;+y')`);
    await t.pool.query(
      `INSERT INTO conditions (name, description) VALUES ('@Formula', 'a,=b;-c "quoted"'), ('Blank', '')`,
    );
    const fresh = await createTestApp();
    try {
      const freshToken = await signIn(fresh.app, { role: 'admin' });
      const names = (await t.pool.query<{ name: string }>('SELECT name FROM medications')).rows;
      for (const [entity, path] of ENTITIES) {
        // Interactions refer to medications, which the empty database needs first (by name; an
        // import of the medications needs their categories first: medications.test.ts imports
        // every entity in order).
        if (entity === 'drug-interactions')
          await fresh.pool.query(
            `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
             SELECT unnest($1::text[]), (SELECT min(id) FROM conditions), false`,
            [names.map((n) => n.name)],
          );
        const exported = await exportCsv(t, token, path);
        const total = exported.trim().split('\r\n').length - 1;
        const first = await importCsv(fresh, freshToken, entity, exported, { dryRun: false });
        expect(first.statusCode).toBe(200);
        expect(first.json().data.counts).toEqual({
          errors: 0,
          created: total,
          changed: 0,
          unchanged: 0,
        });
        expect(records(await exportCsv(fresh, freshToken, path))).toEqual(records(exported));

        const again = await importCsv(t, token, entity, exported);
        expect(again.json().data.counts).toEqual({
          errors: 0,
          created: 0,
          changed: 0,
          unchanged: total,
        });
      }
    } finally {
      await fresh.close();
    }
  });
});
