import * as medicationRepository from '../repositories/medications';
import { contractProblems } from '../test/contract';
import {
  client,
  countRows,
  createTestApp,
  insertUser,
  multipartBody,
  postMultipart,
  signIn,
  type TestApp,
} from '../test/helpers';

// The dosage insert goes through a mock that calls the real one, so that a test can make it fail
// (a module's exports cannot be spied on once compiled: they are read-only).
jest.mock('../repositories/medications', () => {
  const actual = jest.requireActual<typeof medicationRepository>('../repositories/medications');
  return { ...actual, insertDosage: jest.fn(actual.insertDosage) };
});
const realInsertDosage = jest.requireActual<typeof medicationRepository>(
  '../repositories/medications',
).insertDosage;

let t: TestApp;
let token: string;
let api: ReturnType<typeof client>;
let conditionId: number;
let contraIds: number[];
let weightCategoryId: number;
let ageCategoryId: number;

let unique = 0;
const uniqueName = (base: string) => `${base} ${++unique}`;

/** A dosage block as written (`min_duration`, not `min_frequency_duration`). */
function validDosage(overrides: Record<string, unknown> = {}) {
  return {
    min_dosage: 250,
    max_dosage: 500,
    dosage_unit: 'mg',
    min_frequency: 1,
    max_frequency: 3,
    frequency_unit: 'hours',
    min_duration: 3,
    max_duration: 7,
    duration_unit: 'days',
    ...overrides,
  };
}
const validWeightDosage = (overrides: Record<string, unknown> = {}) =>
  validDosage({ weight_category_id: weightCategoryId, ...overrides });
const validAgeDosage = (overrides: Record<string, unknown> = {}) =>
  validDosage({ age_category_id: ageCategoryId, ...overrides });

function weightBasedMedication(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Amoxicillin'),
    condition_id: conditionId,
    is_dosage_weight_based: true,
    avg_weight_dosage: 25,
    avg_weight_dosage_unit: 'mg',
    contraindications: contraIds,
    pregnancy_category: 'B',
    weight_dosage: validWeightDosage(),
    ...overrides,
  };
}

function ageBasedMedication(overrides: Record<string, unknown> = {}) {
  return {
    name: uniqueName('Paracetamol'),
    condition_id: conditionId,
    is_dosage_weight_based: false,
    contraindications: [contraIds[0]],
    pregnancy_category: 'C',
    age_dosage: validAgeDosage(),
    ...overrides,
  };
}

async function createMedication(body: object = weightBasedMedication()) {
  const response = await api.post('/medication', body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().data;
}

/** Everything stored for a medication, without ids and timestamps, to compare two creations. */
async function storedMedication(id: number) {
  const medication = (
    await t.pool.query(
      `SELECT condition_id, is_dosage_weight_based, avg_weight_dosage, avg_weight_dosage_unit, pregnancy_category
         FROM medications WHERE id = $1`,
      [id],
    )
  ).rows[0];
  const dosageColumns = `min_dosage, max_dosage, dosage_unit, min_frequency, max_frequency, frequency_unit,
    min_duration, max_duration, duration_unit`;
  const weight = (
    await t.pool.query(
      `SELECT weight_category_id, ${dosageColumns} FROM weight_category_dosages WHERE medication_id = $1`,
      [id],
    )
  ).rows;
  const age = (
    await t.pool.query(
      `SELECT age_category_id, ${dosageColumns} FROM age_category_dosages WHERE medication_id = $1`,
      [id],
    )
  ).rows;
  const contraindications = (
    await t.pool.query(
      'SELECT condition_id FROM medication_contraindications WHERE medication_id = $1 ORDER BY condition_id',
      [id],
    )
  ).rows.map((r) => r.condition_id);
  return { medication, weight, age, contraindications };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app);
  api = client(t.app, token);
  conditionId = (await api.post('/condition', { name: 'Otitis media' })).json().data.id;
  contraIds = [
    (
      await api.post('/condition', { name: 'Penicillin allergy', description: 'Hypersensitivity' })
    ).json().data.id,
    (await api.post('/condition', { name: 'Mononucleosis' })).json().data.id,
  ];
  weightCategoryId = (
    await api.post('/weight-category', {
      minimum_weight: 10,
      maximum_weight: 40,
      unit: 'kg',
      category: 'Normal',
    })
  ).json().data.id;
  ageCategoryId = (
    await api.post('/age-category', {
      minimum_age: 18,
      maximum_age: 65,
      unit: 'years',
      category: 'Adult',
    })
  ).json().data.id;
});
afterAll(() => t.close());

