import * as conditions from '../repositories/conditions';
import { client, createTestApp, signIn, type TestApp } from '../test/helpers';
import { deleteUnlessUsed, stillUsed, type GuardedDelete } from '../lib/usage';

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
});
afterAll(() => t.close());

describe('conditions', () => {
  it('creates, reads, lists, updates and deletes a condition', async () => {
    const created = await api.post('/condition', {
      name: 'Gout',
      description: 'Uric acid crystals',
    });
    expect(created.statusCode).toBe(201);
    const { data, message } = created.json();
    expect(message).toBe('Condition created successfully');
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Gout',
      description: 'Uric acid crystals',
      affects_kidney_function: false,
      codes: [],
    });

    expect((await api.get(`/condition/${data.id}`)).json().data.name).toBe('Gout');
    expect(
      (await api.get('/condition')).json().data.map((c: { name: string }) => c.name),
    ).toContain('Gout');

    const updated = await api.put('/condition', {
      id: data.id,
      name: 'Gouty arthritis',
      description: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toEqual({
      id: data.id,
      name: 'Gouty arthritis',
      description: null,
      affects_kidney_function: false,
      codes: [],
    });

    const deleted = await api.delete(`/condition/${data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await api.get(`/condition/${data.id}`)).statusCode).toBe(404);
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM conditions WHERE id = $1', [
      data.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a missing name with 422 naming the field, and stores nothing', async () => {
    const response = await api.post('/condition', { description: 'no name' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toEqual(['is required']);
    const { rows } = await t.pool.query(
      "SELECT count(*)::int AS n FROM conditions WHERE description = 'no name'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('answers 422 for an update with a blank name and for an id that is not a number', async () => {
    const { id } = (await api.post('/condition', { name: 'Eczema' })).json().data;
    const blank = await api.put('/condition', { id, name: '' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors)).toEqual(['name']);
    expect((await api.get(`/condition/${id}`)).json().data.name).toBe('Eczema');
    const badId = await api.delete('/condition/abc');
    expect(badId.statusCode).toBe(422);
    expect(badId.json().errors).toHaveProperty('id');
    expect((await api.get(`/condition/${id}`)).statusCode).toBe(200);
  });

  it('refuses a duplicate name with 409', async () => {
    await api.post('/condition', { name: 'Asthma' });
    const again = await api.post('/condition', { name: 'asthma' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it('answers 401 without a token and 404 for an unknown id', async () => {
    expect((await client(t.app).get('/condition')).statusCode).toBe(401);
    expect((await api.get('/condition/999999')).statusCode).toBe(404);
    expect((await api.put('/condition', { id: 999999, name: 'x' })).statusCode).toBe(404);
    expect((await api.delete('/condition/999999')).statusCode).toBe(404);
  });

  it('refuses to delete a condition that a medication uses, naming the medication', async () => {
    const condition = (await api.post('/condition', { name: 'Migraine' })).json().data;
    const medication = await api.post('/medication', {
      name: 'Sumatriptan',
      condition_id: condition.id,
      is_dosage_weight_based: false,
    });
    expect(medication.statusCode).toBe(201);
    const refused = await api.delete(`/condition/${condition.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Sumatriptan');
    expect((await api.get(`/condition/${condition.id}`)).statusCode).toBe(200);
  });

  it('answers 409 naming the medication when one is written while the delete runs', async () => {
    const condition = (await api.post('/condition', { name: 'Raced condition' })).json().data;
    const writer = await t.pool.connect();
    try {
      // A medication referring to the condition, written but not yet committed.
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
         VALUES ('Racing medication', $1, false)`,
        [condition.id],
      );
      const pending = api.delete(`/condition/${condition.id}`);
      // Wait until the delete is blocked on the writer's foreign-key lock, then commit.
      for (let i = 0; i < 100; i++) {
        const { rows } = await t.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await writer.query('COMMIT');
      const refused = await pending;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This condition cannot be deleted: it is still used by medications: Racing medication.',
      );
    } finally {
      writer.release();
    }
    expect((await api.get(`/condition/${condition.id}`)).statusCode).toBe(200);
  });

  it('names the users when the delete itself hits the foreign key (23503)', async () => {
    const condition = (await api.post('/condition', { name: 'FK condition' })).json().data;
    await t.pool.query(
      `INSERT INTO medications (name, condition_id, is_dosage_weight_based)
       VALUES ('FK medication', $1, false)`,
      [condition.id],
    );
    // A usage check that misses the medication, as one racing a write could: the delete fails on
    // the foreign key, and the answer must still name what uses the condition.
    let checks = 0;
    const blindFirst: GuardedDelete = {
      ...conditions.CONDITION_DELETE,
      usedBy: async (db, id) =>
        ++checks === 1 ? [] : conditions.medicationsUsingCondition(db, id),
    };
    const attempt = deleteUnlessUsed(t.pool, blindFirst, condition.id, (users) =>
      stillUsed('This condition', users),
    );
    await expect(attempt).rejects.toThrow(
      'This condition cannot be deleted: it is still used by medications: FK medication.',
    );
    expect(checks).toBe(2);
    const { rows } = await t.pool.query('SELECT id FROM conditions WHERE id = $1', [condition.id]);
    expect(rows).toHaveLength(1);
  });
});
