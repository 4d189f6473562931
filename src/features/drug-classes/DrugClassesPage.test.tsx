import { configure, screen, waitFor, within } from '@testing-library/react';
import type { DrugClass } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler, type MockReply } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { renderResourceForm, sendSaved } from '@/test/renderListApi';
import { DrugClassesPage, drugClassResource } from './DrugClassesPage';
import { DrugClassMembersDialog } from './DrugClassMembersDialog';

const statins: DrugClass = {
  id: 4,
  name: 'Statins',
  atc_code: 'C10AA',
  duplicate_severity: 'major',
  members: [
    { id: 41, medication_id: 9, name: 'Simvastatin' },
    { id: 42, medication_id: 10, name: 'Pravastatin' },
  ],
  member_count: 2,
  codes: [],
};
const penicillins: DrugClass = {
  id: 5,
  name: 'Penicillins',
  atc_code: null,
  duplicate_severity: null,
  members: [],
  member_count: 0,
  codes: [],
};
const atorvastatin = { id: 3, name: 'Atorvastatin' };

const page = (rows: DrugClass[]): MockReply => ({
  body: { data: rows, meta: { total: rows.length, page: 1, page_size: 25 } },
});

/** GET /medication as the server answers the picker: the first matches of `q` by name. */
const medications = (request: Request): MockReply => {
  const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
  const data = [atorvastatin, { id: 9, name: 'Simvastatin' }].filter((m) =>
    m.name.toLowerCase().includes(q),
  );
  return { body: { data, meta: { total: data.length, page: 1, page_size: 20 } } };
};

/** Answers with each of `answers` in turn (the last one from then on). */
function versions(...answers: DrugClass[]): MockHandler {
  let call = 0;
  return () => ({ body: { data: answers[Math.min(call++, answers.length - 1)] } });
}

async function rowOf(text: string) {
  const cell = await screen.findByRole('gridcell', { name: text });
  const row = cell.closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/classes', () => {
  it('lists the classes: ATC code, duplicate therapy as a severity or Allowed, the members and their count', async () => {
    mockFetch({ 'GET /drug-class': page([penicillins, statins]) });
    renderWithProviders(<DrugClassesPage />, { preloadedState: signedIn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Drug Classes' })).toBeInTheDocument();
    const row = await rowOf('Statins');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'ATC Code',
      'Duplicate Therapy',
      'Members',
      'Codes',
      'Manage',
      'Edit',
      'Delete',
      'History',
    ]);
    expect(row.getByRole('gridcell', { name: 'C10AA' })).toBeInTheDocument();
    expect(row.getByText('Major')).toHaveAttribute('data-severity', 'major');
    expect(row.getByRole('gridcell', { name: 'Simvastatin, Pravastatin (2)' })).toBeInTheDocument();
    const other = await rowOf('Penicillins');
    expect(other.getByRole('gridcell', { name: '—' })).toBeInTheDocument();
    expect(other.getByRole('gridcell', { name: 'Allowed' })).toBeInTheDocument();
    expect(other.getByRole('gridcell', { name: 'None' })).toBeInTheDocument();
  });

  it("names an empty list 'No drug classes found'", async () => {
    mockFetch({ 'GET /drug-class': page([]) });
    renderWithProviders(<DrugClassesPage />, { preloadedState: signedIn() });
    expect(await screen.findByText('No drug classes found')).toBeInTheDocument();
  });

  it("deletes after a confirm with a reason, and shows the server's refusal while a rule names the class", async () => {
    const fetchMock = mockFetch({
      'GET /drug-class': page([statins]),
      'DELETE /drug-class': {
        status: 409,
        body: { message: 'This drug class cannot be deleted: 1 class rule names it' },
      },
    });
    const { user } = renderWithProviders(<DrugClassesPage />, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete Statins' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Class' }));
    expect(
      confirm.getByText(
        'Are you sure you want to delete this drug class? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /drug-class')).toHaveLength(0);
    await user.fill(confirm.getByLabelText(/^Reason for the change/), 'Merged');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(
      await findToast('This drug class cannot be deleted: 1 class rule names it'),
    ).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /drug-class')[0].json()).toEqual({
      id: 4,
      reason: 'Merged',
    });
  });

  it("opens a class's members from its row", async () => {
    mockFetch({
      'GET /drug-class': page([statins]),
      'GET /drug-class/4': { body: { data: statins } },
    });
    const { user } = renderWithProviders(<DrugClassesPage />, { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Members of Statins' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Members' }));
    expect(dialog.getByText('Statins')).toBeInTheDocument();
    const members = within(dialog.getByRole('list', { name: 'Members of Statins' }));
    expect(members.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Simvastatin',
      'Pravastatin',
    ]);
  });
});

