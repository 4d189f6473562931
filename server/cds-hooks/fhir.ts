import type { DosageUnit, DurationUnit, FrequencyUnit } from '@contract/enums';

/**
 * Reading the FHIR R4 resources an EHR sends (draft MedicationRequests, the prefetched patient
 * facts) into the safety check's terms. Pure functions: what cannot be read becomes undefined,
 * and the caller says what it could not check. FHIR arrives as untyped JSON, so every field is
 * read through the narrow helpers below.
 */

export type Json = Record<string, unknown>;

export interface Coding {
  system?: string;
  code: string;
  display?: string;
}

export const LOINC = 'http://loinc.org';
export const LOINC_BODY_WEIGHT = '29463-7';
/** eGFR by CKD-EPI (2021, race-free) and by MDRD: either is accepted. */
export const LOINC_EGFR = ['62238-1', '33914-3'] as const;
export const LOINC_PREGNANCY_STATUS = '82810-3';

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const number = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The resources of a prefetch value: a Bundle's entries, or the resource itself. */
export function resourcesOf(value: unknown): Json[] {
  if (!isObject(value)) return [];
  if (value.resourceType === 'Bundle')
    return list(value.entry)
      .map((entry) => (isObject(entry) ? entry.resource : undefined))
      .filter(isObject);
  return [value];
}

export function codingsOf(concept: unknown): Coding[] {
  if (!isObject(concept)) return [];
  return list(concept.coding).flatMap((c) => {
    if (!isObject(c)) return [];
    const code = text(c.code);
    if (!code) return [];
    return [{ code, system: text(c.system), display: text(c.display) }];
  });
}

/** What a concept is called, for messages: its text, or its first coding's display or code. */
export function conceptName(concept: unknown): string {
  const codings = codingsOf(concept);
  return (
    (isObject(concept) ? text(concept.text) : undefined) ??
    codings.find((c) => c.display)?.display ??
    (codings[0] ? `${codings[0].system ?? ''}|${codings[0].code}` : 'an order without a code')
  );
}

// ---------- the patient ----------

const DAY_MS = 86_400_000;

/** Age on `today` from a FHIR date (YYYY, YYYY-MM or YYYY-MM-DD), in the unit that keeps it
 * exact enough for the age categories: days under 90 days, months under 2 years, else years. */
export function ageOf(
  birthDate: unknown,
  today: Date,
): { age: number; age_unit: 'days' | 'months' | 'years' } | undefined {
  const value = text(birthDate);
  const match = value && /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!match) return undefined;
  const born = Date.UTC(Number(match[1]), Number(match[2] ?? 1) - 1, Number(match[3] ?? 1));
  if (Number.isNaN(born) || born > today.getTime()) return undefined;
  const days = Math.floor((today.getTime() - born) / DAY_MS);
  if (days < 90) return { age: days, age_unit: 'days' };
  const start = new Date(born);
  let months =
    (today.getUTCFullYear() - start.getUTCFullYear()) * 12 +
    (today.getUTCMonth() - start.getUTCMonth());
  if (today.getUTCDate() < start.getUTCDate()) months -= 1;
  if (months < 24) return { age: months, age_unit: 'months' };
  return { age: Math.floor(months / 12), age_unit: 'years' };
}

export function sexOf(gender: unknown): 'female' | 'male' | undefined {
  return gender === 'female' || gender === 'male' ? gender : undefined;
}

/** The newest of some Observations (by effective time, else as sent). */
export function latestObservation(resources: Json[]): Json | undefined {
  const observations = resources.filter(
    (r) => r.resourceType === 'Observation' && r.status !== 'entered-in-error',
  );
  const when = (r: Json) => Date.parse(text(r.effectiveDateTime) ?? text(r.issued) ?? '') || 0;
  return [...observations].sort((a, b) => when(b) - when(a))[0];
}

/** A body weight in kg from an Observation's valueQuantity (kg, g or pounds). */
export function weightKg(observation: Json | undefined): number | undefined {
  const quantity = observation?.valueQuantity;
  if (!isObject(quantity)) return undefined;
  const value = number(quantity.value);
  const unit = text(quantity.code) ?? text(quantity.unit);
  if (value === undefined || !unit) return undefined;
  const factor: Record<string, number> = { kg: 1, g: 0.001, '[lb_av]': 0.45359237, lb: 0.45359237 };
  return unit in factor ? value * factor[unit] : undefined;
}

/** An eGFR in mL/min/1.73 m² (the only unit it is reported in). */
export function egfrOf(observation: Json | undefined): number | undefined {
  const quantity = observation?.valueQuantity;
  if (!isObject(quantity)) return undefined;
  // A lab may report "> 90" as 90 with a comparator: the check then reads it as 90.
  return number(quantity.value);
}

const PREGNANT = new Set(['77386006', 'LA15173-0']);
const NOT_PREGNANT = new Set(['60001007', 'LA26683-5']);

/** Pregnancy status from an Observation (LOINC 82810-3): undefined when unknown. */
export function pregnancyOf(observation: Json | undefined): boolean | undefined {
  const codes = codingsOf(observation?.valueCodeableConcept).map((c) => c.code);
  if (codes.some((c) => PREGNANT.has(c))) return true;
  if (codes.some((c) => NOT_PREGNANT.has(c))) return false;
  return undefined;
}

const statusCode = (concept: unknown) => codingsOf(concept)[0]?.code;

/** The coded active conditions (a Condition without clinicalStatus counts as active). */
export function activeConditions(resources: Json[]): Json[] {
  return resources.filter((r) => {
    if (r.resourceType !== 'Condition') return false;
    const clinical = statusCode(r.clinicalStatus);
    const verification = statusCode(r.verificationStatus);
    return (
      (clinical === undefined || ['active', 'recurrence', 'relapse'].includes(clinical)) &&
      verification !== 'refuted' &&
      verification !== 'entered-in-error'
    );
  });
}

