import type {
  NotCheckedReason,
  SafetyAmount,
  SafetyComparison,
  SafetyFinding,
  SafetyRange,
} from '@/api';

/**
 * How the safety check's answer reads on screen: numbers as the server's messages write them
 * ("1,000 mg"), ranges with an en dash ("10–15 mg/kg"), and words for its codes.
 */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

const numberText = (value: number) => NUMBER.format(value);

/** "2 days", "1 day": a time unit in the singular for exactly one, as the server's messages. */
const quantityText = (value: number, unit: string) =>
  `${numberText(value)} ${value === 1 && /^(hours|days|weeks|months|years)$/.test(unit) ? unit.slice(0, -1) : unit}`;

export const amountText = (amount: SafetyAmount) => quantityText(amount.value, amount.unit);

export const rangeText = ({ min, max, unit }: SafetyRange) =>
  min === max ? quantityText(min, unit) : `${numberText(min)}–${numberText(max)} ${unit}`;

export const FINDING_KIND_LABELS: Record<SafetyFinding['kind'], string> = {
  interaction: 'Interaction',
  condition: 'Condition',
  lifestyle: 'Lifestyle',
  pregnancy: 'Pregnancy',
  allergy: 'Allergy',
  duplicate_therapy: 'Duplicate therapy',
  duplicate_ingredient: 'Duplicate ingredient',
  age_limit: 'Age limit',
  daily_dose: 'Daily dose',
  dose: 'Dose',
  frequency: 'Frequency',
  duration: 'Duration',
  renal: 'Kidney function',
  not_checked: 'Not checked',
};

export const OUTCOME_LABELS: Record<SafetyComparison['outcome'], string> = {
  within: 'Within range',
  above_max: 'Above maximum',
  below_min: 'Below minimum',
  too_often: 'Too often',
  too_rarely: 'Too rarely',
  not_checked: 'Not checked',
};

export const REASON_LABELS: Record<NotCheckedReason, string> = {
  missing_weight: 'No weight given',
  missing_age: 'No age given',
  no_band: 'No category covers the patient',
  no_dosage: 'No dosage in the reference data',
  unit_not_comparable: 'Units cannot be compared',
  missing_pregnancy_category: 'No pregnancy category',
  missing_pregnancy_status: 'Pregnancy status not given',
  no_rule_for_age: 'No dosage rule for this age',
  not_prescribed: 'Not prescribed',
  missing_strength: 'Strength missing',
  missing_egfr: 'eGFR not given',
};

/** "Incomplete: 3 things could not be checked". */
export function incompleteText(count: number): string {
  return `Incomplete: ${count} ${count === 1 ? 'thing' : 'things'} could not be checked`;
}

/** The three aspects of a prescription a dosage rule checks, with their labels. */
export const ASPECTS = [
  ['dose', 'Dose'],
  ['frequency', 'Frequency'],
  ['duration', 'Duration'],
] as const;
