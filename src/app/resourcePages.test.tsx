import { act, configure, screen, waitFor, within } from '@testing-library/react';
import type {
  AgeCategory,
  ClassRule,
  Condition,
  Drug,
  DrugClass,
  DrugInteraction,
  Ingredient,
  Lifestyle,
  WeightCategory,
} from '@/api';
import type { ResourceDefinition } from '@/components/resource/resource';
import { ageCategoryResource, weightCategoryResource } from '@/features/categories/CategoriesPage';
import { ConditionsPage, conditionResource } from '@/features/conditions/ConditionsPage';
import { classRuleResource } from '@/features/drug-classes/ClassRulesPage';
import { drugClassResource } from '@/features/drug-classes/DrugClassesPage';
import { drugResource } from '@/features/drugs/DrugsPage';
import { ingredientResource } from '@/features/ingredients/IngredientsPage';
import { InteractionsPage, interactionResource } from '@/features/interactions/InteractionsPage';
import { lifestyleResource } from '@/features/lifestyles/LifestylesPage';
import { noHistory, signedIn, viewerUser } from '@/test/fixtures';
import { mockFetch, requestsTo, untilAborted, type MockReply } from '@/test/mockFetch';
import { firstQuery, queryOf as query, renderListApi } from '@/test/renderListApi';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';

/** A record of any of the lists. */
type Row = { id: number } & Record<string, unknown>;

/** What the tests need to know about one reference list's definition. */
interface Case {
  name: string;
  // The definitions differ in their row and form types; the tests read texts and call them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous list of definitions
  resource: ResourceDefinition<any, any, any>;
  /** The list's path, e.g. '/condition'. */
  list: string;
  /** Two records the list holds. */
  row: Row;
  other: Row;
  update: string;
  remove: (id: number) => string;
  /** Whether the delete confirm needs a reason before it sends anything. */
  deleteReason: boolean;
}

