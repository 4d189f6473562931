import { configure, screen, waitFor, within } from '@testing-library/react';
import type { ClassRule } from '@/api';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { oneWorseImpact } from '@/test/testPrescriptionFixtures';
import {
  firstQuery,
  queryOf,
  renderListApi,
  renderResourceForm,
  sendSaved,
} from '@/test/renderListApi';
import { ClassRulesPage, classRuleResource } from './ClassRulesPage';

const statinsMacrolides: ClassRule = {
  id: 8,
  kind: 'interaction',
  drug_class_id: 4,
  other_class_id: 7,
  other_medication_id: null,
  drug_class: { id: 4, name: 'Statins' },
  other_class: { id: 7, name: 'Macrolides' },
  other_medication: null,
  severity: 'major',
  description: 'Raised statin levels: myopathy.',
};
const penicillinsCephalosporins: ClassRule = {
  id: 9,
  kind: 'cross_sensitivity',
  drug_class_id: 5,
  other_class_id: 6,
  other_medication_id: null,
  drug_class: { id: 5, name: 'Penicillins' },
  other_class: { id: 6, name: 'Cephalosporins' },
  other_medication: null,
  severity: 'moderate',
  description: 'Beta-lactam cross-sensitivity.',
};
const nsaidsWarfarin: ClassRule = {
  id: 10,
  kind: 'interaction',
  drug_class_id: 3,
  other_class_id: null,
  other_medication_id: 1,
  drug_class: { id: 3, name: 'NSAIDs' },
  other_class: null,
  other_medication: { id: 1, name: 'Warfarin' },
  severity: 'major',
  description: 'Bleeding risk.',
};

/** A search of records by name, as the server answers a picker: the first matches of `q`. */
const searched =
  (records: { id: number; name: string }[]) =>
  (request: Request): MockReply => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
    const data = records.filter((record) => record.name.toLowerCase().includes(q));
    return { body: { data, meta: { total: data.length, page: 1, page_size: 20 } } };
  };
const classes = searched([
  { id: 6, name: 'Cephalosporins' },
  { id: 5, name: 'Penicillins' },
  { id: 4, name: 'Statins' },
]);
const medications = searched([
  { id: 2, name: 'Clarithromycin' },
  { id: 1, name: 'Warfarin' },
]);

type User = ReturnType<typeof renderResourceForm>['user'];

/** Types `text` into the picker labelled `label` and picks the suggestion `name`. */
async function pick(
  user: User,
  form: ReturnType<typeof within>,
  label: RegExp,
  text: string,
  name: string,
) {
  const input = form.getByRole('combobox', { name: label });
  await user.clear(input);
  await user.fill(input, text);
  await user.click(await screen.findByRole('option', { name }));
}

configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('/dashboard/drugs/class-rules', () => {
  it('lists the rules: kind in words, the class, what it is with (a class or a medication), the severity', async () => {
    mockFetch({
      'GET /class-rule': {
        body: {
          data: [statinsMacrolides, penicillinsCephalosporins, nsaidsWarfarin],
          meta: { total: 3, page: 1, page_size: 25 },
        },
      },
    });
    renderWithProviders(<ClassRulesPage />, { preloadedState: signedIn() });
    expect(screen.getByRole('heading', { level: 1, name: 'Class Rules' })).toBeInTheDocument();
    const cells = async (name: string) => {
      const cell = await screen.findByRole('gridcell', { name });
      const row = within(cell.closest('[role="row"]') as HTMLElement);
      return row
        .getAllByRole('gridcell')
        .slice(0, 5)
        .map((c) => c.textContent);
    };
    expect(await cells('Statins')).toEqual([
      'Interaction',
      'Statins',
      'Macrolides',
      'Major',
      'Raised statin levels: myopathy.',
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Kind',
      'Class',
      'With',
      'Severity',
      'Description',
      'Edit',
      'Delete',
      'History',
    ]);
    expect((await cells('Penicillins')).slice(0, 3)).toEqual([
      'Cross-sensitivity',
      'Penicillins',
      'Cephalosporins',
    ]);
    expect((await cells('NSAIDs')).slice(2, 3)).toEqual(['Warfarin']);
    expect(
      screen.getByRole('button', { name: 'Edit Penicillins and Cephalosporins cross-sensitivity' }),
    ).toBeInTheDocument();
  });

  it("names an empty list 'No class rules found'", async () => {
    mockFetch({
      'GET /class-rule': { body: { data: [], meta: { total: 0, page: 1, page_size: 25 } } },
    });
    renderWithProviders(<ClassRulesPage />, { preloadedState: signedIn() });
    expect(await screen.findByText('No class rules found')).toBeInTheDocument();
  });

  it('filters by kind, severity and a class, as the contract names them', async () => {
    const kind = classRuleResource.filters?.find((filter) => filter.param === 'kind');
    expect(kind?.kind === 'choice' && kind.options.map((o) => o.label)).toEqual([
      'Interaction',
      'Cross-sensitivity',
    ]);
    const fetchMock = mockFetch({
      'GET /class-rule': { body: { data: [], meta: { total: 0, page: 1, page_size: 25 } } },
    });
    renderListApi(classRuleResource, firstQuery(classRuleResource), {
      kind: 'cross_sensitivity',
      severity: 'major',
      drug_class_id: '5',
    });
    await waitFor(() => expect(requestsTo(fetchMock)).toHaveLength(1));
    expect(requestsTo(fetchMock).map(queryOf)).toEqual([
      {
        kind: 'cross_sensitivity',
        severity: 'major',
        drug_class_id: '5',
        page: '1',
        page_size: '25',
        sort: 'drug_class',
      },
    ]);
  });
});

