import type {
  AgeUnit,
  CautionSeverity,
  DosageUnit,
  DurationUnit,
  FrequencyUnit,
  PregnancyCategory,
  SafetyFindingBasis,
  WeightUnit,
} from '@contract/enums';
import type { Schema } from '../contract';
import { invalid } from '../errors';
import {
  above,
  below,
  doseFactor,
  doseQuantity,
  durationDays,
  formatNumber,
  formatQuantity,
  formatRange,
  intervalHours,
  isCountUnit,
  toBase,
  within,
} from './units';

/**
 * The prescription safety check's rules: what ../repositories/safety-check.ts loads becomes
 * findings and the rules applied per medication, as pure functions the route, the test
 * prescriptions and the tests share. Nothing passes silently: whatever
 * cannot be checked is a `not_checked` finding, and the answer is then not `complete`.
 */

export type Severity = Schema<'Severity'>;
export type Basis = SafetyFindingBasis;
export type NotCheckedReason = Schema<'NotCheckedReason'>;
export type Patient = Schema<'SafetyCheckPatient'>;
export type Prescription = Schema<'SafetyCheckMedication'>;
export type SafetyCheckRequest = Schema<'SafetyCheckRequest'>;
export type Finding = Schema<'SafetyFinding'>;
type Range = Schema<'SafetyRange'>;
type Amount = Schema<'SafetyAmount'>;
export type Comparison = Schema<'SafetyComparison'>;
export type RuleApplied = Schema<'SafetyRuleApplied'>;
export type MedicationResult = Schema<'SafetyMedicationResult'>;
export type SafetyResult = Schema<'SafetyCheckResult'>;

// ---------- what the check reads ----------

export interface SafetyDosageRow {
  id: number;
  category_id: number;
  category_name: string | null;
  min: number;
  max: number;
  unit: AgeUnit | WeightUnit;
  min_dosage: number;
  max_dosage: number;
  dosage_unit: DosageUnit;
  min_frequency: number;
  max_frequency: number;
  frequency_unit: FrequencyUnit;
  min_duration: number;
  max_duration: number;
  duration_unit: DurationUnit;
  /** The most in 24 hours, in `dosage_unit`; null (or left out) when the rule states none. */
  max_daily_dosage?: number | null;
  /**
   * The most in one dose, in `dosage_unit` without "per kg" (mg for mg/kg); null (or left out)
   * when the rule states none.
   */
  max_dose?: number | null;
  /** A weight category's ages, in years (null: no bound); age dosages have none. */
  min_age_years?: number | null;
  max_age_years?: number | null;
}

/** An ingredient of a medication, with its strength per product unit when one is stored. */
export interface SafetyIngredientRow {
  ingredient_id: number;
  name: string;
  amount: number | null;
  amount_unit: string | null;
  per_unit: string | null;
}

/** The most of an ingredient a day for the patients of one category (per kg when the unit is). */
export interface SafetyIngredientLimitRow {
  id: number;
  ingredient_id: number;
  basis: Basis;
  category_name: string | null;
  min: number;
  max: number;
  /** The category's unit (an age or a weight unit). */
  unit: AgeUnit | WeightUnit;
  min_age_years?: number | null;
  max_age_years?: number | null;
  max_daily_amount: number;
  amount_unit: string;
}

/** A medication's rule for the patients of a renal function category. */
export interface SafetyRenalRuleRow {
  id: number;
  category_name: string | null;
  min_egfr: number;
  max_egfr: number;
  avoid: boolean;
  min_dosage: number | null;
  max_dosage: number | null;
  dosage_unit: DosageUnit | null;
  max_daily_dosage: number | null;
  min_frequency: number | null;
  max_frequency: number | null;
  frequency_unit: FrequencyUnit | null;
}

export interface SafetyMedicationRow {
  id: number;
  name: string;
  /** Its renal rules (left out: none). */
  renal_rules?: SafetyRenalRuleRow[];
  /** What it contains (left out: nothing is known of its ingredients). */
  ingredients?: SafetyIngredientRow[];
  pregnancy_category: PregnancyCategory | null;
  age_limit: Schema<'AgeLimit'> | null;
  /** Every weight-based dosage, whatever the medication's declared basis. */
  weight_dosages: SafetyDosageRow[];
  /** Every age-based dosage, whatever the medication's declared basis. */
  age_dosages: SafetyDosageRow[];
  /** Of the patient's conditions, those the medication is linked to: contraindicated or a caution. */
  condition_ids: number[];
  /** Of `condition_ids`, the cautions, by condition id, with their severity; the others are contraindications. */
  condition_cautions?: Partial<Record<number, CautionSeverity>>;
  /** Of the patient's lifestyles, those linked to the medication, with how much each matters. */
  lifestyle_links: { lifestyle_id: number; severity: Severity }[];
}

export interface SafetyInteractionRow {
  id: number;
  medication_id: number;
  interacting_medication_id: number;
  severity: Severity;
  description: string;
  is_allergen: boolean;
}

export interface SafetyClassRow {
  id: number;
  name: string;
  duplicate_severity: Severity | null;
  /** Its members among the medications read (prescribed or allergies); others may be left out. */
  medication_ids: number[];
}

export interface SafetyClassRuleRow {
  id: number;
  kind: Schema<'ClassRuleKind'>;
  drug_class_id: number;
  other_class_id: number | null;
  other_medication_id: number | null;
  severity: Severity;
  description: string;
}

export interface SafetyData {
  medications: SafetyMedicationRow[];
  conditions: { id: number; name: string; affects_kidney_function?: boolean }[];
  lifestyles: { id: number; name: string }[];
  /** The medications the patient is allergic to. */
  allergies: { id: number; name: string }[];
  /** Pairs of prescribed medications, and allergen-flagged pairs of a prescribed one and an allergy. */
  interactions: SafetyInteractionRow[];
  /**
   * The classes of the medications read, and the allergy classes. The check reads members only
   * among the request's own medications and allergies, and classes as allergies only when the
   * patient names them, so data read for several requests at once serves each of them.
   */
  classes: SafetyClassRow[];
  /** The rules of those classes. */
  class_rules: SafetyClassRuleRow[];
  /** The daily limits of the ingredients of the prescribed medications. */
  ingredient_limits?: SafetyIngredientLimitRow[];
}

/** The ids a check reads: the prescribed medications and the patient's lists. */
export interface SafetyIds {
  medications: number[];
  conditions: number[];
  lifestyles: number[];
  allergies: number[];
  allergyClasses: number[];
}

// ---------- plausibility ----------

/** The oldest and heaviest plausible patient; beyond them a value is a typing error. */
export const MAX_AGE_DAYS = toBase('age', 130, 'years');
export const MAX_WEIGHT_KG = 650;

/** Field errors for an implausible patient: age 0 to 130 years, weight above 0 up to 650 kg. */
export function implausible(patient: Patient): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (patient.age !== undefined && patient.age_unit) {
    if (above(toBase('age', patient.age, patient.age_unit), MAX_AGE_DAYS))
      errors['patient.age'] = ['must be from 0 to 130 years'];
  }
  if (patient.weight !== undefined && patient.weight_unit) {
    const kg = toBase('weight', patient.weight, patient.weight_unit);
    if (kg <= 0 || above(kg, MAX_WEIGHT_KG))
      errors['patient.weight'] = ['must be above 0 and at most 650 kg (1,433 lbs)'];
  }
  return errors;
}

// ---------- the check ----------