const interaction = (id: number, a: string, b: string): DrugInteraction => ({
  id,
  medication_id: id * 10,
  interacting_medication_id: id * 10 + 1,
  medication: { id: id * 10, name: a },
  interacting_medication: { id: id * 10 + 1, name: b },
  severity: 'moderate',
  description: `${a} with ${b}`,
  is_allergen: 0,
  created_at: '2025-01-01T00:00:00.000Z',
});
const drug = (id: number, name: string): Drug => ({
  id,
  name,
  description: 'Relief',
  dosage: '200 mg',
  side_effects: ['Nausea'],
  contraindications: ['Ulcer'],
  category: 'NSAID',
  manufacturer: 'Acme',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const drugClass = (id: number, name: string): DrugClass => ({
  id,
  name,
  atc_code: null,
  duplicate_severity: 'moderate',
  members: [{ id: id * 10, medication_id: id * 100, name: `${name} member` }],
  member_count: 1,
  codes: [],
});
const classRule = (id: number, a: string, b: string): ClassRule => ({
  id,
  kind: 'interaction',
  drug_class_id: id * 10,
  other_class_id: id * 10 + 1,
  other_medication_id: null,
  drug_class: { id: id * 10, name: a },
  other_class: { id: id * 10 + 1, name: b },
  other_medication: null,
  severity: 'major',
  description: `${a} with ${b}`,
});

const CASES: Case[] = [
  {
    name: 'conditions',
    resource: conditionResource,
    list: '/condition',
    row: {
      id: 3,
      name: 'Migraine',
      description: 'Headaches',
      affects_kidney_function: false,
      codes: [],
    } satisfies Condition,
    other: {
      id: 5,
      name: 'Asthma',
      description: null,
      affects_kidney_function: false,
      codes: [],
    } satisfies Condition,
    update: 'PUT /condition',
    remove: (id) => `DELETE /condition/${id}`,
    deleteReason: false,
  },
  {
    name: 'lifestyles',
    resource: lifestyleResource,
    list: '/lifestyle',
    row: { id: 2, name: 'Smoking' } satisfies Lifestyle,
    other: { id: 1, name: 'Alcohol consumption' } satisfies Lifestyle,
    update: 'PUT /lifestyle',
    remove: () => 'DELETE /lifestyle',
    deleteReason: false,
  },
  {
    name: 'drugs',
    resource: drugResource,
    list: '/drug',
    row: drug(1, 'Ibuprofen'),
    other: drug(2, 'Amoxicillin'),
    update: 'PUT /drug',
    remove: (id) => `DELETE /drug/${id}`,
    deleteReason: false,
  },
  {
    name: 'age categories',
    resource: ageCategoryResource,
    list: '/age-category',
    row: {
      id: 1,
      min_age: 0,
      max_age: 28,
      age_unit: 'days',
      category_name: 'Pediatric',
      description: 'Newborns',
    } satisfies AgeCategory,
    other: {
      id: 4,
      min_age: 18,
      max_age: 64,
      age_unit: 'years',
      category_name: 'Adult',
      description: null,
    } satisfies AgeCategory,
    update: 'PUT /age-category',
    remove: (id) => `DELETE /age-category/${id}`,
    deleteReason: false,
  },
  {
    name: 'weight categories',
    resource: weightCategoryResource,
    list: '/weight-category',
    row: {
      id: 2,
      min_weight: 50.1,
      max_weight: 80,
      weight_unit: 'kg',
      category_name: 'Normal',
      description: 'Typical adults',
      min_age_years: 18,
      max_age_years: null,
    } satisfies WeightCategory,
    other: {
      id: 7,
      min_weight: 80.1,
      max_weight: 200,
      weight_unit: 'kg',
      category_name: 'Obese',
      description: null,
      min_age_years: null,
      max_age_years: null,
    } satisfies WeightCategory,
    update: 'PUT /weight-category',
    remove: (id) => `DELETE /weight-category/${id}`,
    deleteReason: false,
  },
  {
    name: 'interactions',
    resource: interactionResource,
    list: '/drug-interaction',
    row: interaction(11, 'Warfarin', 'Aspirin'),
    other: interaction(12, 'Amoxicillin', 'Cefalexin'),
    update: 'PUT /drug-interaction',
    remove: () => 'DELETE /drug-interaction',
    // Deleting an interaction changes what the safety check finds: the history needs a reason.
    deleteReason: true,
  },
  {
    name: 'drug classes',
    resource: drugClassResource,
    list: '/drug-class',
    row: drugClass(4, 'Statins'),
    other: drugClass(5, 'Penicillins'),
    update: 'PUT /drug-class',
    remove: () => 'DELETE /drug-class',
    // A class's duplicate-therapy severity and its rules change what the safety check finds.
    deleteReason: true,
  },
  {
    name: 'class rules',
    resource: classRuleResource,
    list: '/class-rule',
    row: classRule(8, 'Statins', 'Macrolides'),
    other: classRule(9, 'Penicillins', 'Cephalosporins'),
    update: 'PUT /class-rule',
    remove: () => 'DELETE /class-rule',
    deleteReason: true,
  },
  {
    name: 'ingredients',
    resource: ingredientResource,
    list: '/ingredient',
    row: {
      id: 3,
      name: 'Paracetamol',
      medications: [],
      limits: [],
      codes: [],
    } satisfies Ingredient,
    other: { id: 4, name: 'Codeine', medications: [], limits: [], codes: [] } satisfies Ingredient,
    update: 'PUT /ingredient',
    remove: () => 'DELETE /ingredient',
    deleteReason: false,
  },
];

/** A page of the list as the server answers it. */
const page = (rows: readonly { id: number }[], total = rows.length, at = 1) => ({
  body: { data: rows, meta: { total, page: at, page_size: 25 } },
});

/** The form's output for a row's values, as its checks give it to the save. */
async function checked(c: Case, row: Row): Promise<unknown> {
  const { form } = c.resource;
  if (!form) throw new Error(`${c.name} has no form`);
  const result = await form.validation.resolver(form.values(row), undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  expect(result.errors).toEqual({});
  return result.values;
}

// Each definition's own parts, without its page: the first query, what its calls send under the
// contract's names, and what they read from the answer.
describe.each(CASES)('the $name definition', (c) => {
  const { resource } = c;

  it('asks first for the first page in its first order (as the route prefetch does)', async () => {
    const fetchMock = mockFetch({ [`GET ${c.list}`]: page([c.row, c.other], 60) });
    const first = firstQuery(resource);
    const sort = resource.initialSort?.[0];
    expect(first).toEqual({
      page: 1,
      pageSize: 25,
      sort: sort && resource.sortFields[sort.field],
      q: undefined,
    });
    const { result } = renderListApi(resource, first);
    await waitFor(() => expect(result.current.list.rows).toEqual([c.row, c.other]));
    expect(result.current.list.total).toBe(60);
    expect(requestsTo(fetchMock).map(query)).toEqual([
      { page: '1', page_size: '25', ...(sort && { sort: resource.sortFields[sort.field] }) },
    ]);
  });

  it('sends a page, a sort and a search under the contract names', async () => {
    const fetchMock = mockFetch({ [`GET ${c.list}`]: page([c.other], 1, 3) });
    const [field] = Object.values<string>(resource.sortFields);
    const { result } = renderListApi(resource, {
      page: 3,
      pageSize: 10,
      sort: `-${field}`,
      q: 'Zq x',
    });
    await waitFor(() => expect(result.current.list.rows).toEqual([c.other]));
    expect(requestsTo(fetchMock).map(query)).toEqual([
      { page: '3', page_size: '10', sort: `-${field}`, q: 'Zq x' },
    ]);
  });

  it('saves an edited row and deletes a row with the calls the contract names', async () => {
    const fetchMock = mockFetch({
      [`GET ${c.list}`]: page([c.row]),
      [c.update]: { body: { data: c.row, message: 'Saved on the server' } },
      [c.remove(c.row.id)]: { body: { message: 'Deleted on the server' } },
    });
    const { result } = renderListApi(resource, firstQuery(resource));
    const { update, remove } = result.current;
    if (!update || !remove) throw new Error(`${c.name} has no writes`);
    const output = await checked(c, c.row);
    await act(() => update(c.row, output, 'Checked').unwrap());
    expect(await requestsTo(fetchMock, c.update)[0].json()).toMatchObject({ id: c.row.id });
    await act(() => remove(c.row, 'Withdrawn').unwrap());
    expect(requestsTo(fetchMock, c.remove(c.row.id))).toHaveLength(1);
    // Deleting an interaction changes what the safety check finds: the history needs a reason.
    expect(resource.remove?.reason === 'required').toBe(c.deleteReason);
  });
});

// A page with its DataGrid renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

// What ResourcePage does for every definition, shown once on a screen: paging, searching and
// exporting on the server, the loading, empty and error states, the form, the confirm and a
// viewer's rows.
describe('a list screen (ResourcePage)', () => {
  const [conditions] = CASES;
  const { texts } = conditionResource;
  const migraine = conditions.row;
  const asthma = conditions.other;
  const render = (user = signedIn()) =>
    renderWithProviders(<ConditionsPage />, { preloadedState: user });

  it('shows the first page in its first order, and the pager counts every match on the server', async () => {
    const fetchMock = mockFetch({ 'GET /condition': page([migraine, asthma], 60) });
    render();
    const grid = within(await screen.findByRole('grid', { name: 'Conditions' }));
    await grid.findByRole('button', { name: 'History of Migraine' });
    expect(screen.getByRole('heading', { level: 1, name: 'Conditions' })).toBeInTheDocument();
    expect(requestsTo(fetchMock).map(query)).toEqual([
      { page: '1', page_size: '25', sort: 'name' },
    ]);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('searches on the server from the first page again, and exports the whole search as CSV; a failed export says why', async () => {
    let refuse = false;
    const fetchMock = mockFetch({
      'GET /condition': (request) =>
        query(request).format === 'csv'
          ? refuse
            ? { status: 503, body: { message: 'The export is unavailable' } }
            : { body: 'name\nMigraine\n', headers: { 'Content-Type': 'text/csv' } }
          : query(request).q
            ? page([asthma])
            : page([migraine, asthma], 60),
    });
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = render();
    await screen.findByRole('button', { name: 'History of Migraine' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /condition').map((r) => query(r).page)).toContain('2'),
    );
    await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'Zq x');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'History of Migraine' })).toBeNull(),
    );
    expect(requestsTo(fetchMock, 'GET /condition').map(query).at(-1)).toMatchObject({
      q: 'Zq x',
      page: '1',
    });
    expect(screen.getByRole('button', { name: 'History of Asthma' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requestsTo(fetchMock, 'GET /condition').find((r) => query(r).format);
    expect(exported && query(exported)).toEqual({ format: 'csv', q: 'Zq x', sort: 'name' });
    expect(exported?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(await saved[0].text()).toBe('name\nMigraine\n');

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    expect(await findToast('The export is unavailable')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
  });

  it("aborts a search's request once the next letter supersedes it, and shows no error for it", async () => {
    const aborted: string[] = [];
    const fetchMock = mockFetch({
      'GET /condition': (request) => {
        const { q } = query(request);
        if (q !== 'Z') return q ? page([asthma]) : page([migraine, asthma], 60);
        // The first letter's answer does not come before the next letter is typed.
        return untilAborted(request, () => aborted.push(q));
      },
    });
    const asked = () => requestsTo(fetchMock, 'GET /condition').map((r) => query(r).q);
    const { user } = render();
    await screen.findByRole('button', { name: 'History of Migraine' });
    const search = screen.getByRole('searchbox', { name: texts.searchLabel });
    await user.fill(search, 'Z');
    await waitFor(() => expect(asked()).toContain('Z'));
    await user.fill(search, 'q');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'History of Migraine' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'History of Asthma' })).toBeVisible();
    await waitFor(() => expect(aborted).toEqual(['Z']));
    expect(document.querySelector('.MuiAlert-colorError')).toBeNull();
    // Back to the first letter: asked again, as its answer never came.
    await user.type(search, '{Backspace}');
    await waitFor(() => expect(asked().filter((q) => q === 'Z')).toHaveLength(2));
    expect(document.querySelector('.MuiAlert-colorError')).toBeNull();
  });

  it('shows a progress bar while loading, says so when nothing matches, and shows a failed load in a banner and a toast instead', async () => {
    let answerFirst: (reply: MockReply) => void = () => undefined;
    let requests = 0;
    mockFetch({
      'GET /condition': () =>
        ++requests === 1
          ? new Promise<MockReply>((resolve) => (answerFirst = resolve))
          : { status: 503, body: { message: 'The database is unavailable' } },
    });
    const { user } = render();
    const progress = { name: 'Loading' };
    expect(await screen.findByRole('progressbar', progress)).toBeInTheDocument();
    answerFirst(page([]));
    expect(await screen.findByText(texts.emptyText)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', progress)).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'x');
    const banner = await screen.findByText('The database is unavailable', {
      selector: '.MuiAlert-message',
    });
    expect(banner.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
    expect(await findToast('The database is unavailable')).toBeInTheDocument();
    expect(screen.queryByText(texts.emptyText)).toBeNull();
  });

  it("edits a row; a refused save keeps the form open with the server's message", async () => {
    let refuse = true;
    const fetchMock = mockFetch({
      'GET /condition': page([migraine, asthma]),
      'PUT /condition': () =>
        refuse
          ? { status: 409, body: { message: 'Someone changed this record meanwhile' } }
          : { body: { data: migraine, message: 'Saved on the server' } },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit Migraine' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Condition' }));
    await user.click(await form.findByRole('button', { name: 'Save' }));
    expect(await form.findByText('Someone changed this record meanwhile')).toBeInTheDocument();
    refuse = false;
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await findToast('Saved on the server')).toBeInTheDocument();
    const [, sent] = requestsTo(fetchMock, 'PUT /condition');
    expect(await sent.json()).toMatchObject({ id: migraine.id });
  });

  it('deletes a row only after the confirm, with the reason it asks for', async () => {
    const warfarin = interaction(11, 'Warfarin', 'Aspirin');
    const amoxicillin = interaction(12, 'Amoxicillin', 'Cefalexin');
    let deleted = false;
    const fetchMock = mockFetch({
      'GET /drug-interaction': () =>
        deleted ? page([amoxicillin]) : page([warfarin, amoxicillin]),
      'DELETE /drug-interaction': () => {
        deleted = true;
        return { body: { message: 'Deleted on the server' } };
      },
      'POST /test-prescription/impact': { body: { data: { changed: [], unchanged: 0 } } },
    });
    const { user } = renderWithProviders(<InteractionsPage />, { preloadedState: signedIn() });
    const name = interactionResource.describe(warfarin);
    await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
    const confirm = within(
      await screen.findByRole('dialog', { name: interactionResource.texts.deleteTitle }),
    );
    expect(confirm.getByText(interactionResource.texts.deleteMessage ?? '')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByText(/reason/i, { selector: 'p' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /drug-interaction')).toHaveLength(0);
    await user.fill(confirm.getByRole('textbox', { name: /reason/i }), 'Withdrawn');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await findToast(/deleted/i);
    expect(await requestsTo(fetchMock, 'DELETE /drug-interaction')[0].json()).toEqual({
      id: warfarin.id,
      reason: 'Withdrawn',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `Delete ${name}` })).toBeNull(),
    );
  });

  it('shows a viewer the rows and their history, but no Add, Edit or Delete', async () => {
    mockFetch({ 'GET /condition': page([migraine, asthma]), 'GET /audit': noHistory });
    render(signedIn(viewerUser));
    const grid = within(await screen.findByRole('grid', { name: 'Conditions' }));
    await grid.findByRole('button', { name: 'History of Migraine' });
    expect(screen.queryByRole('button', { name: texts.addLabel })).toBeNull();
    expect(grid.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });
});
