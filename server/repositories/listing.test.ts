import type pg from 'pg';
import { createTestDatabase } from '../test/helpers';
import { insertListData } from '../test/listData';
import { INTERACTION_FILTERS, INTERACTION_LIST, type InteractionSortField } from './interactions';
import { listPage, wordMatch, type PageQuery } from './listing';

// How the pages of a list are read: the statement of a page without a search is prepared, and
// reads the same page whichever plan PostgreSQL runs it with.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let id: Record<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  id = await insertListData(database.pool);
});
afterAll(() => database.drop());

const query = (
  fields: Partial<PageQuery<InteractionSortField>>,
): PageQuery<InteractionSortField> => ({ filters: [], page: 1, pageSize: 2, ...fields });

/** Runs `work` on one connection of the pool, whose prepared statements it can then list. */
async function onOneConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    return await work(client);
  } finally {
    await client.query('RESET plan_cache_mode');
    client.release();
  }
}

/** The page statements prepared on the connection (the pool names each by its text's hash). */
async function preparedPages(client: pg.PoolClient) {
  const { rows } = await client.query<{ statement: string }>(
    `SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%listed_order%'`,
  );
  return rows.map((row) => row.statement);
}

it('prepares the statement of a page without a search, once per text, and not a search’s', async () => {
  await onOneConnection(async (client) => {
    const page = query({ sort: 'interacting_medication', filters: [] });
    await listPage(client, INTERACTION_LIST, page);
    await listPage(client, INTERACTION_LIST, { ...page, page: 2 });
    expect(await preparedPages(client)).toHaveLength(1);

    await listPage(client, INTERACTION_LIST, { ...page, q: 'warf' });
    expect(await preparedPages(client)).toHaveLength(1);
  });
});

it('reads the same pages with the generic plan of a prepared statement as with a plan for the values', async () => {
  const pages = [
    query({}),
    query({ sort: '-interacting_medication', page: 2 }),
    query({ sort: 'medication', filters: [INTERACTION_FILTERS.medication_id(id.Warfarin)] }),
    query({ sort: '-created_at', filters: [INTERACTION_FILTERS.is_allergen(true)] }),
    query({ sort: 'severity', page: 3 }),
  ];
  await onOneConnection(async (client) => {
    for (const page of pages) {
      await client.query('SET plan_cache_mode = force_custom_plan');
      const custom = await listPage(client, INTERACTION_LIST, page);
      await client.query('SET plan_cache_mode = force_generic_plan');
      const generic = await listPage(client, INTERACTION_LIST, page);
      expect(generic).toEqual(custom);
      expect(custom.rows.length).toBeGreaterThan(0);
    }
  });
});

it('matches a word without three letters or digits in a row through no index', () => {
  // A trigram index cannot find such a word: PostgreSQL would read all of it, then every record.
  for (const word of ['ra', '%', 'a-b', 'x1']) {
    expect(wordMatch(word, '$1')('t.name')).toBe('lower(t.name) LIKE lower($1)');
  }
  for (const word of ['war', 'é-100', 'Zoë']) {
    expect(wordMatch(word, '$1')('t.name')).toBe('t.name ILIKE $1');
  }
});