const RANK: Record<Severity, number> = { minor: 1, moderate: 2, major: 3, contraindicated: 4 };
const rank = (s: Severity | null) => (s ? RANK[s] : 0);
const KIND_ORDER: Finding['kind'][] = [
  'allergy',
  'interaction',
  'duplicate_therapy',
  'duplicate_ingredient',
  'renal',
  'condition',
  'lifestyle',
  'pregnancy',
  'age_limit',
  'dose',
  'daily_dose',
  'frequency',
  'duration',
  'not_checked',
];
/** Weight rules before age rules; findings about no basis first. */
const BASIS_ORDER: (Basis | undefined)[] = [undefined, 'weight', 'age'];
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const PREGNANCY: Partial<Record<PregnancyCategory, { severity: Severity; text: string }>> = {
  X: { severity: 'contraindicated', text: 'contraindicated in pregnancy' },
  D: { severity: 'major', text: 'positive evidence of fetal risk; avoid unless essential' },
  C: { severity: 'moderate', text: 'fetal risk cannot be ruled out' },
};

/**
 * The ages at which a patient whose pregnancy status is not given could be pregnant. An age left
 * out could be any: the check then asks for the status too.
 */
const CHILDBEARING_YEARS = { min: 12, max: 55 } as const;

/** Whether a patient's pregnancy matters but was not given (never for a man, a child or the old). */
function pregnancyUnknown(patient: Patient): boolean {
  if (patient.pregnant !== undefined || patient.sex === 'male') return false;
  const age = patientValue(patient, 'age');
  if (!age) return true;
  return (
    !below(age.base, toBase('age', CHILDBEARING_YEARS.min, 'years')) &&
    !above(age.base, toBase('age', CHILDBEARING_YEARS.max, 'years'))
  );
}

/** Whether a dosage's category is meant for a patient `days` old (unknown: only if it has no ages). */
function forAge(
  d: Pick<SafetyDosageRow, 'min_age_years' | 'max_age_years'>,
  days: number | undefined,
): boolean {
  const min = d.min_age_years ?? null;
  const max = d.max_age_years ?? null;
  if (min === null && max === null) return true;
  if (days === undefined) return false;
  return (
    (min === null || !below(days, toBase('age', min, 'years'))) &&
    (max === null || !above(days, toBase('age', max, 'years')))
  );
}

/** "18 years and over", "12 to 18 years", "up to 12 years". */
function agesText(d: SafetyDosageRow): string {
  const min = d.min_age_years ?? null;
  const max = d.max_age_years ?? null;
  if (max === null) return `${formatQuantity(min ?? 0, 'years')} and over`;
  if (min === null || min === 0) return `up to ${formatQuantity(max, 'years')}`;
  return `${formatNumber(min)} to ${formatQuantity(max, 'years')}`;
}

/** The finding, if any, of a medication's own age limits for the patient. */
function ageLimitFinding(m: SafetyMedicationRow, patient: Patient): Finding | undefined {
  const limit = m.age_limit;
  if (!limit) return undefined;
  const bound = (value: number | null) =>
    value === null
      ? undefined
      : { days: toBase('age', value, limit.unit), text: formatQuantity(value, limit.unit) };
  const min = bound(limit.min_age);
  const max = bound(limit.max_age);
  const age = patientValue(patient, 'age');
  if (!age) {
    const range = [min && `from ${min.text}`, max && `up to ${max.text}`].filter(Boolean).join(' ');
    return {
      kind: 'not_checked',
      severity: null,
      medication_ids: [m.id],
      reason: 'missing_age',
      message: `${m.name}: no age given, so its age limit (${range}) could not be checked.`,
    };
  }
  const outside =
    min && below(age.base, min.days)
      ? `under ${min.text}`
      : max && above(age.base, max.days)
        ? `over ${max.text}`
        : undefined;
  if (!outside) return undefined;
  const verdict =
    limit.severity === 'contraindicated'
      ? 'contraindicated'
      : `not recommended (${limit.severity})`;
  return {
    kind: 'age_limit',
    severity: limit.severity,
    medication_ids: [m.id],
    message: `${m.name} is ${verdict} ${outside}; the patient is ${age.text}.`,
  };
}

/** "Underweight (0–50 kg)", or the bounds alone for a category without a name. */
export function bandLabel(
  d: Pick<SafetyDosageRow, 'category_name' | 'min' | 'max' | 'unit'>,
): string {
  const bounds = `${formatNumber(d.min)}–${formatNumber(d.max)} ${d.unit}`;
  return d.category_name ? `${d.category_name} (${bounds})` : bounds;
}

/**
 * The dosages whose category contains `value` (in the base unit), every one of them: overlapping
 * categories all apply, and the strictest finding decides. Adjacent categories that merely share
 * a bound do not overlap: a patient exactly on it is in the category that starts there.
 */
function dosagesFor(basis: Basis, dosages: SafetyDosageRow[], value: number): SafetyDosageRow[] {
  const bounds = (d: SafetyDosageRow) => ({
    min: toBase(basis, d.min, d.unit),
    max: toBase(basis, d.max, d.unit),
  });
  const matches = dosages.filter((d) => within(value, bounds(d).min, bounds(d).max));
  const startsHere = matches.some((d) => !above(value, bounds(d).min));
  return matches
    .filter((d) => !(startsHere && !below(value, bounds(d).max) && above(value, bounds(d).min)))
    .sort((a, b) => bounds(b).min - bounds(a).min || a.id - b.id);
}

interface Context {
  name: string;
  weightKg: number | undefined;
  label: string;
  /** The dose as prescribed when it was converted through a strength ("2 tablet of 500 mg"). */
  asGiven?: string;
}

const notChecked = (
  range: Range,
  prescribed: Amount | null,
  reason: NotCheckedReason,
  message: string | null = null,
): Comparison => ({
  range,
  prescribed,
  compared: null,
  outcome: 'not_checked',
  severity: null,
  reason,
  message,
});

/** A comparison that was made: within the range, or outside it with its severity and message. */
const judged = (
  range: Range,
  prescribed: Amount,
  compared: NonNullable<Comparison['compared']>,
  outcome: Comparison['outcome'] = 'within',
  severity: Severity | null = null,
  message: string | null = null,
): Comparison => ({ range, prescribed, compared, outcome, severity, reason: null, message });

/**
 * What a compared amount stands for, for the messages: one dose against the rule's range (the
 * default), a day's total made of `daily` ("100 mg 12 x daily (every 2 hours)"), or one dose against
 * the rule's single-dose maximum (an absolute range from 0).
 */
type AmountAspect = { daily: string } | { single: true } | Record<string, never>;

/**
 * A dose against a range in a dose unit, per kg on either side or both: within, above its maximum
 * (major) or below its minimum (moderate).
 */
