import { configure, screen, waitFor, within } from '@testing-library/react';
import type { Condition } from '@/api';
import type { MutationFeedback } from '@/lib/useMutationFeedback';
import type { WriteAnswer } from '@/components/resource/resource';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { renderResourceForm, sendSaved } from '@/test/renderListApi';
import { ConditionsPage, conditionResource } from './ConditionsPage';

const migraine: Condition = {
  id: 3,
  name: 'Migraine',
  description: 'Recurrent headaches',
  affects_kidney_function: false,
  codes: [],
};
const asthma: Condition = {
  id: 5,
  name: 'Asthma',
  description: null,
  affects_kidney_function: false,
  codes: [],
};
const ckd: Condition = {
  id: 8,
  name: 'Chronic kidney disease',
  description: null,
  affects_kidney_function: true,
  codes: [],
};

/** The success toast a write shows for the server's answer. */
function toast(feedback: MutationFeedback<WriteAnswer> | undefined, answer: WriteAnswer) {
  const success = feedback?.success;
  return typeof success === 'function' ? success(answer) : success;
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/conditions', () => {
  it("lists Name, Description (or '-'), Kidney (Yes or No) and each row's history to a viewer, with no Add, Edit or Delete", async () => {
    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [migraine, asthma, ckd] } },
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
    const row = async (text: string) =>
      within(
        (await grid.findByRole('gridcell', { name: text })).closest<HTMLElement>('[role="row"]')!,
      );
    (await row('Asthma')).getByRole('gridcell', { name: '-' });
    (await row('Migraine')).getByRole('gridcell', { name: 'Recurrent headaches' });
    (await row('Migraine')).getByRole('gridcell', { name: 'No' });
    (await row('Chronic kidney disease')).getByRole('gridcell', { name: 'Yes' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Description',
      'Kidney',
      'Codes',
      'Actions',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Conditions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Condition' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    expect(grid.queryByRole('button', { name: /^(Edit|Delete) / })).toBeNull();

    await user.click(grid.getByRole('button', { name: 'History of Migraine' }));
    const history = within(await screen.findByRole('dialog', { name: 'History of Migraine' }));
    const entries = within(await history.findByRole('grid', { name: 'Change history' }));
    expect(await entries.findByRole('gridcell', { name: 'Clearer wording' })).toBeInTheDocument();
    const query = new URL(requestsTo(fetchMock, 'GET /audit')[0].url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ entity: 'condition', entity_id: '3' });
  });
});

describe('/dashboard/drugs/conditions for a writer', () => {
  it('offers Import beside Add, leading to the conditions import page', async () => {
    mockFetch({ 'GET /condition': { body: { data: [migraine] } } });
    renderWithProviders(<ConditionsPage />, { preloadedState: signedIn() });
    await screen.findByRole('grid', { name: 'Conditions' });
    expect(screen.getByRole('button', { name: 'Add Condition' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/conditions/import',
    );
  });
});

describe('the conditions definition', () => {
  it('adds one: the name is required, an empty description is sent as null, the toast is the server message', async () => {
    const { user, onSave } = renderResourceForm(conditionResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Condition' }));
    expect(form.getByLabelText(/^Name/)).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.fill(form.getByLabelText(/^Name/), '  Gout ');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [] } },
      'POST /condition': { status: 201, body: { data: migraine, message: 'Created' } },
    });
    const values = onSave.mock.calls[0][0];
    await sendSaved(conditionResource, null, [values, '']);
    expect(await requestsTo(fetchMock, 'POST /condition')[0].json()).toEqual({
      name: 'Gout',
      description: null,
      affects_kidney_function: false,
    });
    // Not the screen's own fallback text: the toast is the server's words.
    const feedback = conditionResource.feedback?.create;
    expect(toast(feedback, { message: 'Gout was added to the conditions' })).toBe(
      'Gout was added to the conditions',
    );
    expect(toast(feedback, {})).toBe('Condition created successfully');
  });

  it('edits one with PUT /condition (the whole object)', async () => {
    const { user, onSave } = renderResourceForm(conditionResource, migraine);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Condition' }));
    expect(form.getByLabelText(/^Name/)).toHaveValue('Migraine');
    expect(form.getByLabelText(/^Description/)).toHaveValue('Recurrent headaches');
    await user.clear(form.getByLabelText(/^Description/));
    await user.fill(form.getByLabelText(/^Description/), 'Throbbing');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [migraine] } },
      'PUT /condition': { body: { data: migraine, message: 'Migraine was updated' } },
    });
    await sendSaved(conditionResource, migraine, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /condition')[0].json()).toEqual({
      id: 3,
      name: 'Migraine',
      description: 'Throbbing',
      affects_kidney_function: false,
    });
    expect(toast(conditionResource.feedback?.update, { message: 'Migraine was updated' })).toBe(
      'Migraine was updated',
    );
  });

  it('sends Affects kidney function as checked for a new condition', async () => {
    const { user, onSave } = renderResourceForm(conditionResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Condition' }));
    const box = form.getByRole('checkbox', { name: 'Affects kidney function' });
    expect(box).not.toBeChecked();
    await user.fill(form.getByLabelText(/^Name/), 'Chronic kidney disease');
    await user.click(box);
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [] } },
      'POST /condition': { status: 201, body: { data: ckd, message: 'Created' } },
    });
    await sendSaved(conditionResource, null, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'POST /condition')[0].json()).toEqual({
      name: 'Chronic kidney disease',
      description: null,
      affects_kidney_function: true,
    });
  });

  it('unmarks a condition: the box starts checked and is sent unchecked', async () => {
    const { user, onSave } = renderResourceForm(conditionResource, ckd);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Condition' }));
    const box = form.getByRole('checkbox', { name: 'Affects kidney function' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));

    const fetchMock = mockFetch({
      'GET /condition': { body: { data: [ckd] } },
      'PUT /condition': { body: { data: ckd, message: 'Updated' } },
    });
    await sendSaved(conditionResource, ckd, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /condition')[0].json()).toMatchObject({
      id: 8,
      affects_kidney_function: false,
    });
  });
});
