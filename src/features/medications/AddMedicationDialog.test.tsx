import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { AddMedicationDialog } from './AddMedicationDialog';
import { amoxicillin, conditions, referenceLists } from '@/test/medicationFixtures';
import { PREGNANCY_CATEGORY_HELP } from './medicationForm';

type User = ReturnType<typeof renderWithProviders>['user'];

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** Answers a condition search as the server does: the names containing `q`, in any case. */
function searchConditions(request: Request) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
  return { body: { data: conditions.filter((row) => row.name.toLowerCase().includes(q)) } };
}

async function openDialog(routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    ...referenceLists,
    'GET /condition': searchConditions,
    ...routes,
  });
  const onClose = jest.fn();
  const view = renderWithProviders(<AddMedicationDialog open onClose={onClose} />, {
    preloadedState: signedIn(),
  });
  // A progress dialog shows while the selects' lists load; then the form replaces it.
  await screen.findByLabelText(/^Name/);
  const dialog = within(screen.getByRole('dialog', { name: 'Add Medication' }));
  return { ...view, dialog, fetchMock, onClose };
}

type Dialog = Awaited<ReturnType<typeof openDialog>>['dialog'];

/** Types part of a condition's name into a picker and picks the match. */
async function pickCondition(user: User, dialog: Dialog, label: RegExp | string, name: string) {
  await user.type(await dialog.findByRole('combobox', { name: label }), name.slice(0, 3));
  await user.click(await screen.findByRole('option', { name }));
}

async function fillRequired(user: User, dialog: Dialog, name = 'Ibuprofen') {
  await pickCondition(user, dialog, /^Condition/, 'Hypertension');
  await user.fill(dialog.getByLabelText(/^Name/), name);
  await user.fill(dialog.getByLabelText(/^Minimum dosage/), '200');
  await user.fill(dialog.getByLabelText(/^Maximum dosage/), '400');
  // Its first dosage range needs a reason in the history.
  await user.fill(dialog.getByLabelText(/^Reason for the change/), 'New listing');
}

const created = {
  body: { data: amoxicillin, message: 'Medication added successfully' },
  status: 201,
};

