import { render, screen, within } from '@testing-library/react';
import type {
  SafetyCheckResult as Result,
  SafetyComparison,
  SafetyFinding,
  SafetyRange,
} from '@/api';
import { SafetyCheckResult } from './SafetyCheckResult';
import { SEVERITY_STYLE } from './VerdictBadge';

const within_ = (range: SafetyRange, value: number): SafetyComparison => ({
  range,
  prescribed: { value, unit: range.unit },
  compared: { prescribed: value, min: range.min, max: range.max, unit: range.unit },
  outcome: 'within',
  severity: null,
  reason: null,
  message: null,
});

/** Paracetamol 1,000 mg every 6 hours for 2 days, for an underweight adult: too much. */
const paracetamol: Result['medications'][number] = {
  medication_id: 1,
  name: 'Paracetamol',
  prescribed: {
    dose: { value: 1000, unit: 'mg' },
    frequency: { value: 6, unit: 'hours' },
    duration: { value: 2, unit: 'days' },
  },
  rules: [
    {
      basis: 'weight',
      dosage_id: 11,
      category: { id: 1, category_name: 'Underweight', min: 0, max: 50, unit: 'kg' },
      label: 'Underweight (0–50 kg)',
      dose: {
        range: { min: 325, max: 500, unit: 'mg' },
        prescribed: { value: 1000, unit: 'mg' },
        compared: { prescribed: 1000, min: 325, max: 500, unit: 'mg' },
        outcome: 'above_max',
        severity: 'major',
        reason: null,
        message: 'Paracetamol: 1,000 mg is above the 500 mg maximum for Underweight (0–50 kg)',
      },
      frequency: within_({ min: 4, max: 6, unit: 'hours' }, 6),
      duration: within_({ min: 1, max: 3, unit: 'days' }, 2),
    },
    {
      basis: 'age',
      dosage_id: 12,
      category: { id: 5, category_name: 'Adult', min: 18, max: 65, unit: 'years' },
      label: 'Adult (18–65 years)',
      dose: {
        range: { min: 10, max: 15, unit: 'mg/kg' },
        prescribed: { value: 1000, unit: 'mg' },
        compared: { prescribed: 1000, min: 450, max: 675, unit: 'mg' },
        outcome: 'above_max',
        severity: 'major',
        reason: null,
        message: 'Paracetamol: 1,000 mg is above the 675 mg maximum for Adult (18–65 years)',
      },
      frequency: {
        range: { min: 4, max: 6, unit: 'hours' },
        prescribed: { value: 6, unit: 'hours' },
        compared: null,
        outcome: 'not_checked',
        severity: null,
        reason: 'unit_not_comparable',
        message: null,
      },
      duration: within_({ min: 1, max: 5, unit: 'days' }, 2),
    },
  ],
};

const morphine: Result['medications'][number] = {
  medication_id: 2,
  name: 'Morphine',
  prescribed: { dose: null, frequency: null, duration: null },
  rules: [],
};

const overdose: SafetyFinding = {
  kind: 'dose',
  severity: 'major',
  medication_ids: [1],
  dosage_id: 11,
  basis: 'weight',
  message: 'Paracetamol: 1,000 mg is above the 500 mg maximum for Underweight (0–50 kg)',
};
const noWeight: SafetyFinding = {
  kind: 'not_checked',
  severity: null,
  medication_ids: [2],
  reason: 'missing_weight',
  basis: 'weight',
  message: 'Morphine: no weight given, and it is dosed by weight.',
};
const noDose: SafetyFinding = {
  kind: 'not_checked',
  severity: null,
  medication_ids: [2],
  reason: 'not_prescribed',
  message: 'Morphine: no dose prescribed.',
};

const complete: Result = {
  verdict: 'contraindicated',
  complete: true,
  findings: [
    {
      kind: 'allergy',
      severity: 'contraindicated',
      medication_ids: [1, 9],
      message: 'Paracetamol: the patient is allergic to Aspirin (cross-sensitivity).',
    },
    {
      kind: 'pregnancy',
      severity: 'contraindicated',
      medication_ids: [2],
      pregnancy_category: 'C',
      message: 'Morphine is pregnancy category C.',
    },
    overdose,
    {
      kind: 'interaction',
      severity: 'moderate',
      medication_ids: [1, 2],
      interaction_id: 4,
      allergen: true,
      message: 'Paracetamol and Morphine: flagged as an allergen.',
    },
  ],
  medications: [morphine, paracetamol],
};

