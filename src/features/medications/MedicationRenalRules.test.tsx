import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { RenalCategory, RenalRule } from '@/api';
import { makeStore } from '@/app/store';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch as mockApi, requestsTo, type MockHandler } from '@/test/mockFetch';
import { noHistory, signedIn } from '@/test/fixtures';
import { amoxicillin } from '@/test/medicationFixtures';
import { oneWorseImpact } from '@/test/testPrescriptionFixtures';
import { MedicationDetailPage } from './MedicationDetailPage';
import { RenalRuleDialog } from './RenalRuleDialog';

// The page with its grids renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const band = (id: number, name: RenalCategory['category_name'], min: number, max: number) => ({
  id,
  min_egfr: min,
  max_egfr: max,
  egfr_unit: 'mL/min/1.73m2' as const,
  category_name: name,
  description: null,
});
// As the server lists them: by unit, then by minimum.
const g5 = band(6, 'G5', 0, 15);
const g4 = band(5, 'G4', 15, 30);
const g3b = band(4, 'G3b', 30, 45);

const NOTHING = {
  avoid: false,
  min_dosage: null,
  max_dosage: null,
  dosage_unit: null,
  max_daily_dosage: null,
  min_frequency: null,
  max_frequency: null,
  frequency_unit: null,
};
const rule = (id: number, category: RenalCategory, states: Partial<RenalRule>): RenalRule => ({
  id,
  medication_id: 7,
  medication: { id: 7, name: 'Amoxicillin' },
  renal_category_id: category.id,
  renal_category: category,
  ...NOTHING,
  ...states,
});
const onceADay = rule(31, g4, {
  min_dosage: 1,
  max_dosage: 1,
  dosage_unit: 'mg/kg',
  min_frequency: 24,
  max_frequency: 24,
  frequency_unit: 'hours',
});
const avoided = rule(32, g5, { avoid: true });

/** GET /renal-rule: each of `versions` in turn (the last one from then on). */
function rules(...versions: RenalRule[][]): MockHandler {
  let call = 0;
  return () => ({ body: { data: versions[Math.min(call++, versions.length - 1)] } });
}

function mockFetch(routes: Record<string, MockHandler>) {
  return mockApi({
    'GET /audit': noHistory,
    'GET /drug-class': { body: { data: [], meta: { total: 0, page: 1, page_size: 100 } } },
    'GET /ingredient': { body: { data: [], meta: { total: 0, page: 1, page_size: 100 } } },
    'GET /medication/7': { body: { data: amoxicillin } },
    'GET /renal-category': { body: { data: [g5, g4, g3b] } },
    ...routes,
  });
}

function renderDetail(store = makeStore(signedIn())) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/drugs/medications/:id" element={<MedicationDetailPage />} />
    </Routes>,
    { route: '/dashboard/drugs/medications/7', store },
  );
}

async function renalSection() {
  const section = within(await screen.findByRole('region', { name: 'Renal Rules' }));
  await section.findByRole('grid', { name: 'Renal Rules' });
  return section;
}

