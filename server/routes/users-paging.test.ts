import { client, createTestApp, insertUser, signIn, type TestApp } from '../test/helpers';

// GET /users searches, sorts and pages on the server (q, page, page_size, sort), so the
// Users screen stays fast with tens of thousands of users (`npm run bench:users` measures it).

let t: TestApp;
let api: ReturnType<typeof client>;
const ids: Record<string, number> = {};

interface Row {
  id: number;
  name: string;
  email: string;
  search_count: number;
}

async function list(query = '') {
  const response = await api.get(`/users${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    data: Row[];
    meta: { total: number; page: number; page_size: number };
  };
}
const names = (rows: Row[]) => rows.map((r) => r.name);

beforeAll(async () => {
  t = await createTestApp();
  // The signed-in administrator is "Test Admin", registered now, searches 0.
  api = client(t.app, await signIn(t.app));
  const people: [string, string, string, string | null, number][] = [
    // name, e-mail, registered, last active, searches
    ['alice Archer', 'alice@clinic.example', '2024-01-01T00:00:00Z', '2024-06-01T00:00:00Z', 3],
    ['Bob Baker', 'bob@pharmacy.example', '2024-02-01T00:00:00Z', null, 0],
    ['Carla Cook', 'carla.cook@clinic.example', '2024-03-01T00:00:00Z', '2024-05-01T00:00:00Z', 5],
    ['Dan Dyer', 'dan_dyer@home.example', '2024-04-01T00:00:00Z', '2024-07-01T00:00:00Z', 1],
    ['Eve 100% Real', 'eve@home.example', '2024-05-01T00:00:00Z', null, 2],
  ];
  for (const [name, email, registered, active, searches] of people) {
    const { id } = await insertUser(t.pool, {
      name,
      email,
      createdAt: new Date(registered),
      lastActiveAt: active ? new Date(active) : null,
    });
    ids[name] = id;
    for (let n = 0; n < searches; n += 1) {
      await t.pool.query("INSERT INTO search_history (user_id, drug_name) VALUES ($1, 'Aspirin')", [
        id,
      ]);
    }
  }
});
afterAll(() => t.close());

describe('GET /users: search, sort and paging on the server', () => {
  it('answers the first 25 by name, with the total, when no parameter is given', async () => {
    const { data, meta } = await list();
    expect(meta).toEqual({ total: 6, page: 1, page_size: 25 });
    expect(names(data)).toEqual([
      'alice Archer',
      'Bob Baker',
      'Carla Cook',
      'Dan Dyer',
      'Eve 100% Real',
      'Test Admin',
    ]);
    expect(data.find((r) => r.name === 'Carla Cook')?.search_count).toBe(5);
  });

  it('pages: page_size rows from (page - 1) * page_size, the total over all pages, an empty page past the end', async () => {
    expect(names((await list('?page_size=2')).data)).toEqual(['alice Archer', 'Bob Baker']);
    const second = await list('?page=2&page_size=2');
    expect(names(second.data)).toEqual(['Carla Cook', 'Dan Dyer']);
    expect(second.meta).toEqual({ total: 6, page: 2, page_size: 2 });
    expect(names((await list('?page=3&page_size=2')).data)).toEqual([
      'Eve 100% Real',
      'Test Admin',
    ]);
    const past = await list('?page=9&page_size=2');
    expect(past).toEqual({ data: [], meta: { total: 6, page: 9, page_size: 2 } });
  });

  it('searches name or e-mail case-insensitively; every word must match one of them', async () => {
    expect(names((await list('?q=CLINIC')).data)).toEqual(['alice Archer', 'Carla Cook']);
    expect(names((await list('?q=carla%20clinic')).data)).toEqual(['Carla Cook']);
    expect(names((await list('?q=ali%20bob')).data)).toEqual([]);
    expect((await list('?q=ali%20bob')).meta.total).toBe(0);
    const home = await list('?q=home&page_size=1');
    expect(names(home.data)).toEqual(['Dan Dyer']);
    expect(home.meta.total).toBe(2);
    expect((await list('?q=%20%20')).meta.total).toBe(6);
  });

  it('takes % and _ in a search literally', async () => {
    expect(names((await list('?q=100%25')).data)).toEqual(['Eve 100% Real']);
    expect(names((await list('?q=%25')).data)).toEqual(['Eve 100% Real']);
    expect(names((await list('?q=_')).data)).toEqual(['Dan Dyer']);
  });

  it.each([
    [
      'name',
      ['alice Archer', 'Bob Baker', 'Carla Cook', 'Dan Dyer', 'Eve 100% Real', 'Test Admin'],
    ],
    [
      '-name',
      ['Test Admin', 'Eve 100% Real', 'Dan Dyer', 'Carla Cook', 'Bob Baker', 'alice Archer'],
    ],
    // The administrator's address is admin<n>-...@example.com.
    [
      'email',
      ['Test Admin', 'alice Archer', 'Bob Baker', 'Carla Cook', 'Dan Dyer', 'Eve 100% Real'],
    ],
    [
      'registered_at',
      ['alice Archer', 'Bob Baker', 'Carla Cook', 'Dan Dyer', 'Eve 100% Real', 'Test Admin'],
    ],
    [
      '-registered_at',
      ['Test Admin', 'Eve 100% Real', 'Dan Dyer', 'Carla Cook', 'Bob Baker', 'alice Archer'],
    ],
    // The administrator was active just now (this very call); Bob and Eve never.
    [
      'last_active_at',
      ['Bob Baker', 'Eve 100% Real', 'Carla Cook', 'alice Archer', 'Dan Dyer', 'Test Admin'],
    ],
    [
      '-last_active_at',
      ['Test Admin', 'Dan Dyer', 'alice Archer', 'Carla Cook', 'Eve 100% Real', 'Bob Baker'],
    ],
    // The administrator and Bob both have 0: the administrator's lower id first, last descending.
    [
      'search_count',
      ['Test Admin', 'Bob Baker', 'Dan Dyer', 'Eve 100% Real', 'alice Archer', 'Carla Cook'],
    ],
    [
      '-search_count',
      ['Carla Cook', 'alice Archer', 'Eve 100% Real', 'Dan Dyer', 'Bob Baker', 'Test Admin'],
    ],
  ])(
    'sorts by %s (ties by id, never-active users as the least recently active)',
    async (sort, expected) => {
      const { data } = await list(`?sort=${sort}`);
      expect(names(data)).toEqual(expected);
    },
  );

  it('sorts by search count across pages, counting only matching users', async () => {
    const first = await list('?sort=-search_count&page_size=2&q=example');
    expect(names(first.data)).toEqual(['Carla Cook', 'alice Archer']);
    expect(first.data.map((r) => r.search_count)).toEqual([5, 3]);
    expect(first.meta.total).toBe(6);
    const second = await list('?sort=-search_count&page_size=2&page=2&q=example');
    expect(names(second.data)).toEqual(['Eve 100% Real', 'Dan Dyer']);
  });

  it('refuses what it cannot answer with 422 naming the parameter', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page_size=101', 'page_size'],
      ['?page_size=0', 'page_size'],
      ['?sort=password_hash', 'sort'],
      ['?sort=name;DROP%20TABLE%20users', 'sort'],
      [`?q=${'x'.repeat(201)}`, 'q'],
      ['?page=abc', 'page'],
      ['?page=%202', 'page'],
      ['?page_size=1e1', 'page_size'],
    ]) {
      const response = await api.get(`/users${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });
});
