import { z } from 'zod';
import type { Path } from 'react-hook-form';
import type {
  AgeUnit,
  DosageUnit,
  SafetyCheckMedication,
  SafetyCheckRequest,
  WeightUnit,
} from '@/api';
import { AGE_UNITS, DURATION_UNITS, FREQUENCY_UNITS, WEIGHT_UNITS } from '@contract/enums';

/**
 * The safety check's form: its schema (the contract's SafetyCheckRequest limits, and a patient a
 * clinician could have), and its two other shapes, the page's URL (so a check can be shared as a
 * link) and the request.
 */

/**
 * Every unit the contract allows, in the order the selects offer them: listed as a record's keys,
 * so that a unit added to the contract fails the type check here until it is offered.
 */
const every = <T extends string>(units: Record<T, true>) => Object.keys(units) as [T, ...T[]];
export const DOSE_UNITS = every<DosageUnit>({
  mg: true,
  mcg: true,
  g: true,
  ml: true,
  'mg/kg': true,
  'mcg/kg': true,
  // Product units: the server converts them through the medication's ingredient strengths.
  tablet: true,
  capsule: true,
});
export { AGE_UNITS, DURATION_UNITS, FREQUENCY_UNITS, WEIGHT_UNITS };

/** The patient's sex and pregnancy, each as its select offers it ('' and 'unknown': not given). */
export const SEX_CHOICES = [
  ['', 'Not given'],
  ['female', 'Female'],
  ['male', 'Male'],
] as const;
export const PREGNANCY_CHOICES = [
  ['unknown', 'Not known'],
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;
const values = <T extends string>(choices: readonly (readonly [T, string])[]) =>
  choices.map(([value]) => value) as [T, ...T[]];

/** The contract's limit on the medications of one check. */
export const MAX_MEDICATIONS = 20;
const MAX_AMOUNT = 1_000_000;

/** A plausible patient (the server refuses anything else, naming the field). */
const MAX_AGE_YEARS = 130;
const MAX_WEIGHT_KG = 650;
/** The contract's conversions: 1 year = 12 months = 365.25 days; 1 lb = 0.45359237 kg. */
const YEARS_PER: Record<AgeUnit, number> = { years: 1, months: 1 / 12, days: 1 / 365.25 };
const KG_PER: Record<WeightUnit, number> = { kg: 1, lbs: 0.45359237 };
export const AGE_MESSAGE = `Age must be from 0 to ${MAX_AGE_YEARS} years`;
export const WEIGHT_MESSAGE = `Weight must be above 0 and at most ${MAX_WEIGHT_KG} kg (1,433 lbs)`;
/** The contract's eGFR bounds, in mL/min/1.73 m². */
const MAX_EGFR = 200;
export const EGFR_MESSAGE = `eGFR must be from 0 to ${MAX_EGFR}`;

const isNumber = (value: string) => value !== '' && Number.isFinite(Number(value));

/** Empty, or a number above 0 and at most the contract's Amount maximum. */
const prescribedAmount = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isNumber(value), `${label} must be a number`)
    .refine(
      (value) => value === '' || (Number(value) > 0 && Number(value) <= MAX_AMOUNT),
      `${label} must be above 0 and at most 1,000,000`,
    );

const numberOrEmpty = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isNumber(value), `${label} must be a number`);

const prescribedSchema = z.object({
  medicationId: z.number().int().positive(),
  dose: prescribedAmount('Dose'),
  doseUnit: z.enum(DOSE_UNITS),
  frequency: prescribedAmount('Frequency'),
  frequencyUnit: z.enum(FREQUENCY_UNITS),
  duration: prescribedAmount('Duration'),
  durationUnit: z.enum(DURATION_UNITS),
});
export type PrescribedForm = z.infer<typeof prescribedSchema>;

const ids = z.array(z.number().int().positive());

export const safetyCheckSchema = z
  .object({
    medications: z
      .array(prescribedSchema)
      .max(MAX_MEDICATIONS, `Check at most ${MAX_MEDICATIONS} medications at once`),
    allergies: ids,
    allergyClasses: ids,
    conditions: ids,
    lifestyles: ids,
    age: numberOrEmpty('Age'),
    ageUnit: z.enum(AGE_UNITS),
    weight: numberOrEmpty('Weight'),
    weightUnit: z.enum(WEIGHT_UNITS),
    egfr: numberOrEmpty('eGFR'),
    sex: z.enum(values(SEX_CHOICES)),
    pregnant: z.enum(values(PREGNANCY_CHOICES)),
  })
  .superRefine((form, context) => {
    if (isNumber(form.age)) {
      const years = Number(form.age) * YEARS_PER[form.ageUnit];
      if (years < 0 || years > MAX_AGE_YEARS)
        context.addIssue({ code: 'custom', path: ['age'], message: AGE_MESSAGE });
    }
    if (isNumber(form.weight)) {
      const kg = Number(form.weight) * KG_PER[form.weightUnit];
      if (kg <= 0 || kg > MAX_WEIGHT_KG)
        context.addIssue({ code: 'custom', path: ['weight'], message: WEIGHT_MESSAGE });
    }
    if (isNumber(form.egfr) && (Number(form.egfr) < 0 || Number(form.egfr) > MAX_EGFR))
      context.addIssue({ code: 'custom', path: ['egfr'], message: EGFR_MESSAGE });
  });

