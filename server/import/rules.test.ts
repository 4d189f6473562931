import type { LightMyRequestResponse } from 'fastify';
import { countRows, createTestApp, seedDemoData, signIn, type TestApp } from '../test/helpers';
import { exportCsv as exportList, importCsv as importFile } from '../test/imports';

/**
 * POST /import?entity=renal-rules and entity=class-rules: each row one rule, in the columns of
 * its CSV export; its cells checked by the routes' own checks, each problem with its row and
 * column; matched by medication and category, or by kind and sides; written with history.
 */
jest.setTimeout(120_000);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  await t.pool.query('DELETE FROM test_prescriptions');
  token = await signIn(t.app, { role: 'editor' });
});
afterAll(() => t.close());

const importCsv = (
  entity: string,
  csv: string,
  options?: { dryRun?: boolean; fileName?: string },
) => importFile(t, token, entity, csv, options);
const exportCsv = (path: string) => exportList(t, token, path);
afterEach(async () => {
  await t.app.testSuite.idle();
});

/** A CSV of `rows`, each a list of cells, under `header`. */
const csvOf = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [header, ...rows]
    .map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))
    .join('\r\n');

/** The rule tables and the history: what "stores nothing" is checked against. */
async function snapshot() {
  return {
    renal: (await t.pool.query('SELECT * FROM renal_rules ORDER BY id')).rows,
    classes: (await t.pool.query('SELECT * FROM class_rules ORDER BY id')).rows,
    history: await countRows(t.pool, 'audit_log'),
  };
}

const errorsOf = (response: LightMyRequestResponse) =>
  (response.json().data.errors as { row: number; field: string; message: string }[]).map(
    (e) => [e.row, e.field, e.message] as const,
  );

const RENAL = ['Medication', 'Renal Category', 'Avoid', 'Dose', 'Max Daily Dose', 'Interval'];
const CLASS = ['Kind', 'Class', 'With', 'With Type', 'Severity', 'Description'];