/** The allergies and intolerances not resolved or refuted. */
export function activeAllergies(resources: Json[]): Json[] {
  return resources.filter((r) => {
    if (r.resourceType !== 'AllergyIntolerance') return false;
    const clinical = statusCode(r.clinicalStatus);
    const verification = statusCode(r.verificationStatus);
    return (
      (clinical === undefined || clinical === 'active') &&
      verification !== 'refuted' &&
      verification !== 'entered-in-error'
    );
  });
}

// ---------- the orders ----------

/** UCUM codes (and the units EHRs write) of the dose units the safety check compares. */
const DOSE_UNITS: Record<string, DosageUnit> = {
  mg: 'mg',
  g: 'g',
  ug: 'mcg',
  mcg: 'mcg',
  ml: 'ml',
  mL: 'ml',
  'mg/kg': 'mg/kg',
  'ug/kg': 'mcg/kg',
  'mcg/kg': 'mcg/kg',
  '{tbl}': 'tablet',
  '{tablet}': 'tablet',
  tablet: 'tablet',
  TAB: 'tablet',
  '{capsule}': 'capsule',
  '{cap}': 'capsule',
  capsule: 'capsule',
  CAP: 'capsule',
};

const HOURS: Record<string, number> = { s: 1 / 3600, min: 1 / 60, h: 1, d: 24, wk: 168 };
const DURATIONS: Record<string, DurationUnit> = {
  h: 'hours',
  d: 'days',
  wk: 'weeks',
  mo: 'months',
  hour: 'hours',
  hours: 'hours',
  day: 'days',
  days: 'days',
  week: 'weeks',
  weeks: 'weeks',
  month: 'months',
  months: 'months',
};
/** The largest prescribed value the safety check takes (the contract's PrescribedAmount). */
const MAX_PRESCRIBED = 1_000_000;
const prescribable = (value: number | undefined): value is number =>
  value !== undefined && value > 0 && value <= MAX_PRESCRIBED;

export interface Order {
  /** The MedicationRequest's id, or its place in the Bundle. */
  id: string;
  name: string;
  codings: Coding[];
  dose?: { dose: number; dose_unit: DosageUnit };
  frequency?: { frequency: number; frequency_unit: FrequencyUnit };
  duration?: { duration: number; duration_unit: DurationUnit };
  /** What was given but could not be read ("the dose unit {puff}"). */
  unread: string[];
}

/** The MedicationRequests of a draftOrders Bundle (other resources are not medication orders). */
export function ordersOf(bundle: Json): Order[] {
  return resourcesOf(bundle)
    .filter((r) => r.resourceType === 'MedicationRequest')
    .map((request, index) => orderOf(request, index));
}

function orderOf(request: Json, index: number): Order {
  const concept = request.medicationCodeableConcept;
  const order: Order = {
    id: text(request.id) ?? `order ${index + 1}`,
    name: conceptName(concept),
    codings: codingsOf(concept),
    unread: [],
  };
  const dosage = list(request.dosageInstruction).find(isObject);
  const doseAndRate = list(dosage?.doseAndRate).find(isObject);
  const quantity = doseAndRate?.doseQuantity;
  if (isObject(quantity)) {
    const value = number(quantity.value);
    const unitText = text(quantity.code) ?? text(quantity.unit);
    const unit = unitText ? DOSE_UNITS[unitText] : undefined;
    if (prescribable(value) && unit) order.dose = { dose: value, dose_unit: unit };
    else order.unread.push(`the dose ${value ?? ''} ${unitText ?? ''}`.replace(/\s+/g, ' '));
  }
  const timing = isObject(dosage?.timing) ? dosage.timing : undefined;
  const repeat = isObject(timing?.repeat) ? timing.repeat : undefined;
  if (repeat) {
    const frequency = number(repeat.frequency) ?? 1;
    const period = number(repeat.period);
    const periodUnit = text(repeat.periodUnit);
    if (period !== undefined && periodUnit && frequency > 0) {
      const found = frequencyOf(frequency, period, periodUnit);
      if (found) order.frequency = found;
      else order.unread.push(`the timing ${frequency} per ${period} ${periodUnit}`);
    }
    const bounds = repeat.boundsDuration;
    if (isObject(bounds)) {
      const value = number(bounds.value);
      const unitText = text(bounds.code) ?? text(bounds.unit);
      const unit = unitText ? DURATIONS[unitText] : undefined;
      if (prescribable(value) && unit) order.duration = { duration: value, duration_unit: unit };
      else order.unread.push(`the duration ${value ?? ''} ${unitText ?? ''}`.replace(/\s+/g, ' '));
    }
  }
  return order;
}

/**
 * `frequency` doses every `period` `periodUnit` as the check takes it: so many times a day or a
 * week when the period is one of those, else the hours between doses.
 */
function frequencyOf(
  frequency: number,
  period: number,
  periodUnit: string,
): Order['frequency'] | undefined {
  if (period === 1 && periodUnit === 'd')
    return frequency === 1
      ? { frequency: 24, frequency_unit: 'hours' }
      : { frequency, frequency_unit: 'x daily' };
  if (period === 1 && periodUnit === 'wk') return { frequency, frequency_unit: 'x weekly' };
  if (period === 1 && periodUnit === 'mo') return { frequency, frequency_unit: 'x monthly' };
  if (!(periodUnit in HOURS)) return undefined;
  const hours = (period * HOURS[periodUnit]) / frequency;
  return prescribable(hours)
    ? { frequency: Math.round(hours * 1e6) / 1e6, frequency_unit: 'hours' }
    : undefined;
}
