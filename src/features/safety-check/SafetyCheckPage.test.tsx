import { act, screen, waitFor, within } from '@testing-library/react';
import type { SafetyCheckResult } from '@/api';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { SafetyCheckPage } from './SafetyCheckPage';

const lists: Record<string, MockHandler> = {
  'GET /medication': {
    body: {
      data: [
        { id: 1, name: 'Warfarin' },
        { id: 2, name: 'Ibuprofen' },
        { id: 3, name: 'Isotretinoin' },
      ],
    },
  },
  'GET /condition': { body: { data: [{ id: 7, name: 'Peptic ulcer', description: null }] } },
  'GET /lifestyle': { body: { data: [{ id: 9, name: 'Alcohol consumption' }] } },
};

const warfarinIbuprofen: SafetyCheckResult = {
  verdict: 'contraindicated',
  complete: true,
  findings: [
    {
      kind: 'pregnancy',
      severity: 'contraindicated',
      medication_ids: [1],
      pregnancy_category: 'X',
      message: 'Warfarin is pregnancy category X: contraindicated in pregnancy.',
    },
    {
      kind: 'interaction',
      severity: 'major',
      medication_ids: [2, 1],
      interaction_id: 5,
      allergen: false,
      message: 'Ibuprofen and Warfarin: Increased bleeding risk.',
    },
  ],
  medications: [
    {
      medication_id: 2,
      name: 'Ibuprofen',
      prescribed: { dose: null, frequency: null, duration: null },
      rules: [],
    },
    {
      medication_id: 1,
      name: 'Warfarin',
      prescribed: { dose: null, frequency: null, duration: null },
      rules: [],
    },
  ],
};

function renderPage(route = '/dashboard/safety-check') {
  return renderWithProviders(<SafetyCheckPage />, { route, preloadedState: signedIn() });
}

/** Lets the form's debounce (400 ms) run out. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

const location = () => screen.getByTestId('location').textContent ?? '';

describe('/dashboard/safety-check', () => {
  it('opens a shared link: the form shows its values, the check runs once, the result shows', async () => {
    const fetchMock = mockFetch({
      ...lists,
      'POST /safety-check': { body: { data: warfarinIbuprofen } },
    });
    renderPage('/dashboard/safety-check?medications=1,2&age=30&age_unit=years&pregnant=true');

    const verdict = await screen.findByRole('status', { name: 'Verdict' });
    expect(within(verdict).getByText('Contraindicated')).toHaveAttribute(
      'data-severity',
      'contraindicated',
    );
    const [request] = requestsTo(fetchMock, 'POST /safety-check');
    expect(await request.json()).toEqual({
      medication_ids: [1, 2],
      patient: { age: 30, age_unit: 'years', pregnant: true },
    });
    expect(screen.getByLabelText('Age')).toHaveValue(30);
    expect(screen.getByRole('checkbox', { name: 'Pregnant' })).toBeChecked();
    const medications = screen
      .getByRole('combobox', { name: 'Medications' })
      .closest('.MuiAutocomplete-root') as HTMLElement;
    expect(await within(medications).findByText('Warfarin')).toBeInTheDocument();
    expect(within(medications).getByText('Ibuprofen')).toBeInTheDocument();
    // The URL already says it all: nothing is rewritten, and there was one check only.
    await settle();
    expect(requestsTo(fetchMock, 'POST /safety-check')).toHaveLength(1);
    expect(location()).toBe(
      '/dashboard/safety-check?medications=1,2&age=30&age_unit=years&pregnant=true',
    );
  });

  it('checks as the form changes (once it settles) and writes the form into the URL', async () => {
    const bodies: unknown[] = [];
    const fetchMock = mockFetch({
      ...lists,
      'POST /safety-check': async (request) => {
        bodies.push(await request.json());
        return { body: { data: warfarinIbuprofen } };
      },
    });
    const { user } = renderPage();
    expect(await screen.findByText(/Choose one or more medications/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Medications' }));
    await user.click(await screen.findByRole('option', { name: 'Warfarin' }));
    await user.click(screen.getByRole('combobox', { name: 'Medications' }));
    await user.click(await screen.findByRole('option', { name: 'Ibuprofen' }));
    await user.type(screen.getByLabelText('Weight'), '154');
    await user.click(screen.getByRole('combobox', { name: 'Weight unit' }));
    await user.click(await screen.findByRole('option', { name: 'lbs' }));
    await user.click(screen.getByRole('combobox', { name: 'Conditions' }));
    await user.click(await screen.findByRole('option', { name: 'Peptic ulcer' }));

    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        medication_ids: [1, 2],
        patient: { weight: 154, weight_unit: 'lbs', condition_ids: [7] },
      }),
    );
    await waitFor(() =>
      expect(location()).toBe(
        '/dashboard/safety-check?medications=1,2&conditions=7&weight=154&weight_unit=lbs',
      ),
    );
    // Debounced: far fewer checks than changes (each keystroke and choice was one change).
    expect(requestsTo(fetchMock, 'POST /safety-check').length).toBeLessThanOrEqual(4);
    expect(await screen.findByRole('table', { name: 'Dosing' })).toBeInTheDocument();
  }, 90_000); // many interactions with MUI inputs: slow on a busy machine

  it('says what is wrong with an invalid age, and sends nothing for it', async () => {
    const fetchMock = mockFetch({
      ...lists,
      'POST /safety-check': { body: { data: warfarinIbuprofen } },
    });
    const { user } = renderPage('/dashboard/safety-check?medications=1');
    await screen.findByRole('status', { name: 'Verdict' });
    await user.type(screen.getByLabelText('Age'), '-3');
    expect(await screen.findByText('Age must be from 0 to 1,000,000')).toBeInTheDocument();
    expect(
      screen.getByText('Correct the highlighted fields to see the check.'),
    ).toBeInTheDocument();
    await settle();
    expect(requestsTo(fetchMock, 'POST /safety-check')).toHaveLength(1);
    expect(location()).toBe('/dashboard/safety-check?medications=1');
  });

  it("shows the server's refusal (an unknown id in an old link) in a banner", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // the base query logs failures
    mockFetch({
      ...lists,
      'POST /safety-check': {
        status: 422,
        body: {
          message: 'Unknown ids: medication 99.',
          errors: { medication_ids: ['No such medication: 99'] },
        },
      },
    });
    renderPage('/dashboard/safety-check?medications=99');
    expect(await screen.findByText('Unknown ids: medication 99.')).toBeInTheDocument();
    expect(screen.getByText('The check failed')).toBeInTheDocument();
  });
});
