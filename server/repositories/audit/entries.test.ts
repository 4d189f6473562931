import type pg from 'pg';
import { createPool } from '../../db/pool';
import { createTestDatabase } from '../../test/helpers';
import { moveInbox, writeWithEntry, type Author } from './entries';
import { listEntries } from './search';

/**
 * A write and its history entry as one statement, below the routes (server/routes/audit.test.ts
 * covers each entity's entries through the API): what it answers, what it records, what it refuses.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const author: Author = { actorId: 7, actorName: 'Ada Editor', reason: 'Tidy up' };
const run = (text: string, values: unknown[]) => database.pool.query(text, values);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const countRows = async (table: string) =>
  (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

const entries = async (entity: string) =>
  (
    await database.pool.query(
      `SELECT action, effect, entity_id, label, changes, reason, actor_id, actor_name, medication_ids
         FROM audit_log WHERE entity = $1 ORDER BY id`,
      [entity],
    )
  ).rows;

async function insertConditions(...names: string[]): Promise<number[]> {
  const { rows } = await database.pool.query<{ id: number }>(
    'INSERT INTO conditions (name) SELECT unnest($1::text[]) RETURNING id',
    [names],
  );
  return rows.map((r) => r.id);
}

it("answers the statement's own rows, and records one entry per record it changed", async () => {
  const [asthma, gout, eczema] = await insertConditions('Asthma', 'Gout', 'Eczema');
  await database.pool.query("UPDATE conditions SET description = 'Joints' WHERE id = $1", [gout]);
  const result: pg.QueryResult = await writeWithEntry(
    run,
    'condition',
    {
      text: `UPDATE conditions SET description = 'Joints', updated_at = now()
              WHERE id = ANY($1::int[]) RETURNING id, name`,
      values: [[asthma, gout, eczema]],
    },
    author,
  );
  expect(result.rowCount).toBe(3);
  expect(result.rows.sort((a, b) => a.id - b.id)).toEqual([
    { id: asthma, name: 'Asthma' },
    { id: gout, name: 'Gout' },
    { id: eczema, name: 'Eczema' },
  ]);
  // Gout had that description already: its `updated_at` moved, which is no change of its own.
  const written = await entries('condition');
  expect(written.sort((a, b) => a.entity_id - b.entity_id)).toEqual(
    [asthma, eczema].map((id) => ({
      action: 'update',
      effect: 'update',
      entity_id: id,
      label: id === asthma ? 'Asthma' : 'Eczema',
      changes: { description: { from: null, to: 'Joints' } },
      reason: 'Tidy up',
      actor_id: 7,
      actor_name: 'Ada Editor',
      medication_ids: [],
    })),
  );
});

it("records a delete, and answers its own RETURNING list without the entry's columns", async () => {
  const [id] = await insertConditions('Migraine');
  const result = await writeWithEntry(
    run,
    'condition',
    { text: 'DELETE FROM conditions WHERE id = $1 RETURNING id', values: [id] },
    author,
  );
  expect(result.rowCount).toBe(1);
  expect(result.rows).toEqual([{ id }]);
  const [entry] = (await entries('condition')).filter((e) => e.entity_id === id);
  expect(entry).toMatchObject({ action: 'delete', label: 'Migraine' });
  expect(entry.changes).toMatchObject({ id: { from: id }, name: { from: 'Migraine' } });
});

it("writes entries to the inbox, and moving them stores and counts them for GET /audit's totals", async () => {
  const counted = async () =>
    (
      await database.pool.query<{ n: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n FROM audit_counts
          WHERE entity = 'condition' AND action = 'update' AND actor_id = $1`,
        [author.actorId],
      )
    ).rows[0].n;
  const stored = async () =>
    (
      await database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_entries
          WHERE entity = 'condition' AND action = 'update' AND actor_id = $1`,
        [author.actorId],
      )
    ).rows[0].n;
  while ((await moveInbox(database.pool)) > 0);
  const [flu, cold] = await insertConditions('Flu', 'Cold');
  const before = { counted: await counted(), stored: await stored() };
  await writeWithEntry(
    run,
    'condition',
    {
      text: `UPDATE conditions SET description = 'Seasonal' WHERE id = ANY($1::int[]) RETURNING id`,
      values: [[flu, cold]],
    },
    author,
  );
  // A rename to a name in use fails (unique): neither the change nor its entry is stored.
  await expect(
    writeWithEntry(
      run,
      'condition',
      {
        text: 'UPDATE conditions SET name = $2 WHERE id = $1 RETURNING id',
        values: [flu, 'Cold'],
      },
      author,
    ),
  ).rejects.toThrow();
  expect((await database.pool.query('SELECT entity_id FROM audit_inbox ORDER BY id')).rows).toEqual(
    [{ entity_id: flu }, { entity_id: cold }].sort((a, b) => a.entity_id - b.entity_id),
  );
  const shown = await entries('condition');
  expect({ counted: await counted(), stored: await stored() }).toEqual(before);

  expect(await moveInbox(database.pool)).toBe(2);
  expect(await moveInbox(database.pool)).toBe(0);
  expect(await counted()).toBe(before.counted + 2);
  expect(await stored()).toBe(before.stored + 2);
  expect(await counted()).toBe(await stored());
  expect(await entries('condition')).toEqual(shown);
});

it('skips the entries another mover holds, and moves them once it lets go', async () => {
  const ids = await insertConditions(...Array.from({ length: 5 }, (_, i) => `Batch ${i}`));
  while ((await moveInbox(database.pool)) > 0);
  await writeWithEntry(
    run,
    'condition',
    {
      text: `UPDATE conditions SET description = 'Batched' WHERE id = ANY($1::int[]) RETURNING id`,
      values: [ids],
    },
    author,
  );
  const holder = await database.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM audit_inbox WHERE entity_id = $1 FOR UPDATE', [ids[0]]);
    expect(await moveInbox(database.pool)).toBe(4);
    await holder.query('COMMIT');
  } finally {
    holder.release();
  }
  expect(await moveInbox(database.pool)).toBe(1);
  expect(await countRows('audit_inbox')).toBe(0);
});

it('plans each GET /audit query for its own filters and words, never as a prepared statement', async () => {
  // One connection, so the statements it prepared are the ones listed below. A prepared page
  // query would get a generic plan after five calls, blind to how common a searched word is.
  const pool = createPool(database.url, 1);
  try {
    for (let call = 0; call < 7; call++) {
      await listEntries(pool, { q: `tidy ${call}`, page: 1, pageSize: 25, sort: '-at' });
      await listEntries(pool, { entity: 'condition', page: 2, pageSize: 25, sort: 'actor' });
    }
    const { rows } = await pool.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements WHERE statement LIKE $1',
      ['%FROM audit_log e%'],
    );
    expect(rows).toEqual([]);
  } finally {
    await pool.end();
  }
});
