import { z } from 'zod';
import {
  DAILY_BELOW_DOSE_MESSAGE,
  DAILY_WITHOUT_DOSE_MESSAGE,
  DOSE_RANGE_MESSAGE,
  INTERVAL_RANGE_MESSAGE,
  RENAL_RULE_EMPTY_MESSAGE,
  newRenalRuleValues,
  renalRuleCreateBody,
  renalRuleSchema,
  renalRuleUpdateBody,
  renalRuleValues,
  type RenalRuleValues,
} from './renalRuleForm';

/** A renal rule form for category 5, nothing stated but `values`. */
const form = (values: Partial<RenalRuleValues>): RenalRuleValues => ({
  ...newRenalRuleValues(5),
  ...values,
});

function problems(values: RenalRuleValues): Record<string, string[]> {
  const result = renalRuleSchema.safeParse(values);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
}

const fieldsOf = (values: RenalRuleValues) => renalRuleSchema.parse(values).fields;

describe('a renal rule form', () => {
  it.each([
    ['nothing stated', {}, { avoid: [RENAL_RULE_EMPTY_MESSAGE] }],
    [
      'a dose range without its maximum',
      { min_dosage: '5' },
      { max_dosage: ['Maximum dose is required'] },
    ],
    [
      'an interval range without its minimum',
      { max_frequency: '24' },
      { min_frequency: ['Minimum interval is required'] },
    ],
    [
      'a minimum dose above the maximum',
      { min_dosage: '10', max_dosage: '5' },
      { min_dosage: [DOSE_RANGE_MESSAGE] },
    ],
    [
      'a minimum interval above the maximum',
      { min_frequency: '48', max_frequency: '24' },
      { min_frequency: [INTERVAL_RANGE_MESSAGE] },
    ],
    [
      'an interval of 0 hours',
      { min_frequency: '0', max_frequency: '24' },
      { min_frequency: ['Minimum interval must be above 0'] },
    ],
    [
      'a negative dose',
      { min_dosage: '-1', max_dosage: '5' },
      { min_dosage: ['Minimum dose must be 0 or more'] },
    ],
    [
      'a maximum per day without a dose range',
      { max_daily_dosage: '10', min_frequency: '24', max_frequency: '24' },
      { max_daily_dosage: [DAILY_WITHOUT_DOSE_MESSAGE] },
    ],
    [
      'a maximum per day below the maximum dose',
      { min_dosage: '5', max_dosage: '10', max_daily_dosage: '8' },
      { max_daily_dosage: [DAILY_BELOW_DOSE_MESSAGE] },
    ],
    [
      'no category',
      { renal_category_id: '', avoid: true },
      { renal_category_id: ['Renal category is required'] },
    ],
  ])('refuses %s under its field', (_what, values, expected) => {
    expect(problems(form(values))).toEqual(expected);
  });

  it('sends Avoid alone, whatever the greyed-out ranges still hold', () => {
    expect(fieldsOf(form({ avoid: true, min_dosage: '5', max_daily_dosage: '1' }))).toEqual({
      avoid: true,
    });
  });

  it('sends a dose range with its unit and maximum per day, and no interval', () => {
    expect(
      fieldsOf(
        form({ min_dosage: '0', max_dosage: '2.5', dosage_unit: 'mg/kg', max_daily_dosage: '5' }),
      ),
    ).toEqual({
      avoid: false,
      min_dosage: 0,
      max_dosage: 2.5,
      dosage_unit: 'mg/kg',
      max_daily_dosage: 5,
    });
  });

  it('sends an interval range alone, with its unit', () => {
    expect(
      fieldsOf(form({ min_frequency: '36', max_frequency: '48', frequency_unit: 'days' })),
    ).toEqual({ avoid: false, min_frequency: 36, max_frequency: 48, frequency_unit: 'days' });
  });

  it('adds the medication and category to a new rule, the id to an edited one, and a reason when given', () => {
    const output = renalRuleSchema.parse(
      form({ min_dosage: '1', max_dosage: '1', dosage_unit: 'mg/kg' }),
    );
    expect(renalRuleCreateBody(7, output, ' Guideline ')).toEqual({
      medication_id: 7,
      renal_category_id: 5,
      avoid: false,
      min_dosage: 1,
      max_dosage: 1,
      dosage_unit: 'mg/kg',
      reason: 'Guideline',
    });
    expect(renalRuleUpdateBody(31, output)).toEqual({
      id: 31,
      avoid: false,
      min_dosage: 1,
      max_dosage: 1,
      dosage_unit: 'mg/kg',
    });
  });

  it("reads a rule's values back into the form, empty where it states nothing", () => {
    const values = renalRuleValues({
      id: 32,
      medication_id: 7,
      medication: { id: 7, name: 'Metformin' },
      renal_category_id: 6,
      renal_category: {
        id: 6,
        min_egfr: 0,
        max_egfr: 15,
        egfr_unit: 'mL/min/1.73m2',
        category_name: 'G5',
        description: null,
      },
      avoid: true,
      min_dosage: null,
      max_dosage: null,
      dosage_unit: null,
      max_daily_dosage: null,
      min_frequency: null,
      max_frequency: null,
      frequency_unit: null,
    });
    expect(values).toEqual({ ...newRenalRuleValues(6), avoid: true });
    expect(fieldsOf(values)).toEqual({ avoid: true });
  });
});
