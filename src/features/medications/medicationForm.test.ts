import {
  addMedicationDefaults,
  addMedicationPayload,
  addMedicationSchema,
  DAILY_DOSAGE_MESSAGE,
  dosageRanges,
  dosageSchema,
  SINGLE_DOSE_MESSAGE,
  editDosageDefaults,
  editMedicationDefaults,
  editMedicationPayload,
  newDosageDefaults,
} from './medicationForm';
import {
  ageCategories,
  ageDosage,
  amoxicillin,
  conditions,
  paracetamol,
  weightCategories,
  weightDosage,
} from '@/test/medicationFixtures';

const defaults = () => ({
  ...addMedicationDefaults(weightCategories, ageCategories),
  condition_id: String(conditions[0].id),
});

describe('the Add Medication form', () => {
  it('pre-selects the first categories, or none when there are none, and no condition', () => {
    expect(addMedicationDefaults(weightCategories, ageCategories)).toMatchObject({
      condition_id: '',
      weightCategoryId: '11',
      ageCategoryId: '21',
      is_dosage_weight_based: false,
      isPregnancy: false,
      pregnancy_category: 'A',
      avg_weight_dosage_unit: 'mg',
    });
    expect(addMedicationDefaults([], [])).toMatchObject({
      condition_id: '',
      weightCategoryId: '',
      ageCategoryId: '',
    });
  });

  it('builds a weight_dosage block only when weight-based, with the numbers converted', () => {
    const values = addMedicationSchema.parse({
      ...defaults(),
      name: ' Cefalexin ',
      minimumDosage: '12.5',
      maximumDosage: '25',
      avg_weight_dosage: '',
      is_dosage_weight_based: true,
      isPregnancy: true,
      pregnancy_category: 'X',
      contraindications: [2],
    });
    expect(addMedicationPayload(values)).toEqual({
      name: 'Cefalexin',
      condition_id: 1,
      is_dosage_weight_based: true,
      avg_weight_dosage: null,
      avg_weight_dosage_unit: 'mg',
      contraindications: [2],
      pregnancy_category: 'X',
      weight_dosage: {
        weight_category_id: 11,
        min_dosage: 12.5,
        max_dosage: 25,
        dosage_unit: 'mg',
        min_frequency: 1,
        max_frequency: 3,
        frequency_unit: 'hours',
        min_duration: 3,
        max_duration: 7,
        duration_unit: 'days',
        max_daily_dosage: null,
        max_dose: null,
      },
    });
  });

  it('refuses each minimum above its maximum, under the minimum', () => {
    const result = addMedicationSchema.safeParse({
      ...defaults(),
      name: 'X',
      minimumDosage: '5',
      maximumDosage: '4',
      minimumFrequency: '4',
      minimumFrequencyDuration: '8',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['minimumDosage', 'Minimum dosage must not exceed maximum dosage'],
      ['minimumFrequency', 'Minimum frequency must not exceed maximum frequency'],
      ['minimumFrequencyDuration', 'Minimum duration must not exceed maximum duration'],
    ]);
  });

  it('needs the category of the chosen dosage type only', () => {
    const base = { ...defaults(), name: 'X', minimumDosage: '1', maximumDosage: '2' };
    expect(addMedicationSchema.safeParse({ ...base, weightCategoryId: '' }).success).toBe(true);
    const missing = addMedicationSchema.safeParse({
      ...base,
      is_dosage_weight_based: true,
      weightCategoryId: '',
    });
    expect(missing.error?.issues[0]).toMatchObject({
      path: ['weightCategoryId'],
      message: 'Weight category is required',
    });
  });
});

describe('the Edit Medication form', () => {
  it('starts checked with the category, and unchecked (category A) without one', () => {
    // No age limit: the box unchecked, contraindicated in years once checked.
    const noAgeLimit = {
      hasAgeLimit: false,
      minimumAge: '',
      maximumAge: '',
      ageUnit: 'years',
      ageLimitSeverity: 'contraindicated',
    };
    expect(editMedicationDefaults(amoxicillin)).toEqual({
      name: 'Amoxicillin',
      isPregnancy: true,
      pregnancy_category: 'B',
      ...noAgeLimit,
      codes: [],
    });
    expect(editMedicationDefaults(paracetamol)).toEqual({
      name: 'Paracetamol',
      isPregnancy: false,
      pregnancy_category: 'A',
      ...noAgeLimit,
      codes: [],
    });
  });

  it("sends '' to clear the category when unchecked, and no age limit while it is unchanged", () => {
    expect(
      editMedicationPayload(amoxicillin, {
        ...editMedicationDefaults(amoxicillin),
        isPregnancy: false,
        // Typed, then unchecked: still no limit, so nothing to send.
        minimumAge: '12',
      }),
    ).toEqual({ id: 7, name: 'Amoxicillin', pregnancy_category: '' });
  });
});

