import { screen, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import {
  AddContraindicationDialog,
  AddLifestyleContraindicationDialog,
} from './ContraindicationDialogs';
import { amoxicillin, paracetamol, referenceLists } from '@/test/medicationFixtures';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

type User = ReturnType<typeof renderWithProviders>['user'];

/** Types part of a name into the picker and picks the match. */
async function pick(user: User, label: RegExp, text: string, option: string) {
  await user.type(await screen.findByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Add Contraindication', () => {
  it('searches the conditions on the server, 20 at a time, and greys out the listed ones', async () => {
    const fetchMock = mockFetch(referenceLists);
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={amoxicillin} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    const picker = await screen.findByRole('combobox', { name: /^Condition/ });
    const dialog = within(screen.getByRole('dialog', { name: 'Add Contraindication' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    // Nothing is asked for before the picker opens.
    expect(requestsTo(fetchMock, 'GET /condition')).toHaveLength(0);
    await user.fill(picker, 'as');
    expect(await screen.findByRole('option', { name: 'Asthma (already listed)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Hypertension' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const searches = requestsTo(fetchMock, 'GET /condition').map(
      (request) => new URL(request.url).searchParams,
    );
    expect(searches.at(-1)?.get('q')).toBe('as');
    for (const params of searches) expect(params.get('page_size')).toBe('20');
  });

  it('sends medication_id and condition_id as numbers, as a contraindication unless told otherwise', async () => {
    const fetchMock = mockFetch({
      ...referenceLists,
      'PUT /medication/add-contraindications': {
        body: {
          data: {
            medication_id: 8,
            condition_id: 3,
            level: 'contraindicated',
            severity: 'contraindicated',
          },
          message: 'Contraindication added successfully',
        },
      },
    });
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={paracetamol} onClose={onClose} />,
      { preloadedState: signedIn() },
    );
    await pick(user, /^Condition/, 'gou', 'Gout');
    expect(screen.getByRole('combobox', { name: /^Level/ })).toHaveValue('contraindicated');
    // A contraindication has no severity of its own to choose.
    expect(screen.queryByRole('combobox', { name: /^Severity/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await findToast('Contraindication added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /medication/add-contraindications')[0].json()).toEqual({
      medication_id: 8,
      condition_id: 3,
      level: 'contraindicated',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('adds a caution, moderate unless another severity is chosen', async () => {
    const fetchMock = mockFetch({
      ...referenceLists,
      'PUT /medication/add-contraindications': {
        body: {
          data: { medication_id: 8, condition_id: 3, level: 'caution', severity: 'major' },
          message: 'Contraindication added successfully',
        },
      },
    });
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={paracetamol} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    await pick(user, /^Condition/, 'gou', 'Gout');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Level/ }), 'Caution');
    const severity = await screen.findByRole('combobox', { name: /^Severity/ });
    expect(severity).toHaveValue('moderate');
    expect(
      within(severity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Minor', 'Moderate', 'Major']);
    await user.selectOptions(severity, 'Major');
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await findToast('Contraindication added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /medication/add-contraindications')[0].json()).toEqual({
      medication_id: 8,
      condition_id: 3,
      level: 'caution',
      severity: 'major',
    });
  });

  it("shows the server's refusal of a severity under the severity field", async () => {
    mockFetch({
      ...referenceLists,
      'PUT /medication/add-contraindications': {
        status: 422,
        body: {
          message: 'A severity is only given for a caution.',
          errors: { severity: ['is only for level caution'] },
        },
      },
    });
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={paracetamol} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    await pick(user, /^Condition/, 'gou', 'Gout');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Level/ }), 'Caution');
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await screen.findByText(/is only for level caution/)).toBeInTheDocument();
  });

  it('requires a condition before sending', async () => {
    const fetchMock = mockFetch(referenceLists);
    const { user } = renderWithProviders(
      <AddContraindicationDialog open medication={paracetamol} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    await screen.findByRole('combobox', { name: /^Condition/ });
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await screen.findByText('Condition is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /medication/add-contraindications')).toHaveLength(0);
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
    await pick(user, /^Condition/, 'hyp', 'Hypertension');
    await user.click(screen.getByRole('button', { name: 'Add Contraindication' }));
    expect(await findToast('Medication not found')).toBeInTheDocument();
  });
});

describe('Add Lifestyle Contraindication', () => {
  it('searches the lifestyles, greys out the listed ones, and sends medication_id, lifestyle_id and the severity', async () => {
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
    await user.type(await screen.findByRole('combobox', { name: /^Lifestyle/ }), 'a');
    expect(await screen.findByRole('option', { name: 'Alcohol (already listed)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Driving' }));
    await user.click(screen.getByRole('button', { name: 'Add Lifestyle Contraindication' }));
    expect(await findToast('Lifestyle contraindication added successfully')).toBeInTheDocument();
    // Left as it starts, the severity is major.
    expect(await requestsTo(fetchMock, 'POST /lifestyle-contraindication')[0].json()).toEqual({
      medication_id: 7,
      lifestyle_id: 32,
      severity: 'major',
    });
  });
});
