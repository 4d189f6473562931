import { client, countRows, createTestApp, signIn, type TestApp } from '../test/helpers';

let t: TestApp;
let api: ReturnType<typeof client>;
const meds: Record<string, number> = {};

async function medication(name: string, conditionId: number) {
  const response = await api.post('/medication', {
    name,
    condition_id: conditionId,
    is_dosage_weight_based: false,
  });
  return response.json().data.id as number;
}

function validInteraction(overrides: Record<string, unknown> = {}) {
  return {
    medication_id: meds.Warfarin,
    interacting_medication_id: meds.Aspirin,
    severity: 'major',
    description: 'Raises the risk of bleeding',
    is_allergen: true,
    ...overrides,
  };
}

async function stored(id: number) {
  const { rows } = await t.pool.query(
    'SELECT medication_id, interacting_medication_id, severity, description, is_allergen FROM drug_interactions WHERE id = $1',
    [id],
  );
  return rows[0];
}

const pairCount = (a: number, b: number) =>
  countRows(
    t.pool,
    'drug_interactions WHERE least(medication_id, interacting_medication_id) = least($1::int, $2::int) AND greatest(medication_id, interacting_medication_id) = greatest($1::int, $2::int)',
    [a, b],
  );

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  const condition = (await api.post('/condition', { name: 'Thrombosis' })).json().data.id;
  for (const name of ['Warfarin', 'Aspirin', 'Ibuprofen', 'Omeprazole', 'Clopidogrel']) {
    meds[name] = await medication(name, condition);
  }
});
afterAll(() => t.close());

