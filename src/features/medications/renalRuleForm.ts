import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { RenalRule, RenalRuleCreate, RenalRuleUpdate } from '@/api';
import { reasonPayload } from '@/components/crud/reason';
import { DOSAGE_UNITS, RENAL_FREQUENCY_UNITS } from '@contract/enums';

/**
 * A medication's renal rules: what it may be given at in a kidney function category, or that it
 * is avoided there. Either Avoid alone, or a dose range (minimum, maximum and unit, with a maximum
 * per day if wanted) and/or a range of intervals between doses, each all or nothing: the server's
 * rules, checked here first so that the form says which field is wrong.
 */

export const RENAL_RULE_EMPTY_MESSAGE = 'Give a dose range, an interval range, or check Avoid';
export const DOSE_RANGE_MESSAGE = 'Minimum dose must not exceed maximum dose';
export const INTERVAL_RANGE_MESSAGE = 'Minimum interval must not exceed maximum interval';
export const DAILY_BELOW_DOSE_MESSAGE = 'Maximum per day must not be below the maximum dose';
export const DAILY_WITHOUT_DOSE_MESSAGE = 'Maximum per day needs a dose range';

/** The contract's largest amount. */
const LARGEST = 1_000_000;

/** What the rule states, as the create and update calls both take it. */
export type RenalRuleFields = Omit<RenalRuleUpdate, 'id' | 'reason'>;

/** The form's inputs: numbers as typed ('' for not stated), the category's id as a string. */
const renalRuleShape = {
  renal_category_id: z.string().min(1, 'Renal category is required'),
  avoid: z.boolean(),
  min_dosage: z.string().trim(),
  max_dosage: z.string().trim(),
  dosage_unit: z.enum(DOSAGE_UNITS),
  max_daily_dosage: z.string().trim(),
  min_frequency: z.string().trim(),
  max_frequency: z.string().trim(),
  frequency_unit: z.enum(RENAL_FREQUENCY_UNITS),
};
type RenalRuleInputs = z.output<z.ZodObject<typeof renalRuleShape>>;
type AmountField =
  'min_dosage' | 'max_dosage' | 'max_daily_dosage' | 'min_frequency' | 'max_frequency';

/** A range of the rule: its two fields and how the messages name them. */
interface RangeSpec {
  min: AmountField;
  max: AmountField;
  /** 'dose': 'Minimum dose', 'Maximum dose'. */
  noun: string;
  /** Whether the minimum may be 0 (a dose's may: the contract's Amount; an interval's may not). */
  zeroMinimum: boolean;
  rangeMessage: string;
}

const DOSE: RangeSpec = {
  min: 'min_dosage',
  max: 'max_dosage',
  noun: 'dose',
  zeroMinimum: true,
  rangeMessage: DOSE_RANGE_MESSAGE,
};
const INTERVAL: RangeSpec = {
  min: 'min_frequency',
  max: 'max_frequency',
  noun: 'interval',
  zeroMinimum: false,
  rangeMessage: INTERVAL_RANGE_MESSAGE,
};

/** An amount as typed, checked against the contract's bounds: its number, or null with an issue. */
function checkedAmount(
  values: RenalRuleInputs,
  field: AmountField,
  label: string,
  zeroAllowed: boolean,
  context: z.RefinementCtx,
): number | null {
  const value = Number(values[field]);
  const problem = !Number.isFinite(value)
    ? `${label} must be a number`
    : zeroAllowed && value < 0
      ? `${label} must be 0 or more`
      : !zeroAllowed && value <= 0
        ? `${label} must be above 0`
        : value > LARGEST
          ? `${label} must be at most 1,000,000`
          : null;
  if (!problem) return value;
  context.addIssue({ code: 'custom', path: [field], message: problem });
  return null;
}

/**
 * A range's two ends: both or neither, each a valid amount, the minimum not above the maximum.
 * Its maximum when the range is stated and valid; 'none' when neither end is given.
 */
function checkRange(
  values: RenalRuleInputs,
  spec: RangeSpec,
  context: z.RefinementCtx,
): number | null | 'none' {
  const minGiven = values[spec.min] !== '';
  const maxGiven = values[spec.max] !== '';
  if (!minGiven && !maxGiven) return 'none';
  const ends = [
    [spec.min, `Minimum ${spec.noun}`, minGiven, spec.zeroMinimum],
    [spec.max, `Maximum ${spec.noun}`, maxGiven, false],
  ] as const;
  const [low, high] = ends.map(([field, label, given, zero]) => {
    if (given) return checkedAmount(values, field, label, zero, context);
    context.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
    return null;
  });
  if (low === null || high === null) return null;
  if (low > high)
    context.addIssue({ code: 'custom', path: [spec.min], message: spec.rangeMessage });
  return high;
}

