import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import type { Medication } from '@/api';
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
    'POST /test-prescription/impact': { body: { data: { total: 3, altered: 0, tests: [] } } },
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
  it('has only the name, the pregnancy flag (checked when the medication has a category) and a reason', () => {
    const { dialog } = openDialog(amoxicillin);
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Amoxicillin');
    expect(dialog.getByRole('checkbox', { name: 'Is Pregnancy' })).toBeChecked();
    expect(dialog.getByLabelText('Pregnancy Category')).toHaveValue('B');
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
    await user.type(dialog.getByLabelText(/^Name/), ' Amoxil ');
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
    await user.type(dialog.getByLabelText(/^Reason for the change/), 'Label revision');
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
    await user.type(dialog.getByLabelText(/^Reason for the change/), 'Category withdrawn');
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