describe('the dosage forms', () => {
  it('read an existing dosage, durations included (read as min_frequency_duration)', () => {
    expect(editDosageDefaults('age', ageDosage)).toEqual({
      categoryId: '21',
      minimumDosage: '5',
      maximumDosage: '10',
      dosageUnit: 'ml',
      minimumFrequency: '6',
      maximumFrequency: '8',
      frequencyUnit: 'hours',
      minimumFrequencyDuration: '1',
      maximumFrequencyDuration: '2',
      frequencyDurationUnit: 'weeks',
      maximumDailyDosage: '',
      maximumSingleDose: '',
    });
    // A daily maximum is read into its field, and so is a single-dose maximum.
    expect(editDosageDefaults('weight', weightDosage).maximumDailyDosage).toBe('1500');
    expect(
      editDosageDefaults('age', { ...ageDosage, dosage_unit: 'mg/kg', max_dose: 4 })
        .maximumSingleDose,
    ).toBe('4');
  });

  it('take a single-dose maximum above 0 or none: empty is null, 0 or a negative is refused under it', () => {
    const withSingle = (maximumSingleDose: string) =>
      dosageSchema.safeParse({
        ...newDosageDefaults(weightCategories),
        minimumDosage: '0.1',
        maximumDosage: '0.15',
        dosageUnit: 'mg/kg',
        maximumSingleDose,
      });
    const empty = withSingle('');
    expect(empty.success && dosageRanges(empty.data).max_dose).toBeNull();
    const four = withSingle('4');
    expect(four.success && dosageRanges(four.data).max_dose).toBe(4);
    for (const [value, message] of [
      ['0', SINGLE_DOSE_MESSAGE],
      ['-1', 'Maximum single dose must be 0 or more'],
      ['abc', 'Maximum single dose must be a number'],
    ]) {
      const refused = withSingle(value);
      expect(refused.success).toBe(false);
      expect(
        refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
      ).toContainEqual(['maximumSingleDose', message]);
    }
  });

  it('keep a day at least one maximum dose: an empty daily maximum is none, below the dose or 0 is refused under it', () => {
    const withDaily = (maximumDailyDosage: string) =>
      dosageSchema.safeParse({
        ...newDosageDefaults(weightCategories),
        minimumDosage: '250',
        maximumDosage: '500',
        maximumDailyDosage,
      });
    const empty = withDaily('');
    expect(empty.success && empty.data.maximumDailyDosage).toBeNull();
    const equal = withDaily('500');
    expect(equal.success && equal.data.maximumDailyDosage).toBe(500);
    for (const [value, message] of [
      ['400', DAILY_DOSAGE_MESSAGE],
      ['0', 'Maximum per day must be above 0'],
    ]) {
      const refused = withDaily(value);
      expect(refused.success).toBe(false);
      expect(
        refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message]),
      ).toContainEqual(['maximumDailyDosage', message]);
    }
  });

  it('start a new dosage with the first category and the dosage defaults', () => {
    expect(newDosageDefaults(weightCategories)).toMatchObject({
      categoryId: '11',
      dosageUnit: 'mg',
      minimumFrequency: '1',
      maximumFrequency: '3',
      frequencyUnit: 'hours',
      minimumFrequencyDuration: '3',
      maximumFrequencyDuration: '7',
      frequencyDurationUnit: 'days',
    });
  });

  it('refuse negative and missing amounts', () => {
    const result = dosageSchema.safeParse({
      ...newDosageDefaults(weightCategories),
      minimumDosage: '-1',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Minimum dosage must be 0 or more',
      'Maximum dosage is required',
    ]);
  });
});
