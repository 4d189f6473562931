import type { ComponentType } from 'react';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type {
  AgeCategory,
  Condition,
  Drug,
  DrugInteraction,
  Lifestyle,
  WeightCategory,
} from '@/api';
import type { ResourceDefinition } from '@/components/resource/resource';
import {
  AgeCategoriesPage,
  ageCategoryResource,
  WeightCategoriesPage,
  weightCategoryResource,
} from '@/features/categories/CategoriesPage';
import { ConditionsPage, conditionResource } from '@/features/conditions/ConditionsPage';
import { DrugsPage, drugResource } from '@/features/drugs/DrugsPage';
import { InteractionsPage, interactionResource } from '@/features/interactions/InteractionsPage';
import { LifestylesPage, lifestyleResource } from '@/features/lifestyles/LifestylesPage';
import { signedIn, viewerUser } from '@/test/fixtures';
import { mockFetch, requestsTo, untilAborted, type MockReply } from '@/test/mockFetch';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';

/** A record of any of the lists. */
type Row = { id: number } & Record<string, unknown>;

/** What the shared behaviour needs to know about one list screen. */
interface Case {
  name: string;
  Page: ComponentType;
  // The definitions differ in their row and form types; the test only reads texts and names.
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

const CASES: Case[] = [
  {
    name: 'conditions',
    Page: ConditionsPage,
    resource: conditionResource,
    list: '/condition',
    row: { id: 3, name: 'Migraine', description: 'Headaches' } satisfies Condition,
    other: { id: 5, name: 'Asthma', description: null } satisfies Condition,
    update: 'PUT /condition',
    remove: (id) => `DELETE /condition/${id}`,
    deleteReason: false,
  },
  {
    name: 'lifestyles',
    Page: LifestylesPage,
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
    Page: DrugsPage,
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
    Page: AgeCategoriesPage,
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
    Page: WeightCategoriesPage,
    resource: weightCategoryResource,
    list: '/weight-category',
    row: {
      id: 2,
      min_weight: 50.1,
      max_weight: 80,
      weight_unit: 'kg',
      category_name: 'Normal',
      description: 'Typical adults',
    } satisfies WeightCategory,
    other: {
      id: 7,
      min_weight: 80.1,
      max_weight: 200,
      weight_unit: 'kg',
      category_name: 'Obese',
      description: null,
    } satisfies WeightCategory,
    update: 'PUT /weight-category',
    remove: (id) => `DELETE /weight-category/${id}`,
    deleteReason: false,
  },
  {
    name: 'interactions',
    Page: InteractionsPage,
    resource: interactionResource,
    list: '/drug-interaction',
    row: interaction(11, 'Warfarin', 'Aspirin'),
    other: interaction(12, 'Amoxicillin', 'Cefalexin'),
    update: 'PUT /drug-interaction',
    remove: () => 'DELETE /drug-interaction',
    // Deleting an interaction changes what the safety check finds: the history needs a reason.
    deleteReason: true,
  },
];

/** A page of the list as the server answers it. */
const page = (rows: readonly { id: number }[], total = rows.length, at = 1) => ({
  body: { data: rows, meta: { total, page: at, page_size: 25 } },
});

const noHistory = { body: { data: [], meta: { total: 0, page: 1, page_size: 10 } } };

// A page with its DataGrid renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe.each(CASES)('the $name list', (c) => {
  const { texts, describe: nameOf } = c.resource;
  const rowName = nameOf(c.row);
  const gridName = texts.gridLabel ?? texts.title;
  const render = (user = signedIn()) => renderWithProviders(<c.Page />, { preloadedState: user });
  const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