describe('POST /medication (JSON)', () => {
  it('creates a weight-based medication and answers it in the read shape', async () => {
    const body = weightBasedMedication();
    const response = await api.post('/medication', body);
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe('Medication added successfully');
    expect(data).toMatchObject({
      name: body.name,
      condition_id: conditionId,
      condition: { id: conditionId, name: 'Otitis media', description: null },
      is_dosage_weight_based: 1,
      avg_weight_dosage: 25,
      avg_weight_dosage_unit: 'mg',
      dosage_per_weight: [{ dosage: 25, dosage_unit: 'mg' }],
      age_category_dosages: [],
      contraindications: [...contraIds].sort((a, b) => a - b),
      medical_lifestyle_contraindications: [],
      pregnancy_category: 'B',
    });
    expect(data.condition_contraindications.map((c: { name: string }) => c.name)).toEqual([
      'Mononucleosis',
      'Penicillin allergy',
    ]);
    expect(data.condition_contraindications).toContainEqual({
      id: contraIds[0],
      name: 'Penicillin allergy',
      description: 'Hypersensitivity',
      level: 'contraindicated',
      severity: 'contraindicated',
    });
    expect(data.weight_category_dosages).toHaveLength(1);
    const dosage = data.weight_category_dosages[0];
    expect(dosage).toMatchObject({
      medication_id: data.id,
      weight_category_id: weightCategoryId,
      weight_category: {
        id: weightCategoryId,
        category_name: 'Normal',
        weight_unit: 'kg',
        min_weight: 10,
        max_weight: 40,
      },
      min_dosage: 250,
      max_dosage: 500,
      dosage_unit: 'mg',
      min_frequency: 1,
      max_frequency: 3,
      frequency_unit: 'hours',
      min_frequency_duration: 3,
      max_frequency_duration: 7,
      frequency_duration_unit: 'days',
    });
    // Reads use min_frequency_duration; the written name never comes back.
    expect(dosage).not.toHaveProperty('min_duration');
    expect(dosage).not.toHaveProperty('max_duration');

    const stored = await storedMedication(data.id);
    expect(stored.medication).toEqual({
      condition_id: conditionId,
      is_dosage_weight_based: true,
      avg_weight_dosage: 25,
      avg_weight_dosage_unit: 'mg',
      pregnancy_category: 'B',
    });
    expect(stored.weight).toEqual([{ weight_category_id: weightCategoryId, ...validDosage() }]);
    expect(stored.age).toEqual([]);
    expect(stored.contraindications).toEqual([...contraIds].sort((a, b) => a - b));

    // GET /medication/{id} answers the same shape.
    const read = await api.get(`/medication/${data.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(data);
  });

  it('creates an age-based medication: is_dosage_weight_based 0, an age dosage, no dosage_per_weight', async () => {
    const body = ageBasedMedication();
    const response = await api.post('/medication', body);
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      is_dosage_weight_based: 0,
      avg_weight_dosage: null,
      avg_weight_dosage_unit: 'mg',
      dosage_per_weight: [],
      weight_category_dosages: [],
      contraindications: [contraIds[0]],
      pregnancy_category: 'C',
    });
    expect(data.age_category_dosages).toEqual([
      expect.objectContaining({
        age_category_id: ageCategoryId,
        age_category: expect.objectContaining({
          id: ageCategoryId,
          category_name: 'Adult',
          age_unit: 'years',
        }),
        min_frequency_duration: 3,
        max_frequency_duration: 7,
        frequency_duration_unit: 'days',
      }),
    ]);
    const stored = await storedMedication(data.id);
    expect(stored.medication.is_dosage_weight_based).toBe(false);
    expect(stored.age).toEqual([{ age_category_id: ageCategoryId, ...validDosage() }]);
    expect(stored.weight).toEqual([]);
  });

  it('stores an empty pregnancy category as none (null)', async () => {
    const { id } = await createMedication(ageBasedMedication({ pregnancy_category: '' }));
    expect((await api.get(`/medication/${id}`)).json().data.pregnancy_category).toBeNull();
    expect((await storedMedication(id)).medication.pregnancy_category).toBeNull();
  });

  it('refuses the age block on a weight-based medication (and the reverse) with 422, storing nothing', async () => {
    const wrongForWeight = weightBasedMedication({
      weight_dosage: undefined,
      age_dosage: validAgeDosage(),
    });
    const refused = await api.post('/medication', wrongForWeight);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('age_dosage');

    const wrongForAge = ageBasedMedication({
      age_dosage: undefined,
      weight_dosage: validWeightDosage(),
    });
    const refusedToo = await api.post('/medication', wrongForAge);
    expect(refusedToo.statusCode).toBe(422);
    expect(refusedToo.json().errors).toHaveProperty('weight_dosage');

    expect(
      await countRows(t.pool, 'medications WHERE name = ANY($1)', [
        [wrongForWeight.name, wrongForAge.name],
      ]),
    ).toBe(0);
  });

  it.each([
    ['dosage', { min_dosage: 500, max_dosage: 250 }, 'weight_dosage.min_dosage'],
    ['frequency', { min_frequency: 4, max_frequency: 2 }, 'weight_dosage.min_frequency'],
    ['duration', { min_duration: 10, max_duration: 5 }, 'weight_dosage.min_duration'],
  ])(
    'refuses a %s minimum above its maximum with 422 and leaves no medication behind',
    async (_what, range, field) => {
      const body = weightBasedMedication({ weight_dosage: validWeightDosage(range) });
      const response = await api.post('/medication', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty([field]);
      expect(await countRows(t.pool, 'medications WHERE name = $1', [body.name])).toBe(0);
      expect(
        await countRows(
          t.pool,
          'medication_contraindications mc JOIN medications m ON m.id = mc.medication_id WHERE m.name = $1',
          [body.name],
        ),
      ).toBe(0);
    },
  );

  it('rolls the whole creation back when the dosage insert fails inside the transaction', async () => {
    const body = weightBasedMedication();
    const failing = jest
      .mocked(medicationRepository.insertDosage)
      .mockRejectedValueOnce(Object.assign(new Error('simulated failure'), { code: 'XX000' }));
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/medication',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toContain('simulated');
    } finally {
      failing.mockReset();
      failing.mockImplementation(realInsertDosage);
    }
    expect(await countRows(t.pool, 'medications WHERE name = $1', [body.name])).toBe(0);
    expect(
      await countRows(
        t.pool,
        'medication_contraindications mc LEFT JOIN medications m ON m.id = mc.medication_id WHERE m.id IS NULL',
      ),
    ).toBe(0);
  });

  it('refuses unknown condition, contraindication and category ids with 422 naming each field', async () => {
    const unknownCondition = weightBasedMedication({ condition_id: 999999 });
    const response = await api.post('/medication', unknownCondition);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.condition_id).toEqual([expect.stringContaining('999999')]);

    const unknownContra = await api.post(
      '/medication',
      weightBasedMedication({ contraindications: [contraIds[0], 888888] }),
    );
    expect(unknownContra.statusCode).toBe(422);
    expect(unknownContra.json().errors.contraindications).toEqual([
      expect.stringContaining('888888'),
    ]);

    const unknownCategory = await api.post(
      '/medication',
      weightBasedMedication({ weight_dosage: validWeightDosage({ weight_category_id: 777777 }) }),
    );
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().errors).toHaveProperty(['weight_dosage.weight_category_id']);

    expect(await countRows(t.pool, 'medications WHERE name = $1', [unknownCondition.name])).toBe(0);
  });

  it('refuses a medication_id in the dosage block (the new medication has none yet) with 422', async () => {
    const before = await countRows(t.pool, 'medications');
    for (const medicationId of [999999, contraIds[0]]) {
      const body = weightBasedMedication({
        weight_dosage: validWeightDosage({ medication_id: medicationId }),
      });
      const response = await api.post('/medication', body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['weight_dosage.medication_id']);
    }
    const age = await api.post(
      '/medication',
      ageBasedMedication({ age_dosage: validAgeDosage({ medication_id: 999999 }) }),
    );
    expect(age.statusCode).toBe(422);
    expect(Object.keys(age.json().errors)).toEqual(['age_dosage.medication_id']);
    expect(await countRows(t.pool, 'medications')).toBe(before);
  });

  it('refuses missing and invalid fields with 422 naming them', async () => {
    const response = await api.post('/medication', {
      condition_id: conditionId,
      is_dosage_weight_based: 'yes',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.name).toEqual(['is required']);
    expect(errors).toHaveProperty('is_dosage_weight_based');

    const badUnit = await api.post(
      '/medication',
      weightBasedMedication({ weight_dosage: validWeightDosage({ dosage_unit: 'Mg' }) }),
    );
    expect(badUnit.statusCode).toBe(422);
    expect(badUnit.json().errors).toHaveProperty(['weight_dosage.dosage_unit']);

    const badPregnancy = await api.post(
      '/medication',
      ageBasedMedication({ pregnancy_category: 'Z' }),
    );
    expect(badPregnancy.statusCode).toBe(422);
    expect(badPregnancy.json().errors).toHaveProperty('pregnancy_category');
  });

  it('stores the first dosage’s single-dose maximum, and refuses 0 there with 422, storing no medication', async () => {
    const body = ageBasedMedication({
      age_dosage: validAgeDosage({
        min_dosage: 10,
        max_dosage: 10,
        dosage_unit: 'mg/kg',
        max_dose: 500,
      }),
    });
    const created = await api.post('/medication', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.age_category_dosages[0]).toMatchObject({
      dosage_unit: 'mg/kg',
      max_dose: 500,
    });

    const zero = ageBasedMedication({ age_dosage: validAgeDosage({ max_dose: 0 }) });
    const refused = await api.post('/medication', zero);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toEqual(expect.any(String));
    expect(refused.json().errors).toHaveProperty(['age_dosage.max_dose']);
    expect(await countRows(t.pool, 'medications WHERE name = $1', [zero.name])).toBe(0);
  });
});

describe('POST /medication (multipart form data)', () => {
  /** The same medication as `weightBasedMedication()`, as bracketed form fields. */
  function formFields(name: string): [string, string | number | boolean][] {
    const dosage = validWeightDosage();
    return [
      ['name', name],
      ['condition_id', conditionId],
      ['is_dosage_weight_based', true],
      ['avg_weight_dosage', 25],
      ['avg_weight_dosage_unit', 'mg'],
      ...contraIds.map((id): [string, number] => ['contraindications[]', id]),
      ['pregnancy_category', 'B'],
      ...Object.entries(dosage).map(([key, value]): [string, string | number] => [
        `weight_dosage[${key}]`,
        value,
      ]),
    ];
  }

  it('stores exactly what the JSON creation stores', async () => {
    const fromJson = await createMedication(weightBasedMedication({ name: 'Cefalexin JSON' }));
    const response = await postMultipart(t.app, token, '/medication', formFields('Cefalexin form'));
    expect(response.statusCode).toBe(201);
    const fromForm = response.json().data;
    expect(fromForm.name).toBe('Cefalexin form');
    expect(fromForm.is_dosage_weight_based).toBe(1);
    expect(fromForm.contraindications).toEqual([...contraIds].sort((a, b) => a - b));
    expect(fromForm.weight_category_dosages[0]).toMatchObject({
      min_dosage: 250,
      max_dosage: 500,
      min_frequency_duration: 3,
    });

    expect(await storedMedication(fromForm.id)).toEqual(await storedMedication(fromJson.id));
    const strip = ({
      id: _id,
      name: _n,
      created_at: _c,
      updated_at: _u,
      ...rest
    }: Record<string, unknown>) => ({
      ...rest,
      weight_category_dosages: (rest.weight_category_dosages as Record<string, unknown>[]).map(
        ({ id: _i, medication_id: _m, ...d }) => d,
      ),
    });
    expect(strip(fromForm)).toEqual(strip(fromJson));
  });

  it('reads is_dosage_weight_based as form text: 1 and true are weight-based, 0 and false age-based; other text is a 422', async () => {
    const ageFields = (name: string, flag: string): [string, string | number][] => [
      ['name', name],
      ['condition_id', conditionId],
      ['is_dosage_weight_based', flag],
      ...Object.entries(validAgeDosage()).map(([key, value]): [string, string | number] => [
        `age_dosage[${key}]`,
        value,
      ]),
    ];
    for (const [flag, stored] of [
      ['0', 0],
      ['false', 0],
    ] as const) {
      const response = await postMultipart(
        t.app,
        token,
        '/medication',
        ageFields(`Form ${flag}`, flag),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().data.is_dosage_weight_based).toBe(stored);
      expect(response.json().data.age_category_dosages).toHaveLength(1);
    }
    for (const flag of ['1', 'true']) {
      const fields = formFields(`Form ${flag}`).map(
        ([key, value]): [string, string | number | boolean] =>
          key === 'is_dosage_weight_based' ? [key, flag] : [key, value],
      );
      const response = await postMultipart(t.app, token, '/medication', fields);
      expect(response.statusCode).toBe(201);
      expect(response.json().data.is_dosage_weight_based).toBe(1);
    }
    const { rows } = await t.pool.query<{ name: string; is_dosage_weight_based: boolean }>(
      "SELECT name, is_dosage_weight_based FROM medications WHERE name LIKE 'Form %' ORDER BY name",
    );
    expect(rows).toEqual([
      { name: 'Form 0', is_dosage_weight_based: false },
      { name: 'Form 1', is_dosage_weight_based: true },
      { name: 'Form false', is_dosage_weight_based: false },
      { name: 'Form true', is_dosage_weight_based: true },
    ]);
    for (const flag of ['2', 'yes', '']) {
      const response = await postMultipart(
        t.app,
        token,
        '/medication',
        ageFields(`Bad ${flag}`, flag),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('is_dosage_weight_based');
    }
    expect(await countRows(t.pool, "medications WHERE name LIKE 'Bad %'")).toBe(0);
  });

  it('accepts a single contraindications[] field as a list of one', async () => {
    const fields = formFields('Cefuroxime form').filter(([key]) => key !== 'contraindications[]');
    const response = await postMultipart(t.app, token, '/medication', [
      ...fields,
      ['contraindications[]', contraIds[1]],
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.contraindications).toEqual([contraIds[1]]);
  });

  it('validates form fields like JSON: min above max is a 422 and nothing is stored', async () => {
    const fields = formFields('Cefixime form').map(
      ([key, value]): [string, string | number | boolean] =>
        key === 'weight_dosage[min_dosage]' ? [key, 900] : [key, value],
    );
    const response = await postMultipart(t.app, token, '/medication', fields);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(['weight_dosage.min_dosage']);
    expect(await countRows(t.pool, "medications WHERE name = 'Cefixime form'")).toBe(0);
  });

  it('answers a malformed multipart body with 400, never a 500, storing nothing', async () => {
    const before = await countRows(t.pool, 'medications');
    for (const contentType of ['multipart/form-data; boundary=XYZ', 'multipart/form-data']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/medication',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload: 'this is not a multipart body',
      });
      expect({ contentType, status: response.statusCode }).toEqual({ contentType, status: 400 });
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect(await countRows(t.pool, 'medications')).toBe(before);
  });

  it('answers a multipart body over 1 MiB with 413, like a JSON one', async () => {
    const padding = Array.from({ length: 24 }, (_, i): [string, string] => [
      `contraindications[]`,
      `${i}`.padStart(50_000, '0'),
    ]);
    const { payload, contentType } = multipartBody([...formFields('Huge form'), ...padding]);
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medication',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/1 MiB/);
    expect(await countRows(t.pool, "medications WHERE name = 'Huge form'")).toBe(0);
  });

  it('refuses a dangerous bracketed field name with 422', async () => {
    const response = await postMultipart(t.app, token, '/medication', [
      ...formFields('Proto form'),
      ['__proto__[polluted]', 'yes'],
    ]);
    expect(response.statusCode).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await countRows(t.pool, "medications WHERE name = 'Proto form'")).toBe(0);
  });

  /** A form of text fields plus one raw extra part, posted and checked against the contract. */
  async function postWithPart(name: string, part: string) {
    const { payload, contentType } = multipartBody(formFields(name));
    const boundary = contentType.split('boundary=')[1];
    const body = payload.replace(
      `--${boundary}--\r\n`,
      `--${boundary}\r\n${part}--${boundary}--\r\n`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medication',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
    const problems = contractProblems(
      'POST',
      '/api/v1/medication',
      response.statusCode,
      response.json(),
    );
    expect(problems).toEqual([]);
    return response;
  }

  it('refuses a small form with a file part with 422 saying files are not accepted (not "over 1 MiB")', async () => {
    const response = await postWithPart(
      'File form',
      'Content-Disposition: form-data; name="leaflet"; filename="leaflet.txt"\r\n' +
        'Content-Type: text/plain\r\n\r\nTake with food.\r\n',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'This form takes text fields only: file uploads are not accepted.',
    );
    expect(response.json().message).not.toMatch(/1 MiB/);
    expect(await countRows(t.pool, "medications WHERE name = 'File form'")).toBe(0);
  });

  it('refuses a form with more than 500 fields with 422 saying so', async () => {
    const extra = Array.from({ length: 501 }, (_, i): [string, string] => [`extra${i}`, 'x']);
    const { payload, contentType } = multipartBody([...formFields('Crowded form'), ...extra]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/medication',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The form has more than 500 fields.');
    expect(await countRows(t.pool, "medications WHERE name = 'Crowded form'")).toBe(0);
  });

  it('answers a field declared as JSON that is not JSON with 400 (not 406)', async () => {
    const response = await postWithPart(
      'Bad JSON form',
      'Content-Disposition: form-data; name="avg_weight_dosage_unit"\r\n' +
        'Content-Type: application/json\r\n\r\n{not json\r\n',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'A form field sent as application/json is not valid JSON.',
    );
    expect(await countRows(t.pool, "medications WHERE name = 'Bad JSON form'")).toBe(0);
  });
});

describe('GET /medication', () => {
  it('lists medications by name with their dosages, using a fixed number of queries', async () => {
    const local = await createTestApp();
    try {
      const localToken = await signIn(local.app);
      const localApi = client(local.app, localToken);
      const condition = (await localApi.post('/condition', { name: 'Pain' })).json().data.id;
      const contra = (await localApi.post('/condition', { name: 'Ulcer' })).json().data.id;
      const category = (
        await localApi.post('/age-category', {
          minimum_age: 12,
          maximum_age: 80,
          unit: 'years',
          category: 'Adult',
        })
      ).json().data.id;
      const addMedications = async (from: number, to: number) => {
        for (let i = from; i < to; i++) {
          const created = await localApi.post('/medication', {
            name: `Analgesic ${String(i).padStart(2, '0')}`,
            condition_id: condition,
            is_dosage_weight_based: false,
            contraindications: [contra],
            age_dosage: { ...validDosage(), age_category_id: category },
          });
          expect(created.statusCode).toBe(201);
        }
      };
      const queriesForList = async () => {
        await localApi.get('/auth/me'); // refreshes the token's activity, so the count is of the list alone
        // The writes' background work (the history inbox, the test prescriptions) must not land
        // in the count.
        await Promise.all([local.app.auditInbox.idle(), local.app.testSuite.idle()]);
        const spy = jest.spyOn(local.pool, 'query');
        try {
          const response = await localApi.get('/medication');
          expect(response.statusCode).toBe(200);
          return { count: spy.mock.calls.length, data: response.json().data };
        } finally {
          spy.mockRestore();
        }
      };

      await addMedications(0, 2);
      const few = await queriesForList();
      expect(few.data).toHaveLength(2);
      await addMedications(2, 20);
      const many = await queriesForList();
      expect(many.data).toHaveLength(20);
      expect(many.count).toBe(few.count);
      expect(many.count).toBeLessThanOrEqual(3);

      expect(many.data.map((m: { name: string }) => m.name)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Analgesic ${String(i).padStart(2, '0')}`),
      );
      for (const medication of many.data) {
        expect(medication.age_category_dosages).toHaveLength(1);
        expect(medication.contraindications).toEqual([contra]);
      }
    } finally {
      await local.close();
    }
  });
});

