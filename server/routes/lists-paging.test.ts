import { client, createTestApp, signIn, type TestApp } from '../test/helpers';
import { insertListData } from '../test/listData';

// The reference lists search, sort, filter and page on the server when asked to, and export the
// whole filtered list as CSV; without parameters they answer the whole list as before.
jest.setTimeout(30_000);

let t: TestApp;
let api: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let id: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  api = client(t.app, await signIn(t.app));
  viewer = client(t.app, await signIn(t.app, { role: 'viewer' }));
  id = await insertListData(t.pool);
});
afterAll(() => t.close());

interface Page<T> {
  data: T[];
  meta: { total: number; page: number; page_size: number };
}
type Named = { id: number; name: string };
type Interaction = {
  id: number;
  medication: Named;
  interacting_medication: Named;
  severity: string;
};

async function page<T>(path: string, as = api): Promise<Page<T>> {
  const response = await as.get(path);
  expect({ path, status: response.statusCode }).toEqual({ path, status: 200 });
  return response.json() as Page<T>;
}
const names = (rows: { name: string }[]) => rows.map((row) => row.name);
const pairs = (rows: Interaction[]) =>
  rows.map((row) => `${row.medication.name}+${row.interacting_medication.name}`);

describe.each([
  ['/condition', 4],
  ['/lifestyle', 3],
  ['/medication', 5],
  ['/drug-interaction', 5],
  ['/drug', 3],
  ['/age-category', 4],
  ['/weight-category', 4],
])('GET %s', (path, count) => {
  it('answers the whole list without parameters, as before (no meta)', async () => {
    const body = (await api.get(path)).json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toHaveLength(count);
  });

  it('pages with page and page_size (25 by default), the total counting every page', async () => {
    const first = await page<{ id: number }>(`${path}?page_size=2`);
    expect(first.meta).toEqual({ total: count, page: 1, page_size: 2 });
    expect(first.data).toHaveLength(2);
    const second = await page<{ id: number }>(`${path}?page=2&page_size=2`);
    expect(second.data.map((row) => row.id)).not.toContain(first.data[0].id);
    expect((await page(`${path}?page=1`)).meta).toEqual({ total: count, page: 1, page_size: 25 });
    expect(await page(`${path}?page=9&page_size=2`)).toEqual({
      data: [],
      meta: { total: count, page: 9, page_size: 2 },
    });
    expect((await page(`${path}?q=`)).meta.total).toBe(count);
  });

  it('refuses bad parameters with 422 naming them', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page=abc', 'page'],
      ['sort=id;DROP%20TABLE%20conditions', 'sort'],
      ['sort=--name', 'sort'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['format=xlsx', 'format'],
    ]) {
      const response = await api.get(`${path}?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      expect(response.json().message).toEqual(expect.any(String));
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });

  it('lets a viewer list, and refuses a request without a token with 401', async () => {
    expect((await page(`${path}?page_size=1`, viewer)).meta.total).toBe(count);
    const anonymous = await client(t.app).get(`${path}?page_size=1`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toEqual(expect.any(String));
  });
});

describe('conditions', () => {
  it.each([
    ['name', ['Asthma', 'bronchitis', 'Cystic fibrosis', 'Diabetes']],
    ['-name', ['Diabetes', 'Cystic fibrosis', 'bronchitis', 'Asthma']],
    // No description sorts after every description ascending, before them descending.
    ['description', ['Diabetes', 'Asthma', 'Cystic fibrosis', 'bronchitis']],
    ['-description', ['bronchitis', 'Cystic fibrosis', 'Asthma', 'Diabetes']],
  ])('sorts by %s', async (sort, expected) => {
    expect(names((await page<Named>(`/condition?sort=${sort}`)).data)).toEqual(expected);
  });

  it('searches name or description case-insensitively, every word matching', async () => {
    expect(names((await page<Named>('/condition?q=AIRWAY')).data)).toEqual(['Asthma']);
    expect(names((await page<Named>('/condition?q=is')).data)).toEqual([
      'Asthma',
      'bronchitis',
      'Cystic fibrosis',
    ]);
    expect(names((await page<Named>('/condition?q=lung%20cystic')).data)).toEqual([
      'Cystic fibrosis',
    ]);
    expect((await page('/condition?q=lung%20asthma')).meta.total).toBe(0);
  });
});

describe('lifestyles', () => {
  it('sorts by name both ways and searches by name', async () => {
    const expected = ['alcohol', 'Night shifts', 'Smoking'];
    expect(names((await page<Named>('/lifestyle?sort=name')).data)).toEqual(expected);
    expect(names((await page<Named>('/lifestyle?sort=-name')).data)).toEqual(
      [...expected].reverse(),
    );
    expect(names((await page<Named>('/lifestyle?q=SHIFT&page_size=20')).data)).toEqual([
      'Night shifts',
    ]);
  });
});

describe('medications', () => {
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

  it('searches by name only, with whole records as the whole list has them', async () => {
    const found = await page<{ id: number; name: string; contraindications: number[] }>(
      '/medication?q=farin',
    );
    expect(names(found.data)).toEqual(['Warfarin']);
    expect(found.data[0].contraindications).toEqual(
      [id.Asthma, id['Cystic fibrosis']].sort((a, b) => a - b),
    );
    const whole = (await api.get('/medication')).json().data as { id: number }[];
    expect(found.data[0]).toEqual(whole.find((row) => row.id === id.Warfarin));
    // 'Diabetes' is Warfarin's condition, not its name.
    expect((await page('/medication?q=diabetes')).meta.total).toBe(0);
  });

  it.each([
    ['name', ['Amoxicillin', 'aspirin', 'Ibuprofen', 'Ibuprofen 2', 'Warfarin']],
    ['-name', ['Warfarin', 'Ibuprofen 2', 'Ibuprofen', 'aspirin', 'Amoxicillin']],
    ['condition', ['Ibuprofen', 'aspirin', 'Amoxicillin', 'Ibuprofen 2', 'Warfarin']],
    ['-condition', ['Warfarin', 'Ibuprofen 2', 'Amoxicillin', 'aspirin', 'Ibuprofen']],
    ['is_dosage_weight_based', ['Warfarin', 'Ibuprofen', 'aspirin', 'Amoxicillin', 'Ibuprofen 2']],
    ['-is_dosage_weight_based', ['Ibuprofen 2', 'Amoxicillin', 'aspirin', 'Ibuprofen', 'Warfarin']],
    ['avg_weight_dosage', ['Ibuprofen 2', 'Amoxicillin', 'Warfarin', 'Ibuprofen', 'aspirin']],
    ['-avg_weight_dosage', ['aspirin', 'Ibuprofen', 'Warfarin', 'Amoxicillin', 'Ibuprofen 2']],
    ['pregnancy_category', ['Amoxicillin', 'Ibuprofen', 'Ibuprofen 2', 'Warfarin', 'aspirin']],
    ['-pregnancy_category', ['aspirin', 'Warfarin', 'Ibuprofen 2', 'Ibuprofen', 'Amoxicillin']],
    ['created_at', ['Warfarin', 'Ibuprofen', 'Amoxicillin', 'aspirin', 'Ibuprofen 2']],
    ['-created_at', ['Ibuprofen 2', 'aspirin', 'Amoxicillin', 'Ibuprofen', 'Warfarin']],
    ['updated_at', ['Ibuprofen 2', 'aspirin', 'Amoxicillin', 'Ibuprofen', 'Warfarin']],
    ['-updated_at', ['Warfarin', 'Ibuprofen', 'Amoxicillin', 'aspirin', 'Ibuprofen 2']],
  ])('sorts by %s, ties by id', async (sort, expected) => {
    expect(ids((await page<{ id: number }>(`/medication?sort=${sort}`)).data)).toEqual(
      expected.map((name) => id[name]),
    );
  });

  it('filters by condition, dosage type and pregnancy category, with search and paging', async () => {
    const ofAsthma = await page<{ id: number }>(`/medication?condition_id=${id.Asthma}`);
    expect(ids(ofAsthma.data)).toEqual([id.aspirin, id.Ibuprofen]);
    expect(ofAsthma.meta.total).toBe(2);
    expect(
      ids((await page<{ id: number }>('/medication?is_dosage_weight_based=true')).data),
    ).toEqual([id.Amoxicillin, id['Ibuprofen 2']]);
    expect(
      ids((await page<{ id: number }>('/medication?is_dosage_weight_based=false&q=i')).data),
    ).toEqual([id.aspirin, id.Ibuprofen, id.Warfarin]);
    const categoryC = await page<{ id: number }>('/medication?pregnancy_category=C&page_size=1');
    expect(categoryC.meta.total).toBe(2);
    expect(ids(categoryC.data)).toEqual([id.Ibuprofen]);
    for (const [query, field] of [
      ['pregnancy_category=Z', 'pregnancy_category'],
      ['is_dosage_weight_based=maybe', 'is_dosage_weight_based'],
      ['condition_id=0', 'condition_id'],
      ['condition_id=x', 'condition_id'],
    ]) {
      const response = await api.get(`/medication?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });
});