describe('the class form', () => {
  it("adds one: 'Name is required'; the ATC code checked against the WHO groups and sent uppercase; a duplicate-therapy severity needs a reason", async () => {
    const fetchMock = mockFetch({
      'GET /drug-class': page([]),
      'POST /drug-class': {
        status: 201,
        body: { data: statins, message: 'Drug class added successfully' },
      },
    });
    const { user, onSave } = renderResourceForm(drugClassResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Class' }));
    expect(form.getByText('WHO ATC group, e.g. N06AB')).toBeInTheDocument();
    const severity = form.getByLabelText(/^Duplicate Therapy/);
    expect(severity).toHaveDisplayValue('Not a duplicate-therapy class');
    expect(
      within(severity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not a duplicate-therapy class', 'Minor', 'Moderate', 'Major', 'Contraindicated']);

    await user.fill(form.getByLabelText(/^ATC Code/), 'C1');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('Enter an ATC group such as N, N06, N06A or N06AB')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.fill(form.getByLabelText(/^Name/), 'Statins');
    await user.fill(form.getByLabelText(/^ATC Code/), '0aa');
    await user.selectOptions(severity, 'Major');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.fill(form.getByLabelText(/^Reason for the change/), 'Two statins together');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(drugClassResource, null, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'POST /drug-class')[0].json()).toEqual({
      name: 'Statins',
      atc_code: 'C10AA',
      duplicate_severity: 'major',
      reason: 'Two statins together',
    });
  });

  it('a class without a duplicate-therapy severity needs no reason', async () => {
    const { user, onSave } = renderResourceForm(drugClassResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Class' }));
    await user.fill(form.getByLabelText(/^Name/), 'Penicillins');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]).toEqual([
      { name: 'Penicillins', atc_code: null, duplicate_severity: null, codes: [] },
      '',
    ]);
  });

  it('edits one: its values first; removing the code and the severity sends them as null, with the reason', async () => {
    const fetchMock = mockFetch({
      'GET /drug-class': page([statins]),
      'PUT /drug-class': {
        body: { data: penicillins, message: 'Drug class updated successfully' },
      },
    });
    const { user, onSave } = renderResourceForm(drugClassResource, statins);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Class' }));
    expect(form.getByLabelText(/^Name/)).toHaveValue('Statins');
    expect(form.getByLabelText(/^ATC Code/)).toHaveValue('C10AA');
    expect(form.getByLabelText(/^Duplicate Therapy/)).toHaveDisplayValue('Major');
    await user.clear(form.getByLabelText(/^ATC Code/));
    await user.selectOptions(
      form.getByLabelText(/^Duplicate Therapy/),
      'Not a duplicate-therapy class',
    );
    await user.fill(form.getByLabelText(/^Reason for the change/), 'Not a duplicate');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(drugClassResource, statins, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /drug-class')[0].json()).toEqual({
      id: 4,
      name: 'Statins',
      atc_code: null,
      duplicate_severity: null,
      reason: 'Not a duplicate',
    });
  });
});