export type SafetyCheckForm = z.infer<typeof safetyCheckSchema>;

export const EMPTY_FORM: SafetyCheckForm = {
  medications: [],
  allergies: [],
  allergyClasses: [],
  conditions: [],
  lifestyles: [],
  age: '',
  ageUnit: 'years',
  weight: '',
  weightUnit: 'kg',
  egfr: '',
  sex: '',
  // Not known until the user says: the check then asks about the medications it matters for.
  pregnant: 'unknown',
};

/** A medication just added to the prescription: nothing prescribed yet, the usual units. */
export function newPrescribed(medicationId: number): PrescribedForm {
  return {
    medicationId,
    dose: '',
    doseUnit: 'mg',
    frequency: '',
    frequencyUnit: 'hours',
    duration: '',
    durationUnit: 'days',
  };
}

// ---------- the URL ----------
// ?medications=3,7&dose_3=1000&dose_unit_3=mg&frequency_3=6&frequency_unit_3=hours
//  &allergies=12&allergy_classes=2&age=30&age_unit=years&egfr=25&sex=female&pregnant=true

function idList(value: string | null, max = 100): number[] {
  const out: number[] = [];
  for (const part of (value ?? '').split(',')) {
    const id = Number(part);
    if (/^\d+$/.test(part.trim()) && id >= 1 && id <= 2147483647 && !out.includes(id)) out.push(id);
  }
  return out.slice(0, max);
}

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** A prescribed medication's three values, each with its unit, as named in the link. */
const PRESCRIBED_KEYS = [
  ['dose', 'doseUnit', 'dose_unit'],
  ['frequency', 'frequencyUnit', 'frequency_unit'],
  ['duration', 'durationUnit', 'duration_unit'],
] as const;

function prescribedFromSearch(search: URLSearchParams, id: number): PrescribedForm {
  const empty = newPrescribed(id);
  const text = (key: string) => search.get(`${key}_${id}`)?.trim() ?? '';
  return {
    medicationId: id,
    dose: text('dose'),
    doseUnit: oneOf(search.get(`dose_unit_${id}`), DOSE_UNITS, empty.doseUnit),
    frequency: text('frequency'),
    frequencyUnit: oneOf(search.get(`frequency_unit_${id}`), FREQUENCY_UNITS, empty.frequencyUnit),
    duration: text('duration'),
    durationUnit: oneOf(search.get(`duration_unit_${id}`), DURATION_UNITS, empty.durationUnit),
  };
}

// A Map, not an object: a hand-edited `pregnant=constructor` must not find Object's own members.
const PREGNANCY_IN_LINK = new Map<string | null, SafetyCheckForm['pregnant']>([
  ['true', 'yes'],
  ['false', 'no'],
]);

/** The form a link describes; whatever it cannot read falls back to the empty form's value. */
export function formFromSearch(search: URLSearchParams): SafetyCheckForm {
  return {
    medications: idList(search.get('medications'), MAX_MEDICATIONS).map((id) =>
      prescribedFromSearch(search, id),
    ),
    allergies: idList(search.get('allergies')),
    allergyClasses: idList(search.get('allergy_classes')),
    conditions: idList(search.get('conditions')),
    lifestyles: idList(search.get('lifestyles')),
    age: search.get('age')?.trim() ?? '',
    ageUnit: oneOf(search.get('age_unit'), AGE_UNITS, EMPTY_FORM.ageUnit),
    weight: search.get('weight')?.trim() ?? '',
    weightUnit: oneOf(search.get('weight_unit'), WEIGHT_UNITS, EMPTY_FORM.weightUnit),
    egfr: search.get('egfr')?.trim() ?? '',
    sex: oneOf(search.get('sex'), values(SEX_CHOICES), EMPTY_FORM.sex),
    pregnant: PREGNANCY_IN_LINK.get(search.get('pregnant')) ?? EMPTY_FORM.pregnant,
  };
}

/**
 * The link's query for a form: only what is filled in, in a fixed order, commas and slashes left
 * readable (`medications=3,7`, `frequency_unit_3=times/day`), a space as `+`.
 */
