import { screen, waitFor, within } from '@testing-library/react';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { DosageDialog } from './DosageDialog';
import {
  DAILY_DOSAGE_MESSAGE,
  SINGLE_DOSE_MESSAGE,
  type AnyDosage,
  type DosageKind,
} from './medicationForm';
import {
  ageDosage,
  amoxicillin,
  paracetamol,
  referenceLists,
  weightDosage,
} from '@/test/medicationFixtures';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function openDialog(
  kind: DosageKind,
  title: string,
  dosage?: AnyDosage,
  routes: Parameters<typeof mockFetch>[0] = {},
) {
  const fetchMock = mockFetch({ ...referenceLists, ...routes });
  const onClose = jest.fn();
  const medication = kind === 'weight' ? amoxicillin : paracetamol;
  const view = renderWithProviders(
    <DosageDialog open kind={kind} medication={medication} dosage={dosage} onClose={onClose} />,
    { preloadedState: signedIn() },
  );
  await screen.findByLabelText(/^Minimum dosage/);
  const dialog = within(screen.getByRole('dialog', { name: title }));
  return { ...view, dialog, fetchMock, onClose };
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('Add Weight-Based Dosage', () => {
  it('shows the medication, pre-selects the first weight category, and has the dosage defaults', async () => {
    const { dialog } = await openDialog('weight', 'Add Weight-Based Dosage');
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    expect(dialog.getByLabelText(/^Weight Category/)).toHaveValue('11');
    expect(dialog.getByLabelText(/^Minimum dosage/)).toHaveValue(null);
    expect(dialog.getByLabelText('Dosage unit')).toHaveValue('mg');
    expect(dialog.getByLabelText(/^Minimum frequency/)).toHaveValue(1);
    expect(dialog.getByLabelText(/^Maximum frequency/)).toHaveValue(3);
    expect(dialog.getByLabelText('Frequency unit')).toHaveValue('hours');
    expect(dialog.getByLabelText(/^Minimum duration/)).toHaveValue(3);
    expect(dialog.getByLabelText(/^Maximum duration/)).toHaveValue(7);
    expect(dialog.getByLabelText('Duration unit')).toHaveValue('days');
    expect(options(dialog.getByLabelText('Duration unit'))).toEqual(['Days', 'Weeks', 'Months']);
  });

  it('sends the medication, category and ranges with write names and lowercase units', async () => {
    const { dialog, user, fetchMock, onClose } = await openDialog(
      'weight',
      'Add Weight-Based Dosage',
      undefined,
      {
        'POST /medication/add-weight-based-dosage': {
          status: 201,
          body: { data: weightDosage, message: 'Weight dosage added successfully' },
        },
      },
    );
    await user.selectOptions(dialog.getByLabelText(/^Weight Category/), '12');
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '0.5');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '1.5');
    await user.selectOptions(dialog.getByLabelText('Dosage unit'), 'ml');
    await user.fill(dialog.getByLabelText(/^Maximum per day/), '6');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(await findToast('Weight dosage added successfully')).toBeInTheDocument();
    expect(
      await requestsTo(fetchMock, 'POST /medication/add-weight-based-dosage')[0].json(),
    ).toEqual({
      medication_id: 7,
      weight_category_id: 12,
      min_dosage: 0.5,
      max_dosage: 1.5,
      dosage_unit: 'ml',
      min_frequency: 1,
      max_frequency: 3,
      frequency_unit: 'hours',
      min_duration: 3,
      max_duration: 7,
      duration_unit: 'days',
      max_daily_dosage: 6,
      max_dose: null,
      reason: 'Guideline',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses a minimum above its maximum and a day below one dose, under the fields, without a request', async () => {
    const { dialog, user, fetchMock } = await openDialog('weight', 'Add Weight-Based Dosage');
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '5');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '10');
    await user.clear(dialog.getByLabelText(/^Maximum frequency/));
    await user.fill(dialog.getByLabelText(/^Maximum frequency/), '0.5');
    // A day holding less than one 10 mg dose.
    await user.fill(dialog.getByLabelText(/^Maximum per day/), '8');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(
      await dialog.findByText('Minimum frequency must not exceed maximum frequency'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Maximum per day/)).toHaveAccessibleDescription(
      expect.stringContaining(DAILY_DOSAGE_MESSAGE),
    );
    expect(requestsTo(fetchMock, 'POST /medication/add-weight-based-dosage')).toHaveLength(0);
  });

  it("shows the server's conflict in a toast", async () => {
    const { dialog, user } = await openDialog('weight', 'Add Weight-Based Dosage', undefined, {
      'POST /medication/add-weight-based-dosage': {
        status: 409,
        body: {
          message:
            'This medication already has a dosage for this category. Edit that dosage instead.',
        },
      },
    });
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '5');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '10');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(await findToast(/already has a dosage for this category/)).toBeInTheDocument();
  });
});