describe('the class rule form', () => {
  it('adds a cross-sensitivity: with a class only, and a class other than the first; the severity needs a reason', async () => {
    const fetchMock = mockFetch({
      'GET /class-rule': { body: { data: [] } },
      'GET /drug-class': classes,
      'POST /class-rule': {
        status: 201,
        body: { data: penicillinsCephalosporins, message: 'Class rule added successfully' },
      },
    });
    const { user, onSave } = renderResourceForm(classRuleResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Rule' }));
    expect(form.getByLabelText(/^Kind/)).toHaveDisplayValue('Interaction');
    // The radio buttons come with the form's own code, just after it opens.
    expect(await form.findByRole('radio', { name: 'Class' })).toBeChecked();
    expect(form.getByRole('radio', { name: 'Medication' })).toBeEnabled();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Class is required')).toBeInTheDocument();
    expect(form.getByText('Other class is required')).toBeInTheDocument();
    expect(form.getByText('Description is required')).toBeInTheDocument();

    // An interaction may be within one class; then make it a cross-sensitivity.
    await pick(user, form, /^Class/, 'pen', 'Penicillins');
    await pick(user, form, /^Other Class/, 'pen', 'Penicillins');
    await user.selectOptions(form.getByLabelText(/^Kind/), 'Cross-sensitivity');
    expect(form.getByRole('radio', { name: 'Medication' })).toBeDisabled();
    await user.fill(form.getByLabelText(/^Description/), 'Beta-lactam cross-sensitivity.');
    await user.fill(form.getByLabelText(/^Reason for the change/), 'BNF 2025');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Choose a class other than the first')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // The first class is greyed out as a cross-sensitivity's other class.
    await user.clear(form.getByRole('combobox', { name: /^Other Class/ }));
    await user.type(form.getByRole('combobox', { name: /^Other Class/ }), 'i');
    expect(await screen.findByRole('option', { name: 'Penicillins' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    await pick(user, form, /^Other Class/, 'ceph', 'Cephalosporins');
    await user.selectOptions(form.getByLabelText(/^Severity/), 'Moderate');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(classRuleResource, null, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'POST /class-rule')[0].json()).toEqual({
      kind: 'cross_sensitivity',
      drug_class_id: 5,
      other_class_id: 6,
      severity: 'moderate',
      description: 'Beta-lactam cross-sensitivity.',
      reason: 'BNF 2025',
    });
  });

  it('adds an interaction with one medication: only the medication is sent; a cross-sensitivity turns it back to a class', async () => {
    const fetchMock = mockFetch({
      'GET /class-rule': { body: { data: [] } },
      'GET /drug-class': classes,
      'GET /medication': medications,
      'POST /class-rule': {
        status: 201,
        body: { data: nsaidsWarfarin, message: 'Class rule added successfully' },
      },
    });
    const { user, onSave } = renderResourceForm(classRuleResource, null);
    const form = within(await screen.findByRole('dialog', { name: 'Add Rule' }));
    await pick(user, form, /^Class/, 'stat', 'Statins');
    await user.click(await form.findByRole('radio', { name: 'Medication' }));
    expect(form.queryByRole('combobox', { name: /^Other Class/ })).not.toBeInTheDocument();
    await pick(user, form, /^Medication/, 'clar', 'Clarithromycin');

    await user.selectOptions(form.getByLabelText(/^Kind/), 'Cross-sensitivity');
    await waitFor(() => expect(form.getByRole('radio', { name: 'Class' })).toBeChecked());
    expect(form.getByRole('combobox', { name: /^Other Class/ })).toBeInTheDocument();
    await user.selectOptions(form.getByLabelText(/^Kind/), 'Interaction');
    await user.click(form.getByRole('radio', { name: 'Medication' }));

    await user.selectOptions(form.getByLabelText(/^Severity/), 'Major');
    await user.fill(form.getByLabelText(/^Description/), 'Myopathy.');
    await user.fill(form.getByLabelText(/^Reason for the change/), 'SPC');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(classRuleResource, null, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'POST /class-rule')[0].json()).toEqual({
      kind: 'interaction',
      drug_class_id: 4,
      other_medication_id: 2,
      severity: 'major',
      description: 'Myopathy.',
      reason: 'SPC',
    });
  });

  it('edits one: kind, class and what it is with fixed; only severity and description are sent, with the id', async () => {
    const fetchMock = mockFetch({
      'GET /class-rule': { body: { data: [nsaidsWarfarin] } },
      'GET /drug-class': classes,
      'GET /medication': medications,
      'PUT /class-rule': {
        body: { data: nsaidsWarfarin, message: 'Class rule updated successfully' },
      },
    });
    const { user, onSave } = renderResourceForm(classRuleResource, nsaidsWarfarin);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Rule' }));
    expect(form.getByLabelText(/^Kind/)).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Class/ })).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Class/ })).toHaveValue('NSAIDs');
    expect(await form.findByRole('radio', { name: 'Medication' })).toBeChecked();
    expect(form.getByRole('radio', { name: 'Class' })).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Medication/ })).toBeDisabled();
    expect(form.getByRole('combobox', { name: /^Medication/ })).toHaveValue('Warfarin');

    // The description alone is no clinical change: no reason asked.
    await user.clear(form.getByLabelText(/^Description/));
    await user.fill(form.getByLabelText(/^Description/), 'Bleeding risk, GI.');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(classRuleResource, nsaidsWarfarin, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /class-rule')[0].json()).toEqual({
      id: 10,
      severity: 'major',
      description: 'Bleeding risk, GI.',
    });
    // The fixed pickers show the rule's records without searching.
    expect(requestsTo(fetchMock, 'GET /drug-class')).toHaveLength(0);
    expect(requestsTo(fetchMock, 'GET /medication')).toHaveLength(0);
  });

  it('a changed severity on an edit needs a reason, which is sent; the edit is previewed as it is sent', async () => {
    const fetchMock = mockFetch({
      'GET /class-rule': { body: { data: [statinsMacrolides] } },
      'PUT /class-rule': {
        body: { data: statinsMacrolides, message: 'Class rule updated successfully' },
      },
      'POST /test-prescription/impact': {
        body: { data: { total: 12, altered: 0, worse: 0, tests: [] } },
      },
    });
    const { user, onSave } = renderResourceForm(classRuleResource, statinsMacrolides);
    const form = within(await screen.findByRole('dialog', { name: 'Edit Rule' }));
    expect(form.getByRole('combobox', { name: /^Other Class/ })).toHaveValue('Macrolides');
    await user.selectOptions(form.getByLabelText(/^Severity/), 'Contraindicated');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('A reason is required for this change')).toBeInTheDocument();
    const edit = {
      id: 8,
      severity: 'contraindicated',
      description: 'Raised statin levels: myopathy.',
    };
    await waitFor(async () =>
      expect(await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)?.json()).toEqual({
        operation: 'updateClassRule',
        body: edit,
      }),
    );
    expect(await form.findByText(/^This change alters no test prescriptions/)).toBeInTheDocument();
    await user.fill(form.getByLabelText(/^Reason for the change/), 'Case reports');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    await sendSaved(classRuleResource, statinsMacrolides, onSave.mock.calls[0]);
    expect(await requestsTo(fetchMock, 'PUT /class-rule')[0].json()).toEqual({
      ...edit,
      reason: 'Case reports',
    });
  });
});