export function searchFromForm(form: SafetyCheckForm): string {
  const pairs: [string, string][] = [];
  if (form.medications.length)
    pairs.push(['medications', form.medications.map((m) => m.medicationId).join(',')]);
  for (const medication of form.medications) {
    for (const [value, unit, unitKey] of PRESCRIBED_KEYS) {
      if (medication[value].trim() === '') continue;
      pairs.push(
        [`${value}_${medication.medicationId}`, medication[value].trim()],
        [`${unitKey}_${medication.medicationId}`, medication[unit]],
      );
    }
  }
  if (form.allergies.length) pairs.push(['allergies', form.allergies.join(',')]);
  if (form.allergyClasses.length) pairs.push(['allergy_classes', form.allergyClasses.join(',')]);
  if (form.conditions.length) pairs.push(['conditions', form.conditions.join(',')]);
  if (form.lifestyles.length) pairs.push(['lifestyles', form.lifestyles.join(',')]);
  if (form.age.trim() !== '') pairs.push(['age', form.age.trim()], ['age_unit', form.ageUnit]);
  if (form.weight.trim() !== '')
    pairs.push(['weight', form.weight.trim()], ['weight_unit', form.weightUnit]);
  if (form.egfr.trim() !== '') pairs.push(['egfr', form.egfr.trim()]);
  if (form.sex) pairs.push(['sex', form.sex]);
  if (form.pregnant !== 'unknown') pairs.push(['pregnant', String(form.pregnant === 'yes')]);
  return pairs
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(value).replace(/%2C/g, ',').replace(/%2F/g, '/').replace(/%20/g, '+')}`,
    )
    .join('&');
}

// ---------- the request ----------

function prescribedRequest(medication: PrescribedForm): SafetyCheckMedication {
  const out: SafetyCheckMedication = { medication_id: medication.medicationId };
  if (medication.dose.trim() !== '') {
    out.dose = Number(medication.dose);
    out.dose_unit = medication.doseUnit;
  }
  if (medication.frequency.trim() !== '') {
    out.frequency = Number(medication.frequency);
    out.frequency_unit = medication.frequencyUnit;
  }
  if (medication.duration.trim() !== '') {
    out.duration = Number(medication.duration);
    out.duration_unit = medication.durationUnit;
  }
  return out;
}

/** The request for a valid form; null while there is nothing to check. */
export function requestFromForm(form: SafetyCheckForm): SafetyCheckRequest | null {
  if (form.medications.length === 0) return null;
  const patient: NonNullable<SafetyCheckRequest['patient']> = {};
  if (form.age.trim() !== '') {
    patient.age = Number(form.age);
    patient.age_unit = form.ageUnit;
  }
  if (form.weight.trim() !== '') {
    patient.weight = Number(form.weight);
    patient.weight_unit = form.weightUnit;
  }
  if (form.egfr.trim() !== '') patient.egfr = Number(form.egfr);
  if (form.sex) patient.sex = form.sex;
  if (form.pregnant !== 'unknown') patient.pregnant = form.pregnant === 'yes';
  if (form.allergies.length) patient.allergy_medication_ids = form.allergies;
  if (form.allergyClasses.length) patient.allergy_class_ids = form.allergyClasses;
  if (form.conditions.length) patient.condition_ids = form.conditions;
  if (form.lifestyles.length) patient.lifestyle_ids = form.lifestyles;
  return {
    medications: form.medications.map(prescribedRequest),
    ...(Object.keys(patient).length ? { patient } : {}),
  };
}

/** The form's names of the request's patient fields. */
const PATIENT_FIELDS: Record<string, Path<SafetyCheckForm>> = {
  age: 'age',
  age_unit: 'ageUnit',
  weight: 'weight',
  weight_unit: 'weightUnit',
  egfr: 'egfr',
  sex: 'sex',
  pregnant: 'pregnant',
  allergy_medication_ids: 'allergies',
  allergy_class_ids: 'allergyClasses',
  condition_ids: 'conditions',
  lifestyle_ids: 'lifestyles',
};
/** The form's names of a prescribed medication's fields. */
const PRESCRIBED_FIELDS: Record<string, keyof PrescribedForm> = {
  medication_id: 'medicationId',
  dose: 'dose',
  dose_unit: 'doseUnit',
  frequency: 'frequency',
  frequency_unit: 'frequencyUnit',
  duration: 'duration',
  duration_unit: 'durationUnit',
};

/**
 * Where a server's field error (a 422's `errors`) belongs in the form: `patient.age` is `age`,
 * `medications.0.dose` the first row's dose (rows are sent in the form's order).
 */
export function formFieldOf(serverField: string): Path<SafetyCheckForm> | undefined {
  const patient = /^patient\.(\w+)$/.exec(serverField);
  if (patient) return PATIENT_FIELDS[patient[1]];
  const row = /^medications\.(\d+)\.(\w+)$/.exec(serverField);
  const field = row && PRESCRIBED_FIELDS[row[2]];
  if (row && field) return `medications.${Number(row[1])}.${field}`;
  return serverField === 'medications' || serverField === 'medication_ids'
    ? 'medications'
    : undefined;
}