describe('drug interactions', () => {
  it('creates, reads and lists an interaction with both names; is_allergen reads as 1', async () => {
    const response = await api.post('/drug-interaction', validInteraction());
    expect(response.statusCode).toBe(201);
    const { data, message } = response.json();
    expect(message).toBe('Drug interaction added successfully');
    expect(data).toEqual({
      id: expect.any(Number),
      medication_id: meds.Warfarin,
      interacting_medication_id: meds.Aspirin,
      medication: { id: meds.Warfarin, name: 'Warfarin' },
      interacting_medication: { id: meds.Aspirin, name: 'Aspirin' },
      severity: 'major',
      description: 'Raises the risk of bleeding',
      is_allergen: 1,
      created_at: expect.any(String),
    });
    expect(await stored(data.id)).toEqual({
      medication_id: meds.Warfarin,
      interacting_medication_id: meds.Aspirin,
      severity: 'major',
      description: 'Raises the risk of bleeding',
      is_allergen: true,
    });
    expect((await api.get(`/drug-interaction/${data.id}`)).json().data).toEqual(data);
    expect((await api.get('/drug-interaction')).json().data).toContainEqual(data);
  });

  it('reads an interaction without the allergen flag as is_allergen 0', async () => {
    const { is_allergen: _omit, ...body } = validInteraction({
      medication_id: meds.Ibuprofen,
      interacting_medication_id: meds.Omeprazole,
      severity: 'minor',
    });
    const response = await api.post('/drug-interaction', body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.is_allergen).toBe(0);
    expect((await stored(response.json().data.id)).is_allergen).toBe(false);
  });

  it('refuses a medication interacting with itself with 422, storing nothing', async () => {
    const response = await api.post(
      '/drug-interaction',
      validInteraction({
        medication_id: meds.Clopidogrel,
        interacting_medication_id: meds.Clopidogrel,
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('A medication cannot interact with itself');
    expect(response.json().errors.interacting_medication_id).toEqual([
      'A medication cannot interact with itself',
    ]);
    expect(
      await countRows(t.pool, 'drug_interactions WHERE medication_id = $1', [meds.Clopidogrel]),
    ).toBe(0);
  });

  it('refuses the same pair in reverse order with 409 naming both medications', async () => {
    const first = await api.post(
      '/drug-interaction',
      validInteraction({
        medication_id: meds.Clopidogrel,
        interacting_medication_id: meds.Omeprazole,
        severity: 'moderate',
      }),
    );
    expect(first.statusCode).toBe(201);
    const reversed = await api.post(
      '/drug-interaction',
      validInteraction({
        medication_id: meds.Omeprazole,
        interacting_medication_id: meds.Clopidogrel,
      }),
    );
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json().message).toContain('Clopidogrel');
    expect(reversed.json().message).toContain('Omeprazole');
    const same = await api.post(
      '/drug-interaction',
      validInteraction({
        medication_id: meds.Clopidogrel,
        interacting_medication_id: meds.Omeprazole,
      }),
    );
    expect(same.statusCode).toBe(409);
    expect(await pairCount(meds.Clopidogrel, meds.Omeprazole)).toBe(1);
  });

  it.each([
    ['an unknown severity', { severity: 'severe' }, 'severity'],
    ['an empty description', { description: '' }, 'description'],
    ['a blank description', { description: '   ' }, 'description'],
    ['an allergen flag as 1', { is_allergen: 1 }, 'is_allergen'],
    ['a missing medication', { medication_id: undefined }, 'medication_id'],
  ])('refuses %s with 422 naming the field', async (_what, change, field) => {
    const before = await countRows(t.pool, 'drug_interactions');
    const response = await api.post(
      '/drug-interaction',
      validInteraction({
        medication_id: meds.Aspirin,
        interacting_medication_id: meds.Ibuprofen,
        ...change,
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
    expect(await countRows(t.pool, 'drug_interactions')).toBe(before);
  });

  it('refuses an unknown medication id with 422 naming it', async () => {
    const response = await api.post(
      '/drug-interaction',
      validInteraction({ interacting_medication_id: 999999 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.medication_id).toEqual([expect.stringContaining('999999')]);
    expect(
      await countRows(t.pool, 'drug_interactions WHERE interacting_medication_id = 999999'),
    ).toBe(0);
  });

  it('updates only severity, description and the allergen flag', async () => {
    const created = (
      await api.post(
        '/drug-interaction',
        validInteraction({
          medication_id: meds.Aspirin,
          interacting_medication_id: meds.Clopidogrel,
          is_allergen: true,
        }),
      )
    ).json().data;

    const updated = await api.put('/drug-interaction', {
      id: created.id,
      severity: 'contraindicated',
      description: 'Do not combine',
      is_allergen: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Drug interaction updated successfully');
    expect(updated.json().data).toMatchObject({
      id: created.id,
      medication_id: meds.Aspirin,
      interacting_medication_id: meds.Clopidogrel,
      severity: 'contraindicated',
      description: 'Do not combine',
      is_allergen: 0,
    });
    expect(await stored(created.id)).toEqual({
      medication_id: meds.Aspirin,
      interacting_medication_id: meds.Clopidogrel,
      severity: 'contraindicated',
      description: 'Do not combine',
      is_allergen: false,
    });

    // The same medication ids may be sent back unchanged (the console sends the whole object).
    const whole = await api.put('/drug-interaction', {
      id: created.id,
      medication_id: meds.Aspirin,
      interacting_medication_id: meds.Clopidogrel,
      severity: 'moderate',
      description: 'Monitor',
      is_allergen: true,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data.is_allergen).toBe(1);

    // Changed medication ids are refused and nothing changes.
    const moved = await api.put('/drug-interaction', {
      id: created.id,
      medication_id: meds.Warfarin,
      interacting_medication_id: meds.Clopidogrel,
      severity: 'minor',
      description: 'Moved',
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toHaveProperty('medication_id');
    const movedOther = await api.put('/drug-interaction', {
      id: created.id,
      interacting_medication_id: meds.Ibuprofen,
      severity: 'minor',
      description: 'Moved',
    });
    expect(movedOther.statusCode).toBe(422);
    expect(await stored(created.id)).toEqual({
      medication_id: meds.Aspirin,
      interacting_medication_id: meds.Clopidogrel,
      severity: 'moderate',
      description: 'Monitor',
      is_allergen: true,
    });
  });

  it('refuses an invalid update with 422 and answers 404 for an unknown interaction', async () => {
    const created = (
      await api.post(
        '/drug-interaction',
        validInteraction({
          medication_id: meds.Warfarin,
          interacting_medication_id: meds.Omeprazole,
        }),
      )
    ).json().data;
    const invalid = await api.put('/drug-interaction', {
      id: created.id,
      severity: 'deadly',
      description: 'x',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toHaveProperty('severity');
    expect((await stored(created.id)).severity).toBe('major');
    expect(
      (await api.put('/drug-interaction', { id: 999999, severity: 'minor', description: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await api.get('/drug-interaction/999999')).statusCode).toBe(404);
    // Ajv alone would coerce each of these to an existing id.
    for (const id of ['abc', `${created.id}%20`, `%20${created.id}`, '0x1', '1e0', '1.0']) {
      const badId = await api.get(`/drug-interaction/${id}`);
      expect({ id, status: badId.statusCode }).toEqual({ id, status: 422 });
      expect(badId.json().errors).toHaveProperty('id');
    }
  });

  it('deletes with an { id } body', async () => {
    const created = (
      await api.post(
        '/drug-interaction',
        validInteraction({
          medication_id: meds.Warfarin,
          interacting_medication_id: meds.Ibuprofen,
        }),
      )
    ).json().data;
    const deleted = await api.delete('/drug-interaction', { id: created.id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Drug interaction deleted successfully');
    expect(await countRows(t.pool, 'drug_interactions WHERE id = $1', [created.id])).toBe(0);
    // Both medications stay.
    expect(
      await countRows(t.pool, 'medications WHERE id = ANY($1)', [[meds.Warfarin, meds.Ibuprofen]]),
    ).toBe(2);
    expect((await api.delete('/drug-interaction', { id: created.id })).statusCode).toBe(404);

    const missing = await api.delete('/drug-interaction', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.id).toEqual(['is required']);
  });

  it('answers 401 without a token for every call and stores nothing', async () => {
    const anonymous = client(t.app);
    const before = await countRows(t.pool, 'drug_interactions');
    const body = validInteraction({
      medication_id: meds.Omeprazole,
      interacting_medication_id: meds.Aspirin,
    });
    expect((await anonymous.get('/drug-interaction')).statusCode).toBe(401);
    expect((await anonymous.get('/drug-interaction/1')).statusCode).toBe(401);
    expect((await anonymous.post('/drug-interaction', body)).statusCode).toBe(401);
    expect(
      (await anonymous.put('/drug-interaction', { id: 1, severity: 'minor', description: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await anonymous.delete('/drug-interaction', { id: 1 })).statusCode).toBe(401);
    expect(await countRows(t.pool, 'drug_interactions')).toBe(before);
  });
});
