import { screen, within } from '@testing-library/react';
import type { TestPrescriptionImpactResult } from '@/api';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { ImpactPanel } from './ImpactPanel';

const change = {
  operation: 'updateDrugInteraction',
  body: { id: 5, severity: 'minor', description: 'Bleeding', is_allergen: false },
} as const;

const twoAltered: TestPrescriptionImpactResult = {
  total: 15,
  altered: 2,
  worse: 0,
  tests: [
    {
      id: 1,
      name: 'Warfarin with ibuprofen',
      status: 'changed',
      before: null,
      after: null,
      differences: [
        {
          kind: 'finding_added',
          message: 'New: interaction finding for Warfarin + Aspirin (major)',
          worse: false,
        },
      ],
    },
    {
      id: 4,
      name: 'Anticoagulant review',
      status: 'pass',
      before: null,
      after: null,
      differences: [
        {
          kind: 'verdict_changed',
          from: 'major',
          to: 'minor',
          message: 'Verdict: major → minor',
          worse: true,
        },
      ],
    },
  ],
};

/** Lowering the bleeding risk: one test would be worse than expected, another pass again. */
const oneWorse: TestPrescriptionImpactResult = {
  ...twoAltered,
  worse: 1,
  tests: [
    {
      id: 1,
      name: 'Warfarin with ibuprofen',
      status: 'worse',
      before: null,
      after: null,
      differences: [
        {
          kind: 'severity_changed',
          from: 'major',
          to: 'minor',
          message: 'interaction finding for Warfarin + Ibuprofen: major → minor',
          worse: true,
        },
      ],
    },
    twoAltered.tests[1],
  ],
};

function renderPanel(answer: Parameters<typeof mockFetch>[0][string]) {
  const fetchMock = mockFetch({ 'POST /test-prescription/impact': answer });
  renderWithProviders(<ImpactPanel change={change} />, { preloadedState: signedIn() });
  return fetchMock;
}

describe('the impact panel', () => {
  it('sends the pending change and shows how many test prescriptions it alters, and which', async () => {
    const fetchMock = renderPanel({ body: { data: twoAltered } });
    expect(screen.getByText('Checking the test prescriptions…')).toBeInTheDocument();
    expect(await screen.findByText('This change alters 2 test prescriptions')).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Altered test prescriptions' }));
    expect(list.getByText('Warfarin with ibuprofen')).toBeInTheDocument();
    expect(
      list.getByText('New: interaction finding for Warfarin + Aspirin (major)'),
    ).toBeInTheDocument();
    expect(list.getByText('Anticoagulant review')).toBeInTheDocument();
    expect(screen.queryByText(/would be worse than expected$/)).not.toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'POST /test-prescription/impact');
    expect(await request.json()).toEqual(change);
  });

  it('counts the tests the change would make worse than expected apart from the others, in red', async () => {
    renderPanel({ body: { data: oneWorse } });
    expect(await screen.findByText('This change alters 2 test prescriptions')).toBeInTheDocument();
    expect(
      screen.getByText('1 would be worse than expected').closest('.MuiAlert-root'),
    ).toHaveClass('MuiAlert-colorError');
    const list = within(screen.getByRole('list', { name: 'Altered test prescriptions' }));
    const worse = list.getByText('Warfarin with ibuprofen').closest('li');
    expect(worse).toHaveAttribute('data-status', 'worse');
    expect(worse).toHaveTextContent('(would be worse than expected)');
  });

  it('says so when the change alters none of them', async () => {
    renderPanel({ body: { data: { total: 15, altered: 0, worse: 0, tests: [] } } });
    expect(await screen.findByText(/This change alters no test prescriptions/)).toHaveTextContent(
      'This change alters no test prescriptions (15 test prescriptions checked).',
    );
  });

  it("shows the write's own refusal before saving", async () => {
    renderPanel({
      status: 422,
      body: { message: 'Validation failed', errors: { severity: ['Severity is not valid'] } },
    });
    expect(
      await screen.findByText(
        /This change would be refused: Validation failed Severity is not valid/,
      ),
    ).toBeInTheDocument();
  });

  it('asks nothing while the form is not valid', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<ImpactPanel change={null} />, { preloadedState: signedIn() });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/This change alters/)).not.toBeInTheDocument();
  });
});