describe('renal rule import', () => {
  it('exports the whole rule: category by name, dose, daily maximum and interval, -- for none', async () => {
    const csv = await exportCsv('/renal-rule');
    expect(csv.split('\r\n')[0]).toBe(RENAL.map((c) => `"${c}"`).join(','));
    expect(csv).toContain('"Metformin","G3b","No","500 - 1000 mg","1000 mg","--"');
    expect(csv).toContain('"Metformin","G4","Yes","--","--","--"');
    expect(csv).toContain('"Gentamicin","G3b","No","--","--","36 - 48 hours"');
  });

  it('lists every bad cell with its row and column at once, and stores nothing', async () => {
    const before = await snapshot();
    const response = await importCsv(
      'renal-rules',
      csvOf(RENAL, [
        ['', 'G4', 'Maybe', '--', '--', '--'],
        ['Metformin', 'G3a', 'No', '500 mg a day', '--', '12 fortnights'],
        ['Metformin', 'G3a', 'No', '1000 - 500 mg', '--', '--'],
        ['Metformin', 'G3a', 'No', '500 mg', '1000 mcg', '--'],
        ['Nosuchmedication', 'G9', 'No', '500 mg', '--', '--'],
      ]),
      { dryRun: false, fileName: 'bad.csv' },
    );
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual([
      [2, 'Avoid', 'must be Yes or No'],
      [2, 'Medication', 'is required'],
      [3, 'Dose', expect.stringContaining('must be "<min> - <max> <unit>"')],
      [3, 'Interval', expect.stringContaining('hours, days, weeks')],
      [4, 'Dose', 'min_dosage must not exceed max_dosage'],
      [5, 'Max Daily Dose', "is in the dose's unit, mg"],
      [6, 'Medication', 'no medication is named "Nosuchmedication"'],
      [6, 'Renal Category', 'no renal category is named "G9"'],
    ]);
    expect(response.json().data.stored).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('a renal rule whose eGFR band names no renal category is refused', async () => {
    const response = await importCsv(
      'renal-rules',
      csvOf(RENAL, [['Metformin', '20 - 29 mL/min/1.73m2', 'No', '500 mg', '--', '--']]),
    );
    expect(errorsOf(response)).toEqual([
      [2, 'Renal Category', 'no renal category has the eGFR range 20 - 29'],
    ]);
  });

  it('a renal rule that says avoid carries no dose, and one that does not avoid states one', async () => {
    const response = await importCsv(
      'renal-rules',
      csvOf(RENAL, [
        ['Metformin', 'G3a', 'Yes', '500 mg', '--', '--'],
        ['Metformin', 'G3a', 'Yes', '--', '--', '24 hours'],
        ['Metformin', 'G3a', 'No', '--', '--', '--'],
      ]),
    );
    expect(errorsOf(response)).toEqual([
      [2, 'Avoid', 'a rule that avoids the medication states no dose or interval'],
      [3, 'Avoid', 'a rule that avoids the medication states no dose or interval'],
      [4, 'Avoid', 'state a dose range, an interval range, or avoid'],
    ]);
  });

  it('matches by medication code and category range, shows a change before and after, and stores it with history', async () => {
    const csv = csvOf(RENAL, [
      ['ATC|A10BA02', '30 - 45', 'No', '500 - 1000 mg', '1500 mg', '--'],
      ['Metformin', 'G3a', 'No', '1000 - 2000 mg', '--', '12 - 24 hours'],
      ['Metformin', 'G4', 'Yes', '--', '--', '--'],
    ]);
    const dry = (await importCsv('renal-rules', csv)).json().data;
    expect(dry.errors).toEqual([]);
    expect(dry.counts).toEqual({ errors: 0, created: 1, changed: 1, unchanged: 1 });
    expect(dry.changed).toEqual([
      expect.objectContaining({
        row: 2,
        label: 'Metformin: G3b',
        changes: { 'Max Daily Dose': { before: '1000 mg', after: '1500 mg' } },
      }),
    ]);
    expect(dry.created[0]).toMatchObject({
      row: 3,
      label: 'Metformin: G3a',
      changes: { Dose: { before: null, after: '1000 - 2000 mg' } },
    });
    const stored = await importCsv('renal-rules', csv, { dryRun: false, fileName: 'renal.csv' });
    expect(stored.statusCode).toBe(200);
    expect(await exportCsv('/renal-rule')).toContain(
      '"Metformin","G3a","No","1000 - 2000 mg","--","12 - 24 hours"\r\n"Metformin","G3b","No","500 - 1000 mg","1500 mg","--"',
    );
    const { rows } = await t.pool.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity = 'renal_rule' AND reason = 'Import of renal.csv'
        ORDER BY action`,
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
  });
});

describe('a medication whose name another has too', () => {
  it('is written by its code, so that the export re-imports as unchanged', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
       SELECT name, condition_id, is_dosage_weight_based FROM medications WHERE name = 'Metformin'
       RETURNING id`,
    );
    try {
      const csv = await exportCsv('/renal-rule');
      expect(csv).toContain('"ATC|A10BA02","G4","Yes","--","--","--"');
      expect(csv).not.toContain('"Metformin"');
      const again = (await importCsv('renal-rules', csv)).json().data;
      expect(again.errors).toEqual([]);
      expect(again.counts).toMatchObject({ created: 0, changed: 0 });
    } finally {
      await t.pool.query('DELETE FROM medications WHERE id = $1', [rows[0].id]);
    }
  });
});

describe('class rule import', () => {
  it('lists every bad cell with its row and column at once, and stores nothing', async () => {
    const before = await snapshot();
    const response = await importCsv(
      'class-rules',
      csvOf(CLASS, [
        ['Synergy', 'NSAIDs', 'SSRIs', 'Class', 'Huge', ''],
        ['Cross-sensitivity', 'Penicillins', 'Warfarin', 'Medication', 'Major', 'Allergy.'],
        ['Cross-sensitivity', 'Penicillins', 'penicillins', 'Class', 'Major', 'Allergy.'],
        ['Interaction', 'Nosuchclass', 'Nosuchmedication', 'Medication', 'Major', 'Bleeding.'],
        ['Interaction', 'NSAIDs', 'Warfarin', 'Thing', 'Major', 'Bleeding.'],
      ]),
      { dryRun: false, fileName: 'bad.csv' },
    );
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual([
      [2, 'Description', 'is required'],
      [2, 'Kind', 'must be Interaction or Cross-sensitivity'],
      [2, 'Severity', 'must be one of minor, moderate, major, contraindicated'],
      [3, 'With', 'a cross-sensitivity names another class'],
      [4, 'With', 'must be another class'],
      [5, 'Class', 'no drug class is named "Nosuchclass"'],
      [5, 'With', 'no medication is named "Nosuchmedication"'],
      [6, 'With Type', 'must be Class or Medication'],
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('a cross-sensitivity of a class with itself is refused, however the class is named', async () => {
    // The class named by its code on one side and by its name on the other.
    const { rows } = await t.pool.query<{ name: string; code: string }>(
      `SELECT c.name, rc.code FROM record_codes rc JOIN drug_classes c ON c.id = rc.record_id
        WHERE rc.entity = 'drug_class' AND rc.system = 'http://www.whocc.no/atc'
        ORDER BY rc.code LIMIT 1`,
    );
    expect(rows).toHaveLength(1);
    const response = await importCsv(
      'class-rules',
      csvOf(CLASS, [
        ['Cross-sensitivity', rows[0].name, `ATC|${rows[0].code}`, 'Class', 'Major', 'Allergy.'],
      ]),
    );
    expect(errorsOf(response)).toEqual([
      [2, 'With', 'names the class of Class: a class cannot be cross-sensitive with itself'],
    ]);
  });

  it('creates a rule with a medication, matches an interaction of two classes in either order, and re-imports its export as unchanged', async () => {
    const csv = csvOf(CLASS, [
      ['Interaction', 'NSAIDs', 'Warfarin', 'Medication', 'Major', 'Bleeding risk.'],
      [
        'Interaction',
        'NSAIDs',
        'Anticoagulants',
        'Class',
        'Major',
        'NSAIDs add gastrointestinal injury and platelet inhibition: serious bleeding risk.',
      ],
      [
        'Interaction',
        'NSAIDs',
        'SSRIs',
        'Class',
        'Major',
        'SSRIs impair platelet function; with an NSAID the risk of gastrointestinal bleeding rises.',
      ],
    ]);
    const dry = (await importCsv('class-rules', csv)).json().data;
    expect(dry.errors).toEqual([]);
    expect(dry.counts).toEqual({ errors: 0, created: 1, changed: 1, unchanged: 1 });
    expect(dry.changed[0]).toMatchObject({
      label: 'NSAIDs + SSRIs',
      changes: { Severity: { before: 'Moderate', after: 'Major' } },
    });
    const stored = await importCsv('class-rules', csv, { dryRun: false, fileName: 'rules.csv' });
    expect(stored.statusCode).toBe(200);
    const exported = await exportCsv('/class-rule');
    expect(exported).toContain(
      '"Interaction","NSAIDs","Warfarin","Medication","Major","Bleeding risk."',
    );
    const again = (await importCsv('class-rules', exported)).json().data;
    expect(again.counts).toMatchObject({ errors: 0, created: 0, changed: 0 });
  });
});
