import { z } from 'zod';
import type { FieldValues, Path } from 'react-hook-form';
import type { AgeLimit, AgeUnit, Medication, MedicationUpdate, Severity } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { capitalize, capitalizedOptions } from '@/components/crud/format';
import { AGE_UNITS, SEVERITIES } from '@contract/enums';

/**
 * A medication's age limit ("contraindicated under 6 weeks") as Edit Medication edits it and the
 * detail page shows it. Form values are what the inputs hold: a box for whether there is a limit,
 * the two ages as strings ('' is no bound), the unit and the severity.
 */

export interface AgeLimitValues {
  hasAgeLimit: boolean;
  minimumAge: string;
  maximumAge: string;
  ageUnit: AgeUnit;
  ageLimitSeverity: Severity;
}

/** The fields' types; their rules are `checkAgeLimit`'s, which reads them together. */
export const ageLimitShape = {
  hasAgeLimit: z.boolean(),
  minimumAge: z.string(),
  maximumAge: z.string(),
  ageUnit: z.enum(AGE_UNITS),
  ageLimitSeverity: z.enum(SEVERITIES),
};

/** 130 years in each unit, as the server converts ages (1 year = 12 months = 365.25 days). */
const MAX_AGE: Record<AgeUnit, number> = { years: 130, months: 1560, days: 47482.5 };

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** '42 days', '1 year', '1,560 months'. */
function quantity(value: number, unit: AgeUnit): string {
  return `${NUMBER.format(value)} ${value === 1 ? unit.slice(0, -1) : unit}`;
}

/** An age typed into the form: null for none, NaN for what is not a number. */
function ageOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/**
 * The limit's checks, only while the box is checked (unchecked, the typed ages are ignored): each
 * age a number from 0 to 130 years, at least one of them, the minimum not above the maximum.
 */
export function checkAgeLimit<T extends AgeLimitValues>(
  values: T,
  context: z.RefinementCtx<T>,
): void {
  if (!values.hasAgeLimit) return;
  const problem = (field: 'minimumAge' | 'maximumAge', message: string) =>
    context.addIssue({ code: 'custom', path: [field], message });
  const bounds = [
    ['minimumAge', 'Minimum age'],
    ['maximumAge', 'Maximum age'],
  ] as const;
  let valid = true;
  for (const [field, label] of bounds) {
    const age = ageOf(values[field]);
    if (age === null) continue;
    const max = MAX_AGE[values.ageUnit];
    if (!Number.isFinite(age)) problem(field, `${label} must be a number`);
    else if (age < 0) problem(field, `${label} must be 0 or more`);
    else if (age > max) problem(field, `${label} must be at most ${quantity(max, values.ageUnit)}`);
    else continue;
    valid = false;
  }
  if (!valid) return;
  const min = ageOf(values.minimumAge);
  const max = ageOf(values.maximumAge);
  if (min === null && max === null) {
    problem('minimumAge', 'Give a minimum age, a maximum age or both');
  } else if (min !== null && max !== null && min > max) {
    problem('minimumAge', 'Minimum age must not exceed maximum age');
  }
}

/** The form's start: the medication's limit, or none (contraindicated, in years, once checked). */
export function ageLimitDefaults(limit: AgeLimit | null): AgeLimitValues {
  return {
    hasAgeLimit: limit !== null,
    minimumAge: String(limit?.min_age ?? ''),
    maximumAge: String(limit?.max_age ?? ''),
    ageUnit: limit?.unit ?? 'years',
    ageLimitSeverity: limit?.severity ?? 'contraindicated',
  };
}

/** The limit the form describes: null when the box is unchecked. */
export function ageLimitOf(values: AgeLimitValues): AgeLimit | null {
  if (!values.hasAgeLimit) return null;
  return {
    min_age: ageOf(values.minimumAge),
    max_age: ageOf(values.maximumAge),
    unit: values.ageUnit,
    severity: values.ageLimitSeverity,
  };
}

/** Whether the form's limit differs from the medication's (set, changed or removed). */
export function ageLimitChanged(
  medication: Pick<Medication, 'age_limit'>,
  values: AgeLimitValues,
): boolean {
  const chosen = ageLimitOf(values);
  const stored = medication.age_limit;
  if (chosen === null || stored === null) return chosen !== stored;
  return (
    chosen.min_age !== stored.min_age ||
    chosen.max_age !== stored.max_age ||
    chosen.unit !== stored.unit ||
    chosen.severity !== stored.severity
  );
}

/**
 * `age_limit` for the update, only when the user changed it (left out, the server keeps the
 * stored one); null removes it.
 */
export function ageLimitPayload(
  medication: Pick<Medication, 'age_limit'>,
  values: AgeLimitValues,
): Pick<MedicationUpdate, 'age_limit'> {
  return ageLimitChanged(medication, values) ? { age_limit: ageLimitOf(values) } : {};
}

export const ageLimitServerFields = {
  age_limit: 'minimumAge',
  'age_limit.min_age': 'minimumAge',
  'age_limit.max_age': 'maximumAge',
  'age_limit.unit': 'ageUnit',
  'age_limit.severity': 'ageLimitSeverity',
} as const;

/** The severities, most severe first: a limit is contraindicated unless told otherwise. */
const SEVERITY_OPTIONS = capitalizedOptions([...SEVERITIES].reverse());

/**
 * The Has Age Limit checkbox and, while it is checked, the limit's ages, unit and severity.
 * Unchecking it removes the medication's limit on saving.
 */
export function ageLimitFields<T extends FieldValues & AgeLimitValues>(): CrudField<T>[] {
  const off = (values: T) => !values.hasAgeLimit;
  const name = (field: keyof AgeLimitValues) => field as Path<T>;
  return [
    { kind: 'checkbox', name: name('hasAgeLimit'), label: 'Has Age Limit' },
    {
      kind: 'number',
      name: name('minimumAge'),
      label: 'Minimum age',
      half: true,
      helperText: 'Empty: no minimum',
      hidden: off,
    },
    {
      kind: 'number',
      name: name('maximumAge'),
      label: 'Maximum age',
      half: true,
      helperText: 'Empty: no maximum',
      hidden: off,
    },
    {
      kind: 'select',
      name: name('ageUnit'),
      label: 'Age unit',
      required: true,
      half: true,
      options: capitalizedOptions(AGE_UNITS),
      hidden: off,
    },
    {
      kind: 'select',
      name: name('ageLimitSeverity'),
      label: 'Severity',
      required: true,
      half: true,
      options: SEVERITY_OPTIONS,
      helperText: 'For a patient outside these ages',
      hidden: off,
    },
  ];
}

/**
 * The limit in words: 'Contraindicated under 42 days', 'Not recommended (moderate) over 65
 * years', 'Contraindicated under 12 years or over 65 years'; 'None' without one.
 */
export function ageLimitText(limit: AgeLimit | null): string {
  if (!limit) return 'None';
  const verdict =
    limit.severity === 'contraindicated'
      ? capitalize(limit.severity)
      : `Not recommended (${limit.severity})`;
  const outside = [
    limit.min_age !== null && `under ${quantity(limit.min_age, limit.unit)}`,
    limit.max_age !== null && `over ${quantity(limit.max_age, limit.unit)}`,
  ].filter((part) => part !== false);
  return `${verdict} ${outside.join(' or ')}`;
}