  it('asks the server for the first page in its first order and shows its rows', async () => {
    const fetchMock = mockFetch({ [`GET ${c.list}`]: page([c.row, c.other], 60) });
    render();
    const grid = within(await screen.findByRole('grid', { name: gridName }));
    await grid.findByRole('button', { name: `History of ${rowName}` });
    expect(screen.getByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    const [first] = requestsTo(fetchMock, `GET ${c.list}`);
    const sort = c.resource.initialSort?.[0];
    expect(query(first)).toEqual({
      page: '1',
      page_size: '25',
      ...(sort && { sort: c.resource.sortFields[sort.field] }),
    });
    // The pager counts every match on the server, not the rows on screen.
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('searches on the server, from the first page again', async () => {
    const fetchMock = mockFetch({
      [`GET ${c.list}`]: (request) =>
        new URL(request.url).searchParams.get('q') ? page([c.other]) : page([c.row, c.other], 60),
    });
    const { user } = render();
    await screen.findByRole('button', { name: `History of ${rowName}` });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `GET ${c.list}`).map((r) => query(r).page)).toContain('2'),
    );
    await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'Zq x');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `History of ${rowName}` })).toBeNull(),
    );
    const last = requestsTo(fetchMock, `GET ${c.list}`).at(-1);
    expect(last && query(last)).toMatchObject({ q: 'Zq x', page: '1' });
    expect(screen.getByRole('button', { name: `History of ${nameOf(c.other)}` })).toBeVisible();
  });

  it("aborts a search's request once the next letter supersedes it, and shows no error for it", async () => {
    const aborted: string[] = [];
    const fetchMock = mockFetch({
      [`GET ${c.list}`]: (request) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q !== 'Z') return q ? page([c.other]) : page([c.row, c.other], 60);
        // The first letter's answer does not come before the next letter is typed.
        return untilAborted(request, () => aborted.push(q));
      },
    });
    const asked = () => requestsTo(fetchMock, `GET ${c.list}`).map((r) => query(r).q);
    const { user } = render();
    await screen.findByRole('button', { name: `History of ${rowName}` });
    const search = screen.getByRole('searchbox', { name: texts.searchLabel });
    await user.type(search, 'Z');
    await waitFor(() => expect(asked()).toContain('Z'));
    await user.type(search, 'q');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `History of ${rowName}` })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: `History of ${nameOf(c.other)}` })).toBeVisible();
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
      [`GET ${c.list}`]: () =>
        ++requests === 1
          ? new Promise<MockReply>((resolve) => (answerFirst = resolve))
          : { status: 503, body: { message: 'The database is unavailable' } },
    });
    const { user } = render();
    const progress = { name: texts.loadingText ?? 'Loading' };
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
      [`GET ${c.list}`]: page([c.row, c.other]),
      [c.update]: () =>
        refuse
          ? { status: 409, body: { message: 'Someone changed this record meanwhile' } }
          : { body: { data: c.row, message: 'Saved on the server' } },
      'GET /test-prescription/impact': { body: { data: [] } },
      'POST /test-prescription/impact': { body: { data: { changed: [], unchanged: 0 } } },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: `Edit ${rowName}` }));
    const form = within(await screen.findByRole('dialog', { name: texts.editTitle }));
    await user.click(await form.findByRole('button', { name: 'Save' }));
    expect(await form.findByText('Someone changed this record meanwhile')).toBeInTheDocument();
    refuse = false;
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = requestsTo(fetchMock, c.update);
    expect(await sent.json()).toMatchObject({ id: c.row.id });
  });

  it('deletes a row only after the confirm', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [`GET ${c.list}`]: () => (deleted ? page([c.other]) : page([c.row, c.other])),
      [c.remove(c.row.id)]: () => {
        deleted = true;
        return { body: { message: 'Deleted on the server' } };
      },
      'POST /test-prescription/impact': { body: { data: { changed: [], unchanged: 0 } } },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: `Delete ${rowName}` }));
    const confirm = within(await screen.findByRole('dialog', { name: texts.deleteTitle }));
    expect(confirm.getByText(texts.deleteMessage)).toBeInTheDocument();
    if (c.deleteReason) {
      await user.click(confirm.getByRole('button', { name: 'Delete' }));
      expect(await confirm.findByText(/reason/i, { selector: 'p' })).toBeInTheDocument();
      expect(requestsTo(fetchMock, c.remove(c.row.id))).toHaveLength(0);
      await user.type(confirm.getByRole('textbox', { name: /reason/i }), 'Withdrawn');
    }
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await findToast(/deleted/i);
    expect(requestsTo(fetchMock, c.remove(c.row.id))).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: `Delete ${rowName}` })).toBeNull(),
    );
  });

  it('exports the whole filtered list from the server as CSV; a failure says why', async () => {
    let refuse = false;
    const fetchMock = mockFetch({
      [`GET ${c.list}`]: (request) =>
        new URL(request.url).searchParams.get('format') !== 'csv'
          ? page([c.row, c.other], 60)
          : refuse
            ? { status: 503, body: { message: 'The export is unavailable' } }
            : { body: 'name\nMigraine\n', headers: { 'Content-Type': 'text/csv' } },
    });
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = render();
    await screen.findByRole('button', { name: `History of ${rowName}` });
    await user.type(screen.getByRole('searchbox', { name: texts.searchLabel }), 'mig');
    await waitFor(() =>
      expect(requestsTo(fetchMock, `GET ${c.list}`).some((r) => query(r).q === 'mig')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requestsTo(fetchMock, `GET ${c.list}`).find((r) => query(r).format);
    const sort = c.resource.initialSort?.[0];
    expect(exported && query(exported)).toEqual({
      format: 'csv',
      q: 'mig',
      ...(sort && { sort: c.resource.sortFields[sort.field] }),
    });
    expect(exported?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(await saved[0].text()).toBe('name\nMigraine\n');

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    expect(await findToast('The export is unavailable')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('shows a viewer the rows and their history, but no Add, Edit or Delete', async () => {
    mockFetch({ [`GET ${c.list}`]: page([c.row, c.other]), 'GET /audit': noHistory });
    render(signedIn(viewerUser));
    const grid = within(await screen.findByRole('grid', { name: gridName }));
    await grid.findByRole('button', { name: `History of ${rowName}` });
    expect(screen.queryByRole('button', { name: texts.addLabel })).toBeNull();
    expect(grid.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();
  });
});
