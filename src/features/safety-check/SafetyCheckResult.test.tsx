import { render, screen, within } from '@testing-library/react';
import type { SafetyCheckResult as Result, SafetyComparison, SafetyRange } from '@/api';
import { SafetyCheckResult } from './SafetyCheckResult';
import { SEVERITY_STYLE } from './VerdictBadge';

const notPrescribed = (range: SafetyRange): SafetyComparison => ({
  range,
  prescribed: null,
  compared: null,
  outcome: 'not_checked',
  severity: null,
  reason: 'not_prescribed',
  message: null,
});
const medications: Result['medications'] = [
  {
    medication_id: 1,
    name: 'Amoxicillin',
    prescribed: { dose: null, frequency: null, duration: null },
    rules: [
      {
        basis: 'weight',
        dosage_id: 7,
        category: { id: 2, category_name: 'Normal', min: 50, max: 80, unit: 'kg' },
        label: 'Normal (50–80 kg)',
        dose: notPrescribed({ min: 500, max: 875, unit: 'mg' }),
        frequency: notPrescribed({ min: 8, max: 12, unit: 'hours' }),
        duration: notPrescribed({ min: 5, max: 10, unit: 'days' }),
      },
    ],
  },
  {
    medication_id: 2,
    name: 'Cefalexin',
    prescribed: { dose: null, frequency: null, duration: null },
    rules: [],
  },
  {
    medication_id: 3,
    name: 'Isotretinoin',
    prescribed: { dose: null, frequency: null, duration: null },
    rules: [
      {
        basis: 'weight',
        dosage_id: 8,
        category: { id: 1, category_name: null, min: 0, max: 110, unit: 'lbs' },
        label: '0–110 lbs',
        dose: notPrescribed({ min: 20, max: 20, unit: 'mg' }),
        frequency: notPrescribed({ min: 1, max: 1, unit: 'days' }),
        duration: notPrescribed({ min: 4, max: 6, unit: 'months' }),
      },
    ],
  },
];

const result: Result = {
  verdict: 'contraindicated',
  complete: true,
  findings: [
    {
      kind: 'interaction',
      severity: 'contraindicated',
      medication_ids: [1, 2],
      interaction_id: 4,
      allergen: true,
      message: 'Amoxicillin and Cefalexin: cross-sensitivity. (flagged as an allergen)',
    },
    {
      kind: 'pregnancy',
      severity: 'contraindicated',
      medication_ids: [3],
      pregnancy_category: 'X',
      message: 'Isotretinoin is pregnancy category X: contraindicated in pregnancy.',
    },
    {
      kind: 'lifestyle',
      severity: 'major',
      medication_ids: [3],
      lifestyle_id: 2,
      message: 'Isotretinoin is contraindicated with Breastfeeding.',
    },
    {
      kind: 'dose',
      severity: 'moderate',
      medication_ids: [2],
      message: 'Cefalexin: no dosing rule for this patient (Cefalexin has no age-based dosage).',
    },
    {
      kind: 'pregnancy',
      severity: 'minor',
      medication_ids: [2],
      pregnancy_category: null,
      message: 'Cefalexin has no pregnancy category: pregnancy data is missing.',
    },
  ],
  medications,
};

describe('SafetyCheckResult', () => {
  it('shows the verdict as a large badge with the word and the severity colour', () => {
    render(<SafetyCheckResult result={result} />);
    const badge = within(screen.getByRole('status', { name: 'Verdict' })).getByText(
      'Contraindicated',
    );
    expect(badge).toHaveAttribute('data-severity', 'contraindicated');
    expect(badge).toHaveStyle({ backgroundColor: SEVERITY_STYLE.contraindicated.background });
  });

  it.each([
    ['minor', 'Minor', '#fef9c3'],
    ['moderate', 'Moderate', '#ffedd5'],
    ['major', 'Major', '#fee2e2'],
    ['contraindicated', 'Contraindicated', '#f3e8ff'],
  ] as const)(
    'colours a %s verdict (yellow, orange, red, purple) and names it',
    (verdict, word, fill) => {
      render(<SafetyCheckResult result={{ verdict, complete: true, findings: [], medications }} />);
      const badge = within(screen.getByRole('status', { name: 'Verdict' })).getByText(word);
      expect(badge).toHaveStyle({ backgroundColor: fill });
    },
  );

  it('groups the findings by severity, most severe first, naming the medications', () => {
    render(<SafetyCheckResult result={result} />);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Contraindicated (2)', 'Major (1)', 'Moderate (1)', 'Minor (1)']);
    const contraindicated = within(screen.getByRole('region', { name: 'Contraindicated (2)' }));
    expect(contraindicated.getByText('Amoxicillin + Cefalexin')).toBeInTheDocument();
    expect(contraindicated.getByText('Allergen')).toBeInTheDocument();
    expect(contraindicated.getByText('Interaction')).toBeInTheDocument();
    expect(
      contraindicated.getByText(
        'Isotretinoin is pregnancy category X: contraindicated in pregnancy.',
      ),
    ).toBeInTheDocument();
    const minor = within(screen.getByRole('region', { name: 'Minor (1)' }));
    expect(minor.getByText('Cefalexin')).toBeInTheDocument();
    expect(minor.getByText('Pregnancy')).toBeInTheDocument();
  });

  it('shows a dosing table: the category and ranges, or why there is none', () => {
    render(<SafetyCheckResult result={result} />);
    const table = within(screen.getByRole('table', { name: 'Dosing' }));
    const row = (name: string) =>
      within(table.getByRole('rowheader', { name }).closest('tr') as HTMLElement);
    const amoxicillin = row('Amoxicillin');
    expect(amoxicillin.getByText('Weight')).toBeInTheDocument();
    expect(amoxicillin.getByText('Normal (50–80 kg)')).toBeInTheDocument();
    expect(amoxicillin.getByText('500–875 mg')).toBeInTheDocument();
    expect(amoxicillin.getByText('8–12 hours')).toBeInTheDocument();
    expect(amoxicillin.getByText('5–10 days')).toBeInTheDocument();
    expect(row('Cefalexin').getByText('No dosing rule applied')).toBeInTheDocument();
    const isotretinoin = row('Isotretinoin');
    expect(isotretinoin.getByText('0–110 lbs')).toBeInTheDocument();
    expect(isotretinoin.getByText('20 mg')).toBeInTheDocument();
  });

  it('says so when nothing was found', () => {
    render(
      <SafetyCheckResult result={{ verdict: 'none', complete: true, findings: [], medications }} />,
    );
    expect(
      within(screen.getByRole('status', { name: 'Verdict' })).getByText('No findings'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Nothing in the reference data speaks against/)).toBeInTheDocument();
  });
});