describe('the Members dialog', () => {
  function renderMembers(drugClass: DrugClass, user = signedIn()) {
    return renderWithProviders(
      <DrugClassMembersDialog drugClass={drugClass} open onClose={jest.fn()} />,
      { preloadedState: user },
    );
  }

  it('adds the medication picked (its members not offered) and shows it', async () => {
    const withAtorvastatin: DrugClass = {
      ...statins,
      members: [...statins.members, { id: 43, medication_id: 3, name: 'Atorvastatin' }],
      member_count: 3,
      codes: [],
    };
    const fetchMock = mockFetch({
      'GET /drug-class/4': versions(statins, withAtorvastatin),
      'GET /medication': medications,
      'POST /drug-class/member': {
        status: 201,
        body: { data: withAtorvastatin, message: 'Medication added to the class' },
      },
    });
    const { user } = renderMembers(statins);
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Members' }));
    await user.type(dialog.getByRole('combobox', { name: 'Add a medication' }), 'stat');
    expect(await screen.findByRole('option', { name: 'Atorvastatin' })).toBeInTheDocument();
    // Already a member: not offered.
    expect(screen.queryByRole('option', { name: 'Simvastatin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Atorvastatin' }));
    expect(await findToast('Medication added to the class')).toBeInTheDocument();
    // Said in the dialog too: while it is open, the toasts are hidden from assistive technology.
    expect(dialog.getByRole('status')).toHaveTextContent('Medication added to the class');
    expect(await requestsTo(fetchMock, 'POST /drug-class/member')[0].json()).toEqual({
      drug_class_id: 4,
      medication_id: 3,
    });
    const members = within(dialog.getByRole('list', { name: 'Members of Statins' }));
    expect(await members.findByText('Atorvastatin')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /drug-class/4')).toHaveLength(2);
  });

  it('removes a member after the confirm, by its membership id', async () => {
    const fetchMock = mockFetch({
      'GET /drug-class/4': versions(statins, {
        ...statins,
        members: [statins.members[1]],
        member_count: 1,
      }),
      'DELETE /drug-class/member': { body: { message: 'Medication removed from the class' } },
    });
    const { user } = renderMembers(statins);
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Members' }));
    await user.click(dialog.getByRole('button', { name: 'Remove Simvastatin' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove Member' }));
    expect(
      confirm.getByText('Are you sure you want to remove this medication from the class?'),
    ).toBeInTheDocument();
    expect(confirm.getByText('Simvastatin')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await findToast('Medication removed from the class')).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByRole('status')).toHaveTextContent('Medication removed from the class'),
    );
    expect(await requestsTo(fetchMock, 'DELETE /drug-class/member')[0].json()).toEqual({ id: 41 });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove Member' })).not.toBeInTheDocument(),
    );
    const members = within(dialog.getByRole('list', { name: 'Members of Statins' }));
    await waitFor(() => expect(members.queryByText('Simvastatin')).not.toBeInTheDocument());
    expect(members.getByText('Pravastatin')).toBeInTheDocument();
  });

  it("says the server's refusal inside the dialog", async () => {
    mockFetch({
      'GET /drug-class/4': { body: { data: statins } },
      'GET /medication': medications,
      'POST /drug-class/member': {
        status: 409,
        body: { message: 'Atorvastatin is already in Statins' },
      },
    });
    const { user } = renderMembers(statins);
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Members' }));
    await user.type(dialog.getByRole('combobox', { name: 'Add a medication' }), 'ator');
    await user.click(await screen.findByRole('option', { name: 'Atorvastatin' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Atorvastatin is already in Statins',
    );
    expect(dialog.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows a viewer the members, with nothing to add or remove', async () => {
    mockFetch({ 'GET /drug-class/4': { body: { data: statins } } });
    renderMembers(statins, signedIn(viewerUser));
    const dialog = within(await screen.findByRole('dialog', { name: 'Class Members' }));
    expect(dialog.getByText('Simvastatin')).toBeInTheDocument();
    expect(dialog.queryByRole('combobox')).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});