function compareAmount(
  range: Range,
  given: Amount | null,
  ctx: Context,
  aspect: AmountAspect = {},
): Comparison {
  if (!given) return notChecked(range, null, 'not_prescribed');
  const dailyOf = 'daily' in aspect ? aspect.daily : undefined;
  const single = 'single' in aspect;
  const rangeText = formatRange(range.min, range.max, range.unit);
  const singleText = `the most for one dose, ${formatQuantity(range.max, range.unit)}`;
  const low = doseQuantity(range.min, range.unit);
  const high = doseQuantity(range.max, range.unit);
  const dose = doseQuantity(given.value, given.unit);
  if (!low || !high || !dose || low.dimension !== dose.dimension) {
    return notChecked(
      range,
      given,
      'unit_not_comparable',
      `${ctx.name}: ${formatQuantity(given.value, given.unit)} cannot be compared with ${single ? `${singleText},` : `the ${rangeText} dose`} for ${ctx.label}.`,
    );
  }
  // Per-kg on one side only: both become absolute amounts with the weight in kg.
  const perKgRange = low.perKg && !dose.perKg;
  const perKgDose = dose.perKg && !low.perKg;
  if ((perKgRange || perKgDose) && ctx.weightKg === undefined) {
    return notChecked(
      range,
      given,
      'missing_weight',
      single
        ? `${ctx.name}: ${formatQuantity(given.value, given.unit)} is per kg, and no weight was given, so it could not be compared with ${singleText}, for ${ctx.label}.`
        : `${ctx.name}: the ${rangeText} dose for ${ctx.label} is per kg, and no weight was given.`,
    );
  }
  const kg = ctx.weightKg ?? 1;
  const scale = (amount: number, perKg: boolean) =>
    perKg && (perKgRange || perKgDose) ? amount * kg : amount;
  // The range shown in the prescribed unit (absolute when either side was per kg and the other not).
  const shownUnit = perKgDose ? given.unit.replace('/kg', '') : given.unit;
  const factor = doseFactor(shownUnit);
  const prescribed = scale(dose.amount, dose.perKg) / factor;
  const min = scale(low.amount, low.perKg) / factor;
  const max = scale(high.amount, high.perKg) / factor;
  const compared = { prescribed, min, max, unit: shownUnit };
  /** How a per-kg bound became the one compared: ` (15 mg/kg × 3.2 kg)`. */
  const perKgNote = (bound: number) =>
    perKgRange ? ` (${formatQuantity(bound, range.unit)} × ${formatNumber(kg)} kg)` : '';
  const amountText = perKgDose
    ? `${formatQuantity(given.value, given.unit)} × ${formatNumber(kg)} kg = ${formatQuantity(prescribed, shownUnit)}`
    : ctx.asGiven
      ? `${ctx.asGiven} = ${formatQuantity(given.value, given.unit)}`
      : formatQuantity(given.value, given.unit);
  const prescribedText = dailyOf ? `${dailyOf} makes ${amountText} a day, which` : amountText;
  if (above(prescribed, max)) {
    const most = formatQuantity(max, shownUnit);
    return judged(
      range,
      given,
      compared,
      'above_max',
      'major',
      single
        ? `${ctx.name}: ${amountText} in one dose is above the most for one dose, ${most}, for ${ctx.label}.`
        : `${ctx.name}: ${prescribedText} is above the ${most}${perKgNote(range.max)} ${dailyOf ? 'daily ' : ''}maximum for ${ctx.label}.`,
    );
  }
  if (below(prescribed, min)) {
    return judged(
      range,
      given,
      compared,
      'below_min',
      'moderate',
      `${ctx.name}: ${prescribedText} is below the ${formatQuantity(min, shownUnit)}${perKgNote(range.min)} minimum for ${ctx.label}.`,
    );
  }
  return judged(range, given, compared);
}

function compareDose(d: SafetyDosageRow, given: Amount | null, ctx: Context): Comparison {
  return compareAmount({ min: d.min_dosage, max: d.max_dosage, unit: d.dosage_unit }, given, ctx);
}

/** The ingredients a medication is known to contain. */
const ingredientsOf = (m: SafetyMedicationRow) => m.ingredients ?? [];

/**
 * A dose in tablets, capsules or ml as an amount of the medication's one ingredient, for a rule
 * stated as an amount (mg): 2 tablets of 500 mg are 1,000 mg. Undefined when there is nothing to
 * convert (the units already compare, the rule counts product units, or a combination product's
 * rule in mg names no ingredient); `missing` when a strength per that unit is needed and not
 * stored.
 */
function throughStrength(
  m: SafetyMedicationRow,
  given: Amount | null,
  ruleUnit: string,
): { amount: Amount; text: string } | { missing: string } | undefined {
  const rule = doseQuantity(1, ruleUnit);
  const dose = given && doseQuantity(given.value, given.unit);
  if (!given || !rule || !dose || rule.dimension !== 'mass' || dose.dimension === 'mass')
    return undefined;
  const ingredients = ingredientsOf(m);
  if (ingredients.length > 1) return undefined;
  const strength = ingredients[0] && strengthPer(ingredients[0], given.unit);
  if (!strength) {
    return {
      missing: `no strength per ${given.unit} is stored for ${ingredients[0]?.name ?? m.name}`,
    };
  }
  return {
    amount: { value: given.value * strength.value, unit: strength.unit },
    text: `${formatQuantity(given.value, given.unit)} of ${formatQuantity(strength.value, strength.unit)}`,
  };
}

/** An ingredient's amount in one `unit` of the product (a tablet), when that strength is stored. */
function strengthPer(i: SafetyIngredientRow, unit: string): Amount | undefined {
  return i.per_unit === unit && i.amount !== null && i.amount_unit
    ? { value: i.amount, unit: i.amount_unit }
    : undefined;
}

/**
 * The dose times the doses in 24 hours against the rule's daily maximum; undefined when the rule
 * has none. Doses further apart than a day count as one: that day still takes the whole dose.
 * Without a dose or a frequency there is no total to compare; a dose or a frequency that could
 * not be compared is already a finding of its own, so the total adds no second one.
 */
function compareDaily(
  d: Pick<SafetyDosageRow, 'max_daily_dosage' | 'dosage_unit'>,
  prescribed: MedicationResult['prescribed'],
  doseCompared: Comparison,
  ctx: Context,
): Comparison | undefined {
  const maxDaily = d.max_daily_dosage;
  if (maxDaily === null || maxDaily === undefined) return undefined;
  const range = { min: 0, max: maxDaily, unit: d.dosage_unit };
  const { dose, frequency } = prescribed;
  if (!dose || !frequency) return notChecked(range, null, 'not_prescribed');
  if (doseCompared.outcome === 'not_checked')
    return notChecked(range, null, doseCompared.reason ?? 'unit_not_comparable');
  const interval = intervalHours(frequency.value, frequency.unit);
  if (interval === undefined) return notChecked(range, null, 'unit_not_comparable');
  const perDay = Math.max(1, 24 / interval);
  const made = `${formatQuantity(dose.value, dose.unit)} ${frequencyText(frequency.value, frequency.unit, interval)}`;
  return compareAmount(range, { value: dose.value * perDay, unit: dose.unit }, ctx, {
    daily: made,
  });
}

/**
 * One dose, as an absolute amount, against the rule's single-dose maximum; undefined when the rule
 * has none. A dose prescribed per kg needs the weight here even where the per-kg range did not. A
 * dose that could not be compared with the range at all (its unit, a missing strength) is a
 * finding of its own already, so this adds no second one; nor does it repeat a missing weight the
 * range's comparison already reported.
 */
function compareSingle(
  d: Pick<SafetyDosageRow, 'max_dose' | 'dosage_unit'>,
  dose: Amount | null,
  doseCompared: Comparison,
  ctx: Context,
): Comparison | undefined {
  const maxDose = d.max_dose;
  if (maxDose === null || maxDose === undefined) return undefined;
  const range = { min: 0, max: maxDose, unit: d.dosage_unit.replace('/kg', '') };
  if (!dose) return notChecked(range, null, 'not_prescribed');
  const doseUnchecked = doseCompared.outcome === 'not_checked';
  if (doseUnchecked && doseCompared.reason !== 'missing_weight')
    return notChecked(range, null, doseCompared.reason ?? 'unit_not_comparable');
  const compared = compareAmount(range, dose, ctx, { single: true });
  return doseUnchecked && compared.outcome === 'not_checked'
    ? { ...compared, message: null }
    : compared;
}