/**
 * The server's rules, each problem under its field. A rule that avoids the medication is checked
 * no further: its ranges are greyed out, and not sent.
 */
function checkRule(values: RenalRuleInputs, context: z.RefinementCtx) {
  if (values.avoid) return;
  const dose = checkRange(values, DOSE, context);
  const interval = checkRange(values, INTERVAL, context);
  const dailyGiven = values.max_daily_dosage !== '';
  if (dailyGiven) {
    const label = 'Maximum per day';
    const daily = checkedAmount(values, 'max_daily_dosage', label, false, context);
    if (dose === 'none') {
      context.addIssue({
        code: 'custom',
        path: ['max_daily_dosage'],
        message: DAILY_WITHOUT_DOSE_MESSAGE,
      });
    } else if (daily !== null && dose !== null && daily < dose) {
      context.addIssue({
        code: 'custom',
        path: ['max_daily_dosage'],
        message: DAILY_BELOW_DOSE_MESSAGE,
      });
    }
  }
  if (dose === 'none' && interval === 'none' && !dailyGiven) {
    context.addIssue({ code: 'custom', path: ['avoid'], message: RENAL_RULE_EMPTY_MESSAGE });
  }
}

/** The checked inputs as the rule's fields: Avoid alone, or the ranges stated (set as sent). */
function ruleFields(values: RenalRuleInputs): RenalRuleFields {
  if (values.avoid) return { avoid: true };
  const amount = (field: AmountField) => Number(values[field]);
  return {
    avoid: false,
    ...(values.min_dosage !== '' && {
      min_dosage: amount('min_dosage'),
      max_dosage: amount('max_dosage'),
      dosage_unit: values.dosage_unit,
      ...(values.max_daily_dosage !== '' && { max_daily_dosage: amount('max_daily_dosage') }),
    }),
    ...(values.min_frequency !== '' && {
      min_frequency: amount('min_frequency'),
      max_frequency: amount('max_frequency'),
      frequency_unit: values.frequency_unit,
    }),
  };
}

export const renalRuleSchema = z
  .object(renalRuleShape)
  .superRefine(checkRule)
  .transform((values) => ({
    renal_category_id: Number(values.renal_category_id),
    fields: ruleFields(values),
  }));
export type RenalRuleValues = z.input<typeof renalRuleSchema>;
export type RenalRuleOutput = z.output<typeof renalRuleSchema>;
export const renalRuleResolver = zodResolver(renalRuleSchema);

/** A new rule: the given category, nothing stated yet; mg and hours until chosen otherwise. */
export function newRenalRuleValues(categoryId: number | undefined): RenalRuleValues {
  return {
    renal_category_id: categoryId === undefined ? '' : String(categoryId),
    avoid: false,
    min_dosage: '',
    max_dosage: '',
    dosage_unit: 'mg',
    max_daily_dosage: '',
    min_frequency: '',
    max_frequency: '',
    frequency_unit: 'hours',
  };
}

/** A rule's form: its values, '' where it states none. */
export function renalRuleValues(rule: RenalRule): RenalRuleValues {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    renal_category_id: String(rule.renal_category_id),
    avoid: rule.avoid,
    min_dosage: text(rule.min_dosage),
    max_dosage: text(rule.max_dosage),
    dosage_unit: rule.dosage_unit ?? 'mg',
    max_daily_dosage: text(rule.max_daily_dosage),
    min_frequency: text(rule.min_frequency),
    max_frequency: text(rule.max_frequency),
    frequency_unit: rule.frequency_unit ?? 'hours',
  };
}

/** Add Renal Rule's body: the medication, the category and what the rule states. */
export function renalRuleCreateBody(
  medicationId: number,
  output: RenalRuleOutput,
  reason = '',
): RenalRuleCreate {
  return {
    medication_id: medicationId,
    renal_category_id: output.renal_category_id,
    ...output.fields,
    ...reasonPayload(reason),
  };
}

/** Edit Renal Rule's body: what the rule states, whole (the medication and category stay). */
export function renalRuleUpdateBody(
  id: number,
  output: RenalRuleOutput,
  reason = '',
): RenalRuleUpdate {
  return { id, ...output.fields, ...reasonPayload(reason) };
}

/** The server's field errors go under the field of the same name. */
export const RENAL_RULE_SERVER_FIELDS = {
  renal_category_id: 'renal_category_id',
  avoid: 'avoid',
  min_dosage: 'min_dosage',
  max_dosage: 'max_dosage',
  dosage_unit: 'dosage_unit',
  max_daily_dosage: 'max_daily_dosage',
  min_frequency: 'min_frequency',
  max_frequency: 'max_frequency',
  frequency_unit: 'frequency_unit',
} as const;
