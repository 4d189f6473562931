import type { AgeUnit, DosageUnit, WeightUnit } from '@contract/enums';

/**
 * Exact unit conversions shared by the safety check and the data-quality report. Each kind of
 * quantity converts to one base unit: ages to days, weights to kilograms, doses to micrograms
 * (or millilitres, which only compare with millilitres), dosing intervals to hours, durations
 * to days. 1 year = 12 months = 365.25 days, 1 month = 30.4375 days, 1 week = 7 days,
 * 1 lb = 0.45359237 kg.
 */

// The tables below are read by any text a caller passes (an unknown unit reads as undefined), and
// `satisfies` makes each cover every unit of its kind that the contract lists.

/** Days per age unit. */
const DAYS_PER: Record<string, number> = {
  days: 1,
  months: 30.4375,
  years: 365.25,
} satisfies Record<AgeUnit, number>;
/** Kilograms per weight unit. */
const KG_PER: Record<string, number> = { kg: 1, lbs: 0.45359237 } satisfies Record<
  WeightUnit,
  number
>;

/** A value in the base unit of its kind (days for ages, kilograms for weights). */
export function toBase(kind: 'age' | 'weight', value: number, unit: string): number {
  const factor = (kind === 'age' ? DAYS_PER : KG_PER)[unit];
  if (factor === undefined) throw new Error(`Unknown ${kind} unit ${unit}`);
  return value * factor;
}

/**
 * Equality after conversion, within the rounding of a unit conversion (1e-9 relative): 110 lbs
 * is 49.8951607 kg, although the two products differ in their last bits.
 */
export function tolerance(...values: number[]): number {
  return 1e-9 * Math.max(1, ...values.map(Math.abs));
}

/** min <= value <= max, bounds inclusive, all in one base unit. */
export function within(value: number, min: number, max: number): boolean {
  const eps = tolerance(value, min, max);
  return value >= min - eps && value <= max + eps;
}

/** value < bound, beyond conversion rounding. */
export const below = (value: number, bound: number) => value < bound - tolerance(value, bound);
/** value > bound, beyond conversion rounding. */
export const above = (value: number, bound: number) => value > bound + tolerance(value, bound);

// ---------- doses ----------

/**
 * A dose in its base unit: micrograms, millilitres or a count of tablets or capsules, absolute or
 * per kilogram of body weight. Product units (ml, tablet, capsule) become masses only through a
 * medication's ingredient strengths.
 */
export interface DoseQuantity {
  amount: number;
  dimension: 'mass' | 'volume' | 'tablet' | 'capsule';
  perKg: boolean;
}

const DOSE_UNITS: Record<string, Omit<DoseQuantity, 'amount'> & { factor: number }> = {
  mcg: { dimension: 'mass', perKg: false, factor: 1 },
  mg: { dimension: 'mass', perKg: false, factor: 1000 },
  g: { dimension: 'mass', perKg: false, factor: 1_000_000 },
  ml: { dimension: 'volume', perKg: false, factor: 1 },
  'mcg/kg': { dimension: 'mass', perKg: true, factor: 1 },
  'mg/kg': { dimension: 'mass', perKg: true, factor: 1000 },
  tablet: { dimension: 'tablet', perKg: false, factor: 1 },
  capsule: { dimension: 'capsule', perKg: false, factor: 1 },
} satisfies Record<DosageUnit, Omit<DoseQuantity, 'amount'> & { factor: number }>;

/** The dose in its base unit; undefined for a unit this module does not know. */
export function doseQuantity(value: number, unit: string): DoseQuantity | undefined {
  const u = DOSE_UNITS[unit];
  return u && { amount: value * u.factor, dimension: u.dimension, perKg: u.perKg };
}

/** Base units (mcg or ml) per one `unit`: to show a base amount in the unit it was given in. */
export function doseFactor(unit: string): number {
  const u = DOSE_UNITS[unit];
  if (!u) throw new Error(`Unknown dose unit ${unit}`);
  return u.factor;
}

// ---------- dosing intervals and durations ----------

const HOURS_PER: Record<string, number> = {
  hours: 1,
  days: 24,
  weeks: 7 * 24,
  months: DAYS_PER.months * 24,
};

/** Hours in the period of a count unit: `3 x daily` is 3 doses per 24 hours. */
const COUNT_PERIOD_HOURS: Record<string, number> = {
  'x daily': 24,
  'times/day': 24,
  'x weekly': 7 * 24,
  'times/week': 7 * 24,
  'x monthly': DAYS_PER.months * 24,
  'times/month': DAYS_PER.months * 24,
  'x yearly': DAYS_PER.years * 24,
  'times/year': DAYS_PER.years * 24,
};

export const isCountUnit = (unit: string) => unit in COUNT_PERIOD_HOURS;

/**
 * The hours between doses for a frequency: an interval unit (every 6 hours) directly, a count
 * unit as its period divided by the count (3 x daily is every 8 hours). Undefined when it cannot
 * be compared: `every day` (no count or interval of its own) or a count of 0.
 */
export function intervalHours(value: number, unit: string): number | undefined {
  if (unit in HOURS_PER) return value * HOURS_PER[unit];
  const period = COUNT_PERIOD_HOURS[unit];
  if (period === undefined || value <= 0) return undefined;
  return period / value;
}

/** A duration in days; undefined for `every day`, which has no length. */
export function durationDays(value: number, unit: string): number | undefined {
  const hours = HOURS_PER[unit];
  return hours === undefined ? undefined : (value * hours) / 24;
}

// ---------- text ----------

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** 1,000 or 0.4536: grouped, at most 4 decimals. */
export const formatNumber = (value: number) => NUMBER.format(value);

/** `1,000 mg`, `1 day`, `12 years`: a value with its unit, singular for exactly 1. */
export function formatQuantity(value: number, unit: string): string {
  const singular = value === 1 && /^(hours|days|weeks|months|years)$/.test(unit);
  return `${formatNumber(value)} ${singular ? unit.replace(/s$/, '') : unit}`;
}

/** `325–500 mg`, or `500 mg` when both bounds are equal. */
export function formatRange(min: number, max: number, unit: string): string {
  return min === max
    ? formatQuantity(min, unit)
    : `${formatNumber(min)}–${formatNumber(max)} ${unit}`;
}