/** "every 8 hours", "every 1 day (24 hours)", or "3 x daily (every 8 hours)" for a count. */
function frequencyText(value: number, unit: string, hours: number): string {
  if (isCountUnit(unit))
    return `${formatNumber(value)} ${unit} (every ${formatQuantity(hours, 'hours')})`;
  const every = `every ${formatQuantity(value, unit)}`;
  return unit === 'hours' ? every : `${every} (${formatQuantity(hours, 'hours')})`;
}

function compareFrequency(
  d: Pick<SafetyDosageRow, 'min_frequency' | 'max_frequency' | 'frequency_unit'>,
  given: Amount | null,
  ctx: Context,
): Comparison {
  const range = { min: d.min_frequency, max: d.max_frequency, unit: d.frequency_unit };
  if (!given) return notChecked(range, null, 'not_prescribed');
  // For an interval unit the minimum is the shortest interval; for a count unit the maximum count is.
  const count = isCountUnit(range.unit);
  const shortest = intervalHours(count ? range.max : range.min, range.unit);
  const longest = intervalHours(count ? range.min : range.max, range.unit);
  const interval = intervalHours(given.value, given.unit);
  if (shortest === undefined || longest === undefined || interval === undefined) {
    return notChecked(
      range,
      given,
      'unit_not_comparable',
      `${ctx.name}: a frequency of ${formatQuantity(given.value, given.unit)} cannot be compared with ${formatRange(range.min, range.max, range.unit)} for ${ctx.label}.`,
    );
  }
  const compared = { prescribed: interval, min: shortest, max: longest, unit: 'hours' };
  const prescribedText = frequencyText(given.value, given.unit, interval);
  if (below(interval, shortest)) {
    return judged(
      range,
      given,
      compared,
      'too_often',
      'major',
      `${ctx.name}: dosing ${prescribedText} is more often than the shortest interval, every ${formatQuantity(shortest, 'hours')}, for ${ctx.label}.`,
    );
  }
  if (above(interval, longest)) {
    return judged(
      range,
      given,
      compared,
      'too_rarely',
      'moderate',
      `${ctx.name}: dosing ${prescribedText} is less often than the longest interval, every ${formatQuantity(longest, 'hours')}, for ${ctx.label}.`,
    );
  }
  return judged(range, given, compared);
}

function compareDuration(d: SafetyDosageRow, given: Amount | null, ctx: Context): Comparison {
  const range = { min: d.min_duration, max: d.max_duration, unit: d.duration_unit };
  if (!given) return notChecked(range, null, 'not_prescribed');
  const min = durationDays(range.min, range.unit);
  const max = durationDays(range.max, range.unit);
  const days = durationDays(given.value, given.unit);
  if (min === undefined || max === undefined || days === undefined) {
    return notChecked(
      range,
      given,
      'unit_not_comparable',
      `${ctx.name}: a duration of ${formatQuantity(given.value, given.unit)} cannot be compared with ${formatRange(range.min, range.max, range.unit)} for ${ctx.label}.`,
    );
  }
  const compared = { prescribed: days, min, max, unit: 'days' };
  const longer = above(days, max);
  if (!longer && !below(days, min)) {
    return judged(range, given, compared);
  }
  const inDays = given.unit === 'days' ? '' : ` (${formatQuantity(days, 'days')})`;
  const bound = longer
    ? `longer than the ${formatQuantity(range.max, range.unit)} maximum`
    : `shorter than the ${formatQuantity(range.min, range.unit)} minimum`;
  return judged(
    range,
    given,
    compared,
    longer ? 'above_max' : 'below_min',
    'moderate',
    `${ctx.name}: a course of ${formatQuantity(given.value, given.unit)}${inDays} is ${bound} for ${ctx.label}.`,
  );
}

const amount = (value: number | undefined, unit: string | undefined): Amount | null =>
  value === undefined || unit === undefined ? null : { value, unit };

/** What a prescription says, with null for what it leaves out. */
function prescribedOf(p: Prescription): MedicationResult['prescribed'] {
  return {
    dose: amount(p.dose, p.dose_unit),
    frequency: amount(p.frequency, p.frequency_unit),
    duration: amount(p.duration, p.duration_unit),
  };
}

/** The patient's value on one basis, in days or kg; undefined when not given. */
function patientValue(patient: Patient, basis: Basis): { base: number; text: string } | undefined {
  const value = basis === 'weight' ? patient.weight : patient.age;
  const unit = basis === 'weight' ? patient.weight_unit : patient.age_unit;
  if (value === undefined || !unit) return undefined;
  return { base: toBase(basis, value, unit), text: formatQuantity(value, unit) };
}

/** Every applicable dosage rule of a medication compared with its prescription, and what could not be. */
function dosingOf(
  m: SafetyMedicationRow,
  prescription: Prescription,
  patient: Patient,
  fromIdsOnly: boolean,
): { result: MedicationResult; findings: Finding[] } {
  const prescribed = prescribedOf(prescription);
  const findings: Finding[] = [];
  const rules: RuleApplied[] = [];
  const unchecked = (reason: NotCheckedReason, message: string, basis?: Basis) =>
    findings.push({
      kind: 'not_checked',
      severity: null,
      medication_ids: [m.id],
      reason,
      message,
      ...(basis ? { basis } : {}),
    });
  const weight = patientValue(patient, 'weight');
  const age = patientValue(patient, 'age');
  /** Whether a weight category covering the patient was left out for being meant for other ages. */
  let otherAges = false;
  const bases: [Basis, SafetyDosageRow[]][] = [
    ['weight', m.weight_dosages],
    ['age', m.age_dosages],
  ];
  /** Compares the prescription with one applicable rule and records what it found. */
  const applyRule = (basis: Basis, dosage: SafetyDosageRow) => {
    const ctx: Context = { name: m.name, weightKg: weight?.base, label: bandLabel(dosage) };
    const conversion = throughStrength(m, prescribed.dose, dosage.dosage_unit);
    const dose = conversion && 'amount' in conversion ? conversion.amount : prescribed.dose;
    const doseCtx = conversion && 'text' in conversion ? { ...ctx, asGiven: conversion.text } : ctx;
    const rule: RuleApplied = {
      basis,
      dosage_id: dosage.id,
      category: {
        id: dosage.category_id,
        category_name: dosage.category_name,
        min: dosage.min,
        max: dosage.max,
        unit: dosage.unit,
      },
      label: ctx.label,
      dose:
        conversion && 'missing' in conversion && prescribed.dose
          ? notChecked(
              { min: dosage.min_dosage, max: dosage.max_dosage, unit: dosage.dosage_unit },
              prescribed.dose,
              'missing_strength',
              `${m.name}: ${conversion.missing}, so ${formatQuantity(prescribed.dose.value, prescribed.dose.unit)} could not be compared with the ${formatRange(dosage.min_dosage, dosage.max_dosage, dosage.dosage_unit)} dose for ${ctx.label}.`,
            )
          : compareDose(dosage, dose, doseCtx),
      frequency: compareFrequency(dosage, prescribed.frequency, ctx),
      duration: compareDuration(dosage, prescribed.duration, ctx),
    };
    const daily = compareDaily(dosage, { ...prescribed, dose }, rule.dose, ctx);
    if (daily) rule.daily = daily;
    const single = compareSingle(dosage, dose, rule.dose, doseCtx);
    if (single) rule.single_dose = single;
    rules.push(rule);
    const aspects = [
      ['dose', rule.dose],
      ['dose', single],
      ['daily_dose', daily],
      ['frequency', rule.frequency],
      ['duration', rule.duration],
    ] as const;
    for (const [kind, c] of aspects) {
      if (!c) continue;
      if (c.outcome === 'not_checked' && c.reason !== 'not_prescribed' && c.message) {
        findings.push({
          kind: 'not_checked',
          severity: null,
          medication_ids: [m.id],
          reason: c.reason ?? undefined,
          basis,
          dosage_id: dosage.id,
          message: c.message,
        });
      } else if (c.severity && c.message) {
        findings.push({
          kind,
          severity: c.severity,
          medication_ids: [m.id],
          basis,
          dosage_id: dosage.id,
          message: c.message,
        });
      }
    }
  };
  if (m.weight_dosages.length === 0 && m.age_dosages.length === 0) {
    unchecked('no_dosage', `${m.name} has no dosage rule, so its dose could not be checked.`);
  }
  for (const [basis, dosages] of bases) {
    if (dosages.length === 0) continue;
    const value = patientValue(patient, basis);
    if (!value) {
      unchecked(
        basis === 'weight' ? 'missing_weight' : 'missing_age',
        `${m.name}: no ${basis} given, so its ${basis}-based dosages could not be checked.`,
        basis,
      );
      continue;
    }
    const covering = dosagesFor(basis, dosages, value.base);
    if (covering.length === 0) {
      unchecked(
        'no_band',
        `${m.name}: no ${basis} category of its dosages covers ${value.text}.`,
        basis,
      );
      continue;
    }
    // A weight category meant for some ages gives no rule to a patient of another age, or of an
    // age not given: an adult's fixed dose must not reach a newborn of the same weight.
    const forOtherAges = covering.filter((d) => !forAge(d, age?.base));
    if (forOtherAges.length && !age) {
      unchecked(
        'missing_age',
        `${m.name}: its dosages for ${forOtherAges.map(bandLabel).join(', ')} are for patients aged ${agesText(forOtherAges[0])}, and no age was given.`,
        basis,
      );
    }
    otherAges ||= forOtherAges.length > 0 && age !== undefined;
    for (const dosage of covering) if (!forOtherAges.includes(dosage)) applyRule(basis, dosage);
  }
  if (rules.length === 0 && otherAges && age) {
    unchecked(
      'no_rule_for_age',
      `${m.name}: no dosage rule for a patient of this age (${age.text}); its weight categories covering the patient are for other ages.`,
    );
  }
  // One finding for what the prescription left out, when there was a rule to compare it with.
  const left = (['dose', 'frequency', 'duration'] as const).filter((k) => !prescribed[k]);
  if (rules.length > 0 && left.length > 0) {
    const what = left.length === 1 ? left[0] : `${left.slice(0, -1).join(', ')} or ${left.at(-1)}`;
    unchecked(
      'not_prescribed',
      fromIdsOnly
        ? `${m.name}: no dose, frequency or duration was given (the check named medications only), so they were not compared with its dosage rules.`
        : `${m.name}: no ${what} was given, so ${left.length === 1 ? 'it was' : 'they were'} not compared with its dosage rules.`,
    );
  }
  return { result: { medication_id: m.id, name: m.name, prescribed, rules }, findings };
}