describe('Add Medication', () => {
  it('starts with no condition, the first age category, Mg, 1 to 3 Hours, 3 to 7 Days, no pregnancy flag', async () => {
    const { dialog, fetchMock } = await openDialog();
    expect(await dialog.findByRole('combobox', { name: /^Condition/ })).toHaveValue('');
    // The conditions are searched as the user types: none is loaded with the form.
    expect(requestsTo(fetchMock, 'GET /condition')).toHaveLength(0);
    expect(dialog.getByRole('checkbox', { name: 'Dosage is weight-based' })).not.toBeChecked();
    expect(dialog.getByLabelText(/^Age Category/)).toHaveValue('21');
    expect(dialog.queryByLabelText(/^Weight Category/)).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Average weight dosage unit')).toHaveValue('mg');
    expect(dialog.getByLabelText('Dosage unit')).toHaveValue('mg');
    expect(dialog.getByLabelText(/^Minimum frequency/)).toHaveValue(1);
    expect(dialog.getByLabelText(/^Maximum frequency/)).toHaveValue(3);
    expect(dialog.getByLabelText('Frequency unit')).toHaveValue('hours');
    expect(dialog.getByLabelText(/^Minimum duration/)).toHaveValue(3);
    expect(dialog.getByLabelText(/^Maximum duration/)).toHaveValue(7);
    expect(dialog.getByLabelText('Duration unit')).toHaveValue('days');
    expect(dialog.getByText('0 condition(s) selected')).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Is Pregnancy' })).not.toBeChecked();
    expect(dialog.queryByLabelText('Pregnancy Category')).not.toBeInTheDocument();
    // The add form's unit choices, shown capitalised, with the per-kilogram and product units.
    const options = (label: string) =>
      within(dialog.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Dosage unit')).toEqual([
      'Mg',
      'Ml',
      'G',
      'Mg/kg',
      'Mcg/kg',
      'Tablet',
      'Capsule',
    ]);
    expect(options('Frequency unit')).toEqual(['Hours', 'Days', 'Weeks']);
    expect(options('Duration unit')).toEqual(['Days', 'Weeks', 'Months']);
  });

  it('switches between Age Category and Weight Category with the weight-based box', async () => {
    const { dialog, user } = await openDialog();
    await user.click(dialog.getByRole('checkbox', { name: 'Dosage is weight-based' }));
    expect(dialog.getByLabelText(/^Weight Category/)).toHaveValue('11');
    expect(
      within(dialog.getByLabelText(/^Weight Category/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Normal (18.5 - 24.9 Kg)', 'Obese (30 - 200 Kg)']);
    expect(dialog.queryByLabelText(/^Age Category/)).not.toBeInTheDocument();
  });

  it('shows the pregnancy category (A first) with the legacy-labelling warning only when checked', async () => {
    const { dialog, user } = await openDialog();
    await user.click(dialog.getByRole('checkbox', { name: 'Is Pregnancy' }));
    const select = dialog.getByLabelText('Pregnancy Category');
    expect(select).toHaveValue('A');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['A', 'B', 'C', 'D', 'X']);
    expect(dialog.getByText(PREGNANCY_CATEGORY_HELP)).toBeInTheDocument();
    expect(PREGNANCY_CATEGORY_HELP).toMatch(/replaced by narrative labelling .* 2015/);
    expect(PREGNANCY_CATEGORY_HELP).toMatch(/'B' does not mean safe/);
    await user.click(dialog.getByRole('checkbox', { name: 'Is Pregnancy' }));
    expect(dialog.queryByLabelText('Pregnancy Category')).not.toBeInTheDocument();
  });

  it('sends an age-based medication with an age_dosage block, units lowercase, pregnancy category empty', async () => {
    const { dialog, user, fetchMock, onClose } = await openDialog({ 'POST /medication': created });
    await fillRequired(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));

    expect(await findToast('Medication added successfully')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST /medication');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({
      name: 'Ibuprofen',
      condition_id: 1,
      is_dosage_weight_based: false,
      avg_weight_dosage: null,
      avg_weight_dosage_unit: 'mg',
      contraindications: [],
      pregnancy_category: '',
      age_dosage: {
        age_category_id: 21,
        min_dosage: 200,
        max_dosage: 400,
        dosage_unit: 'mg',
        min_frequency: 1,
        max_frequency: 3,
        frequency_unit: 'hours',
        min_duration: 3,
        max_duration: 7,
        duration_unit: 'days',
        max_daily_dosage: null,
        max_dose: null,
      },
      reason: 'New listing',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends a weight-based medication with its contraindications, average dosage and pregnancy category', async () => {
    const { dialog, user, fetchMock } = await openDialog({ 'POST /medication': created });
    await fillRequired(user, dialog, '  Amoxicillin  ');
    // The condition picked last counts.
    await user.clear(dialog.getByRole('combobox', { name: /^Condition/ }));
    await pickCondition(user, dialog, /^Condition/, 'Gout');

    // Several contraindicated conditions: '{n} condition(s) selected', each a removable chip.
    for (const name of ['Hypertension', 'Asthma', 'Gout']) {
      await pickCondition(user, dialog, 'Contraindicated conditions', name);
    }
    expect(dialog.getByText('3 condition(s) selected')).toBeInTheDocument();
    const chips = within(dialog.getByRole('list', { name: 'Selected contraindicated conditions' }));
    const hypertensionChip = chips
      .getByText('Hypertension')
      .closest('.MuiChip-root') as HTMLElement;
    await user.click(within(hypertensionChip).getByTestId('CancelIcon'));
    expect(dialog.getByText('2 condition(s) selected')).toBeInTheDocument();
    const searches = requestsTo(fetchMock, 'GET /condition').map(
      (request) => new URL(request.url).searchParams,
    );
    expect(searches.map((params) => params.get('q'))).toContain('Gou');
    for (const params of searches) expect(params.get('page_size')).toBe('20');

    await user.fill(dialog.getByLabelText('Average weight dosage'), '12.5');
    await user.selectOptions(dialog.getByLabelText('Average weight dosage unit'), 'ml');
    await user.click(dialog.getByRole('checkbox', { name: 'Dosage is weight-based' }));
    await user.selectOptions(dialog.getByLabelText(/^Weight Category/), '12');
    await user.selectOptions(dialog.getByLabelText('Dosage unit'), 'g');
    await user.selectOptions(dialog.getByLabelText('Frequency unit'), 'days');
    await user.selectOptions(dialog.getByLabelText('Duration unit'), 'months');
    await user.click(dialog.getByRole('checkbox', { name: 'Is Pregnancy' }));
    await user.selectOptions(dialog.getByLabelText('Pregnancy Category'), 'B');
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));

    await findToast('Medication added successfully');
    expect(await requestsTo(fetchMock, 'POST /medication')[0].json()).toEqual({
      name: 'Amoxicillin',
      condition_id: 3,
      is_dosage_weight_based: true,
      avg_weight_dosage: 12.5,
      avg_weight_dosage_unit: 'ml',
      contraindications: [2, 3],
      pregnancy_category: 'B',
      weight_dosage: {
        weight_category_id: 12,
        min_dosage: 200,
        max_dosage: 400,
        dosage_unit: 'g',
        min_frequency: 1,
        max_frequency: 3,
        frequency_unit: 'days',
        min_duration: 3,
        max_duration: 7,
        duration_unit: 'months',
        max_daily_dosage: null,
        max_dose: null,
      },
      reason: 'New listing',
    });
  });

  it('removes contraindicated conditions from the keyboard, the focus moving to the next chip, then the search', async () => {
    const { dialog, user } = await openDialog();
    const combobox = dialog.getByRole('combobox', { name: 'Contraindicated conditions' });
    // Picked from the keyboard: the first match of each search.
    for (const [text, name] of [
      ['hyp', 'Hypertension'],
      ['ast', 'Asthma'],
      ['gou', 'Gout'],
    ]) {
      await user.type(combobox, text);
      await within(await screen.findByRole('listbox')).findByRole('option', { name });
      await user.keyboard('{ArrowDown}{Enter}');
    }
    expect(dialog.getByText('3 condition(s) selected')).toBeInTheDocument();

    const chip = (name: string) =>
      within(dialog.getByRole('list', { name: 'Selected contraindicated conditions' })).getByRole(
        'button',
        { name },
      );
    await user.tab();
    expect(chip('Hypertension')).toHaveFocus();
    await user.tab();
    expect(chip('Asthma')).toHaveFocus();
    // Delete on a chip removes it; the focus goes on to the next chip, not out of the form.
    await user.keyboard('{Delete}');
    expect(dialog.getByText('2 condition(s) selected')).toBeInTheDocument();
    expect(chip('Gout')).toHaveFocus();
    // The last chip: back to the one before it.
    await user.keyboard('{Backspace}');
    expect(dialog.getByText('1 condition(s) selected')).toBeInTheDocument();
    expect(chip('Hypertension')).toHaveFocus();
    // No chip left: back to the select.
    await user.keyboard('{Delete}');
    expect(dialog.getByText('0 condition(s) selected')).toBeInTheDocument();
    expect(
      dialog.queryByRole('list', { name: 'Selected contraindicated conditions' }),
    ).not.toBeInTheDocument();
    expect(combobox).toHaveFocus();
  });

  it('requires a name and the dosage range, and keeps every minimum at or below its maximum', async () => {
    const { dialog, user, fetchMock } = await openDialog();
    await user.clear(dialog.getByLabelText(/^Minimum frequency/));
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Minimum dosage is required')).toBeInTheDocument();
    expect(dialog.getByText('Maximum dosage is required')).toBeInTheDocument();
    expect(dialog.getByText('Minimum frequency is required')).toBeInTheDocument();
    expect(dialog.getByText('A reason is required for this change')).toBeInTheDocument();

    await fillRequired(user, dialog);
    await user.clear(dialog.getByLabelText(/^Minimum dosage/));
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '500');
    await user.fill(dialog.getByLabelText(/^Minimum frequency/), '4');
    await user.clear(dialog.getByLabelText(/^Minimum duration/));
    await user.fill(dialog.getByLabelText(/^Minimum duration/), '8');
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));
    expect(
      await dialog.findByText('Minimum dosage must not exceed maximum dosage'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('Minimum frequency must not exceed maximum frequency'),
    ).toBeInTheDocument();
    expect(
      dialog.getByText('Minimum duration must not exceed maximum duration'),
    ).toBeInTheDocument();
    // The message sits under the minimum's field.
    expect(dialog.getByLabelText(/^Minimum dosage/)).toHaveAccessibleDescription(
      'Minimum dosage must not exceed maximum dosage',
    );
    expect(requestsTo(fetchMock, 'POST /medication')).toHaveLength(0);

    // Fixing the maximum clears the message under the minimum.
    await user.clear(dialog.getByLabelText(/^Maximum dosage/));
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '600');
    await waitFor(() =>
      expect(
        dialog.queryByText('Minimum dosage must not exceed maximum dosage'),
      ).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal as a toast and under the field, and stays open", async () => {
    const { dialog, user, onClose } = await openDialog({
      'POST /medication': {
        status: 422,
        body: {
          message: 'Minimum must not exceed maximum.',
          errors: { 'age_dosage.min_frequency': ['min_frequency must not exceed max_frequency'] },
        },
      },
    });
    await fillRequired(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));
    expect(await findToast('Minimum must not exceed maximum.')).toBeInTheDocument();
    expect(
      await dialog.findByText('min_frequency must not exceed max_frequency'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the standard codes added in the form, normalised, and refuses a malformed one before sending', async () => {
    const { dialog, user, fetchMock } = await openDialog({ 'POST /medication': created });
    await fillRequired(user, dialog);
    await user.click(await dialog.findByRole('button', { name: 'Add code' }));
    const first = within(dialog.getByRole('group', { name: 'Code 1' }));
    // A medication takes ATC and RxNorm codes.
    expect(
      within(first.getByLabelText('System'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ATC', 'RxNorm']);
    await user.fill(first.getByLabelText(/^Code/), 'M1AE01');
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));
    expect(await first.findByText(/^An ATC code/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /medication')).toHaveLength(0);

    await user.clear(first.getByLabelText(/^Code/));
    await user.fill(first.getByLabelText(/^Code/), ' m01ae01 ');
    await user.fill(first.getByLabelText('Display'), 'ibuprofen');
    await user.click(dialog.getByRole('button', { name: 'Add code' }));
    const second = within(dialog.getByRole('group', { name: 'Code 2' }));
    await user.selectOptions(second.getByLabelText('System'), 'RxNorm');
    await user.fill(second.getByLabelText(/^Code/), '5640');
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));

    expect(await findToast('Medication added successfully')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST /medication');
    expect((await request.json()).codes).toEqual([
      { system: 'http://www.whocc.no/atc', code: 'M01AE01', display: 'ibuprofen' },
      { system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '5640', display: null },
    ]);
  });
});
