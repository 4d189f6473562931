import { parse } from 'csv-parse/sync';
import {
  countRows,
  createTestApp,
  idsByName,
  seedDemoData,
  signIn,
  type TestApp,
} from '../test/helpers';
import { exportCsv, importCsv } from '../test/imports';

/**
 * POST /import?entity=medications (and the categories it needs): a medication's CSV row is the
 * whole medication, so every entity's export re-imports onto an empty database as the same
 * records; its cells are checked as the create and update routes check them, each problem with
 * its row and column; a changed list is replaced, with history.
 */
jest.setTimeout(120_000);

let t: TestApp;
let token: string;
let med: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t);
  await t.pool.query('DELETE FROM test_prescriptions');
  token = await signIn(t.app, { role: 'editor' });
  med = await idsByName(t.pool, 'medications');
});
afterAll(() => t.close());
afterEach(async () => {
  await t.app.testSuite.idle();
});

/** The medication tables and the history: what "stores nothing" is checked against. */
async function snapshot(app: TestApp) {
  const tables = [
    'medications',
    'weight_category_dosages',
    'age_category_dosages',
    'medication_contraindications',
    'lifestyle_contraindications',
    'medication_ingredients',
    'drug_class_members',
  ];
  const rows: Record<string, unknown> = {};
  for (const table of tables)
    rows[table] = (await app.pool.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
  rows.history = await countRows(app.pool, 'audit_log');
  return rows;
}

/** The export's rows by medication name, each as column name to cell. */
async function medicationRows(): Promise<Record<string, Record<string, string>>> {
  const [header, ...rows] = parse(await exportCsv(t, token, '/medication')) as string[][];
  return Object.fromEntries(
    rows.map((row) => [row[0], Object.fromEntries(header.map((name, i) => [name, row[i]]))]),
  );
}

/** A CSV of one medication row: its export's cells with `changes` applied. */
function fileOf(cells: Record<string, string>, changes: Record<string, string> = {}) {
  const all = { ...cells, ...changes };
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return `${Object.keys(all).map(quote).join(',')}\r\n${Object.values(all).map(quote).join(',')}\r\n`;
}

describe('round trip', () => {
  // In the order their references need them.
  const ENTITIES = [
    ['age-categories', '/age-category'],
    ['weight-categories', '/weight-category'],
    ['renal-categories', '/renal-category'],
    ['conditions', '/condition'],
    ['lifestyles', '/lifestyle'],
    ['ingredients', '/ingredient'],
    ['drug-classes', '/drug-class'],
    ['medications', '/medication'],
    ['drug-interactions', '/drug-interaction'],
    ['renal-rules', '/renal-rule'],
    ['class-rules', '/class-rule'],
  ] as const;

  it("re-imports every entity's export onto an empty database as the same export, and onto the same database as unchanged", async () => {
    const fresh = await createTestApp();
    try {
      const freshToken = await signIn(fresh.app, { role: 'admin' });
      const exported: Record<string, string> = {};
      for (const [entity, path] of ENTITIES) {
        exported[entity] = await exportCsv(t, token, path);
        const total = exported[entity].trim().split('\r\n').length - 1;
        expect(total).toBeGreaterThan(0);
        const first = await importCsv(fresh, freshToken, entity, exported[entity], {
          dryRun: false,
        });
        expect({ entity, errors: first.json().data.errors }).toEqual({ entity, errors: [] });
        expect({ entity, counts: first.json().data.counts }).toEqual({
          entity,
          counts: { errors: 0, created: total, changed: 0, unchanged: 0 },
        });
      }
      // Every export, the class members and ingredients' medications too, is the same.
      for (const [entity, path] of ENTITIES) {
        expect({ entity, csv: await exportCsv(fresh, freshToken, path) }).toEqual({
          entity,
          csv: exported[entity],
        });
        const total = exported[entity].trim().split('\r\n').length - 1;
        const again = await importCsv(fresh, freshToken, entity, exported[entity], {
          dryRun: false,
        });
        expect({ entity, counts: again.json().data.counts }).toEqual({
          entity,
          counts: { errors: 0, created: 0, changed: 0, unchanged: total },
        });
        // And onto the database it came from.
        const home = await importCsv(t, token, entity, exported[entity]);
        expect({ entity, counts: home.json().data.counts }).toEqual({
          entity,
          counts: { errors: 0, created: 0, changed: 0, unchanged: total },
        });
      }
    } finally {
      await fresh.close();
    }
  });
});

describe('medication import', () => {
  it('lists every bad cell with its row and column at once, and stores nothing', async () => {
    const rows = await medicationRows();
    const [first, second] = Object.values(rows);
    const before = await snapshot(t);
    const header = Object.keys(first);
    const line = (cells: Record<string, string>) =>
      header.map((name) => `"${(cells[name] ?? '').replaceAll('"', '""')}"`).join(',');
    const csv = [
      header.map((name) => `"${name}"`).join(','),
      line({
        ...first,
        Condition: 'Nosuchcondition',
        'Dosage Type': 'Sometimes',
        'Pregnancy Category': 'Q',
      }),
      line({
        ...second,
        'Lifestyle Contraindications': 'Alcohol',
        Ingredients: '--',
        'Age Limit': 'from 12 parsecs (major)',
        'Drug Classes': 'Nosuchclass',
      }),
    ].join('\r\n');
    const response = await importCsv(t, token, 'medications', csv, {
      dryRun: false,
      fileName: 'bad.csv',
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().data.errors as { row: number; field: string }[];
    expect(errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'Dosage Type'],
      [2, 'Pregnancy Category'],
      [3, 'Age Limit'],
      [3, 'Ingredients'],
      [3, 'Lifestyle Contraindications'],
    ]);
    // References are checked once the cells are read; a row with a bad cell is not staged, so
    // a good row's references show alone.
    const references = await importCsv(
      t,
      token,
      'medications',
      [
        header.map((name) => `"${name}"`).join(','),
        line({ ...first, Condition: 'Nosuchcondition' }),
        line({ ...second, 'Drug Classes': 'Nosuchclass' }),
      ].join('\r\n'),
    );
    expect(response.json().data.counts.errors).toBe(5);
    expect(references.json().data.errors).toEqual([
      { row: 2, field: 'Condition', message: 'no condition is named "Nosuchcondition"' },
      { row: 3, field: 'Drug Classes', message: 'no drug class is named "Nosuchclass"' },
    ]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('shows a changed dosage before and after, replaces it, and records each change with the reason', async () => {
    const rows = await medicationRows();
    const name = Object.keys(rows).find((n) => rows[n]['Age Dosage'] !== '--');
    expect(name).toBeDefined();
    const cells = rows[name as string];
    const [firstDosage, ...rest] = cells['Age Dosage'].split('; ');
    const changed = firstDosage.replace(/: [0-9.]+ - /, ': 0.001 - ');
    expect(changed).not.toBe(firstDosage);
    const dosage = [changed, ...rest].join('; ');
    const file = fileOf(cells, { 'Age Dosage': dosage });

    const preview = await importCsv(t, token, 'medications', file);
    expect(preview.json().data.counts).toEqual({ errors: 0, created: 0, changed: 1, unchanged: 0 });
    expect(preview.json().data.changed).toEqual([
      {
        row: 2,
        id: med[name as string],
        label: name,
        changes: { 'Age Dosage': { before: cells['Age Dosage'], after: dosage } },
      },
    ]);

    const stored = await importCsv(t, token, 'medications', file, {
      dryRun: false,
      fileName: 'dosages.csv',
    });
    expect(stored.statusCode).toBe(200);
    expect((await medicationRows())[name as string]['Age Dosage']).toBe(dosage);
    const { rows: entries } = await t.pool.query<{ action: string; reason: string }>(
      `SELECT action, reason FROM audit_log WHERE entity = 'age_dosage' AND reason = 'Import of dosages.csv'
        ORDER BY id`,
    );
    const dosages = cells['Age Dosage'].split('; ').length;
    expect(entries).toEqual([
      ...Array.from({ length: dosages }, () => ({
        action: 'delete',
        reason: 'Import of dosages.csv',
      })),
      ...Array.from({ length: dosages }, () => ({
        action: 'create',
        reason: 'Import of dosages.csv',
      })),
    ]);
    // The medication's own row did not change: it has no entry.
    expect(
      await countRows(
        t.pool,
        `audit_log WHERE entity = 'medication' AND reason = 'Import of dosages.csv'`,
      ),
    ).toBe(0);
    // Under review like any draft change.
    expect(
      await countRows(
        t.pool,
        `unreleased_entries u JOIN audit_log e ON e.id = u.entry_id
          WHERE e.reason = 'Import of dosages.csv'`,
      ),
    ).toBe(dosages * 2);
  });

  it('creates a medication with every list, each with its history entry', async () => {
    const rows = await medicationRows();
    const source = Object.values(rows).find(
      (r) => r['Dosage Type'] === 'Weight-based' && r['Weight Dosage'] !== '--',
    );
    expect(source).toBeDefined();
    const cells = {
      ...(source as Record<string, string>),
      Name: 'Imported medication',
      Codes: '',
      'Condition Contraindications': 'Asthma; Gout (caution: major)',
      'Lifestyle Contraindications': 'Alcohol consumption (minor); Smoking (contraindicated)',
      'Age Dosage': '--',
      'Age Limit': 'from 12 years (contraindicated)',
      'Drug Classes': '--',
    };
    const created = await importCsv(t, token, 'medications', fileOf(cells), {
      dryRun: false,
      fileName: 'new.csv',
    });
    expect(created.json().data.errors).toEqual([]);
    expect(created.json().data.counts).toMatchObject({ errors: 0, created: 1 });
    const exported = (await medicationRows())['Imported medication'];
    expect(exported).toEqual(cells);
    const { rows: entities } = await t.pool.query<{ entity: string }>(
      `SELECT DISTINCT entity FROM audit_log WHERE reason = 'Import of new.csv' ORDER BY entity`,
    );
    expect(entities.map((e) => e.entity)).toEqual([
      'contraindication',
      'lifestyle_contraindication',
      'medication',
      'medication_ingredient',
      'weight_dosage',
    ]);
  });
});

describe('references and categories', () => {
  it('refers to the condition, ingredients and drug classes by code as well as by name', async () => {
    const code = async (entity: string, table: string) => {
      const { rows } = await t.pool.query<{ name: string; ref: string }>(
        `SELECT x.name, CASE rc.system WHEN 'http://www.whocc.no/atc' THEN 'ATC'
                WHEN 'http://hl7.org/fhir/sid/icd-10' THEN 'ICD-10' WHEN 'http://snomed.info/sct' THEN 'SNOMED CT'
                ELSE 'RxNorm' END || '|' || rc.code AS ref
           FROM record_codes rc JOIN ${table} x ON x.id = rc.record_id
          WHERE rc.entity = $1 ORDER BY rc.record_id, rc.system LIMIT 1`,
        [entity],
      );
      expect(rows).toHaveLength(1);
      return rows[0];
    };
    const condition = await code('condition', 'conditions');
    const ingredient = await code('ingredient', 'ingredients');
    const drugClass = await code('drug_class', 'drug_classes');
    const rows = await medicationRows();
    const cells = Object.values(rows)[0];
    const response = await importCsv(
      t,
      token,
      'medications',
      fileOf(cells, {
        Condition: condition.ref,
        Ingredients: `${ingredient.ref} 250 MG/Tablet`,
        'Drug Classes': drugClass.ref,
      }),
    );
    expect(response.json().data.errors).toEqual([]);
    const changes = response.json().data.changed[0].changes as Record<
      string,
      { before: string; after: string }
    >;
    // The preview shows what the export would write: names, not codes.
    expect(changes.Ingredients.after).toBe(`${ingredient.name} 250 mg/tablet`);
    expect(changes['Drug Classes'].after).toBe(drugClass.name);
    expect(changes.Condition?.after ?? cells.Condition).toBe(condition.name);
  });

  it("checks a category's cells as its create does, each problem with its row and column", async () => {
    const csv =
      '"Weight Range","Weight Unit","Category","Description","Min Age (years)","Max Age (years)"\r\n' +
      '"80 - 50","Stone","Heavy","-","18","12"\r\n' +
      '"50 - 80","kg","Normal","-","-","200"\r\n';
    const response = await importCsv(t, token, 'weight-categories', csv);
    expect(response.json().data.errors).toEqual([
      {
        row: 2,
        field: 'Category',
        message: 'must be one of Underweight, Normal, Overweight, Obese',
      },
      { row: 2, field: 'Min Age (years)', message: 'must not exceed Max Age (years)' },
      {
        row: 2,
        field: 'Weight Range',
        message: expect.stringContaining('must not exceed maximum_weight'),
      },
      { row: 2, field: 'Weight Unit', message: 'must be one of kg, lbs' },
      {
        row: 3,
        field: 'Max Age (years)',
        message: 'must be a number of years from 0 to 130, or -',
      },
    ]);
  });
});

describe('clinical checks', () => {
  /** The errors of importing the first medication with a dosage of `kind`, its cells changed. */
  async function errorsOf(
    kind: 'Weight-based' | 'Age-based',
    changes: (cells: Record<string, string>) => Record<string, string>,
  ) {
    const rows = await medicationRows();
    const cells = Object.values(rows).find(
      (r) =>
        r['Dosage Type'] === kind &&
        r[kind === 'Weight-based' ? 'Weight Dosage' : 'Age Dosage'] !== '--',
    );
    expect(cells).toBeDefined();
    const response = await importCsv(
      t,
      token,
      'medications',
      fileOf(cells as Record<string, string>, changes(cells as Record<string, string>)),
      { dryRun: false },
    );
    return response.json().data.errors as { row: number; field: string; message: string }[];
  }
  const firstDosage = (cell: string) => cell.split('; ')[0];

  it('an imported dosage whose minimum exceeds its maximum is refused', async () => {
    const errors = await errorsOf('Age-based', (cells) => ({
      'Age Dosage': firstDosage(cells['Age Dosage']).replace(
        /: [0-9.]+( - [0-9.]+)? /,
        ': 50 - 10 ',
      ),
    }));
    expect(errors).toEqual([
      {
        row: 2,
        field: 'Age Dosage',
        message: expect.stringContaining('min_dosage must not exceed max_dosage'),
      },
    ]);
  });

  it('a daily maximum below the maximum dose is refused', async () => {
    const errors = await errorsOf('Age-based', (cells) => {
      const dosage = firstDosage(cells['Age Dosage']);
      const unit = /^[^:]+: [0-9.]+(?: - [0-9.]+)? (\S+),/.exec(dosage)?.[1];
      const base = dosage.replace(/, max .*$/, '');
      return {
        'Age Dosage': `${base.replace(/: [0-9.]+( - [0-9.]+)? /, ': 10 - 20 ')}, max 15 ${unit} per day`,
      };
    });
    expect(errors).toEqual([
      {
        row: 2,
        field: 'Age Dosage',
        message: expect.stringContaining('max_dosage must not exceed max_daily_dosage'),
      },
    ]);
  });

  it('an age limit whose minimum exceeds its maximum, or past 130 years, is refused', async () => {
    expect(await errorsOf('Age-based', () => ({ 'Age Limit': '65 - 12 years (major)' }))).toEqual([
      {
        row: 2,
        field: 'Age Limit',
        message: expect.stringContaining('min_age must not exceed max_age'),
      },
    ]);
    expect(await errorsOf('Age-based', () => ({ 'Age Limit': 'up to 200 years (major)' }))).toEqual(
      [{ row: 2, field: 'Age Limit', message: 'must be at most 130 years' }],
    );
  });

  it("a dosage's single-dose maximum is in the dose's unit without per kg", async () => {
    const errors = await errorsOf('Age-based', (cells) => ({
      'Age Dosage': `${firstDosage(cells['Age Dosage']).replace(/, max .*$/, '')}, max 4 lbs per dose`,
    }));
    expect(errors).toEqual([
      { row: 2, field: 'Age Dosage', message: expect.stringContaining('per dose is in') },
    ]);
  });
});