function renderResult(result: Result) {
  return render(<SafetyCheckResult result={result} medicationNames={new Map([[9, 'Aspirin']])} />);
}

const verdict = () => within(screen.getByRole('status', { name: 'Verdict' }));

describe('SafetyCheckResult', () => {
  it('shows a complete check: the verdict as a large badge with the word and the severity colour', () => {
    renderResult(complete);
    const badge = verdict().getByText('Contraindicated');
    expect(badge).toHaveAttribute('data-severity', 'contraindicated');
    expect(badge).toHaveStyle({ backgroundColor: SEVERITY_STYLE.contraindicated.background });
    expect(screen.queryByText(/Incomplete/)).not.toBeInTheDocument();
  });

  it.each([
    ['minor', 'Minor', '#fef9c3'],
    ['moderate', 'Moderate', '#ffedd5'],
    ['major', 'Major', '#fee2e2'],
    ['contraindicated', 'Contraindicated', '#f3e8ff'],
  ] as const)(
    'colours a %s verdict (yellow, orange, red, purple) and names it',
    (severity, word, fill) => {
      renderResult({ verdict: severity, complete: true, findings: [], medications: [] });
      expect(verdict().getByText(word)).toHaveStyle({ backgroundColor: fill });
    },
  );

  it('groups the findings by severity, most severe first, naming the medications (an allergy names both)', () => {
    renderResult(complete);
    const headings = screen
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
      .filter((text) => /\(\d+\)$/.test(text ?? ''));
    expect(headings).toEqual(['Contraindicated (2)', 'Major (1)', 'Moderate (1)']);
    const contraindicated = within(screen.getByRole('region', { name: 'Contraindicated (2)' }));
    expect(contraindicated.getByText('Paracetamol + Aspirin')).toBeInTheDocument();
    expect(contraindicated.getByText('Allergy')).toBeInTheDocument();
    const major = within(screen.getByRole('region', { name: 'Major (1)' }));
    expect(major.getByText('Dose')).toBeInTheDocument();
    expect(major.getByText(overdose.message)).toBeInTheDocument();
    const moderate = within(screen.getByRole('region', { name: 'Moderate (1)' }));
    expect(moderate.getByText('Allergen')).toBeInTheDocument();
  });

  it('shows a caution in a condition among the findings of its severity, not as contraindicated', () => {
    renderResult({
      verdict: 'moderate',
      complete: true,
      findings: [
        {
          kind: 'condition',
          severity: 'moderate',
          medication_ids: [1],
          condition_id: 5,
          message: 'Paracetamol: use with caution in Liver cirrhosis.',
        },
      ],
      medications: [paracetamol],
    });
    expect(verdict().getByText('Moderate')).toHaveAttribute('data-severity', 'moderate');
    const moderate = within(screen.getByRole('region', { name: 'Moderate (1)' }));
    expect(moderate.getByText('Condition')).toBeInTheDocument();
    expect(
      moderate.getByText('Paracetamol: use with caution in Liver cirrhosis.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Contraindicated/ })).not.toBeInTheDocument();
  });

  it('shows, per medication, what was prescribed and each rule applied with its outcome', async () => {
    renderResult(complete);
    const section = within(screen.getByRole('region', { name: 'Paracetamol' }));
    expect(
      section.getByText('Prescribed: Dose 1,000 mg, Frequency every 6 hours, Duration 2 days'),
    ).toBeInTheDocument();
    const grid = within(await section.findByRole('grid', { name: 'Rules applied to Paracetamol' }));
    expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rule',
      'Dose',
      'Frequency',
      'Duration',
    ]);
    const row = (label: string) =>
      within(
        grid
          .getByRole('gridcell', { name: new RegExp(`^${label}`) })
          .closest('[role="row"]') as HTMLElement,
      );
    const underweight = row('Underweight');
    expect(underweight.getByText('By weight')).toBeInTheDocument();
    expect(underweight.getByText('325–500 mg')).toBeInTheDocument();
    expect(underweight.getByText('Above maximum')).toHaveAttribute('data-outcome', 'above_max');
    expect(underweight.getAllByText('Within range')).toHaveLength(2);
    // A per-kg range, and what it was for this patient's weight.
    const adult = row('Adult');
    expect(adult.getByText('By age')).toBeInTheDocument();
    expect(adult.getByText('10–15 mg/kg')).toBeInTheDocument();
    expect(adult.getByText('Compared: 1,000 mg against 450–675 mg')).toBeInTheDocument();
    expect(adult.getByText('Not checked')).toHaveAttribute('data-outcome', 'not_checked');
    expect(adult.getByText('Units cannot be compared')).toBeInTheDocument();

    const morphineSection = within(screen.getByRole('region', { name: 'Morphine' }));
    expect(
      morphineSection.getByText(
        'Prescribed: Dose not given, Frequency not given, Duration not given',
      ),
    ).toBeInTheDocument();
    expect(morphineSection.getByText(/No dosing rule applied/)).toBeInTheDocument();
  });

  it('says so, in green, only when the check is complete and found nothing', () => {
    renderResult({ verdict: 'none', complete: true, findings: [], medications: [paracetamol] });
    expect(verdict().getByText('No findings')).toHaveAttribute('data-severity', 'none');
    expect(
      screen.getByText('Nothing in the reference data speaks against this combination.'),
    ).toBeInTheDocument();
  });

  it('never shows green when incomplete: amber "Incomplete: N things could not be checked" with the list', () => {
    renderResult({
      verdict: 'none',
      complete: false,
      findings: [noWeight, noDose],
      medications: [morphine],
    });
    expect(screen.queryByText('No findings')).not.toBeInTheDocument();
    expect(document.querySelector('[data-severity="none"]')).toBeNull();
    expect(screen.queryByText(/Nothing in the reference data speaks against/)).toBeNull();
    const status = screen.getByRole('status', { name: 'Verdict' });
    expect(status).toHaveAttribute('data-complete', 'false');
    const notice = verdict().getByText('Incomplete: 2 things could not be checked');
    const alert = notice.closest('.MuiAlert-root');
    // MUI's warning colour: amber.
    expect(alert).toHaveClass('MuiAlert-colorWarning');
    const list = within(verdict().getByRole('list', { name: 'Could not be checked' }));
    // Each with its reason's label, then its message.
    expect(
      list
        .getAllByRole('listitem')
        .map((item) => Array.from(item.children, (part) => part.textContent)),
    ).toEqual([
      ['No weight given', noWeight.message],
      ['Not prescribed', noDose.message],
    ]);
    expect(screen.getByText(/Nothing found among what could be checked/)).toBeInTheDocument();
  });

  it('keeps the verdict of what was found beside the incomplete notice', () => {
    renderResult({
      verdict: 'major',
      complete: false,
      findings: [overdose, noWeight],
      medications: [morphine, paracetamol],
    });
    expect(verdict().getByText('Major')).toHaveAttribute('data-severity', 'major');
    expect(verdict().getByText('Incomplete: 1 thing could not be checked')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Major (1)' })).toBeInTheDocument();
  });

  it("shows a medication's age limit finding among the findings of its severity, as Age limit", () => {
    const tooYoung: SafetyFinding = {
      kind: 'age_limit',
      severity: 'contraindicated',
      medication_ids: [2],
      message: 'Morphine is contraindicated under 2 months; the patient is 3 weeks.',
    };
    renderResult({
      verdict: 'contraindicated',
      complete: true,
      findings: [tooYoung],
      medications: [morphine],
    });
    expect(verdict().getByText('Contraindicated')).toHaveAttribute(
      'data-severity',
      'contraindicated',
    );
    const group = within(screen.getByRole('region', { name: 'Contraindicated (1)' }));
    expect(group.getByText('Morphine')).toBeInTheDocument();
    expect(group.getByText('Age limit')).toBeInTheDocument();
    expect(group.getByText(tooYoung.message)).toBeInTheDocument();
  });

  it('shows a day above its daily maximum as a Daily dose finding, and the total in a Per day column', async () => {
    const sumatriptan: Result['medications'][number] = {
      medication_id: 3,
      name: 'Sumatriptan',
      prescribed: {
        dose: { value: 100, unit: 'mg' },
        frequency: { value: 12, unit: 'x daily' },
        duration: { value: 1, unit: 'days' },
      },
      rules: [
        {
          basis: 'age',
          dosage_id: 13,
          category: { id: 5, category_name: 'Adult', min: 18, max: 65, unit: 'years' },
          label: 'Adult (18–65 years)',
          dose: within_({ min: 50, max: 100, unit: 'mg' }, 100),
          frequency: within_({ min: 2, max: 4, unit: 'hours' }, 2),
          duration: within_({ min: 1, max: 1, unit: 'days' }, 1),
          daily: {
            range: { min: 0, max: 300, unit: 'mg' },
            prescribed: { value: 1200, unit: 'mg' },
            compared: { prescribed: 1200, min: 0, max: 300, unit: 'mg' },
            outcome: 'above_max',
            severity: 'major',
            reason: null,
            message:
              'Sumatriptan: 100 mg 12 x daily makes 1,200 mg a day, above the 300 mg maximum.',
          },
        },
      ],
    };
    const tooMuch: SafetyFinding = {
      kind: 'daily_dose',
      severity: 'major',
      medication_ids: [3],
      message: sumatriptan.rules[0].daily!.message!,
    };
    renderResult({
      verdict: 'major',
      complete: true,
      findings: [tooMuch],
      medications: [sumatriptan],
    });
    const group = within(screen.getByRole('region', { name: 'Major (1)' }));
    expect(group.getByText('Daily dose')).toBeInTheDocument();
    expect(group.getByText(tooMuch.message)).toBeInTheDocument();
    const grid = within(await screen.findByRole('grid', { name: 'Rules applied to Sumatriptan' }));
    expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rule',
      'Dose',
      'Frequency',
      'Duration',
      'Per day',
    ]);
    expect(grid.getByText('At most 300 mg')).toBeInTheDocument();
    expect(grid.getByText('Above maximum')).toHaveAttribute('data-outcome', 'above_max');
  });

  it('shows one dose above the most for one dose as a Dose finding, and the dose in a One dose column', async () => {
    // 0.15 mg/kg is within a child's range, but at 40 kg it is 6 mg, above the 4 mg any one dose
    // may be.
    const ondansetron: Result['medications'][number] = {
      medication_id: 9,
      name: 'Ondansetron',
      prescribed: {
        dose: { value: 0.15, unit: 'mg/kg' },
        frequency: { value: 12, unit: 'hours' },
        duration: null,
      },
      rules: [
        {
          basis: 'age',
          dosage_id: 21,
          category: { id: 3, category_name: 'Pediatric', min: 1, max: 12, unit: 'years' },
          label: 'Pediatric (1–12 years)',
          dose: within_({ min: 0.1, max: 0.15, unit: 'mg/kg' }, 0.15),
          frequency: within_({ min: 8, max: 12, unit: 'hours' }, 12),
          duration: within_({ min: 1, max: 5, unit: 'days' }, 1),
          single_dose: {
            range: { min: 0, max: 4, unit: 'mg' },
            prescribed: { value: 0.15, unit: 'mg/kg' },
            compared: { prescribed: 6, min: 0, max: 4, unit: 'mg' },
            outcome: 'above_max',
            severity: 'major',
            reason: null,
            message:
              'Ondansetron: 0.15 mg/kg × 40 kg = 6 mg in one dose is above the most for one dose, 4 mg, for Pediatric (1–12 years).',
          },
        },
      ],
    };
    const tooMuch: SafetyFinding = {
      kind: 'dose',
      severity: 'major',
      medication_ids: [9],
      message: ondansetron.rules[0].single_dose!.message!,
    };
    renderResult({
      verdict: 'major',
      complete: true,
      findings: [tooMuch],
      medications: [ondansetron],
    });
    expect(
      within(screen.getByRole('region', { name: 'Major (1)' })).getByText(tooMuch.message),
    ).toBeInTheDocument();
    const grid = within(await screen.findByRole('grid', { name: 'Rules applied to Ondansetron' }));
    expect(grid.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rule',
      'Dose',
      'Frequency',
      'Duration',
      'One dose',
    ]);
    expect(grid.getByText('At most 4 mg')).toBeInTheDocument();
    expect(grid.getByText('Compared: 6 mg against 0–4 mg')).toBeInTheDocument();
    expect(grid.getByText('Above maximum')).toHaveAttribute('data-outcome', 'above_max');
  });

  it('names what could not be checked for a missing pregnancy status or no rule for the age', () => {
    const noPregnancyStatus: SafetyFinding = {
      kind: 'not_checked',
      severity: null,
      medication_ids: [2],
      reason: 'missing_pregnancy_status',
      pregnancy_category: 'D',
      message:
        'Morphine is pregnancy category D: pregnancy status not given, so its risk in pregnancy could not be checked.',
    };
    const noRuleForAge: SafetyFinding = {
      kind: 'not_checked',
      severity: null,
      medication_ids: [1],
      reason: 'no_rule_for_age',
      message:
        'Paracetamol: no dosage rule for a patient of this age (10 days); its weight categories covering the patient are for other ages.',
    };
    renderResult({
      verdict: 'none',
      complete: false,
      findings: [noPregnancyStatus, noRuleForAge],
      medications: [morphine, paracetamol],
    });
    expect(screen.queryByText('No findings')).not.toBeInTheDocument();
    expect(verdict().getByText('Incomplete: 2 things could not be checked')).toBeInTheDocument();
    const items = within(
      verdict().getByRole('list', { name: 'Could not be checked' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => Array.from(item.children, (part) => part.textContent))).toEqual([
      ['Pregnancy status not given', noPregnancyStatus.message],
      ['No dosage rule for this age', noRuleForAge.message],
    ]);
  });

  it('treats a not_checked finding as incomplete even if the answer said complete', () => {
    renderResult({ verdict: 'none', complete: true, findings: [noWeight], medications: [] });
    expect(screen.queryByText('No findings')).not.toBeInTheDocument();
    expect(verdict().getByText('Incomplete: 1 thing could not be checked')).toBeInTheDocument();
  });

  it('names two medications sharing an ingredient a Duplicate ingredient, and an ingredient not totalled for want of a strength', () => {
    const duplicate: SafetyFinding = {
      kind: 'duplicate_ingredient',
      severity: 'moderate',
      medication_ids: [1, 2],
      ingredient_id: 5,
      message: 'Paracetamol and Morphine all contain Paracetamol: count it once, over all of them.',
    };
    const noStrength: SafetyFinding = {
      kind: 'not_checked',
      severity: null,
      medication_ids: [2],
      ingredient_id: 5,
      reason: 'missing_strength',
      message:
        "Morphine: no strength of Paracetamol per tablet is stored, so its Paracetamol could not be added to the day's total.",
    };
    renderResult({
      verdict: 'moderate',
      complete: false,
      findings: [duplicate, noStrength],
      medications: [morphine, paracetamol],
    });
    const moderate = within(screen.getByRole('region', { name: 'Moderate (1)' }));
    const item = within(moderate.getByRole('listitem'));
    expect(item.getByText('Paracetamol + Morphine')).toBeInTheDocument();
    expect(item.getByText('Duplicate ingredient')).toBeInTheDocument();
    expect(item.getByText(duplicate.message)).toBeInTheDocument();
    const unchecked = within(
      verdict().getByRole('list', { name: 'Could not be checked' }),
    ).getAllByRole('listitem');
    expect(
      unchecked.map((entry) => Array.from(entry.children, (part) => part.textContent)),
    ).toEqual([['Strength missing', noStrength.message]]);
  });
});