describe('drug interactions', () => {
  it('searches either medication name, the severity and the description', async () => {
    const search = async (q: string) =>
      pairs((await page<Interaction>(`/drug-interaction?q=${q}`)).data);
    expect(await search('warf')).toEqual([
      'Amoxicillin+Warfarin',
      'aspirin+Warfarin',
      'Warfarin+Ibuprofen',
    ]);
    expect(await search('MAJOR')).toEqual(['aspirin+Warfarin']);
    expect(await search('indicated')).toEqual(['Warfarin+Ibuprofen']);
    expect(await search('bleeding')).toEqual(['aspirin+Warfarin', 'Warfarin+Ibuprofen']);
    expect(await search('ibuprofen%20rash')).toEqual(['Amoxicillin+Ibuprofen']);
    expect(await search('100%25')).toEqual(['Amoxicillin+Ibuprofen']);
    expect(await search('aspirin%20minor')).toEqual(['Ibuprofen+aspirin']);
    // Words no trigram index finds (no three letters or digits in a row) are matched as well.
    expect(await search('RA')).toEqual([
      'Amoxicillin+Ibuprofen',
      'Amoxicillin+Warfarin',
      'Warfarin+Ibuprofen', // contraindicated
    ]);
    expect(await search('%25')).toEqual(['Amoxicillin+Ibuprofen']);
    expect(await search('xi')).toEqual(['Amoxicillin+Ibuprofen', 'Amoxicillin+Warfarin']);
  });

  it("pages and sorts a search's few matches, found once", async () => {
    const search = async (query: string) => {
      const { data, meta } = await page<Interaction>(`/drug-interaction?q=ra&${query}`);
      return { pairs: pairs(data), total: meta.total };
    };
    expect(await search('sort=-severity')).toEqual({
      pairs: ['Warfarin+Ibuprofen', 'Amoxicillin+Warfarin', 'Amoxicillin+Ibuprofen'],
      total: 3,
    });
    expect(await search('sort=severity&page_size=1&page=2')).toEqual({
      pairs: ['Amoxicillin+Warfarin'],
      total: 3,
    });
    expect(await search('sort=description&page_size=1&page=4')).toEqual({ pairs: [], total: 3 });
  });

  it.each([
    [
      'medication',
      [
        'Amoxicillin+Warfarin',
        'Amoxicillin+Ibuprofen',
        'aspirin+Warfarin',
        'Ibuprofen+aspirin',
        'Warfarin+Ibuprofen',
      ],
    ],
    [
      '-medication',
      [
        'Warfarin+Ibuprofen',
        'Ibuprofen+aspirin',
        'aspirin+Warfarin',
        'Amoxicillin+Ibuprofen',
        'Amoxicillin+Warfarin',
      ],
    ],
    [
      'interacting_medication',
      // Both Ibuprofens share a name: the earlier interaction first.
      [
        'Ibuprofen+aspirin',
        'Warfarin+Ibuprofen',
        'Amoxicillin+Ibuprofen',
        'aspirin+Warfarin',
        'Amoxicillin+Warfarin',
      ],
    ],
    [
      '-interacting_medication',
      [
        'Amoxicillin+Warfarin',
        'aspirin+Warfarin',
        'Amoxicillin+Ibuprofen',
        'Warfarin+Ibuprofen',
        'Ibuprofen+aspirin',
      ],
    ],
    [
      'severity',
      [
        'Ibuprofen+aspirin',
        'Amoxicillin+Ibuprofen',
        'Amoxicillin+Warfarin',
        'aspirin+Warfarin',
        'Warfarin+Ibuprofen',
      ],
    ],
    [
      '-severity',
      [
        'Warfarin+Ibuprofen',
        'aspirin+Warfarin',
        'Amoxicillin+Warfarin',
        'Amoxicillin+Ibuprofen',
        'Ibuprofen+aspirin',
      ],
    ],
    [
      'description',
      [
        'aspirin+Warfarin',
        'Ibuprofen+aspirin',
        'Amoxicillin+Warfarin',
        'Amoxicillin+Ibuprofen',
        'Warfarin+Ibuprofen',
      ],
    ],
    [
      '-description',
      [
        'Warfarin+Ibuprofen',
        'Amoxicillin+Ibuprofen',
        'Amoxicillin+Warfarin',
        'Ibuprofen+aspirin',
        'aspirin+Warfarin',
      ],
    ],
    [
      'is_allergen',
      [
        'aspirin+Warfarin',
        'Amoxicillin+Warfarin',
        'Warfarin+Ibuprofen',
        'Ibuprofen+aspirin',
        'Amoxicillin+Ibuprofen',
      ],
    ],
    [
      '-is_allergen',
      [
        'Amoxicillin+Ibuprofen',
        'Ibuprofen+aspirin',
        'Warfarin+Ibuprofen',
        'Amoxicillin+Warfarin',
        'aspirin+Warfarin',
      ],
    ],
    [
      'created_at',
      [
        'aspirin+Warfarin',
        'Amoxicillin+Warfarin',
        'Ibuprofen+aspirin',
        'Warfarin+Ibuprofen',
        'Amoxicillin+Ibuprofen',
      ],
    ],
    [
      '-created_at',
      [
        'Amoxicillin+Ibuprofen',
        'Warfarin+Ibuprofen',
        'Ibuprofen+aspirin',
        'Amoxicillin+Warfarin',
        'aspirin+Warfarin',
      ],
    ],
  ])('sorts by %s, ties by id', async (sort, expected) => {
    expect(pairs((await page<Interaction>(`/drug-interaction?sort=${sort}`)).data)).toEqual(
      expected,
    );
  });

  it('filters by severity, either medication and allergen flag', async () => {
    const list = async (query: string) =>
      pairs((await page<Interaction>(`/drug-interaction?${query}`)).data);
    expect(await list('severity=minor')).toEqual(['Amoxicillin+Ibuprofen', 'Ibuprofen+aspirin']);
    expect(await list(`medication_id=${id.Warfarin}`)).toEqual([
      'Amoxicillin+Warfarin',
      'aspirin+Warfarin',
      'Warfarin+Ibuprofen',
    ]);
    expect(await list('is_allergen=true')).toEqual(['Amoxicillin+Ibuprofen', 'Ibuprofen+aspirin']);
    expect(await list(`is_allergen=false&medication_id=${id.Warfarin}&severity=major`)).toEqual([
      'aspirin+Warfarin',
    ]);
    expect(await list('is_allergen=true&q=rash')).toEqual(['Amoxicillin+Ibuprofen']);
    for (const [query, field] of [
      ['severity=severe', 'severity'],
      ['medication_id=-1', 'medication_id'],
      ['is_allergen=yes', 'is_allergen'],
    ]) {
      const response = await api.get(`/drug-interaction?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      expect(Object.keys(response.json().errors)).toContain(field);
    }
  });
});

describe("one medication's interactions, read whole in one statement", () => {
  const SORTS = ['', 'medication', '-interacting_medication', 'severity', '-description'];
  it.each(SORTS)(
    'pages them in the whole list\'s order for sort "%s", counted on every page',
    async (sort) => {
      const sorted = sort ? `sort=${sort}&` : '';
      const all = pairs((await page<Interaction>(`/drug-interaction?${sorted}page_size=100`)).data);
      const warfarin = all.filter((pair) => pair.split('+').includes('Warfarin'));
      const path = `/drug-interaction?${sorted}medication_id=${id.Warfarin}&page_size=2`;
      const first = await page<Interaction>(`${path}&page=1`);
      const second = await page<Interaction>(`${path}&page=2`);
      expect([...pairs(first.data), ...pairs(second.data)]).toEqual(warfarin);
      expect(first.meta).toEqual({ total: 3, page: 1, page_size: 2 });
      expect(second.meta).toEqual({ total: 3, page: 2, page_size: 2 });
      // Past the end, with no row to carry the count, it is counted apart.
      expect(await page(`${path}&page=3`)).toEqual({
        data: [],
        meta: { total: 3, page: 3, page_size: 2 },
      });
    },
  );

  it('answers whole records, as the other pages do', async () => {
    const [row] = (await page<Interaction>(`/drug-interaction?q=Warfarin&page_size=1`)).data;
    const one = (
      await page<Interaction>(`/drug-interaction?medication_id=${id.Warfarin}&page_size=1`)
    ).data[0];
    expect(one).toEqual(row);
    expect(Object.keys(one)).not.toContain('listed_total');
  });
});

describe('a search sorted by a field the search does not follow', () => {
  // A first page of one over a search most records match is read by walking the sort's index
  // and testing each record (interactions by a medication's name: 'rin' is in Warfarin and
  // aspirin); later pages, and pages of 25, by finding the matches first. Both give one order.
  const onePageAtATime = async <T>(path: string, count: number) => {
    const rows: T[] = [];
    for (let n = 1; n <= count; n++) {
      const { data, meta } = await page<T>(`${path}&page=${n}&page_size=1`);
      expect(meta.total).toBe(count);
      rows.push(...data);
    }
    return rows;
  };

  it.each([
    [
      'severity',
      ['Ibuprofen+aspirin', 'Amoxicillin+Warfarin', 'aspirin+Warfarin', 'Warfarin+Ibuprofen'],
    ],
    [
      '-severity',
      ['Warfarin+Ibuprofen', 'aspirin+Warfarin', 'Amoxicillin+Warfarin', 'Ibuprofen+aspirin'],
    ],
  ])('pages interactions sorted by %s alike either way', async (sort, expected) => {
    const path = `/drug-interaction?q=rin&sort=${sort}`;
    expect(pairs(await onePageAtATime<Interaction>(path, 4))).toEqual(expected);
    expect(pairs((await page<Interaction>(path)).data)).toEqual(expected);
  });

  it('pages medications sorted by -created_at alike either way', async () => {
    const expected = ['Ibuprofen', 'aspirin', 'Amoxicillin', 'Ibuprofen', 'Warfarin'];
    const path = '/medication?q=i&sort=-created_at';
    expect(names(await onePageAtATime<Named>(path, 5))).toEqual(expected);
    expect(names((await page<Named>(path)).data)).toEqual(expected);
  });
});

describe('drugs', () => {
  it.each([
    ['name', ['Advil', 'Lipitor', 'Zyrtec']],
    ['-name', ['Zyrtec', 'Lipitor', 'Advil']],
    ['category', ['Zyrtec', 'Lipitor', 'Advil']],
    ['-category', ['Advil', 'Lipitor', 'Zyrtec']],
    ['manufacturer', ['Zyrtec', 'Advil', 'Lipitor']],
    ['-manufacturer', ['Lipitor', 'Advil', 'Zyrtec']],
    ['dosage', ['Zyrtec', 'Advil', 'Lipitor']],
    ['-dosage', ['Lipitor', 'Advil', 'Zyrtec']],
    ['created_at', ['Advil', 'Lipitor', 'Zyrtec']],
    ['-created_at', ['Zyrtec', 'Lipitor', 'Advil']],
  ])('sorts by %s', async (sort, expected) => {
    expect(names((await page<Named>(`/drug?sort=${sort}`)).data)).toEqual(expected);
  });

  it('searches name, category, manufacturer, dosage and description', async () => {
    const search = async (q: string) => names((await page<Named>(`/drug?q=${q}`)).data);
    expect(await search('pfizer')).toEqual(['Advil', 'Lipitor']);
    expect(await search('nsaid')).toEqual(['Advil']);
    expect(await search('20%20mg')).toEqual(['Advil']);
    expect(await search('histamine')).toEqual(['Zyrtec']);
    // Side effects are not searched.
    expect(await search('nausea')).toEqual([]);
  });
});

describe('age and weight categories', () => {
  type Age = { min_age: number; age_unit: string };
  type Weight = { min_weight: number; weight_unit: string };
  const ages = (rows: Age[]) => rows.map((row) => `${row.min_age} ${row.age_unit}`);
  const weights = (rows: Weight[]) => rows.map((row) => `${row.min_weight} ${row.weight_unit}`);

  it('sort by each field both ways, by unit then minimum by default', async () => {
    const age = async (sort: string) =>
      ages((await page<Age>(`/age-category?page_size=10${sort}`)).data);
    expect(await age('')).toEqual(['0 months', '2 years', '18 years', '65 years']);
    expect(await age('&sort=min_age')).toEqual(['0 months', '2 years', '18 years', '65 years']);
    expect(await age('&sort=-max_age')).toEqual(['65 years', '18 years', '0 months', '2 years']);
    expect(await age('&sort=max_age')).toEqual(['2 years', '0 months', '18 years', '65 years']);
    expect(await age('&sort=-min_age')).toEqual(['65 years', '18 years', '2 years', '0 months']);
    expect(await age('&sort=age_unit')).toEqual(['0 months', '18 years', '65 years', '2 years']);
    expect(await age('&sort=-age_unit')).toEqual(['2 years', '65 years', '18 years', '0 months']);
    // A category without a name or description sorts last ascending, first descending.
    expect(await age('&sort=category_name')).toEqual([
      '18 years',
      '65 years',
      '0 months',
      '2 years',
    ]);
    expect(await age('&sort=-category_name')).toEqual([
      '2 years',
      '0 months',
      '65 years',
      '18 years',
    ]);
    expect(await age('&sort=description')).toEqual(['2 years', '18 years', '65 years', '0 months']);
    expect(await age('&sort=-description')).toEqual([
      '0 months',
      '65 years',
      '18 years',
      '2 years',
    ]);
    const weight = async (sort: string) =>
      weights((await page<Weight>(`/weight-category?sort=${sort}`)).data);
    expect(await weight('min_weight')).toEqual(['0 kg', '18.5 kg', '25 kg', '100 lbs']);
    expect(await weight('-min_weight')).toEqual(['100 lbs', '25 kg', '18.5 kg', '0 kg']);
    expect(await weight('max_weight')).toEqual(['0 kg', '18.5 kg', '25 kg', '100 lbs']);
    expect(await weight('-max_weight')).toEqual(['100 lbs', '25 kg', '18.5 kg', '0 kg']);
    expect(await weight('weight_unit')).toEqual(['0 kg', '18.5 kg', '25 kg', '100 lbs']);
    expect(await weight('-weight_unit')).toEqual(['100 lbs', '25 kg', '18.5 kg', '0 kg']);
    expect(await weight('category_name')).toEqual(['18.5 kg', '100 lbs', '25 kg', '0 kg']);
    expect(await weight('-category_name')).toEqual(['0 kg', '25 kg', '100 lbs', '18.5 kg']);
    expect(await weight('description')).toEqual(['18.5 kg', '100 lbs', '0 kg', '25 kg']);
    expect(await weight('-description')).toEqual(['25 kg', '0 kg', '100 lbs', '18.5 kg']);
  });

  it('search the category name, unit and description', async () => {
    expect(ages((await page<Age>('/age-category?q=adult')).data)).toEqual(['18 years', '65 years']);
    expect(ages((await page<Age>('/age-category?q=month')).data)).toEqual(['0 months']);
    expect(weights((await page<Weight>('/weight-category?q=over%20lbs')).data)).toEqual([
      '100 lbs',
    ]);
  });
});