describe('the reason', () => {
  it('is required for any dosage range: nothing is sent without one', async () => {
    const { dialog, user, fetchMock } = await openDialog('weight', 'Add Weight-Based Dosage');
    expect(dialog.getByLabelText(/^Reason for the change/)).toBeRequired();
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '5');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '10');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /medication/add-weight-based-dosage')).toHaveLength(0);
  });
});

describe('Add Age-Based Dosage', () => {
  it('pre-selects the first age category and sends an age dosage, per kilogram', async () => {
    const { dialog, user, fetchMock } = await openDialog('age', 'Add Age-Based Dosage', undefined, {
      'POST /medication/add-age-based-dosage': {
        status: 201,
        body: { data: ageDosage, message: 'Age dosage added successfully' },
      },
    });
    expect(dialog.getByLabelText('Medication')).toHaveValue('Paracetamol');
    expect(dialog.getByLabelText(/^Age Category/)).toHaveValue('21');
    expect(options(dialog.getByLabelText(/^Age Category/))).toEqual([
      'Adult (18 - 65 Years)',
      'Pediatric (2 - 17 Years)',
    ]);
    expect(options(dialog.getByLabelText('Dosage unit'))).toEqual([
      'Mg',
      'Ml',
      'G',
      'Mg/kg',
      'Mcg/kg',
      'Tablet',
      'Capsule',
    ]);
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '10');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '15');
    await user.selectOptions(dialog.getByLabelText('Dosage unit'), 'mg/kg');
    await user.selectOptions(dialog.getByLabelText('Duration unit'), 'weeks');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(await findToast('Age dosage added successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'POST /medication/add-age-based-dosage')[0].json()).toEqual({
      medication_id: 8,
      age_category_id: 21,
      min_dosage: 10,
      max_dosage: 15,
      dosage_unit: 'mg/kg',
      min_frequency: 1,
      max_frequency: 3,
      frequency_unit: 'hours',
      min_duration: 3,
      max_duration: 7,
      duration_unit: 'weeks',
      max_daily_dosage: null,
      max_dose: null,
      reason: 'Guideline',
    });
  });
});

describe('the maximum single dose', () => {
  it('states its unit, the dosage unit without per kg, and sends it as max_dose', async () => {
    const { dialog, user, fetchMock } = await openDialog('age', 'Add Age-Based Dosage', undefined, {
      'POST /medication/add-age-based-dosage': {
        status: 201,
        body: { data: ageDosage, message: 'Age dosage added successfully' },
      },
    });
    const field = dialog.getByLabelText(/^Maximum single dose/);
    expect(field).toHaveValue(null);
    expect(field).toHaveAccessibleDescription('The most in one dose, in mg. Empty for none.');
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '0.1');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '0.15');
    await user.selectOptions(dialog.getByLabelText('Dosage unit'), 'mg/kg');
    expect(field).toHaveAccessibleDescription(
      'The most in one dose, in mg (not per kg). Empty for none.',
    );
    await user.fill(field, '4');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    expect(await findToast('Age dosage added successfully')).toBeInTheDocument();
    expect(
      await requestsTo(fetchMock, 'POST /medication/add-age-based-dosage')[0].json(),
    ).toMatchObject({ min_dosage: 0.1, max_dosage: 0.15, dosage_unit: 'mg/kg', max_dose: 4 });
  });

  it('refuses 0 under the field, without a request', async () => {
    const { dialog, user, fetchMock } = await openDialog('age', 'Add Age-Based Dosage');
    await user.fill(dialog.getByLabelText(/^Minimum dosage/), '0.1');
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '0.15');
    await user.selectOptions(dialog.getByLabelText('Dosage unit'), 'mg/kg');
    await user.fill(dialog.getByLabelText(/^Maximum single dose/), '0');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Add Dosage' }));
    await waitFor(() =>
      expect(dialog.getByLabelText(/^Maximum single dose/)).toHaveAccessibleDescription(
        SINGLE_DOSE_MESSAGE,
      ),
    );
    expect(requestsTo(fetchMock, 'POST /medication/add-age-based-dosage')).toHaveLength(0);
  });

  it('starts an edit with the stored value; emptied, it is sent as null (none)', async () => {
    const perKg = { ...ageDosage, dosage_unit: 'mg/kg' as const, max_dose: 4 };
    const { dialog, user, fetchMock } = await openDialog('age', 'Edit Age-Based Dosage', perKg, {
      'PUT /medication/update-age-based-dosage': {
        body: { data: ageDosage, message: 'Age dosage updated successfully' },
      },
    });
    expect(dialog.getByLabelText(/^Maximum single dose/)).toHaveValue(4);
    await user.clear(dialog.getByLabelText(/^Maximum single dose/));
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Age dosage updated successfully')).toBeInTheDocument();
    expect(
      await requestsTo(fetchMock, 'PUT /medication/update-age-based-dosage')[0].json(),
    ).toMatchObject({ id: 201, dosage_unit: 'mg/kg', max_dose: null });
  });

  it("puts the server's refusal under the field", async () => {
    const { dialog, user } = await openDialog('age', 'Edit Age-Based Dosage', ageDosage, {
      'PUT /medication/update-age-based-dosage': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { max_dose: ['must be > 0'] },
        },
      },
    });
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('The given data was invalid.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Maximum single dose/)).toHaveAccessibleDescription(
      'must be > 0',
    );
  });
});