/** The grid's rows as their first four cells' texts. */
function rowsOf(section: { getAllByRole: (role: 'row') => HTMLElement[] }) {
  return section
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('gridcell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    );
}

/** Opens Add Renal Rule once its categories have come: the form's dialog replaces the waiting one. */
async function openAddForm(user: ReturnType<typeof renderDetail>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add Renal Rule' }));
  await screen.findByLabelText(/^Renal Category/);
  return within(screen.getByRole('dialog', { name: 'Add Renal Rule' }));
}

describe("a medication's Renal Rules", () => {
  it('lists each rule: its category, Avoid or the dose range, the most per day and the interval', async () => {
    const fetchMock = mockFetch({ 'GET /renal-rule': rules([onceADay, avoided]) });
    renderDetail();
    const section = await renalSection();
    expect(section.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Renal Category',
      'Dose Range',
      'Max per Day',
      'Interval Range',
      'Actions',
    ]);
    expect(rowsOf(section)).toEqual([
      ['G4 (15 - 30 mL/min/1.73 m²)', '1 - 1 Mg/kg', '--', '24 - 24 Hours'],
      ['G5 (0 - 15 mL/min/1.73 m²)', 'Avoid', '--', '--'],
    ]);
    const [asked] = requestsTo(fetchMock, 'GET /renal-rule');
    expect(Object.fromEntries(new URL(asked.url).searchParams)).toEqual({ medication_id: '7' });
  });

  it('says so when the medication has none', async () => {
    mockFetch({ 'GET /renal-rule': rules([]) });
    renderDetail();
    const section = within(await screen.findByRole('region', { name: 'Renal Rules' }));
    expect(await section.findByText('No renal rules')).toBeInTheDocument();
  });

  it('adds a rule that avoids the medication: Avoid greys out the ranges and is sent alone', async () => {
    const added = rule(33, g3b, { avoid: true });
    const fetchMock = mockFetch({
      'GET /renal-rule': rules([onceADay, avoided], [onceADay, avoided, added]),
      'POST /renal-rule': { status: 201, body: { data: added, message: 'Renal rule added' } },
    });
    const { user } = renderDetail();
    await renalSection();
    const form = await openAddForm(user);
    const category = form.getByLabelText(/^Renal Category/);
    // The categories with a rule are greyed out; the first without one is chosen.
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => [option.textContent, (option as HTMLOptionElement).disabled]),
    ).toEqual([
      ['G5 (0 - 15 mL/min/1.73 m²)', true],
      ['G4 (15 - 30 mL/min/1.73 m²)', true],
      ['G3b (30 - 45 mL/min/1.73 m²)', false],
    ]);
    expect(category).toHaveDisplayValue('G3b (30 - 45 mL/min/1.73 m²)');

    await user.fill(form.getByLabelText(/^Minimum dose/), '5');
    await user.click(form.getByRole('checkbox', { name: 'Avoid at this kidney function' }));
    for (const label of [
      /^Minimum dose/,
      /^Maximum dose/,
      /^Dose unit/,
      /^Maximum per day/,
      /^Minimum interval/,
      /^Maximum interval/,
      /^Interval unit/,
    ]) {
      expect(form.getByLabelText(label)).toBeDisabled();
    }
    await user.click(form.getByRole('button', { name: 'Add Rule' }));
    expect(await findToast('Renal rule added')).toBeInTheDocument();
    // What was typed before Avoid was checked is not sent.
    expect(await requestsTo(fetchMock, 'POST /renal-rule')[0].json()).toEqual({
      medication_id: 7,
      renal_category_id: 4,
      avoid: true,
    });
    const section = await renalSection();
    await waitFor(() => expect(rowsOf(section)).toHaveLength(3));
    expect(rowsOf(section)[2]).toEqual(['G3b (30 - 45 mL/min/1.73 m²)', 'Avoid', '--', '--']);
  });

  it('checks the ranges before sending, sends them, and shows the server refusing a second rule for a category', async () => {
    const refusal = 'This medication already has a rule for this category. Edit it instead.';
    const fetchMock = mockFetch({
      'GET /renal-rule': rules([onceADay]),
      'POST /renal-rule': { status: 409, body: { message: refusal } },
    });
    const { user } = renderDetail();
    await renalSection();
    const form = await openAddForm(user);
    const save = () => user.click(form.getByRole('button', { name: 'Add Rule' }));

    // Nothing stated.
    await save();
    expect(
      await form.findByText('Give a dose range, an interval range, or check Avoid'),
    ).toBeInTheDocument();

    // Half a range, then a minimum above its maximum.
    await user.fill(form.getByLabelText(/^Minimum dose/), '5');
    expect(await form.findByText('Maximum dose is required')).toBeInTheDocument();
    expect(
      form.queryByText('Give a dose range, an interval range, or check Avoid'),
    ).not.toBeInTheDocument();
    await user.fill(form.getByLabelText(/^Maximum dose/), '2');
    expect(await form.findByText('Minimum dose must not exceed maximum dose')).toBeInTheDocument();
    expect(form.getByLabelText(/^Minimum dose/)).toHaveAttribute('aria-invalid', 'true');

    // A day's maximum below the largest dose.
    await user.clear(form.getByLabelText(/^Maximum dose/));
    await user.fill(form.getByLabelText(/^Maximum dose/), '10');
    await user.fill(form.getByLabelText(/^Maximum per day/), '8');
    expect(
      await form.findByText('Maximum per day must not be below the maximum dose'),
    ).toBeInTheDocument();
    await user.fill(form.getByLabelText(/^Maximum per day/), '0');
    await user.fill(form.getByLabelText(/^Minimum interval/), '12');
    await user.fill(form.getByLabelText(/^Maximum interval/), '24');
    await user.selectOptions(form.getByLabelText(/^Dose unit/), 'mg');
    await user.selectOptions(form.getByLabelText(/^Interval unit/), 'hours');
    expect(requestsTo(fetchMock, 'POST /renal-rule')).toHaveLength(0);

    await save();
    // Refused: the form stays open with the server's words.
    expect(await form.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Add Renal Rule' })).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /renal-rule')[0].json()).toEqual({
      medication_id: 7,
      renal_category_id: 6,
      avoid: false,
      min_dosage: 5,
      max_dosage: 10,
      dosage_unit: 'mg',
      max_daily_dosage: 80,
      min_frequency: 12,
      max_frequency: 24,
      frequency_unit: 'hours',
    });
  });

  it('edits a rule: its values read in, the category fixed, the whole rule sent as it now stands', async () => {
    const fetchMock = mockFetch({
      'GET /renal-rule': rules([onceADay]),
      'PUT /renal-rule': {
        body: { data: { ...onceADay, max_frequency: 48 }, message: 'Renal rule updated' },
      },
    });
    const { user } = renderDetail();
    const section = await renalSection();
    await user.click(
      section.getByRole('button', { name: 'Edit renal rule for G4 (15 - 30 mL/min/1.73 m²)' }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'Edit Renal Rule' }));
    expect(form.getByLabelText(/^Renal Category/)).toBeDisabled();
    expect(form.getByLabelText(/^Renal Category/)).toHaveDisplayValue(
      'G4 (15 - 30 mL/min/1.73 m²)',
    );
    expect(form.getByRole('checkbox', { name: 'Avoid at this kidney function' })).not.toBeChecked();
    expect(form.getByLabelText(/^Minimum dose/)).toHaveValue(1);
    expect(form.getByLabelText(/^Dose unit/)).toHaveValue('mg/kg');
    expect(form.getByLabelText(/^Maximum per day/)).toHaveValue(null);
    expect(form.getByLabelText(/^Maximum interval/)).toHaveValue(24);
    await user.clear(form.getByLabelText(/^Maximum interval/));
    await user.fill(form.getByLabelText(/^Maximum interval/), '48');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Renal rule updated')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /renal-rule')[0].json()).toEqual({
      id: 31,
      avoid: false,
      min_dosage: 1,
      max_dosage: 1,
      dosage_unit: 'mg/kg',
      min_frequency: 24,
      max_frequency: 48,
      frequency_unit: 'hours',
    });
  });

  it('deletes a rule after the confirm', async () => {
    const fetchMock = mockFetch({
      'GET /renal-rule': rules([onceADay, avoided], [onceADay]),
      'DELETE /renal-rule': { body: { message: 'Renal rule deleted successfully' } },
    });
    const { user } = renderDetail();
    const section = await renalSection();
    await user.click(
      section.getByRole('button', { name: 'Delete renal rule for G5 (0 - 15 mL/min/1.73 m²)' }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Renal Rule' }));
    expect(
      confirm.getByText('Are you sure you want to delete this renal rule?'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Renal rule deleted successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /renal-rule')[0].json()).toEqual({ id: 32 });
    await waitFor(() => expect(rowsOf(section)).toHaveLength(1));
  });
});

describe("a renal rule change's impact on the test prescriptions", () => {
  it('the form previews exactly the rule it then sends, and says a test would be worse than expected', async () => {
    const enoxaparin = { id: 12, name: 'Enoxaparin' };
    const twiceDaily = { ...onceADay, medication_id: 12, medication: enoxaparin };
    const fetchMock = mockApi({
      // Only twice a day loses the warning; the rule as it stands changes nothing.
      'POST /test-prescription/impact': async (request) =>
        (await request.json()).body.min_frequency === 12
          ? oneWorseImpact(
              'Enoxaparin 70 mg twice daily at an eGFR of 25',
              'No longer: frequency finding for Enoxaparin (major)',
            )
          : { body: { data: { total: 12, altered: 0, worse: 0, tests: [] } } },
      'PUT /renal-rule': { body: { data: twiceDaily, message: 'Renal rule updated' } },
    });
    const { user } = renderWithProviders(
      <RenalRuleDialog
        open
        medication={enoxaparin}
        rule={twiceDaily}
        categoryIds={[]}
        onClose={jest.fn()}
      />,
      { preloadedState: signedIn() },
    );
    const form = within(screen.getByRole('dialog', { name: 'Edit Renal Rule' }));
    await user.clear(form.getByLabelText(/^Minimum interval/));
    await user.fill(form.getByLabelText(/^Minimum interval/), '12');
    expect(await form.findByText('1 would be worse than expected')).toBeInTheDocument();
    const preview = await requestsTo(fetchMock, 'POST /test-prescription/impact').at(-1)!.json();
    expect(preview).toEqual({
      operation: 'updateRenalRule',
      body: {
        id: 31,
        avoid: false,
        min_dosage: 1,
        max_dosage: 1,
        dosage_unit: 'mg/kg',
        min_frequency: 12,
        max_frequency: 24,
        frequency_unit: 'hours',
      },
    });
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await findToast('Renal rule updated')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'PUT /renal-rule')[0].json()).toEqual(preview.body);
  });
});