describe("a class rule change's impact on the test prescriptions", () => {
  it('the delete confirm previews exactly the delete it then sends, and says a test would be worse than expected', async () => {
    const fetchMock = mockFetch({
      'GET /class-rule': {
        body: { data: [statinsMacrolides], meta: { total: 1, page: 1, page_size: 25 } },
      },
      'POST /test-prescription/impact': oneWorseImpact(
        'Simvastatin with clarithromycin',
        'No longer: interaction finding for Simvastatin + Clarithromycin (major)',
      ),
      'DELETE /class-rule': { body: { message: 'Class rule deleted successfully' } },
    });
    const { user } = renderWithProviders(<ClassRulesPage />, { preloadedState: signedIn() });
    await user.click(
      await screen.findByRole('button', { name: 'Delete Statins and Macrolides interaction' }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Rule' }));
    expect(await confirm.findByText('1 would be worse than expected')).toBeInTheDocument();
    expect(confirm.getByText('Simvastatin with clarithromycin').closest('li')).toHaveTextContent(
      '(would be worse than expected)',
    );
    const [asked] = requestsTo(fetchMock, 'POST /test-prescription/impact');
    const preview = await asked.json();
    expect(preview).toEqual({ operation: 'deleteClassRule', body: { id: 8 } });

    await user.fill(confirm.getByRole('textbox', { name: /reason/i }), 'Withdrawn');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /class-rule')).toHaveLength(1));
    // The write is the one previewed, with the reason for the history.
    expect(await requestsTo(fetchMock, 'DELETE /class-rule')[0].json()).toEqual({
      ...preview.body,
      reason: 'Withdrawn',
    });
  });
});