describe('Edit dosage', () => {
  it("starts with the dosage's values; the category cannot change; duration units Hours, Days, Weeks", async () => {
    const { dialog, fetchMock } = await openDialog(
      'weight',
      'Edit Weight-Based Dosage',
      weightDosage,
    );
    const category = dialog.getByLabelText(/^Weight Category/);
    expect(category).toBeDisabled();
    expect(options(category)).toEqual(['Normal (18.5 - 24.9 Kg)']);
    expect(
      dialog.getByText('The category of an existing dosage cannot be changed'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Minimum dosage/)).toHaveValue(250);
    expect(dialog.getByLabelText(/^Maximum dosage/)).toHaveValue(500);
    expect(dialog.getByLabelText(/^Minimum duration/)).toHaveValue(3);
    expect(dialog.getByLabelText(/^Maximum duration/)).toHaveValue(7);
    expect(dialog.getByLabelText(/^Maximum per day/)).toHaveValue(1500);
    expect(options(dialog.getByLabelText('Frequency unit'))).toEqual(['Hours', 'Days', 'Weeks']);
    expect(options(dialog.getByLabelText('Duration unit'))).toEqual(['Hours', 'Days', 'Weeks']);
    // Editing needs no category list.
    expect(requestsTo(fetchMock)).toHaveLength(0);
  });

  it('keeps an older unit that the edit list lacks (weeks of an age dosage stay; months would too)', async () => {
    const { dialog } = await openDialog('age', 'Edit Age-Based Dosage', {
      ...ageDosage,
      frequency_duration_unit: 'months',
    });
    expect(dialog.getByLabelText('Duration unit')).toHaveValue('months');
    expect(options(dialog.getByLabelText('Duration unit'))).toEqual([
      'Hours',
      'Days',
      'Weeks',
      'Months',
    ]);
  });

  it('sends id and the ranges (no medication or category) to the update call', async () => {
    const { dialog, user, fetchMock } = await openDialog(
      'age',
      'Edit Age-Based Dosage',
      ageDosage,
      {
        'PUT /medication/update-age-based-dosage': {
          body: { data: ageDosage, message: 'Age dosage updated successfully' },
        },
      },
    );
    await user.clear(dialog.getByLabelText(/^Maximum dosage/));
    await user.fill(dialog.getByLabelText(/^Maximum dosage/), '12');
    await user.selectOptions(dialog.getByLabelText('Duration unit'), 'days');
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Age dosage updated successfully')).toBeInTheDocument();
    expect(
      await requestsTo(fetchMock, 'PUT /medication/update-age-based-dosage')[0].json(),
    ).toEqual({
      id: 201,
      min_dosage: 5,
      max_dosage: 12,
      dosage_unit: 'ml',
      min_frequency: 6,
      max_frequency: 8,
      frequency_unit: 'hours',
      min_duration: 1,
      max_duration: 2,
      duration_unit: 'days',
      max_daily_dosage: null,
      max_dose: null,
      reason: 'Guideline',
    });
  });

  it("puts the server's range refusal under the field", async () => {
    const { dialog, user } = await openDialog('weight', 'Edit Weight-Based Dosage', weightDosage, {
      'PUT /medication/update-weight-based-dosage': {
        status: 422,
        body: {
          message: 'Minimum must not exceed maximum.',
          errors: { min_duration: ['min_duration must not exceed max_duration'] },
        },
      },
    });
    await user.fill(dialog.getByLabelText(/^Reason for the change/), 'Guideline');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Minimum must not exceed maximum.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Minimum duration/)).toHaveAccessibleDescription(
      'min_duration must not exceed max_duration',
    );
  });
});
