import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import type { AgeLimit, Medication } from '@/api';
import { EditMedicationDialog } from './EditMedicationDialog';
import { amoxicillin, paracetamol } from '@/test/medicationFixtures';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

function openDialog(medication: Medication, routes: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    'PUT /medication/update-medication': {
      body: { data: medication, message: 'Medication updated successfully' },
    },
    'POST /test-prescription/impact': {
      body: { data: { total: 3, altered: 0, worse: 0, tests: [] } },
    },
    ...routes,
  });
  const onClose = jest.fn();
  const view = renderWithProviders(
    <EditMedicationDialog open medication={medication} onClose={onClose} />,
    { preloadedState: signedIn() },
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Medication' }));
  return { ...view, dialog, fetchMock, onClose };
}

describe('Edit Medication', () => {
  it('has only the name, the pregnancy flag (checked when the medication has a category), the age limit box and a reason', () => {
    const { dialog } = openDialog(amoxicillin);
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Amoxicillin');
    expect(dialog.getByRole('checkbox', { name: 'Is Pregnancy' })).toBeChecked();
    expect(dialog.getByLabelText('Pregnancy Category')).toHaveValue('B');
    // No age limit: the box unchecked, and its fields hidden.
    expect(dialog.getByRole('checkbox', { name: 'Has Age Limit' })).not.toBeChecked();
    expect(dialog.queryByLabelText(/^Minimum age/)).not.toBeInTheDocument();
    // The reason is optional while the category stays as it is.
    expect(dialog.getByLabelText(/^Reason for the change/)).not.toBeRequired();
    expect(dialog.getAllByRole('textbox')).toHaveLength(2);
    expect(dialog.getAllByRole('combobox')).toHaveLength(1);
  });

  it('starts unchecked without a category; checking offers A first', async () => {
    const { dialog, user } = openDialog(paracetamol);
    expect(dialog.getByRole('checkbox', { name: 'Is Pregnancy' })).not.toBeChecked();
    expect(dialog.queryByLabelText('Pregnancy Category')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Is Pregnancy' }));
    expect(dialog.getByLabelText('Pregnancy Category')).toHaveValue('A');
    expect(dialog.getByText(/replaced by narrative labelling/)).toBeInTheDocument();
  });

  it('sends id, the trimmed name and the chosen category', async () => {
    const { dialog, user, fetchMock, onClose } = openDialog(amoxicillin);
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.fill(dialog.getByLabelText(/^Name/), ' Amoxil ');
    await user.selectOptions(dialog.getByLabelText('Pregnancy Category'), 'D');
    // The category changed: the reason is now required, and nothing is sent without it.
    expect(dialog.getByLabelText(/^Reason for the change/)).toBeRequired();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /medication/update-medication')).toHaveLength(0);
    // A new category: its impact on the test prescriptions shows before saving.
    expect(
      await dialog.findByText(/^This change alters no test prescriptions/),
    ).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)!.json()).toEqual({
      operation: 'updateMedication',
      body: { id: 7, name: 'Amoxil', pregnancy_category: 'D' },
    });
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Label revision');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Medication updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxil',
      pregnancy_category: 'D',
      reason: 'Label revision',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends an empty category when the box is unchecked', async () => {
    const { dialog, user, fetchMock } = openDialog(amoxicillin);
    await user.click(dialog.getByRole('checkbox', { name: 'Is Pregnancy' }));
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Category withdrawn');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Medication updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxicillin',
      pregnancy_category: '',
      reason: 'Category withdrawn',
    });
  });

  it('requires a name', async () => {
    const { dialog, user, fetchMock } = openDialog(amoxicillin);
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and keeps the dialog open", async () => {
    const { dialog, user, onClose } = openDialog(amoxicillin, {
      'PUT /medication/update-medication': {
        status: 404,
        body: { message: 'Medication not found' },
      },
    });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Medication not found')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Edit Medication: the age limit', () => {
  const elderly: AgeLimit = { min_age: null, max_age: 65, unit: 'years', severity: 'moderate' };
  const limited: Medication = { ...amoxicillin, age_limit: elderly };

  it('sets a limit: the ages in a unit, contraindicated unless told otherwise; it needs a reason and shows its impact', async () => {
    const { dialog, user, fetchMock } = openDialog(paracetamol);
    await user.click(dialog.getByRole('checkbox', { name: 'Has Age Limit' }));
    expect(dialog.getByLabelText(/^Minimum age/)).toHaveValue(null);
    expect(dialog.getByLabelText(/^Maximum age/)).toHaveValue(null);
    expect(dialog.getByLabelText(/^Age unit/)).toHaveValue('years');
    const severity = dialog.getByLabelText(/^Severity/);
    expect(severity).toHaveValue('contraindicated');
    expect(
      within(severity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Contraindicated', 'Major', 'Moderate', 'Minor']);
    await user.fill(dialog.getByLabelText(/^Minimum age/), '42');
    await user.selectOptions(dialog.getByLabelText(/^Age unit/), 'Days');
    // A new limit changes what the safety check says: a reason first, and its impact shown.
    expect(dialog.getByLabelText(/^Reason for the change/)).toBeRequired();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /medication/update-medication')).toHaveLength(0);
    const limit = { min_age: 42, max_age: null, unit: 'days', severity: 'contraindicated' };
    expect(
      await dialog.findByText(/^This change alters no test prescriptions/),
    ).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)!.json()).toEqual({
      operation: 'updateMedication',
      body: { id: 8, name: 'Paracetamol', pregnancy_category: '', age_limit: limit },
    });
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Not for neonates');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Medication updated successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 8,
      name: 'Paracetamol',
      pregnancy_category: '',
      age_limit: limit,
      reason: 'Not for neonates',
    });
  });

  it('shows a stored limit, and leaves it out of a save that does not change it', async () => {
    const { dialog, user, fetchMock } = openDialog(limited);
    expect(dialog.getByRole('checkbox', { name: 'Has Age Limit' })).toBeChecked();
    expect(dialog.getByLabelText(/^Minimum age/)).toHaveValue(null);
    expect(dialog.getByLabelText(/^Maximum age/)).toHaveValue(65);
    expect(dialog.getByLabelText(/^Age unit/)).toHaveValue('years');
    expect(dialog.getByLabelText(/^Severity/)).toHaveValue('moderate');
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.fill(dialog.getByLabelText(/^Name/), 'Amoxil');
    // Renaming alone needs no reason.
    expect(dialog.getByLabelText(/^Reason for the change/)).not.toBeRequired();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Medication updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxil',
      pregnancy_category: 'B',
    });
  });

  it('changes a stored limit: the whole limit is sent', async () => {
    const { dialog, user, fetchMock } = openDialog(limited);
    await user.selectOptions(dialog.getByLabelText(/^Severity/), 'Major');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Falls risk');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Medication updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxicillin',
      pregnancy_category: 'B',
      age_limit: { ...elderly, severity: 'major' },
      reason: 'Falls risk',
    });
  });

  it('removes a stored limit when the box is unchecked: age_limit null, with a reason', async () => {
    const { dialog, user, fetchMock } = openDialog(limited);
    await user.click(dialog.getByRole('checkbox', { name: 'Has Age Limit' }));
    expect(dialog.queryByLabelText(/^Maximum age/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Limit withdrawn');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Medication updated successfully');
    expect(await requestsTo(fetchMock, 'PUT /medication/update-medication')[0].json()).toEqual({
      id: 7,
      name: 'Amoxicillin',
      pregnancy_category: 'B',
      age_limit: null,
      reason: 'Limit withdrawn',
    });
  });

  // Every rule of the limit is unit-tested in medicationAgeLimit.test.ts; here, that a refusal
  // shows under its field and nothing is sent.
  it('refuses a minimum above the maximum under the field, and sends nothing', async () => {
    const message = 'Minimum age must not exceed maximum age';
    const { dialog, user, fetchMock } = openDialog(paracetamol);
    await user.click(dialog.getByRole('checkbox', { name: 'Has Age Limit' }));
    await user.fill(dialog.getByLabelText(/^Minimum age/), '18');
    await user.fill(dialog.getByLabelText(/^Maximum age/), '12');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Checked');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Minimum age/)).toHaveAccessibleDescription(message);
    expect(requestsTo(fetchMock, 'PUT /medication/update-medication')).toHaveLength(0);
  });

  it("shows the server's refusal of an age under its field", async () => {
    const { dialog, user } = openDialog(limited, {
      'PUT /medication/update-medication': {
        status: 422,
        body: {
          message: 'Ages go up to 130 years.',
          errors: { 'age_limit.max_age': ['must be at most 130 years'] },
        },
      },
    });
    await user.clear(dialog.getByLabelText(/^Maximum age/));
    await user.fill(dialog.getByLabelText(/^Maximum age/), '70');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Raised');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('must be at most 130 years')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Maximum age/)).toHaveAccessibleDescription(
      'must be at most 130 years',
    );
  });
});
