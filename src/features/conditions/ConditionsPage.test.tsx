import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Condition } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { ConditionsPage } from './ConditionsPage';

const migraine: Condition = { id: 3, name: 'Migraine', description: 'Recurrent headaches' };
const asthma: Condition = { id: 5, name: 'Asthma', description: null };

function renderPage() {
  return renderWithProviders(<ConditionsPage />, { preloadedState: signedIn() });
}

/** The grid's row showing `text`. */
async function row(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  const found = cell.closest<HTMLElement>('[role="row"]');
  if (!found) throw new Error(`no row for ${text}`);
  return within(found);
}

async function dialog(name: string) {
  return within(await screen.findByRole('dialog', { name }));
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/conditions', () => {
  it("lists Name, Description (or '-') and Actions; a progress bar shows while loading", async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    mockFetch({ 'GET /condition': () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderPage();
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer({ body: { data: [migraine, asthma] } });

    expect(await screen.findByRole('gridcell', { name: 'Migraine' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Description',
      'Actions',
    ]);
    (await row('Asthma')).getByRole('gridcell', { name: '-' });
    (await row('Migraine')).getByRole('gridcell', { name: 'Recurrent headaches' });
    expect(screen.getByRole('heading', { level: 1, name: 'Conditions' })).toBeInTheDocument();
  });

  it('adds one: the name is required, an empty description is sent as null, the toast is the server message', async () => {
    const created: Condition = { id: 9, name: 'Gout', description: null };
    let lists = 0;
    const fetchMock = mockFetch({
      'GET /condition': () => ({
        body: { data: lists++ === 0 ? [migraine] : [migraine, created] },
      }),
      'POST /condition': {
        status: 201,
        // Not the screen's own fallback text: the toast must be the server's words.
        body: { data: created, message: 'Gout was added to the conditions' },
      },
    });
    const { user } = renderPage();
    await screen.findByRole('gridcell', { name: 'Migraine' });
    await user.click(screen.getByRole('button', { name: 'Add Condition' }));
    const form = await dialog('Add Condition');
    expect(form.getByLabelText(/^Name/)).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /condition')).toHaveLength(0);

    await user.type(form.getByLabelText(/^Name/), '  Gout ');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Gout was added to the conditions')).toBeInTheDocument();
    expect(screen.queryByText('Condition created successfully')).not.toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /condition')[0].json()).toEqual({
      name: 'Gout',
      description: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('gridcell', { name: 'Gout' })).toBeInTheDocument();
  });

  it('edits one with PUT /condition (the whole object) and shows the server message', async () => {
    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [migraine] } },
      'PUT /condition': {
        body: {
          data: { ...migraine, description: 'Throbbing' },
          message: 'Migraine was updated',
        },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Migraine' }));
    const form = await dialog('Edit Condition');
    expect(form.getByLabelText(/^Name/)).toHaveValue('Migraine');
    expect(form.getByLabelText(/^Description/)).toHaveValue('Recurrent headaches');
    await user.clear(form.getByLabelText(/^Description/));
    await user.type(form.getByLabelText(/^Description/), 'Throbbing');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Migraine was updated')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /condition')[0].json()).toEqual({
      id: 3,
      name: 'Migraine',
      description: 'Throbbing',
    });
  });

  it('a delete the server refuses (409) shows its message and keeps the row', async () => {
    const refusal =
      'This condition cannot be deleted: it is still used by medications: Sumatriptan.';
    mockFetch({
      'GET /condition': { body: { data: [migraine] } },
      'DELETE /condition/3': { status: 409, body: { message: refusal } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Migraine' }));
    await user.click((await dialog('Delete Condition')).getByRole('button', { name: 'Delete' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('gridcell', { name: 'Migraine' })).toBeInTheDocument();
  });

  it("shows a viewer the list and each row's history, but no Add, Edit or Delete", async () => {
    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [migraine, asthma] } },
      'GET /audit': {
        body: {
          data: [
            {
              id: 50,
              at: new Date().toISOString(),
              actor: { id: 7, name: 'Ada Admin' },
              action: 'update',
              entity: 'condition',
              entity_id: 3,
              label: 'Migraine',
              changes: { description: { from: 'Headaches', to: 'Recurrent headaches' } },
              reason: 'Clearer wording',
              reverts: null,
              reverted_by: null,
            },
          ],
          meta: { total: 1, page: 1, page_size: 10 },
        },
      },
    });
    const { user } = renderWithProviders(<ConditionsPage />, {
      preloadedState: signedIn(viewerUser),
    });
    const grid = within(await screen.findByRole('grid', { name: 'Conditions' }));
    await grid.findByRole('gridcell', { name: 'Migraine' });
    expect(screen.queryByRole('button', { name: 'Add Condition' })).toBeNull();
    expect(grid.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();

    await user.click(grid.getByRole('button', { name: 'History of Migraine' }));
    const history = within(await screen.findByRole('dialog', { name: 'History of Migraine' }));
    const entries = within(await history.findByRole('grid', { name: 'Change history' }));
    expect(await entries.findByRole('gridcell', { name: 'Clearer wording' })).toBeInTheDocument();
    const query = new URL(requestsTo(fetchMock, 'GET /audit')[0].url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ entity: 'condition', entity_id: '3' });
  });
});
