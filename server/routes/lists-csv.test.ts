import { client, createTestApp, signIn, type TestApp } from '../test/helpers';
import { insertListData } from '../test/listData';

// `GET <list>?format=csv`: every record matching the search and filters, in the asked order, as
// the CSV download the console's export button saves, read from PostgreSQL as it is sent: every
// text quoted, numbers as numbers, lines ending in CRLF (lib/csv.ts).
jest.setTimeout(30_000);

let t: TestApp;
let token: string;
let viewerToken: string;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
  viewerToken = await signIn(t.app, { role: 'viewer' });
  id = await insertListData(t.pool);
});
afterAll(() => t.close());

async function csv(path: string, as = token) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${as}` },
  });
  expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
  return response;
}
const today = () => new Date().toISOString().slice(0, 10);
/** A CSV file of these lines. */
const lines = (...rows: string[]) => rows.map((row) => `${row}\r\n`).join('');

describe('CSV export', () => {
  it('answers text/csv as a download named after the list and the day, quoted as CSV', async () => {
    const response = await csv('/condition?format=csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="conditions-${today()}.csv"`,
    );
    // A missing description shows as the grid shows it ('-'); a text a spreadsheet would run as
    // a formula starts with a quote.
    expect(response.body).toBe(
      lines(
        '"Name","Description","Affects Kidney Function","Codes"',
        '"Asthma","Airway disease","No",""',
        '"bronchitis","-","No",""',
        '"Cystic fibrosis","Lung, ""sticky"" mucus","No",""',
        `"Diabetes","'=SUM(A1)","No",""`,
      ),
    );
  });

  it('exports every match of the search, filters and order, not one page', async () => {
    const response = await csv(
      '/drug-interaction?format=csv&is_allergen=true&sort=-created_at&page=2&page_size=1',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="drug-interactions-${today()}.csv"`,
    );
    expect(response.body).toBe(
      lines(
        '"Medication","Interacting Medication","Severity","Description","Allergen"',
        '"Amoxicillin","Ibuprofen","Minor","Rash in 100% of cases","Yes"',
        '"Ibuprofen","aspirin","Minor","Less ""aspirin"" effect, at times","Yes"',
      ),
    );
    const searched = await csv(`/drug-interaction?format=csv&q=warf&medication_id=${id.aspirin}`);
    expect(searched.body).toBe(
      lines(
        '"Medication","Interacting Medication","Severity","Description","Allergen"',
        '"aspirin","Warfarin","Major","Bleeding risk","No"',
      ),
    );
  });

  it('exports medications as whole records, filtered', async () => {
    const all = await csv('/medication?format=csv');
    expect(all.headers['content-disposition']).toBe(
      `attachment; filename="medications-${today()}.csv"`,
    );
    // '--' (nothing) is no formula, left as it is; lists are separated by '; '.
    expect(all.body).toBe(
      lines(
        '"Name","Condition","Dosage Type","Dosage per weight","Weight Dosage","Age Dosage","Condition Contraindications","Lifestyle Contraindications","Pregnancy Category","Age Limit","Ingredients","Drug Classes","Codes"',
        '"Amoxicillin","bronchitis","Weight-based","25 mg","--","--","--","--","B","--","--","--",""',
        '"aspirin","Asthma","Age-based","--","--","--","--","--","--","--","--","--",""',
        '"Ibuprofen","Asthma","Age-based","--","--","--","--","--","C","--","--","--",""',
        '"Ibuprofen","Cystic fibrosis","Weight-based","10 mg","--","--","--","--","C","--","--","--",""',
        '"Warfarin","Diabetes","Age-based","--","--","--","Asthma; Cystic fibrosis","--","X","--","--","--",""',
      ),
    );
    const filtered = await csv(
      `/medication?format=csv&condition_id=${id.Asthma}&pregnancy_category=C&is_dosage_weight_based=false`,
    );
    expect(filtered.body.split('\r\n').slice(1)).toEqual([
      '"Ibuprofen","Asthma","Age-based","--","--","--","--","--","C","--","--","--",""',
      '',
    ]);
    await t.pool.query(
      `INSERT INTO weight_category_dosages (medication_id, weight_category_id, min_dosage, max_dosage, dosage_unit,
         min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit,
         max_daily_dosage, max_dose)
       SELECT $1, id, 1, 2, 'mg', 1, 2, 'days', 1, 2, 'days', CASE WHEN min_weight = 0 THEN 4 END,
              CASE WHEN min_weight = 0 THEN 2 END
         FROM weight_categories`,
      [id.Amoxicillin],
    );
    // A category is named by its name when it is the only one of that name, else by its range
    // (two weight categories here are Overweight).
    expect((await csv('/medication?format=csv&q=amox')).body.split('\r\n')[1]).toBe(
      '"Amoxicillin","bronchitis","Weight-based","25 mg","' +
        [
          'Underweight: 1 - 2 mg, frequency 1 - 2 days, duration 1 - 2 days, max 4 mg per day, max 2 mg per dose',
          'Normal: 1 - 2 mg, frequency 1 - 2 days, duration 1 - 2 days',
          '25 - 30 kg: 1 - 2 mg, frequency 1 - 2 days, duration 1 - 2 days',
          '100 - 200 lbs: 1 - 2 mg, frequency 1 - 2 days, duration 1 - 2 days',
        ].join('; ') +
        '","--","--","--","B","--","--","--",""',
    );
  });

  it('exports the other lists with their grid columns', async () => {
    expect((await csv('/lifestyle?format=csv&sort=-name')).body).toBe(
      lines('"Name"', '"Smoking"', '"Night shifts"', '"alcohol"'),
    );
    expect((await csv('/age-category?format=csv')).body).toBe(
      lines(
        '"Age Range","Age Unit","Category","Description"',
        '"0 - 24","Months","Pediatric","-"',
        '"2 - 17","Years","-","Children"',
        '"18 - 65","Years","Adult","Grown-ups"',
        '"65 - 120","Years","Geriatric","Older adults"',
      ),
    );
    expect((await csv('/weight-category?format=csv&q=kg')).body).toBe(
      lines(
        '"Weight Range","Weight Unit","Category","Description","Min Age (years)","Max Age (years)"',
        '"0 - 18.5","Kg","Underweight","-","-","-"',
        '"18.5 - 25","Kg","Normal","Healthy","-","-"',
        '"25 - 30","Kg","Overweight","-","-","-"',
      ),
    );
    expect((await csv('/drug?format=csv&q=advil')).body).toBe(
      lines(
        '"Name","Category","Manufacturer","Dosage","Description","Side Effects","Contraindications"',
        '"Advil","NSAID","Pfizer","200 mg","Pain reliever","Nausea, Stomach pain","Ulcers"',
      ),
    );
  });

  it("exports renal rules as whole rules, the columns their import reads, one medication's when filtered", async () => {
    const { rows } = await t.pool.query<{ id: number; name: string }>(
      `SELECT id, name FROM medications ORDER BY lower(name) LIMIT 2`,
    );
    const { rows: categories } = await t.pool.query<{ id: number }>(
      `INSERT INTO renal_categories (min_egfr, max_egfr, category_name) VALUES
         (30, 45, 'G3b'), (0, 15, NULL) RETURNING id`,
    );
    await t.pool.query(
      `INSERT INTO renal_rules (medication_id, renal_category_id, avoid, min_dosage, max_dosage,
         dosage_unit, max_daily_dosage, min_frequency, max_frequency, frequency_unit) VALUES
         ($1, $3, false, 250, 500, 'mg', 1000, 12, 12, 'hours'),
         ($1, $4, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
         ($2, $3, false, NULL, NULL, NULL, NULL, 24, 48, 'hours')`,
      [rows[0].id, rows[1].id, categories[0].id, categories[1].id],
    );
    try {
      const whole = await csv('/renal-rule?format=csv');
      expect(whole.headers['content-disposition']).toBe(
        `attachment; filename="renal-rules-${today()}.csv"`,
      );
      expect(whole.body).toBe(
        lines(
          '"Medication","Renal Category","Avoid","Dose","Max Daily Dose","Interval"',
          `"${rows[0].name}","G3b","No","250 - 500 mg","1000 mg","12 hours"`,
          `"${rows[0].name}","0 - 15 mL/min/1.73m2","Yes","--","--","--"`,
          `"${rows[1].name}","G3b","No","--","--","24 - 48 hours"`,
        ),
      );
      const one = await csv(`/renal-rule?format=csv&medication_id=${rows[1].id}`);
      expect(one.body.split('\r\n').slice(1)).toEqual([
        `"${rows[1].name}","G3b","No","--","--","24 - 48 hours"`,
        '',
      ]);
    } finally {
      await t.pool.query('DELETE FROM renal_rules');
      await t.pool.query('DELETE FROM renal_categories');
    }
  });

  it('gives a header alone when nothing matches', async () => {
    expect((await csv('/condition?format=csv&q=nothing-like-this')).body).toBe(
      lines('"Name","Description","Affects Kidney Function","Codes"'),
    );
  });

  it('lets a viewer export; refuses without a token (401) and bad parameters (422) as JSON', async () => {
    expect((await csv('/lifestyle?format=csv', viewerToken)).body).toContain('Smoking');
    const anonymous = await client(t.app).get('/lifestyle?format=csv');
    expect(anonymous.statusCode).toBe(401);
    const refused = await client(t.app, token).get('/drug-interaction?format=csv&sort=name');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toContain('sort');
  });

  it('takes search words literally inside the statement it streams', async () => {
    const body = (await csv(`/condition?format=csv&q=${encodeURIComponent("x' OR 'a'='a")}`)).body;
    expect(body).toBe(lines('"Name","Description","Affects Kidney Function","Codes"'));
    expect((await csv('/drug-interaction?format=csv&q=100%25')).body.split('\r\n')).toHaveLength(3);
  });

  it('makes exactly the texts a spreadsheet would run as a formula inert, in every text column', async () => {
    const texts = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'a=1', ' =1', "'x", '', 'a;=1'];
    await t.pool.query(
      `INSERT INTO conditions (name, description)
       SELECT 'Formula ' || n, x FROM unnest($1::text[]) WITH ORDINALITY AS u(x, n)`,
      [texts],
    );
    try {
      const body = (await csv('/condition?format=csv&q=formula')).body;
      const described = body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => /^"Formula (\d+)",(.*),"No",""$/s.exec(line))
        .map((match) => [Number(match?.[1]), match?.[2]])
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, description]) => description);
      expect(described).toEqual([
        `"'=1+1"`,
        `"'+1"`,
        `"'-1"`,
        `"'@SUM(A1)"`,
        `"'\tx"`,
        `"'\rx"`,
        '"a=1"',
        '" =1"',
        `"'x"`,
        // An empty description shows as the grid shows it ('-').
        '"-"',
        `"a;'=1"`,
      ]);
    } finally {
      await t.pool.query(`DELETE FROM conditions WHERE name LIKE 'Formula %'`);
    }
  });
});

describe('the whole list, for other clients', () => {
  it('stays the same cached answer, and follows writes, whatever pages were asked for between', async () => {
    const api = client(t.app, token);
    const before = (await api.get('/lifestyle')).json();
    expect(before.meta).toBeUndefined();
    expect((await api.get('/lifestyle?page_size=1')).json().data).toHaveLength(1);
    expect((await api.get('/lifestyle')).json()).toEqual(before);
    await api.post('/lifestyle', { name: 'Cycling' });
    const after = (await api.get('/lifestyle')).json();
    expect(after.data.map((row: { name: string }) => row.name)).toEqual([
      'alcohol',
      'Cycling',
      'Night shifts',
      'Smoking',
    ]);
    expect((await api.get('/lifestyle?q=cycl')).json().meta.total).toBe(1);
  });
});