describe('GET /medication/{id}', () => {
  it('answers 404 for an unknown id and 422 for an id that is not a number', async () => {
    expect((await api.get('/medication/999999')).statusCode).toBe(404);
    const invalid = await api.get('/medication/abc');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('id');
  });
});

describe('PUT /medication/update-medication', () => {
  it('renames, sets the pregnancy category, leaves it when absent and clears it with an empty string', async () => {
    const { id } = await createMedication(ageBasedMedication({ pregnancy_category: 'A' }));
    const stored = async () =>
      (await t.pool.query('SELECT name, pregnancy_category FROM medications WHERE id = $1', [id]))
        .rows[0];

    const set = await api.put('/medication/update-medication', {
      id,
      name: '  Acetaminophen  ',
      pregnancy_category: 'D',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().message).toBe('Medication updated successfully');
    expect(set.json().data).toMatchObject({ id, name: 'Acetaminophen', pregnancy_category: 'D' });
    expect(await stored()).toEqual({ name: 'Acetaminophen', pregnancy_category: 'D' });

    const absent = await api.put('/medication/update-medication', {
      id,
      name: 'Acetaminophen 500',
    });
    expect(absent.json().data.pregnancy_category).toBe('D');
    expect(await stored()).toEqual({ name: 'Acetaminophen 500', pregnancy_category: 'D' });

    const cleared = await api.put('/medication/update-medication', {
      id,
      name: 'Acetaminophen 500',
      pregnancy_category: '',
    });
    expect(cleared.json().data.pregnancy_category).toBeNull();
    expect(await stored()).toEqual({ name: 'Acetaminophen 500', pregnancy_category: null });

    await api.put('/medication/update-medication', {
      id,
      name: 'Acetaminophen 500',
      pregnancy_category: 'B',
    });
    const nulled = await api.put('/medication/update-medication', {
      id,
      name: 'Acetaminophen 500',
      pregnancy_category: null,
    });
    expect(nulled.json().data.pregnancy_category).toBeNull();
  });

  it('refuses an empty name with 422 and changes nothing; answers 404 for an unknown id', async () => {
    const created = await createMedication(ageBasedMedication());
    const response = await api.put('/medication/update-medication', {
      id: created.id,
      name: '',
      pregnancy_category: 'X',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('name');
    expect(
      (
        await t.pool.query('SELECT name, pregnancy_category FROM medications WHERE id = $1', [
          created.id,
        ])
      ).rows[0],
    ).toEqual({
      name: created.name,
      pregnancy_category: 'C',
    });
    expect(
      (await api.put('/medication/update-medication', { id: 999999, name: 'Ghost' })).statusCode,
    ).toBe(404);
  });
});

describe('DELETE /medications/{id}', () => {
  it('deletes the medication with everything hanging on it; search history keeps the name', async () => {
    const medication = await createMedication(weightBasedMedication({ name: 'Warfarin' }));
    const other = await createMedication(ageBasedMedication({ name: 'Aspirin' }));
    const lifestyle = (await api.post('/lifestyle', { name: 'Alcohol' })).json().data.id;
    expect(
      (
        await api.post('/lifestyle-contraindication', {
          medication_id: medication.id,
          lifestyle_id: lifestyle,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await api.post('/drug-interaction', {
          medication_id: other.id,
          interacting_medication_id: medication.id,
          severity: 'major',
          description: 'Bleeding risk',
        })
      ).statusCode,
    ).toBe(201);
    const { id: userId } = await insertUser(t.pool);
    await t.pool.query(
      'INSERT INTO search_history (user_id, medication_id, drug_name) VALUES ($1, $2, $3)',
      [userId, medication.id, 'Warfarin'],
    );

    const response = await api.delete(`/medications/${medication.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Medication deleted successfully');

    expect(await countRows(t.pool, 'medications WHERE id = $1', [medication.id])).toBe(0);
    expect(
      await countRows(t.pool, 'weight_category_dosages WHERE medication_id = $1', [medication.id]),
    ).toBe(0);
    expect(
      await countRows(t.pool, 'medication_contraindications WHERE medication_id = $1', [
        medication.id,
      ]),
    ).toBe(0);
    expect(
      await countRows(t.pool, 'lifestyle_contraindications WHERE medication_id = $1', [
        medication.id,
      ]),
    ).toBe(0);
    expect(
      await countRows(
        t.pool,
        'drug_interactions WHERE $1 IN (medication_id, interacting_medication_id)',
        [medication.id],
      ),
    ).toBe(0);
    const history = (
      await t.pool.query('SELECT medication_id, drug_name FROM search_history WHERE user_id = $1', [
        userId,
      ])
    ).rows;
    expect(history).toEqual([{ medication_id: null, drug_name: 'Warfarin' }]);
    // The other medication, the lifestyle and the conditions stay.
    expect((await api.get(`/medication/${other.id}`)).statusCode).toBe(200);
    expect((await api.get(`/lifestyle/${lifestyle}`)).statusCode).toBe(200);
    expect(await countRows(t.pool, 'conditions WHERE id = ANY($1)', [contraIds])).toBe(2);

    expect((await api.get(`/medication/${medication.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/medications/${medication.id}`)).statusCode).toBe(404);
  });

  it('answers 422 for an id that is not a positive number', async () => {
    const response = await api.delete('/medications/0');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('id');
  });
});

describe.each([
  {
    kind: 'weight',
    add: '/medication/add-weight-based-dosage',
    update: '/medication/update-weight-based-dosage',
    field: 'weight_category_id',
    table: 'weight_category_dosages',
    message: 'Weight dosage',
  },
  {
    kind: 'age',
    add: '/medication/add-age-based-dosage',
    update: '/medication/update-age-based-dosage',
    field: 'age_category_id',
    table: 'age_category_dosages',
    message: 'Age dosage',
  },
] as const)('$kind dosages', ({ kind, add, update, field, table, message }) => {
  const categoryId = () => (kind === 'weight' ? weightCategoryId : ageCategoryId);
  const bareMedication = () =>
    createMedication({
      name: uniqueName(`Bare ${kind}`),
      condition_id: conditionId,
      is_dosage_weight_based: kind === 'weight',
    });
  const dosageBody = (medicationId: number, overrides: Record<string, unknown> = {}) => ({
    medication_id: medicationId,
    [field]: categoryId(),
    ...validDosage(),
    ...overrides,
  });

  it('adds a dosage, stores it and shows it on the medication', async () => {
    const medication = await bareMedication();
    const response = await api.post(
      add,
      dosageBody(medication.id, { min_dosage: 5, max_dosage: 10, dosage_unit: 'ml' }),
    );
    expect(response.statusCode).toBe(201);
    const { data, message: text } = response.json();
    expect(text).toBe(`${message} added successfully`);
    expect(data).toMatchObject({
      medication_id: medication.id,
      [field]: categoryId(),
      min_dosage: 5,
      max_dosage: 10,
      dosage_unit: 'ml',
      min_frequency_duration: 3,
      max_frequency_duration: 7,
    });
    const rows = (
      await t.pool.query(
        `SELECT ${field}, min_dosage, max_dosage, dosage_unit FROM ${table} WHERE medication_id = $1`,
        [medication.id],
      )
    ).rows;
    expect(rows).toEqual([
      { [field]: categoryId(), min_dosage: 5, max_dosage: 10, dosage_unit: 'ml' },
    ]);
    const read = (await api.get(`/medication/${medication.id}`)).json().data;
    expect(read[`${kind}_category_dosages`].map((d: { id: number }) => d.id)).toEqual([data.id]);
  });

  it('refuses a second dosage for the same category with 409', async () => {
    const medication = await bareMedication();
    expect((await api.post(add, dosageBody(medication.id))).statusCode).toBe(201);
    const again = await api.post(add, dosageBody(medication.id, { min_dosage: 1, max_dosage: 2 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a dosage/);
    expect(await countRows(t.pool, `${table} WHERE medication_id = $1`, [medication.id])).toBe(1);
  });

  it('refuses invalid fields, a minimum above the maximum and an unknown category with 422, storing nothing', async () => {
    const medication = await bareMedication();
    const missing = await api.post(add, { ...dosageBody(medication.id), dosage_unit: undefined });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.dosage_unit).toEqual(['is required']);

    const reversed = await api.post(
      add,
      dosageBody(medication.id, { min_frequency: 5, max_frequency: 1 }),
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toHaveProperty('min_frequency');

    const unknownCategory = await api.post(add, dosageBody(medication.id, { [field]: 999999 }));
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().errors).toHaveProperty(field);

    expect(await countRows(t.pool, `${table} WHERE medication_id = $1`, [medication.id])).toBe(0);
  });

  it('answers 404 for an unknown medication', async () => {
    const response = await api.post(add, dosageBody(999999));
    expect(response.statusCode).toBe(404);
    expect(await countRows(t.pool, `${table} WHERE medication_id = 999999`)).toBe(0);
  });

  it("updates a dosage's ranges and units but never its category", async () => {
    const medication = await bareMedication();
    const dosage = (await api.post(add, dosageBody(medication.id))).json().data;
    const changes = validDosage({
      min_dosage: 100,
      max_dosage: 200,
      frequency_unit: 'days',
      min_duration: 1,
      max_duration: 2,
      duration_unit: 'weeks',
    });

    const updated = await api.put(update, { id: dosage.id, ...changes });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe(`${message} updated successfully`);
    expect(updated.json().data).toMatchObject({
      id: dosage.id,
      [field]: categoryId(),
      min_dosage: 100,
      max_dosage: 200,
      frequency_unit: 'days',
      min_frequency_duration: 1,
      max_frequency_duration: 2,
      frequency_duration_unit: 'weeks',
    });
    const stored = async () =>
      (
        await t.pool.query(
          `SELECT ${field}, medication_id, min_dosage, min_duration, duration_unit FROM ${table} WHERE id = $1`,
          [dosage.id],
        )
      ).rows[0];
    expect(await stored()).toEqual({
      [field]: categoryId(),
      medication_id: medication.id,
      min_dosage: 100,
      min_duration: 1,
      duration_unit: 'weeks',
    });

    const otherCategory =
      kind === 'weight'
        ? (
            await api.post('/weight-category', {
              minimum_weight: 40,
              maximum_weight: 90,
              unit: 'kg',
              category: 'Overweight',
            })
          ).json().data.id
        : (
            await api.post('/age-category', {
              minimum_age: 65,
              maximum_age: 120,
              unit: 'years',
              category: 'Geriatric',
            })
          ).json().data.id;
    const recategorised = await api.put(update, {
      id: dosage.id,
      ...changes,
      min_dosage: 1,
      [field]: otherCategory,
    });
    expect(recategorised.statusCode).toBe(422);
    expect(recategorised.json().errors).toHaveProperty(field);
    const moved = await api.put(update, {
      id: dosage.id,
      ...changes,
      min_dosage: 1,
      medication_id: 999,
    });
    expect(moved.statusCode).toBe(422);
    expect(await stored()).toEqual({
      [field]: categoryId(),
      medication_id: medication.id,
      min_dosage: 100,
      min_duration: 1,
      duration_unit: 'weeks',
    });
  });

  it('refuses an update with a minimum above the maximum (422) and an unknown dosage (404)', async () => {
    const medication = await bareMedication();
    const dosage = (await api.post(add, dosageBody(medication.id))).json().data;
    const reversed = await api.put(update, {
      id: dosage.id,
      ...validDosage({ min_duration: 9, max_duration: 3 }),
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toHaveProperty('min_duration');
    expect(
      (
        await t.pool.query(`SELECT min_duration, max_duration FROM ${table} WHERE id = $1`, [
          dosage.id,
        ])
      ).rows[0],
    ).toEqual({
      min_duration: 3,
      max_duration: 7,
    });
    expect((await api.put(update, { id: 999999, ...validDosage() })).statusCode).toBe(404);
  });

  it('stores a daily maximum, keeps it when an update leaves it out, removes it with null, and refuses one below the maximum dose', async () => {
    const medication = await bareMedication();
    const stored = async (id: number) =>
      (await t.pool.query(`SELECT max_daily_dosage FROM ${table} WHERE id = $1`, [id])).rows[0]
        .max_daily_dosage;
    // 250 to 500 mg a dose: a day may hold at most 1.5 g.
    const added = await api.post(add, dosageBody(medication.id, { max_daily_dosage: 1500 }));
    expect(added.statusCode).toBe(201);
    const { id } = added.json().data;
    expect(added.json().data.max_daily_dosage).toBe(1500);
    expect(await stored(id)).toBe(1500);

    expect((await api.put(update, { id, ...validDosage() })).json().data.max_daily_dosage).toBe(
      1500,
    );
    // A day that holds less than one maximum dose is a typing error, refused before storing.
    const below = await api.put(update, { id, ...validDosage({ max_daily_dosage: 400 }) });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toHaveProperty('max_dosage');
    // Raising the dose above the daily maximum left as stored is refused too.
    const raised = await api.put(update, { id, ...validDosage({ max_dosage: 2000 }) });
    expect(raised.statusCode).toBe(422);
    expect(raised.json().errors.max_daily_dosage).toEqual([
      'must not be below max_dosage: raise it, or send null for none',
    ]);
    expect(await stored(id)).toBe(1500);
    const zero = await api.put(update, { id, ...validDosage({ max_daily_dosage: 0 }) });
    expect(zero.statusCode).toBe(422);

    const removed = await api.put(update, { id, ...validDosage({ max_daily_dosage: null }) });
    expect(removed.json().data.max_daily_dosage).toBeNull();
    expect(await stored(id)).toBeNull();
  });

  it('stores a single-dose maximum in the unit without per kg, keeps it when an update leaves it out, and removes it with null', async () => {
    const medication = await bareMedication();
    const stored = async (id: number) =>
      (await t.pool.query(`SELECT max_dose FROM ${table} WHERE id = $1`, [id])).rows[0].max_dose;
    // 0.1 to 0.15 mg/kg a dose, at most 4 mg in one dose.
    const perKg = { min_dosage: 0.1, max_dosage: 0.15, dosage_unit: 'mg/kg' };
    const added = await api.post(add, dosageBody(medication.id, { ...perKg, max_dose: 4 }));
    expect(added.statusCode).toBe(201);
    const { id } = added.json().data;
    expect(added.json().data).toMatchObject({ dosage_unit: 'mg/kg', max_dose: 4 });
    expect(await stored(id)).toBe(4);
    expect(
      (await api.get(`/medication/${medication.id}`))
        .json()
        .data[`${kind}_category_dosages`].map((d: { max_dose: number | null }) => d.max_dose),
    ).toEqual([4]);

    const kept = await api.put(update, { id, ...validDosage(perKg) });
    expect(kept.json().data.max_dose).toBe(4);
    const changed = await api.put(update, { id, ...validDosage({ ...perKg, max_dose: 8 }) });
    expect(changed.json().data.max_dose).toBe(8);
    const removed = await api.put(update, { id, ...validDosage({ ...perKg, max_dose: null }) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.max_dose).toBeNull();
    expect(await stored(id)).toBeNull();
    // Left out of an add, there is none.
    const other = await bareMedication();
    const plain = await api.post(add, dosageBody(other.id));
    expect(plain.json().data.max_dose).toBeNull();
  });

  it.each([
    ['0', 0],
    ['-4', -4],
    ['"4" (a string)', '4'],
  ])(
    'refuses a single-dose maximum of %s with 422 and a message, on add and on update, storing nothing',
    async (_what, maxDose) => {
      const medication = await bareMedication();
      const refusedAdd = await api.post(add, dosageBody(medication.id, { max_dose: maxDose }));
      expect(refusedAdd.statusCode).toBe(422);
      expect(refusedAdd.json().message).toEqual(expect.any(String));
      expect(refusedAdd.json().errors).toHaveProperty('max_dose');
      expect(await countRows(t.pool, `${table} WHERE medication_id = $1`, [medication.id])).toBe(0);

      const { id } = (await api.post(add, dosageBody(medication.id, { max_dose: 500 }))).json()
        .data;
      const refusedUpdate = await api.put(update, {
        id,
        ...validDosage({ max_dosage: 600, max_dose: maxDose }),
      });
      expect(refusedUpdate.statusCode).toBe(422);
      expect(refusedUpdate.json().message).toEqual(expect.any(String));
      expect(refusedUpdate.json().errors).toHaveProperty('max_dose');
      expect(
        (await t.pool.query(`SELECT max_dosage, max_dose FROM ${table} WHERE id = $1`, [id]))
          .rows[0],
      ).toEqual({ max_dosage: 500, max_dose: 500 });
    },
  );
});

describe('condition contraindications', () => {
  it('adds a contraindication idempotently and removes it', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    const link = { medication_id: medication.id, condition_id: contraIds[1] };
    const linked = await api.put('/medication/add-contraindications', link);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({
      data: { ...link, level: 'contraindicated', severity: 'contraindicated' },
      message: 'Contraindication added successfully',
    });
    const again = await api.put('/medication/add-contraindications', link);
    expect(again.statusCode).toBe(200);
    const stored = () =>
      countRows(t.pool, 'medication_contraindications WHERE medication_id = $1', [medication.id]);
    expect(await stored()).toBe(1);
    expect((await api.get(`/medication/${medication.id}`)).json().data.contraindications).toEqual([
      contraIds[1],
    ]);

    const removed = await api.delete('/medication/remove-contraindication', link);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Contraindication removed successfully');
    expect(await stored()).toBe(0);
    expect(
      (await api.get(`/medication/${medication.id}`)).json().data.condition_contraindications,
    ).toEqual([]);
    expect((await api.delete('/medication/remove-contraindication', link)).statusCode).toBe(404);
  });

  it('answers 422 when the condition is deleted while the contraindication is written', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    const condition = (await api.post('/condition', { name: uniqueName('Vanishing') })).json().data;
    const deleter = await t.pool.connect();
    try {
      // The condition's delete, made but not committed: the request's own check still sees it.
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM conditions WHERE id = $1', [condition.id]);
      const pending = api.put('/medication/add-contraindications', {
        medication_id: medication.id,
        condition_id: condition.id,
      });
      for (let i = 0; i < 100; i++) {
        const { rows } = await t.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await deleter.query('COMMIT');
      const response = await pending;
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('A record this refers to no longer exists.');
    } finally {
      deleter.release();
    }
    expect(
      await countRows(t.pool, 'medication_contraindications WHERE medication_id = $1', [
        medication.id,
      ]),
    ).toBe(0);
  });

  it('answers 404 for an unknown medication and 422 for an unknown condition or a missing field', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    expect(
      (
        await api.put('/medication/add-contraindications', {
          medication_id: 999999,
          condition_id: contraIds[0],
        })
      ).statusCode,
    ).toBe(404);
    const unknownCondition = await api.put('/medication/add-contraindications', {
      medication_id: medication.id,
      condition_id: 999999,
    });
    expect(unknownCondition.statusCode).toBe(422);
    expect(unknownCondition.json().errors).toHaveProperty('condition_id');
    const missing = await api.put('/medication/add-contraindications', {
      medication_id: medication.id,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.condition_id).toEqual(['is required']);
    const missingRemove = await api.delete('/medication/remove-contraindication', {
      condition_id: contraIds[0],
    });
    expect(missingRemove.statusCode).toBe(422);
    expect(missingRemove.json().errors.medication_id).toEqual(['is required']);
    expect(
      await countRows(t.pool, 'medication_contraindications WHERE medication_id = $1', [
        medication.id,
      ]),
    ).toBe(0);
  });
});

describe('graded condition contraindications: contraindicated or caution', () => {
  interface Entry {
    id: number;
    action: string;
    changes: Record<string, { from?: unknown; to?: unknown }>;
  }
  const add = (body: object) => api.put('/medication/add-contraindications', body);
  const linkId = async (medication_id: number, condition_id: number) =>
    (
      await t.pool.query<{ id: number }>(
        'SELECT id FROM medication_contraindications WHERE medication_id = $1 AND condition_id = $2',
        [medication_id, condition_id],
      )
    ).rows[0].id;
  /** The link's history, newest first. */
  const historyOf = async (id: number): Promise<Entry[]> =>
    (await api.get(`/audit?entity=contraindication&entity_id=${id}`)).json().data;
  const gradeOf = async (medicationId: number, conditionId: number) =>
    (await api.get(`/medication/${medicationId}`))
      .json()
      .data.condition_contraindications.find((c: { id: number }) => c.id === conditionId);

  it('paracetamol in cirrhosis is a caution, not a contraindication: the check says moderate, not contraindicated', async () => {
    const paracetamol = await createMedication(ageBasedMedication({ contraindications: [] }));
    const cirrhosis = (await api.post('/condition', { name: uniqueName('Cirrhosis') })).json().data;
    const linked = await add({
      medication_id: paracetamol.id,
      condition_id: cirrhosis.id,
      level: 'caution',
    });
    expect(linked.statusCode).toBe(200);
    // A caution is moderate unless said otherwise.
    expect(linked.json().data).toEqual({
      medication_id: paracetamol.id,
      condition_id: cirrhosis.id,
      level: 'caution',
      severity: 'moderate',
    });
    expect(await gradeOf(paracetamol.id, cirrhosis.id)).toEqual({
      id: cirrhosis.id,
      name: cirrhosis.name,
      description: null,
      level: 'caution',
      severity: 'moderate',
    });
    const checked = await api.post('/safety-check', {
      medication_ids: [paracetamol.id],
      patient: { condition_ids: [cirrhosis.id] },
    });
    expect(checked.statusCode).toBe(200);
    const conditionFindings = checked
      .json()
      .data.findings.filter((f: { kind: string }) => f.kind === 'condition');
    expect(conditionFindings).toEqual([
      {
        kind: 'condition',
        severity: 'moderate',
        medication_ids: [paracetamol.id],
        condition_id: cirrhosis.id,
        message: `${paracetamol.name}: use with caution in ${cirrhosis.name}.`,
      },
    ]);
    expect(checked.json().data.verdict).toBe('moderate');
  });

  it('a caution takes the severity it is given, and a contraindication stays contraindicated in the check', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    const [cautioned, contraindicated] = contraIds;
    expect(
      (
        await add({
          medication_id: medication.id,
          condition_id: cautioned,
          level: 'caution',
          severity: 'major',
        })
      ).json().data.severity,
    ).toBe('major');
    expect(
      (await add({ medication_id: medication.id, condition_id: contraindicated })).statusCode,
    ).toBe(200);
    const findings = (
      await api.post('/safety-check', {
        medication_ids: [medication.id],
        patient: { condition_ids: [cautioned, contraindicated] },
      })
    )
      .json()
      .data.findings.filter((f: { kind: string }) => f.kind === 'condition')
      .map((f: { severity: string; condition_id: number; message: string }) => [
        f.severity,
        f.condition_id,
        f.message.includes('is contraindicated in'),
      ]);
    expect(findings).toEqual([
      ['contraindicated', contraindicated, true],
      ['major', cautioned, false],
    ]);
  });

  it('the CSV export names a caution as one, with its severity: "Penicillin allergy (caution: moderate)"', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    const [cautioned, contraindicated] = contraIds;
    await add({ medication_id: medication.id, condition_id: cautioned, level: 'caution' });
    await add({ medication_id: medication.id, condition_id: contraindicated });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/medication?format=csv&q=${encodeURIComponent(medication.name)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const [header, row] = csv.body.split('\r\n');
    const column = header.split(',').indexOf('"Condition Contraindications"');
    expect(row.split('","')[column]).toBe('Mononucleosis; Penicillin allergy (caution: moderate)');
  });

  it('a PUT with another level changes an existing link, one without a level leaves it; History records and reverts the change', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    const condition_id = contraIds[1];
    const link = { medication_id: medication.id, condition_id };
    await add(link);
    const id = await linkId(medication.id, condition_id);

    const regraded = await add({ ...link, level: 'caution', reason: 'An over-call' });
    expect(regraded.statusCode).toBe(200);
    expect(regraded.json()).toEqual({
      data: { ...link, level: 'caution', severity: 'moderate' },
      message: 'Contraindication updated successfully',
    });
    // Still one link, with the same id: the link was changed, not added again.
    expect(
      await countRows(t.pool, 'medication_contraindications WHERE medication_id = $1', [
        medication.id,
      ]),
    ).toBe(1);
    expect(await linkId(medication.id, condition_id)).toBe(id);

    // Without a level (a client that knows nothing of levels) the caution stays a caution.
    const entries = (await historyOf(id)).length;
    const unchanged = await add(link);
    expect(unchanged.json()).toEqual({
      data: { ...link, level: 'caution', severity: 'moderate' },
      message: 'Contraindication added successfully',
    });
    // The same level and severity again: nothing changes, nothing is recorded.
    await add({ ...link, level: 'caution', severity: 'moderate' });
    expect(await historyOf(id)).toHaveLength(entries);

    const [update] = await historyOf(id);
    expect(update).toMatchObject({
      action: 'update',
      changes: {
        level: { from: 'contraindicated', to: 'caution' },
        severity: { from: 'contraindicated', to: 'moderate' },
      },
    });
    expect(Object.keys(update.changes).sort()).toEqual(['level', 'severity']);

    const reverted = await api.post(`/audit/${update.id}/revert`, {});
    expect(reverted.statusCode).toBe(201);
    expect(await gradeOf(medication.id, condition_id)).toMatchObject({
      level: 'contraindicated',
      severity: 'contraindicated',
    });

    // A severity alone changes with the level stated again.
    await add({ ...link, level: 'caution', severity: 'minor' });
    await add({ ...link, level: 'caution', severity: 'major' });
    const [severity] = await historyOf(id);
    expect(severity.changes).toEqual({ severity: { from: 'minor', to: 'major' } });
    expect((await api.post(`/audit/${severity.id}/revert`, {})).statusCode).toBe(201);
    expect(await gradeOf(medication.id, condition_id)).toMatchObject({
      level: 'caution',
      severity: 'minor',
    });
  });

  it('refuses a severity without level caution, an unknown level or severity with 422, changing nothing', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    const link = { medication_id: medication.id, condition_id: contraIds[0] };
    const refused = [
      { ...link, severity: 'major' },
      { ...link, level: 'contraindicated', severity: 'minor' },
      { ...link, level: 'caution', severity: 'contraindicated' },
      { ...link, level: 'avoid' },
      { ...link, level: 'caution', severity: 'severe' },
    ];
    for (const body of refused) {
      const response = await add(body);
      expect([response.statusCode, typeof response.json().message]).toEqual([422, 'string']);
    }
    expect((await add({ ...link, severity: 'major' })).json().errors).toEqual({
      severity: ['is only for level caution'],
    });
    expect(
      await countRows(t.pool, 'medication_contraindications WHERE medication_id = $1', [
        medication.id,
      ]),
    ).toBe(0);
    // Nor is an existing link changed by a refused request.
    await add({ ...link, level: 'caution', severity: 'minor' });
    expect((await add({ ...link, level: 'contraindicated', severity: 'major' })).statusCode).toBe(
      422,
    );
    expect(await gradeOf(medication.id, contraIds[0])).toMatchObject({
      level: 'caution',
      severity: 'minor',
    });
  });

  it('the database refuses a level and severity that do not go together', async () => {
    const medication = await createMedication(ageBasedMedication({ contraindications: [] }));
    for (const [level, severity] of [
      ['caution', 'contraindicated'],
      ['contraindicated', 'moderate'],
      ['avoid', 'contraindicated'],
    ])
      await expect(
        t.pool.query(
          'INSERT INTO medication_contraindications (medication_id, condition_id, level, severity) VALUES ($1, $2, $3, $4)',
          [medication.id, contraIds[0], level, severity],
        ),
      ).rejects.toThrow(/medication_contraindications_grade_check/);
  });
});

describe('without a token', () => {
  it('answers 401 for every medication call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'medications');
    const calls = [
      anonymous.get('/medication'),
      anonymous.get('/medication/1'),
      anonymous.post('/medication', weightBasedMedication()),
      anonymous.put('/medication/update-medication', { id: 1, name: 'x' }),
      anonymous.delete('/medications/1'),
      anonymous.post('/medication/add-weight-based-dosage', {
        medication_id: 1,
        ...validWeightDosage(),
      }),
      anonymous.post('/medication/add-age-based-dosage', { medication_id: 1, ...validAgeDosage() }),
      anonymous.put('/medication/update-weight-based-dosage', { id: 1, ...validDosage() }),
      anonymous.put('/medication/update-age-based-dosage', { id: 1, ...validDosage() }),
      anonymous.put('/medication/add-contraindications', { medication_id: 1, condition_id: 1 }),
      anonymous.delete('/medication/remove-contraindication', {
        medication_id: 1,
        condition_id: 1,
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
    const form = await postMultipart(t.app, undefined, '/medication', [['name', 'Nope']]);
    expect(form.statusCode).toBe(401);
    expect(await countRows(t.pool, 'medications')).toBe(before);
  });
});