/** The id of the rule a finding comes from, to order findings alike in every other way. */
const ruleId = (f: Finding) =>
  f.interaction_id ??
  f.renal_rule_id ??
  f.ingredient_id ??
  f.class_rule_id ??
  f.drug_class_id ??
  f.condition_id ??
  f.lifestyle_id ??
  f.dosage_id ??
  0;

/** "Atorvastatin and Simvastatin", "A, B and C". */
function namesText(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The findings of drug classes: interactions stated per class (where no stored pair interaction
 * covers the pair: the pair's own rule is the more specific), two or more members of a
 * duplicate-therapy class, allergies to a whole class, and cross-sensitivities from a class the
 * patient is allergic to (named, or through an allergy to one of its members).
 */
function classFindings(
  data: SafetyData,
  prescribedIds: Set<number>,
  patient: Patient,
  nameOf: Map<number, string>,
  byPosition: (ids: number[]) => number[],
): Finding[] {
  const findings: Finding[] = [];
  const classOf = new Map(data.classes.map((c) => [c.id, c]));
  const className = (id: number | null) => (id === null ? '' : (classOf.get(id)?.name ?? ''));
  const members = (classId: number | null, among: (id: number) => boolean) =>
    (classId === null ? [] : (classOf.get(classId)?.medication_ids ?? [])).filter(among);
  const prescribed = (id: number) => prescribedIds.has(id);
  const pairKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  const storedPairs = new Set(
    data.interactions.map((i) => pairKey(i.medication_id, i.interacting_medication_id)),
  );

  // Per pair of prescribed medications, the strictest class rule that covers it.
  const byPair = new Map<string, { rule: SafetyClassRuleRow; ids: number[] }>();
  for (const rule of data.class_rules) {
    if (rule.kind !== 'interaction') continue;
    const left = members(rule.drug_class_id, prescribed);
    const right =
      rule.other_class_id !== null
        ? members(rule.other_class_id, prescribed)
        : [rule.other_medication_id ?? 0].filter(prescribed);
    for (const a of left) {
      for (const b of right) {
        const key = pairKey(a, b);
        if (a === b || storedPairs.has(key)) continue;
        const kept = byPair.get(key);
        const stricter =
          !kept ||
          rank(rule.severity) > rank(kept.rule.severity) ||
          (rank(rule.severity) === rank(kept.rule.severity) && rule.id < kept.rule.id);
        if (stricter) byPair.set(key, { rule, ids: byPosition([a, b]) });
      }
    }
  }
  for (const { rule, ids } of byPair.values()) {
    const other = rule.other_class_id !== null ? className(rule.other_class_id) : undefined;
    const source = other
      ? `${className(rule.drug_class_id)} with ${other}`
      : `${className(rule.drug_class_id)} with ${nameOf.get(rule.other_medication_id ?? 0)}`;
    findings.push({
      kind: 'interaction',
      severity: rule.severity,
      medication_ids: ids,
      class_rule_id: rule.id,
      message: `${nameOf.get(ids[0])} and ${nameOf.get(ids[1])}: ${rule.description} (class rule: ${source})`,
    });
  }

  for (const c of data.classes) {
    if (!c.duplicate_severity) continue;
    const ids = byPosition(members(c.id, prescribed));
    if (ids.length < 2) continue;
    findings.push({
      kind: 'duplicate_therapy',
      severity: c.duplicate_severity,
      medication_ids: ids,
      drug_class_id: c.id,
      message: `${namesText(ids.map((id) => nameOf.get(id) ?? ''))} are ${ids.length === 2 ? 'both' : 'all'} ${c.name}: two of this class together are a duplicate therapy.`,
    });
  }

  const namedClasses = new Set(patient.allergy_class_ids ?? []);
  const allergyIds = new Set(patient.allergy_medication_ids ?? []);
  for (const classId of namedClasses) {
    for (const id of byPosition(members(classId, prescribed))) {
      findings.push({
        kind: 'allergy',
        severity: 'contraindicated',
        medication_ids: [id],
        drug_class_id: classId,
        message: `${nameOf.get(id)}: the patient is allergic to ${className(classId)}, and it is one of them.`,
      });
    }
  }
  for (const rule of data.class_rules) {
    if (rule.kind !== 'cross_sensitivity') continue;
    // Allergic to the class by name, or to one of its members (the first by name stands for all).
    const through = namedClasses.has(rule.drug_class_id)
      ? undefined
      : byPosition(members(rule.drug_class_id, (id) => allergyIds.has(id)))[0];
    if (!namedClasses.has(rule.drug_class_id) && through === undefined) continue;
    const allergy = through === undefined ? className(rule.drug_class_id) : nameOf.get(through);
    const via = through === undefined ? '' : ` (one of ${className(rule.drug_class_id)})`;
    for (const id of byPosition(members(rule.other_class_id, prescribed))) {
      // A stored allergen link of the two medications is the more specific rule.
      if (through !== undefined && storedPairs.has(pairKey(id, through))) continue;
      findings.push({
        kind: 'allergy',
        severity: rule.severity,
        medication_ids: through === undefined ? [id] : [id, through],
        drug_class_id: rule.drug_class_id,
        class_rule_id: rule.id,
        message: `${nameOf.get(id)}: the patient is allergic to ${allergy}${via}, and ${className(rule.other_class_id)} may cross-react: ${rule.description}`,
      });
    }
  }
  return findings;
}

/** "G4 (15–30 mL/min/1.73 m²)". */
const renalLabel = (r: SafetyRenalRuleRow) =>
  `${r.category_name ? `${r.category_name} ` : ''}(${formatNumber(r.min_egfr)}–${formatNumber(r.max_egfr)} mL/min/1.73 m²)`;

/**
 * The renal rules of a medication for the patient's eGFR: avoided there (`renal`,
 * contraindicated), or its dose, daily total and interval against the rule's lower ranges. With no
 * eGFR given, nothing, unless the patient has a condition affecting kidney function: then the
 * rules cannot be passed over, and the check says so. Categories that merely share a bound do not
 * overlap: on it, the one that starts there applies.
 */
function renalFindings(
  m: SafetyMedicationRow,
  prescription: Prescription,
  patient: Patient,
  conditions: SafetyData['conditions'],
): Finding[] {
  const rules = m.renal_rules ?? [];
  if (rules.length === 0) return [];
  const egfr = patient.egfr;
  if (egfr === undefined) {
    const kidney = conditions.filter((c) => c.affects_kidney_function).map((c) => c.name);
    if (kidney.length === 0) return [];
    return [
      {
        kind: 'not_checked',
        severity: null,
        medication_ids: [m.id],
        reason: 'missing_egfr',
        message: `${m.name}: eGFR not given, and ${namesText(kidney)} affects kidney function, so its renal rules could not be checked.`,
      },
    ];
  }
  const covering = rules.filter((r) => within(egfr, r.min_egfr, r.max_egfr));
  const startsHere = covering.some((r) => !above(egfr, r.min_egfr));
  const applying = covering.filter(
    (r) => !(startsHere && !below(egfr, r.max_egfr) && above(egfr, r.min_egfr)),
  );
  const findings: Finding[] = [];
  const prescribed = prescribedOf(prescription);
  const weight = patientValue(patient, 'weight');
  for (const rule of applying) {
    const label = `an eGFR of ${formatNumber(egfr)}, ${renalLabel(rule)}`;
    const own = { medication_ids: [m.id], renal_rule_id: rule.id };
    if (rule.avoid) {
      findings.push({
        kind: 'renal',
        severity: 'contraindicated',
        ...own,
        message: `${m.name} is to be avoided at ${label}.`,
      });
      continue;
    }
    const ctx: Context = { name: m.name, weightKg: weight?.base, label };
    const comparisons: [Finding['kind'], Comparison | undefined][] = [];
    if (rule.min_dosage !== null && rule.max_dosage !== null && rule.dosage_unit) {
      const conversion = throughStrength(m, prescribed.dose, rule.dosage_unit);
      const dose = conversion && 'amount' in conversion ? conversion.amount : prescribed.dose;
      const doseCtx =
        conversion && 'text' in conversion ? { ...ctx, asGiven: conversion.text } : ctx;
      const range = { min: rule.min_dosage, max: rule.max_dosage, unit: rule.dosage_unit };
      const compared =
        conversion && 'missing' in conversion && prescribed.dose
          ? notChecked(
              range,
              prescribed.dose,
              'missing_strength',
              `${m.name}: ${conversion.missing}, so ${formatQuantity(prescribed.dose.value, prescribed.dose.unit)} could not be compared with the ${formatRange(range.min, range.max, range.unit)} dose for ${label}.`,
            )
          : compareAmount(range, dose, doseCtx);
      comparisons.push(['dose', compared]);
      comparisons.push([
        'daily_dose',
        compareDaily(
          { max_daily_dosage: rule.max_daily_dosage, dosage_unit: rule.dosage_unit },
          { ...prescribed, dose },
          compared,
          ctx,
        ),
      ]);
    }
    if (rule.min_frequency !== null && rule.max_frequency !== null && rule.frequency_unit) {
      comparisons.push([
        'frequency',
        compareFrequency(
          {
            min_frequency: rule.min_frequency,
            max_frequency: rule.max_frequency,
            frequency_unit: rule.frequency_unit,
          },
          prescribed.frequency,
          ctx,
        ),
      ]);
    }
    for (const [kind, c] of comparisons) {
      if (!c) continue;
      if (c.outcome === 'not_checked' && c.reason !== 'not_prescribed' && c.message)
        findings.push({
          kind: 'not_checked',
          severity: null,
          ...own,
          reason: c.reason ?? undefined,
          message: c.message,
        });
      else if (c.severity && c.message)
        findings.push({ kind, severity: c.severity, ...own, message: c.message });
    }
  }
  return findings;
}

/** Whether a limit's category covers the patient (whose value of its basis is `base`). */
function limitCovers(limit: SafetyIngredientLimitRow, base: number, ageDays?: number): boolean {
  const min = toBase(limit.basis, limit.min, limit.unit);
  const max = toBase(limit.basis, limit.max, limit.unit);
  if (!within(base, min, max)) return false;
  if (limit.basis === 'age') return true;
  return forAge(limit, ageDays);
}

/**
 * The prescription as a whole, per ingredient: two prescribed medications sharing one
 * (`duplicate_ingredient`), and each ingredient's total over 24 hours, over every prescribed
 * medication containing it, against the strictest of its daily limits that applies to the patient
 * (`daily_dose`, major above it). What cannot be totalled or placed is `not_checked`.
 */
function ingredientFindings(
  data: SafetyData,
  prescriptions: Map<number, Prescription>,
  patient: Patient,
  byPosition: (ids: number[]) => number[],
): Finding[] {
  const findings: Finding[] = [];
  const containing = new Map<number, { m: SafetyMedicationRow; i: SafetyIngredientRow }[]>();
  for (const m of data.medications) {
    for (const i of ingredientsOf(m)) {
      const list = containing.get(i.ingredient_id) ?? [];
      list.push({ m, i });
      containing.set(i.ingredient_id, list);
    }
  }
  const weight = patientValue(patient, 'weight');
  const age = patientValue(patient, 'age');
  const unchecked = (
    ids: number[],
    ingredientId: number,
    reason: NotCheckedReason,
    message: string,
  ) =>
    findings.push({
      kind: 'not_checked',
      severity: null,
      medication_ids: byPosition(ids),
      ingredient_id: ingredientId,
      reason,
      message,
    });

  for (const [ingredientId, list] of containing) {
    const name = list[0].i.name;
    const ids = byPosition(list.map(({ m }) => m.id));
    const names = (which: number[]) =>
      namesText(which.map((id) => list.find(({ m }) => m.id === id)?.m.name ?? ''));
    if (list.length > 1) {
      findings.push({
        kind: 'duplicate_ingredient',
        severity: 'moderate',
        medication_ids: ids,
        ingredient_id: ingredientId,
        message: `${names(ids)} all contain ${name}: count it once, over all of them.`,
      });
    }

    const limits = (data.ingredient_limits ?? []).filter((l) => l.ingredient_id === ingredientId);
    if (limits.length === 0) continue;
    // The limits that apply to the patient, each as micrograms a day.
    const applying: { limit: SafetyIngredientLimitRow; mcg: number }[] = [];
    let placed = true;
    for (const basis of ['weight', 'age'] as const) {
      const ofBasis = limits.filter((l) => l.basis === basis);
      if (ofBasis.length === 0) continue;
      const value = basis === 'weight' ? weight : age;
      if (!value) {
        placed = false;
        unchecked(
          ids,
          ingredientId,
          basis === 'weight' ? 'missing_weight' : 'missing_age',
          `${name}: no ${basis} given, so its daily limits by ${basis} could not be checked.`,
        );
        continue;
      }
      for (const limit of ofBasis.filter((l) => limitCovers(l, value.base, age?.base))) {
        const quantity = doseQuantity(limit.max_daily_amount, limit.amount_unit);
        if (!quantity) continue;
        if (quantity.perKg && !weight) {
          placed = false;
          unchecked(
            ids,
            ingredientId,
            'missing_weight',
            `${name}: its daily limit of ${formatQuantity(limit.max_daily_amount, limit.amount_unit)} is per kg, and no weight was given.`,
          );
          continue;
        }
        applying.push({ limit, mcg: quantity.amount * (quantity.perKg ? (weight?.base ?? 1) : 1) });
      }
    }
    if (!placed || applying.length === 0) continue;
    const strictest = applying.reduce((a, b) => (b.mcg < a.mcg ? b : a));

    // Each medication's share of a day: the ingredient in one dose, times the doses a day.
    const shares: { id: number; mcg: number }[] = [];
    let total = true;
    for (const { m, i } of list) {
      const p = prescriptions.get(m.id);
      const interval =
        p?.frequency && p.frequency_unit ? intervalHours(p.frequency, p.frequency_unit) : undefined;
      if (!p?.dose || !p.dose_unit || interval === undefined) {
        total = false;
        continue;
      }
      const dose = doseQuantity(p.dose, p.dose_unit);
      const strength = strengthPer(i, p.dose_unit);
      const strengthMcg = strength && doseQuantity(strength.value, strength.unit)?.amount;
      let mcg: number | undefined;
      if (dose?.dimension === 'mass' && ingredientsOf(m).length === 1)
        mcg = dose.perKg ? (weight ? dose.amount * weight.base : undefined) : dose.amount;
      else if (strengthMcg !== undefined) mcg = p.dose * strengthMcg;
      if (mcg === undefined) {
        total = false;
        if (dose?.dimension !== 'mass' || ingredientsOf(m).length > 1) {
          unchecked(
            [m.id],
            ingredientId,
            'missing_strength',
            `${m.name}: no strength of ${name} per ${p.dose_unit} is stored, so its ${name} could not be added to the day's total.`,
          );
        }
        continue;
      }
      shares.push({ id: m.id, mcg: mcg * Math.max(1, 24 / interval) });
    }
    if (!total) continue;
    shares.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const sum = shares.reduce((a, b) => a + b.mcg, 0);
    if (!above(sum, strictest.mcg)) continue;
    const unit = strictest.limit.amount_unit.replace('/kg', '');
    const shown = (mcg: number) => formatQuantity(mcg / doseFactor(unit), unit);
    const parts =
      shares.length > 1
        ? ` (${shares.map((share) => `${names([share.id])} ${shown(share.mcg)}`).join(', ')})`
        : '';
    const perKg = strictest.limit.amount_unit.endsWith('/kg')
      ? ` (${formatQuantity(strictest.limit.max_daily_amount, strictest.limit.amount_unit)} × ${formatNumber(weight?.base ?? 0)} kg)`
      : '';
    findings.push({
      kind: 'daily_dose',
      severity: 'major',
      medication_ids: ids,
      ingredient_id: ingredientId,
      message: `${name}: ${shown(sum)} a day${parts} is above the ${shown(strictest.mcg)}${perKg} daily maximum for ${bandLabel(strictest.limit)}.`,
    });
  }
  return findings;
}

/** The findings, the rules applied and the verdict for `data` (loaded for the request's ids). */
export function evaluateSafety(
  data: SafetyData,
  prescriptions: Prescription[],
  patient: Patient = {},
  fromIdsOnly = false,
): SafetyResult {
  const medications = [...data.medications].sort(
    (a, b) => byName.compare(a.name, b.name) || a.id - b.id,
  );
  const prescriptionOf = new Map(prescriptions.map((p) => [p.medication_id, p]));
  const allergyName = new Map(data.allergies.map((a) => [a.id, a.name]));
  const nameOf = new Map([...data.allergies, ...medications].map((m) => [m.id, m.name]));
  const position = new Map(medications.map((m, index) => [m.id, index]));
  // Every medication named in a finding (prescribed or an allergy), ranked by name once.
  const byNameRank = new Map(
    [...nameOf]
      .sort(([x, a], [y, b]) => byName.compare(a, b) || x - y)
      .map(([id], index) => [id, index]),
  );
  const conditionName = new Map(data.conditions.map((c) => [c.id, c.name]));
  const lifestyleName = new Map(data.lifestyles.map((l) => [l.id, l.name]));
  const prescribedIds = new Set(medications.map((m) => m.id));
  const findings: Finding[] = [];
  const askPregnancy = pregnancyUnknown(patient);

  for (const i of data.interactions) {
    const a = i.medication_id;
    const b = i.interacting_medication_id;
    if (prescribedIds.has(a) && prescribedIds.has(b)) {
      const ids = [a, b].sort((x, y) => (position.get(x) ?? 0) - (position.get(y) ?? 0));
      findings.push({
        kind: 'interaction',
        severity: i.severity,
        medication_ids: ids,
        interaction_id: i.id,
        allergen: i.is_allergen,
        message:
          `${nameOf.get(ids[0])} and ${nameOf.get(ids[1])}: ${i.description}` +
          (i.is_allergen ? ' (flagged as an allergen)' : ''),
      });
    }
    // Cross-sensitivity: an allergen-flagged link from a prescribed medication to a stated allergy.
    if (!i.is_allergen) continue;
    for (const [prescribed, allergy] of [
      [a, b],
      [b, a],
    ]) {
      if (!prescribedIds.has(prescribed) || !allergyName.has(allergy)) continue;
      findings.push({
        kind: 'allergy',
        severity: 'contraindicated',
        medication_ids: [prescribed, allergy],
        interaction_id: i.id,
        allergen: true,
        message: `${nameOf.get(prescribed)}: the patient is allergic to ${nameOf.get(allergy)}, and the two are flagged as cross-sensitive (${i.description}).`,
      });
    }
  }

  for (const m of medications) {
    const ageLimit = ageLimitFinding(m, patient);
    if (ageLimit) findings.push(ageLimit);
    if (allergyName.has(m.id)) {
      findings.push({
        kind: 'allergy',
        severity: 'contraindicated',
        medication_ids: [m.id],
        message: `${m.name}: the patient is allergic to it.`,
      });
    }
    for (const conditionId of m.condition_ids) {
      const caution = m.condition_cautions?.[conditionId];
      const condition = conditionName.get(conditionId);
      findings.push({
        kind: 'condition',
        severity: caution ?? 'contraindicated',
        medication_ids: [m.id],
        condition_id: conditionId,
        message: caution
          ? `${m.name}: use with caution in ${condition}.`
          : `${m.name} is contraindicated in ${condition}.`,
      });
    }
    for (const { lifestyle_id, severity } of m.lifestyle_links) {
      const lifestyle = lifestyleName.get(lifestyle_id);
      // Major and contraindicated links say "contraindicated", as every link did before links
      // had a severity; the milder ones are cautions.
      findings.push({
        kind: 'lifestyle',
        severity,
        medication_ids: [m.id],
        lifestyle_id,
        message:
          rank(severity) >= RANK.major
            ? `${m.name} is contraindicated with ${lifestyle}.`
            : `${m.name}: use with caution with ${lifestyle} (${severity}).`,
      });
    }
    if (patient.pregnant === true) {
      const category = m.pregnancy_category;
      const rule = category ? PREGNANCY[category] : undefined;
      if (!category) {
        findings.push({
          kind: 'not_checked',
          severity: null,
          medication_ids: [m.id],
          reason: 'missing_pregnancy_category',
          pregnancy_category: null,
          message: `${m.name} has no pregnancy category, so its safety in pregnancy could not be checked.`,
        });
      } else if (rule) {
        findings.push({
          kind: 'pregnancy',
          severity: rule.severity,
          medication_ids: [m.id],
          pregnancy_category: category,
          message: `${m.name} is pregnancy category ${category}: ${rule.text}.`,
        });
      }
    } else if (askPregnancy && (m.pregnancy_category === 'D' || m.pregnancy_category === 'X')) {
      findings.push({
        kind: 'not_checked',
        severity: null,
        medication_ids: [m.id],
        reason: 'missing_pregnancy_status',
        pregnancy_category: m.pregnancy_category,
        message: `${m.name} is pregnancy category ${m.pregnancy_category}: pregnancy status not given, so its risk in pregnancy could not be checked.`,
      });
    }
  }

  /** Medication ids once each, by name. */
  const positionOrder = (ids: number[]) =>
    [...new Set(ids)].sort(
      (x, y) =>
        (byNameRank.get(x) ?? 0) - (byNameRank.get(y) ?? 0) ||
        (position.get(x) ?? 0) - (position.get(y) ?? 0),
    );
  findings.push(...classFindings(data, prescribedIds, patient, nameOf, positionOrder));

  findings.push(...ingredientFindings(data, prescriptionOf, patient, positionOrder));

  const results: MedicationResult[] = [];
  for (const m of medications) {
    const prescription = prescriptionOf.get(m.id) ?? { medication_id: m.id };
    const { result, findings: own } = dosingOf(m, prescription, patient, fromIdsOnly);
    own.push(...renalFindings(m, prescription, patient, data.conditions));
    results.push(result);
    findings.push(...own);
  }

  // One medication's ingredient total above a limit says again what its own rule's daily maximum
  // already said: kept only when no rule of that medication found its day too much.
  const dailyByRule = new Set(
    findings.filter((f) => f.kind === 'daily_dose' && f.dosage_id).map((f) => f.medication_ids[0]),
  );
  const said = (f: Finding) =>
    f.kind === 'daily_dose' &&
    f.ingredient_id !== undefined &&
    f.medication_ids.length === 1 &&
    dailyByRule.has(f.medication_ids[0]);
  findings.splice(0, findings.length, ...findings.filter((f) => !said(f)));

  findings.sort((a, b) => {
    const bySeverity = rank(b.severity) - rank(a.severity);
    if (bySeverity) return bySeverity;
    const length = Math.max(a.medication_ids.length, b.medication_ids.length);
    for (let k = 0; k < length; k++) {
      const x = a.medication_ids[k];
      const y = b.medication_ids[k];
      if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
      const byMedication = (byNameRank.get(x) ?? 0) - (byNameRank.get(y) ?? 0);
      if (byMedication) return byMedication;
    }
    return (
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      BASIS_ORDER.indexOf(a.basis) - BASIS_ORDER.indexOf(b.basis) ||
      ruleId(a) - ruleId(b)
    );
  });

  const top = findings.find((f) => f.severity !== null)?.severity ?? 'none';
  const complete = !findings.some((f) => f.kind === 'not_checked');
  return { verdict: top, complete, findings, medications: results };
}

// ---------- the request ----------

function missing(asked: number[] | undefined, found: { id: number }[]): number[] {
  const known = new Set(found.map((row) => row.id));
  return (asked ?? []).filter((id) => !known.has(id));
}

/** The request's prescriptions: `medications` as given, or the older ids with nothing prescribed. */
function prescriptionsOf(body: SafetyCheckRequest): Prescription[] {
  const { medications, medication_ids: ids } = body;
  if (medications && ids) {
    throw invalid(
      { medications: ['send either medications or medication_ids, not both'] },
      'Send either medications or medication_ids, not both.',
    );
  }
  if (!medications && !ids) {
    throw invalid({ medications: ['is required'] }, 'Name at least one medication.');
  }
  if (ids) return ids.map((medication_id) => ({ medication_id }));
  const list = medications ?? [];
  const seen = new Set<number>();
  const repeated = list.filter((p) => seen.size === seen.add(p.medication_id).size);
  if (repeated.length) {
    throw invalid(
      { medications: [`lists medication ${repeated[0].medication_id} more than once`] },
      'Each medication may be listed once.',
    );
  }
  return list;
}

/** A request's prescriptions, the ids it reads, and whether it used the older `medication_ids`. */
export interface CheckedRequest {
  prescriptions: Prescription[];
  lists: SafetyIds;
  fromIdsOnly: boolean;
}

/** The request as the check reads it, or a 422 for what the schema cannot refuse. */
export function checkRequest(body: SafetyCheckRequest): CheckedRequest {
  const { patient = {} } = body;
  const prescriptions = prescriptionsOf(body);
  const implausibleFields = implausible(patient);
  if (Object.keys(implausibleFields).length) {
    throw invalid(implausibleFields, 'The patient values are not plausible.');
  }
  return {
    prescriptions,
    lists: {
      medications: prescriptions.map((p) => p.medication_id),
      conditions: patient.condition_ids ?? [],
      lifestyles: patient.lifestyle_ids ?? [],
      allergies: patient.allergy_medication_ids ?? [],
      allergyClasses: patient.allergy_class_ids ?? [],
    },
    fromIdsOnly: Boolean(body.medication_ids),
  };
}

/** A 422 naming each id of the request that `data` (loaded for its ids) does not know. */
export function unknownIds(body: SafetyCheckRequest, lists: SafetyIds, data: SafetyData) {
  const unknown = {
    medication: missing(lists.medications, data.medications),
    condition: missing(lists.conditions, data.conditions),
    lifestyle: missing(lists.lifestyles, data.lifestyles),
    allergy: missing(lists.allergies, data.allergies),
    allergy_class: missing(lists.allergyClasses, data.classes),
  };
  const fields = {
    medication: body.medication_ids ? 'medication_ids' : 'medications',
    condition: 'patient.condition_ids',
    lifestyle: 'patient.lifestyle_ids',
    allergy: 'patient.allergy_medication_ids',
    allergy_class: 'patient.allergy_class_ids',
  } as const;
  const errors: Record<string, string[]> = {};
  const parts: string[] = [];
  const nouns = {
    medication: ['medication', 'medication'],
    condition: ['condition', 'condition'],
    lifestyle: ['lifestyle', 'lifestyle'],
    allergy: ['medication', 'allergy medication'],
    allergy_class: ['drug class', 'allergy class'],
  } as const;
  for (const kind of [
    'medication',
    'condition',
    'lifestyle',
    'allergy',
    'allergy_class',
  ] as const) {
    if (!unknown[kind].length) continue;
    const list = unknown[kind].join(', ');
    const [noun, part] = nouns[kind];
    errors[fields[kind]] = [`No such ${noun}: ${list}`];
    parts.push(`${part} ${list}`);
  }
  return parts.length ? invalid(errors, `Unknown ids: ${parts.join('; ')}.`) : undefined;
}
