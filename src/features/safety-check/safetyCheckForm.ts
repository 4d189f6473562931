import { z } from 'zod';
import type { AgeUnit, SafetyCheckRequest, WeightUnit } from '@/api';

/**
 * The safety check's form: its schema (the contract's SafetyCheckRequest limits), and its
 * two other shapes, the page's URL (so a check can be shared as a link) and the request.
 */
export const AGE_UNITS = ['years', 'months', 'days'] as const satisfies readonly AgeUnit[];
export const WEIGHT_UNITS = ['kg', 'lbs'] as const satisfies readonly WeightUnit[];
/** The contract's limit on medication_ids. */
export const MAX_MEDICATIONS = 20;
const MAX_AMOUNT = 1_000_000;

/** Empty, or a number from 0 to the contract's Amount maximum. */
const amountField = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || Number.isFinite(Number(value)), `${label} must be a number`)
    .refine(
      (value) => value === '' || (Number(value) >= 0 && Number(value) <= MAX_AMOUNT),
      `${label} must be from 0 to 1,000,000`,
    );

const ids = z.array(z.number().int().positive());

export const safetyCheckSchema = z.object({
  medications: ids.max(MAX_MEDICATIONS, `Check at most ${MAX_MEDICATIONS} medications at once`),
  conditions: ids,
  lifestyles: ids,
  age: amountField('Age'),
  ageUnit: z.enum(AGE_UNITS),
  weight: amountField('Weight'),
  weightUnit: z.enum(WEIGHT_UNITS),
  pregnant: z.boolean(),
});

export type SafetyCheckForm = z.infer<typeof safetyCheckSchema>;

export const EMPTY_FORM: SafetyCheckForm = {
  medications: [],
  conditions: [],
  lifestyles: [],
  age: '',
  ageUnit: 'years',
  weight: '',
  weightUnit: 'kg',
  pregnant: false,
};

// ---------- the URL: ?medications=3,7&age=30&age_unit=years&pregnant=true ----------

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

/** The form a link describes; whatever it cannot read falls back to the empty form's value. */
export function formFromSearch(search: URLSearchParams): SafetyCheckForm {
  return {
    medications: idList(search.get('medications'), MAX_MEDICATIONS),
    conditions: idList(search.get('conditions')),
    lifestyles: idList(search.get('lifestyles')),
    age: search.get('age')?.trim() ?? '',
    ageUnit: oneOf(search.get('age_unit'), AGE_UNITS, EMPTY_FORM.ageUnit),
    weight: search.get('weight')?.trim() ?? '',
    weightUnit: oneOf(search.get('weight_unit'), WEIGHT_UNITS, EMPTY_FORM.weightUnit),
    pregnant: search.get('pregnant') === 'true',
  };
}

/**
 * The link's query for a form: only what is filled in, in a fixed order, commas left readable
 * (`medications=3,7`, not `medications=3%2C7`).
 */
export function searchFromForm(form: SafetyCheckForm): string {
  const pairs: [string, string][] = [];
  if (form.medications.length) pairs.push(['medications', form.medications.join(',')]);
  if (form.conditions.length) pairs.push(['conditions', form.conditions.join(',')]);
  if (form.lifestyles.length) pairs.push(['lifestyles', form.lifestyles.join(',')]);
  if (form.age.trim() !== '') pairs.push(['age', form.age.trim()], ['age_unit', form.ageUnit]);
  if (form.weight.trim() !== '')
    pairs.push(['weight', form.weight.trim()], ['weight_unit', form.weightUnit]);
  if (form.pregnant) pairs.push(['pregnant', 'true']);
  return pairs
    .map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/g, ',')}`)
    .join('&');
}

/** The link that opens the check with these medications selected. */
export function safetyCheckPath(medicationIds: number[]): string {
  const search = searchFromForm({ ...EMPTY_FORM, medications: medicationIds });
  return `/dashboard/safety-check${search ? `?${search}` : ''}`;
}

// ---------- the request ----------

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
  if (form.pregnant) patient.pregnant = true;
  if (form.conditions.length) patient.condition_ids = form.conditions;
  if (form.lifestyles.length) patient.lifestyle_ids = form.lifestyles;
  return {
    medication_ids: form.medications,
    ...(Object.keys(patient).length ? { patient } : {}),
  };
}
