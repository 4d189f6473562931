import { screen } from '@testing-library/react';
import type { SafetyCheckResult } from '@/api';
import { renderWithProviders, findToast } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { SaveTestPrescriptionDialog } from './SaveTestPrescriptionDialog';
import { warfarinIbuprofen } from '@/test/testPrescriptionFixtures';

const request = {
  medications: [{ medication_id: 2 }, { medication_id: 1, dose: 5, dose_unit: 'mg' as const }],
  patient: { age: 70, age_unit: 'years' as const },
};

const result: SafetyCheckResult = {
  verdict: 'major',
  complete: false,
  findings: [
    {
      kind: 'interaction',
      severity: 'major',
      medication_ids: [2, 1],
      interaction_id: 5,
      allergen: false,
      message: 'Ibuprofen and Warfarin: Increased bleeding risk.',
    },
    {
      kind: 'not_checked',
      severity: null,
      medication_ids: [2],
      reason: 'not_prescribed',
      message: 'Ibuprofen: no dose prescribed.',
    },
  ],
  medications: [],
};

describe('Save as test prescription', () => {
  it('sends the check and its outcome as expected (findings with their rule and reason, without messages), with the name and note', async () => {
    const fetchMock = mockFetch({
      'POST /test-prescription': {
        status: 201,
        body: { data: warfarinIbuprofen, message: 'Test prescription created successfully' },
      },
    });
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <SaveTestPrescriptionDialog open request={request} result={result} onClose={onClose} />,
      { preloadedState: signedIn() },
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.fill(screen.getByRole('textbox', { name: /^Name/ }), 'Warfarin with ibuprofen');
    await user.fill(screen.getByRole('textbox', { name: /^Note/ }), 'Bleeding risk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Test prescription created successfully');
    expect(onClose).toHaveBeenCalled();
    const [sent] = requestsTo(fetchMock, 'POST /test-prescription');
    expect(await sent.json()).toEqual({
      name: 'Warfarin with ibuprofen',
      note: 'Bleeding risk',
      request,
      expected: {
        verdict: 'major',
        complete: false,
        findings: [
          { kind: 'interaction', medication_ids: [1, 2], severity: 'major', interaction_id: 5 },
          {
            kind: 'not_checked',
            medication_ids: [2],
            severity: null,
            reason: 'not_prescribed',
          },
        ],
      },
    });
  });

  it('states a minimum verdict: "at least major"', async () => {
    const fetchMock = mockFetch({
      'POST /test-prescription': {
        status: 201,
        body: { data: warfarinIbuprofen, message: 'Test prescription created successfully' },
      },
    });
    const { user } = renderWithProviders(
      <SaveTestPrescriptionDialog open request={request} result={result} onClose={jest.fn()} />,
      { preloadedState: signedIn() },
    );
    await user.fill(screen.getByRole('textbox', { name: /^Name/ }), 'Warfarin with ibuprofen');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Minimum verdict/ }),
      'at least major',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Test prescription created successfully');
    const [sent] = requestsTo(fetchMock, 'POST /test-prescription');
    expect(await sent.json()).toMatchObject({
      name: 'Warfarin with ibuprofen',
      min_verdict: 'major',
    });
  });

  it("keeps the dialog open with the server's refusal", async () => {
    mockFetch({
      'POST /test-prescription': {
        status: 409,
        body: { message: 'A test prescription with this name already exists' },
      },
    });
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <SaveTestPrescriptionDialog open request={request} result={result} onClose={onClose} />,
      { preloadedState: signedIn() },
    );
    await user.fill(screen.getByRole('textbox', { name: /^Name/ }), 'Duplicate');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('A test prescription with this name already exists')).length,
    ).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
