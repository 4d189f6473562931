import { findByCode } from '../repositories/codes';
import { ATC, ICD10, RXNORM, SNOMED } from '../domain/codes';
import { withTransaction } from '../db/pool';
import { readRelease } from '../releases/scope';
import { client, createTestApp, publishDraft, signIn, type TestApp } from '../test/helpers';

// Standard codes on medications, ingredients, drug classes and conditions: stored as sent (code
// in upper case), refused when malformed, of the wrong system or held by another record of the
// kind, found by a list search, exported, versioned by releases and kept in the history.

let t: TestApp;
let api: ReturnType<typeof client>;
let conditionId: number;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const created = await api.post('/condition', {
    name: 'Atrial fibrillation',
    codes: [
      { system: ICD10, code: 'i48.91', display: 'Unspecified atrial fibrillation' },
      { system: SNOMED, code: '49436004' },
    ],
  });
  expect(created.statusCode).toBe(201);
  conditionId = created.json().data.id;
});
afterAll(() => t.close());

const codesOf = async (table: string, id: number) =>
  (await t.pool.query(`SELECT codes FROM ${table} WHERE id = $1`, [id])).rows[0].codes;

describe('codes on records', () => {
  it('stores a condition’s codes normalised, answers them and keeps record_codes in step', async () => {
    const read = await api.get(`/condition/${conditionId}`);
    expect(read.json().data.codes).toEqual([
      { system: ICD10, code: 'I48.91', display: 'Unspecified atrial fibrillation' },
      { system: SNOMED, code: '49436004', display: null },
    ]);
    const { rows } = await t.pool.query(
      `SELECT system, code FROM record_codes WHERE entity = 'condition' AND record_id = $1
        ORDER BY system`,
      [conditionId],
    );
    expect(rows).toEqual([
      { system: ICD10, code: 'I48.91' },
      { system: SNOMED, code: '49436004' },
    ]);
    expect(await findByCode(t.pool, 'condition', SNOMED, '49436004')).toEqual([conditionId]);
    expect(await findByCode(t.pool, 'condition', ICD10, 'i48.91')).toEqual([conditionId]);
    expect(await findByCode(t.pool, 'condition', ICD10, 'I48')).toEqual([]);
  });

  it('creates and updates a medication, an ingredient and a drug class with codes', async () => {
    const medication = await api.post('/medication', {
      name: 'Warfarin test',
      condition_id: conditionId,
      is_dosage_weight_based: false,
      codes: [
        { system: ATC, code: 'B01AA03' },
        { system: RXNORM, code: '11289', display: 'warfarin' },
      ],
    });
    expect(medication.statusCode).toBe(201);
    const id = medication.json().data.id;
    expect(medication.json().data.codes).toEqual([
      { system: ATC, code: 'B01AA03', display: null },
      { system: RXNORM, code: '11289', display: 'warfarin' },
    ]);
    // The medication's condition carries its codes too.
    expect(medication.json().data.condition.codes).toHaveLength(2);

    // An update without codes leaves them; with codes, replaces them.
    const renamed = await api.put('/medication/update-medication', { id, name: 'Warfarin T' });
    expect(renamed.json().data.codes).toHaveLength(2);
    const recoded = await api.put('/medication/update-medication', {
      id,
      name: 'Warfarin T',
      codes: [{ system: ATC, code: 'B01AA03' }],
    });
    expect(recoded.statusCode).toBe(200);
    expect(await codesOf('medications', id)).toEqual([
      { system: ATC, code: 'B01AA03', display: null },
    ]);
    expect(await findByCode(t.pool, 'medication', RXNORM, '11289')).toEqual([]);

    // An ingredient may share its medication's codes: the key is per kind of record.
    const ingredient = await api.post('/ingredient', {
      name: 'Warfarin sodium test',
      codes: [
        { system: RXNORM, code: '11289' },
        { system: ATC, code: 'B01AA03' },
      ],
    });
    expect(ingredient.statusCode).toBe(201);
    expect(ingredient.json().data.codes.map((c: { code: string }) => c.code)).toEqual([
      '11289',
      'B01AA03',
    ]);
    const ingredientId = ingredient.json().data.id;
    const ingredientUpdated = await api.put('/ingredient', {
      id: ingredientId,
      name: 'Warfarin sodium test',
      codes: [],
    });
    expect(ingredientUpdated.json().data.codes).toEqual([]);
    expect(await codesOf('ingredients', ingredientId)).toEqual([]);

    const drugClass = await api.post('/drug-class', {
      name: 'Vitamin K antagonists test',
      codes: [{ system: ATC, code: 'b01aa', display: 'Vitamin K antagonists' }],
    });
    expect(drugClass.statusCode).toBe(201);
    const classId = drugClass.json().data.id;
    expect((await api.get(`/drug-class/${classId}`)).json().data.codes).toEqual([
      { system: ATC, code: 'B01AA', display: 'Vitamin K antagonists' },
    ]);
    const classUpdated = await api.put('/drug-class', {
      id: classId,
      name: 'Vitamin K antagonists test',
      codes: [{ system: ATC, code: 'B01A' }],
    });
    expect(classUpdated.json().data.codes).toEqual([{ system: ATC, code: 'B01A', display: null }]);
  });

  it.each([
    ['/condition', { name: 'Bad ICD', codes: [{ system: ICD10, code: 'I1' }] }, 'codes.0.code'],
    [
      '/condition',
      { name: 'Bad SNOMED', codes: [{ system: SNOMED, code: '38341004' }] },
      'codes.0.code',
    ],
    [
      '/condition',
      { name: 'ATC on condition', codes: [{ system: ATC, code: 'B01AA03' }] },
      'codes.0.system',
    ],
    [
      '/ingredient',
      {
        name: 'Bad RxNorm',
        codes: [
          { system: RXNORM, code: '5640' },
          { system: RXNORM, code: '12A' },
        ],
      },
      'codes.1.code',
    ],
    [
      '/ingredient',
      { name: 'ICD on ingredient', codes: [{ system: ICD10, code: 'I10' }] },
      'codes.0.system',
    ],
    ['/drug-class', { name: 'Bad ATC', codes: [{ system: ATC, code: 'B1AA' }] }, 'codes.0.code'],
    [
      '/drug-class',
      {
        name: 'Twice',
        codes: [
          { system: ATC, code: 'N02' },
          { system: ATC, code: 'n02' },
        ],
      },
      'codes.1.code',
    ],
  ])('refuses %s with a bad code (422, %#), storing nothing', async (path, body, field) => {
    const response = await api.post(path, body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    expect(response.json().message).toEqual(expect.any(String));
    const table =
      { '/condition': 'conditions', '/ingredient': 'ingredients' }[path] ?? 'drug_classes';
    const { rows } = await t.pool.query(`SELECT 1 FROM ${table} WHERE name = $1`, [body.name]);
    expect(rows).toEqual([]);
  });

  it('refuses a medication with a bad code, storing nothing', async () => {
    const response = await api.post('/medication', {
      name: 'Bad code medication',
      condition_id: conditionId,
      is_dosage_weight_based: false,
      codes: [{ system: SNOMED, code: '38341003' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['codes.0.system']).toBeDefined();
    expect(
      (await t.pool.query(`SELECT 1 FROM medications WHERE name = 'Bad code medication'`)).rows,
    ).toEqual([]);
  });

  it('refuses a code another record of the kind holds with 409 naming it, changing nothing', async () => {
    const response = await api.post('/condition', {
      name: 'Another AF',
      codes: [{ system: SNOMED, code: '49436004' }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'SNOMED CT 49436004 is already used by the condition Atrial fibrillation.',
    );
    expect(response.json().errors).toEqual({
      'codes.0.code': ['SNOMED CT 49436004 is already used by the condition Atrial fibrillation'],
    });
    expect((await t.pool.query(`SELECT 1 FROM conditions WHERE name = 'Another AF'`)).rows).toEqual(
      [],
    );

    const other = (await api.post('/condition', { name: 'Hypertension test' })).json().data;
    const update = await api.put('/condition', {
      id: other.id,
      name: 'Hypertension test',
      codes: [
        { system: ICD10, code: 'I10' },
        { system: ICD10, code: 'I48.91' },
      ],
    });
    expect(update.statusCode).toBe(409);
    expect(Object.keys(update.json().errors)).toEqual(['codes.1.code']);
    expect(await codesOf('conditions', other.id)).toEqual([]);

    // A record keeps its own codes when it is saved again.
    const again = await api.put('/condition', {
      id: conditionId,
      name: 'Atrial fibrillation',
      codes: [{ system: SNOMED, code: '49436004' }],
    });
    expect(again.statusCode).toBe(200);
    // The database's key refuses a duplicate that skips the route's check.
    await expect(
      t.pool.query(`UPDATE conditions SET codes = $1 WHERE id = $2`, [
        JSON.stringify([{ system: SNOMED, code: '49436004' }]),
        other.id,
      ]),
    ).rejects.toThrow(/record_codes_pkey/);
  });

  it('finds records by code in list searches, case-insensitively, and exports a Codes column', async () => {
    await api.post('/condition', {
      name: 'Essential hypertension test',
      codes: [
        { system: ICD10, code: 'I10' },
        { system: SNOMED, code: '38341003' },
      ],
    });
    const page = await api.get('/condition?q=i10&page=1');
    expect(page.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Essential hypertension test',
    ]);
    const bySnomed = await api.get('/condition?q=38341003&page=1');
    expect(bySnomed.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Essential hypertension test',
    ]);
    // A part of a code is not a match.
    expect((await api.get('/condition?q=3834100&page=1')).json().data).toEqual([]);

    const medications = await api.get('/medication?q=b01aa03&page=1');
    expect(medications.json().data.map((m: { name: string }) => m.name)).toEqual(['Warfarin T']);
    const classes = await api.get('/drug-class?q=B01A&page=1');
    expect(classes.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Vitamin K antagonists test',
    ]);
    await api.post('/ingredient', {
      name: 'Ibuprofen test',
      codes: [
        { system: ATC, code: 'M01AE01' },
        { system: RXNORM, code: '5640' },
      ],
    });
    const ingredients = await api.get('/ingredient?q=5640&page=1');
    expect(ingredients.json().data.map((i: { name: string }) => i.name)).toEqual([
      'Ibuprofen test',
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ingredient?format=csv&q=5640',
      headers: { authorization: `Bearer ${await signIn(t.app)}` },
    });
    const [header, row] = csv.body.trim().split('\r\n');
    expect(header).toBe('"Name","Medications","Codes"');
    expect(row).toBe('"Ibuprofen test",,"ATC|M01AE01; RxNorm|5640"');
    const conditionsCsv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/condition?format=csv&q=I10',
      headers: { authorization: `Bearer ${await signIn(t.app)}` },
    });
    expect(conditionsCsv.body).toContain('"ICD-10|I10; SNOMED CT|38341003"');
  });

  it('keeps codes in a release and in the history', async () => {
    const created = await api.post('/condition', {
      name: 'Asthma test',
      codes: [{ system: ICD10, code: 'J45' }],
    });
    const id = created.json().data.id;
    await publishDraft(t.pool);
    await api.put('/condition', {
      id,
      name: 'Asthma test',
      codes: [{ system: ICD10, code: 'J45.9' }],
    });

    const released = await api.get(`/condition/${id}?release=latest`);
    expect(released.json().data.codes).toEqual([{ system: ICD10, code: 'J45', display: null }]);
    expect((await api.get(`/condition/${id}`)).json().data.codes[0].code).toBe('J45.9');
    const releasedSearch = await api.get('/condition?q=J45&page=1&release=latest');
    expect(releasedSearch.json().data.map((c: { name: string }) => c.name)).toEqual([
      'Asthma test',
    ]);
    const releaseNumber = Number(released.headers['x-release']);
    const inRelease = await withTransaction(t.pool, async (tx) => {
      await readRelease(tx, releaseNumber);
      return findByCode(tx, 'condition', ICD10, 'J45');
    });
    expect(inRelease).toEqual([id]);
    expect(await findByCode(t.pool, 'condition', ICD10, 'J45')).toEqual([]);

    const history = await api.get(`/audit?entity=condition&entity_id=${id}`);
    const update = history.json().data.find((e: { action: string }) => e.action === 'update');
    expect(update.changes.codes).toEqual({
      from: [{ system: ICD10, code: 'J45', display: null }],
      to: [{ system: ICD10, code: 'J45.9', display: null }],
    });
  });
});
