import { screen, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import {
  AddContraindicationDialog,
  AddLifestyleContraindicationDialog,
} from './ContraindicationDialogs';
import { amoxicillin, paracetamol, referenceLists } from './medicationFixtures';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('Add Contraindication', () => {
  it('pre-selects the first condition not yet listed and greys out the listed ones', async () => {
    mockFetch(referenceLists);
    renderWithProviders(
      <AddContraindicationDialog open medication={amoxicillin} onClose={jest.fn()} />,
      {
        preloadedState: signedIn(),
      },
    );
    const select = await screen.findByLabelText(/^Condition/);
    const dialog = within(screen.getByRole('dialog', { name: 'Add Contraindication' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    expect(select).toHaveValue('1');
    expect(within(select).getByRole('option', { name: 'Asthma (already listed)' })).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Hypertension' })).toBeEnabled();
  });

  it('sends medication_id and condition_id as numbers', async () => {
    const fetchMock = mockFetch({
      ...referenceLists,
      'PUT /medication/add-contraindications': {
        body: {
          data: { medication_id: 8, condition_id: 3 },
          message: 'Contraindication added successfully',
        },
      },
    });
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={paracetamol} onClose={onClose} />,
      { preloadedState: signedIn() },
    );
    const select = await screen.findByLabelText(/^Condition/);
    expect(select).toHaveValue('1');
    await user.selectOptions(select, '3');
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await findToast('Contraindication added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /medication/add-contraindications')[0].json()).toEqual({
      medication_id: 8,
      condition_id: 3,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message when the add fails", async () => {
    mockFetch({
      ...referenceLists,
      'PUT /medication/add-contraindications': {
        status: 404,
        body: { message: 'Medication not found' },
      },
    });
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={paracetamol} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    await screen.findByLabelText(/^Condition/);
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await findToast('Medication not found')).toBeInTheDocument();
  });
});

describe('Add Lifestyle Contraindication', () => {
  it('pre-selects the first lifestyle not yet listed and sends medication_id and lifestyle_id', async () => {
    const fetchMock = mockFetch({
      ...referenceLists,
      'POST /lifestyle-contraindication': {
        status: 201,
        body: {
          data: {
            id: 302,
            medication_id: 7,
            lifestyle_id: 32,
            lifestyle: { id: 32, name: 'Driving' },
            medication: { id: 7, name: 'Amoxicillin' },
          },
          message: 'Lifestyle contraindication added successfully',
        },
      },
    });
    const { user } = renderWithProviders(
      <AddLifestyleContraindicationDialog open medication={amoxicillin} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    const select = await screen.findByLabelText(/^Lifestyle/);
    expect(select).toHaveValue('32');
    expect(within(select).getByRole('option', { name: 'Alcohol (already listed)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add Lifestyle Contraindication' }));
    expect(await findToast('Lifestyle contraindication added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /lifestyle-contraindication')[0].json()).toEqual({
      medication_id: 7,
      lifestyle_id: 32,
    });
  });
});
