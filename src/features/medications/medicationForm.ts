import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type {
  AgeCategory,
  AgeDosage,
  ContraindicationLink,
  DosageUnit,
  DosageUpdate,
  DurationUnit,
  FrequencyUnit,
  Medication,
  MedicationCreate,
  MedicationUpdate,
  PregnancyCategory,
  WeightCategory,
  WeightDosage,
} from '@/api';
import { codesSchema } from '@/components/crud/codesSchema';
import { amountField, choiceField, minNotAboveMax, requiredText } from '@/components/crud/schema';
import { CODES_SERVER_FIELDS, changedCodes, codeRows } from '@/lib/codes';
import {
  CAUTION_SEVERITIES,
  CONTRAINDICATION_LEVELS,
  DOSAGE_UNITS as ALL_DOSAGE_UNITS,
  DURATION_UNITS as ALL_DURATION_UNITS,
  FREQUENCY_UNITS as ALL_FREQUENCY_UNITS,
  PREGNANCY_CATEGORIES,
  SEVERITIES,
} from '@contract/enums';
import {
  ageLimitDefaults,
  ageLimitPayload,
  ageLimitServerFields,
  ageLimitShape,
  checkAgeLimit,
} from './medicationAgeLimit';

/**
 * The medication forms: Add Medication, Edit Medication, the weight-
 * and age-based dosage forms and the contraindication forms. Form values are what the inputs hold
 * (strings for numbers and select values, lowercase units); the schemas check them and turn them
 * into numbers; the `*Payload` functions build exactly what the contract's write calls take.
 */

// ---- constants: the units and defaults the forms offer ----

/** Dosage units offered on the add and edit forms (shown Mg, Ml, G; sent lowercase). */
export const DOSAGE_UNITS = ['mg', 'ml', 'g'] as const satisfies readonly DosageUnit[];
/**
 * The units of a dosage's range: those, the per-kilogram ones (the safety check multiplies a
 * per-kg range by the patient's weight) and the product units (the safety check converts a dose
 * in tablets or capsules through the medication's ingredient strengths).
 */
export const DOSAGE_RANGE_UNITS = [
  ...DOSAGE_UNITS,
  'mg/kg',
  'mcg/kg',
  'tablet',
  'capsule',
] as const satisfies readonly DosageUnit[];
/** Frequency units on the dosage forms, add and edit. */
export const FREQUENCY_UNITS = [
  'hours',
  'days',
  'weeks',
] as const satisfies readonly FrequencyUnit[];
/** Duration units on the add forms. */
export const DURATION_UNITS = [
  'days',
  'weeks',
  'months',
] as const satisfies readonly DurationUnit[];
/** Duration units on the edit dosage forms: the frequency units, each also a duration unit. */
export const EDIT_DURATION_UNITS = FREQUENCY_UNITS satisfies readonly DurationUnit[];
export { PREGNANCY_CATEGORIES };

/**
 * Under the pregnancy category select: the letters are legacy labelling, so that 'B' is not read
 * as 'safe'.
 */
export const PREGNANCY_CATEGORY_HELP =
  'Legacy FDA letter category, replaced by narrative labelling (PLLR) in 2015. The letter is not a ' +
  "safety rating: 'B' does not mean safe in pregnancy. Check the current label.";

export const DOSAGE_RANGE_MESSAGE = 'Minimum dosage must not exceed maximum dosage';
export const DAILY_DOSAGE_MESSAGE = 'Maximum per day must not be below the maximum dosage';
export const FREQUENCY_RANGE_MESSAGE = 'Minimum frequency must not exceed maximum frequency';
export const DURATION_RANGE_MESSAGE = 'Minimum duration must not exceed maximum duration';
export const SINGLE_DOSE_MESSAGE = 'Maximum single dose must be above 0';

export type DosageKind = 'weight' | 'age';
export type AnyDosage = WeightDosage | AgeDosage;

// ---- shared pieces ----

/** A quantity that may be left empty (sent as null). */
const optionalAmount = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(
      z
        .number({ error: `${label} must be a number` })
        .min(0, `${label} must be 0 or more`)
        .max(1_000_000, `${label} must be at most 1,000,000`)
        .nullable(),
    );

/** A select holding an id as a string; `message` when nothing is chosen. */
const idField = (message: string) => z.string().min(1, message);

/** The dosage, frequency and duration ranges with their units, as the dosage forms name them. */
const dosageShape = {
  minimumDosage: amountField('Minimum dosage'),
  maximumDosage: amountField('Maximum dosage'),
  dosageUnit: z.enum(ALL_DOSAGE_UNITS),
  minimumFrequency: amountField('Minimum frequency'),
  maximumFrequency: amountField('Maximum frequency'),
  frequencyUnit: z.enum(ALL_FREQUENCY_UNITS),
  minimumFrequencyDuration: amountField('Minimum duration'),
  maximumFrequencyDuration: amountField('Maximum duration'),
  frequencyDurationUnit: z.enum(ALL_DURATION_UNITS),
  // The most in 24 hours, in the dosage unit; empty for none.
  maximumDailyDosage: optionalAmount('Maximum per day').refine(
    (value) => value !== 0,
    'Maximum per day must be above 0',
  ),
  // The most in one dose, in the dosage unit without per kg; empty for none.
  maximumSingleDose: optionalAmount('Maximum single dose').refine(
    (value) => value !== 0,
    SINGLE_DOSE_MESSAGE,
  ),
};

type DosageRangeOutput = {
  [K in keyof typeof dosageShape]: z.output<(typeof dosageShape)[K]>;
};
/** What a dosage form's range inputs hold (see dosageRangeFields). */
export type DosageRangeInput = {
  [K in keyof typeof dosageShape]: z.input<(typeof dosageShape)[K]>;
};

/**
 * Minimum never above maximum, for dosage, frequency and duration (the message under the
 * minimum), and a day holding at least the largest dose (the message under the daily maximum).
 */
function withDosageRanges<T extends z.ZodType<{ [key: string]: unknown }>>(schema: T) {
  return minNotAboveMax(
    minNotAboveMax(
      minNotAboveMax(
        minNotAboveMax(schema, 'minimumDosage', 'maximumDosage', DOSAGE_RANGE_MESSAGE),
        'minimumFrequency',
        'maximumFrequency',
        FREQUENCY_RANGE_MESSAGE,
      ),
      'minimumFrequencyDuration',
      'maximumFrequencyDuration',
      DURATION_RANGE_MESSAGE,
    ),
    'maximumDosage',
    'maximumDailyDosage',
    DAILY_DOSAGE_MESSAGE,
    'maximum',
  );
}

/** The defaults of a new dosage: unit Mg, frequency 1 to 3 Hours, duration 3 to 7 Days. */
const NEW_DOSAGE: DosageRangeInput = {
  minimumDosage: '',
  maximumDosage: '',
  dosageUnit: 'mg',
  minimumFrequency: '1',
  maximumFrequency: '3',
  frequencyUnit: 'hours',
  minimumFrequencyDuration: '3',
  maximumFrequencyDuration: '7',
  frequencyDurationUnit: 'days',
  maximumDailyDosage: '',
  maximumSingleDose: '',
};

/** The write names of a dosage's ranges (reads say `min_frequency_duration`, writes `min_duration`). */
export function dosageRanges(values: DosageRangeOutput): Omit<DosageUpdate, 'id'> {
  return {
    min_dosage: values.minimumDosage,
    max_dosage: values.maximumDosage,
    dosage_unit: values.dosageUnit,
    min_frequency: values.minimumFrequency,
    max_frequency: values.maximumFrequency,
    frequency_unit: values.frequencyUnit,
    min_duration: values.minimumFrequencyDuration,
    max_duration: values.maximumFrequencyDuration,
    duration_unit: values.frequencyDurationUnit,
    max_daily_dosage: values.maximumDailyDosage,
    max_dose: values.maximumSingleDose,
  };
}

/** The server's field errors of a dosage (`min_dosage`, ...), optionally under a prefix. */
function dosageServerFields(prefix = '') {
  return {
    [`${prefix}min_dosage`]: 'minimumDosage',
    [`${prefix}max_dosage`]: 'maximumDosage',
    [`${prefix}dosage_unit`]: 'dosageUnit',
    [`${prefix}min_frequency`]: 'minimumFrequency',
    [`${prefix}max_frequency`]: 'maximumFrequency',
    [`${prefix}frequency_unit`]: 'frequencyUnit',
    [`${prefix}min_duration`]: 'minimumFrequencyDuration',
    [`${prefix}max_duration`]: 'maximumFrequencyDuration',
    [`${prefix}duration_unit`]: 'frequencyDurationUnit',
    [`${prefix}max_daily_dosage`]: 'maximumDailyDosage',
    [`${prefix}max_dose`]: 'maximumSingleDose',
  } as const;
}

/** The pregnancy category as written: the letter when the box is checked, else empty. */
function pregnancyPayload(values: {
  isPregnancy: boolean;
  pregnancy_category: PregnancyCategory;
}): PregnancyCategory | '' {
  return values.isPregnancy ? values.pregnancy_category : '';
}

// ---- Add Medication ----

export const addMedicationSchema = withDosageRanges(
  z.object({
    condition_id: idField('Condition is required'),
    name: requiredText('Name'),
    contraindications: z.array(z.number().int()),
    avg_weight_dosage: optionalAmount('Average weight dosage'),
    avg_weight_dosage_unit: z.enum(DOSAGE_UNITS),
    is_dosage_weight_based: z.boolean(),
    weightCategoryId: z.string(),
    ageCategoryId: z.string(),
    ...dosageShape,
    isPregnancy: z.boolean(),
    pregnancy_category: z.enum(PREGNANCY_CATEGORIES),
    codes: codesSchema,
  }),
)
  .refine((values) => !values.is_dosage_weight_based || values.weightCategoryId !== '', {
    message: 'Weight category is required',
    path: ['weightCategoryId'],
  })
  .refine((values) => values.is_dosage_weight_based || values.ageCategoryId !== '', {
    message: 'Age category is required',
    path: ['ageCategoryId'],
  });
export type AddMedicationValues = z.input<typeof addMedicationSchema>;
export type AddMedicationOutput = z.output<typeof addMedicationSchema>;

/**
 * A new medication's form: no condition yet (it is searched for), the first categories fetched
 * pre-selected, no contraindications, average weight dosage unit mg, age-based, the new-dosage defaults, no
 * pregnancy flag (category A once checked), no codes.
 */
export function addMedicationDefaults(
  weightCategories: readonly WeightCategory[],
  ageCategories: readonly AgeCategory[],
): AddMedicationValues {
  return {
    condition_id: '',
    name: '',
    contraindications: [],
    avg_weight_dosage: '',
    avg_weight_dosage_unit: 'mg',
    is_dosage_weight_based: false,
    weightCategoryId: weightCategories[0] ? String(weightCategories[0].id) : '',
    ageCategoryId: ageCategories[0] ? String(ageCategories[0].id) : '',
    ...NEW_DOSAGE,
    isPregnancy: false,
    pregnancy_category: 'A',
    codes: [],
  };
}

/**
 * The create payload: a `weight_dosage` block when weight-based, else an
 * `age_dosage` block; ids as numbers; units lowercase; the pregnancy category empty when
 * unchecked; the standard codes when there are any.
 */
export function addMedicationPayload(values: AddMedicationOutput): MedicationCreate {
  const ranges = dosageRanges(values);
  return {
    name: values.name,
    condition_id: Number(values.condition_id),
    is_dosage_weight_based: values.is_dosage_weight_based,
    avg_weight_dosage: values.avg_weight_dosage,
    avg_weight_dosage_unit: values.avg_weight_dosage_unit,
    contraindications: values.contraindications,
    pregnancy_category: pregnancyPayload(values),
    ...changedCodes([], values.codes),
    ...(values.is_dosage_weight_based
      ? { weight_dosage: { weight_category_id: Number(values.weightCategoryId), ...ranges } }
      : { age_dosage: { age_category_id: Number(values.ageCategoryId), ...ranges } }),
  };
}

export const addMedicationServerFields = {
  name: 'name',
  condition_id: 'condition_id',
  contraindications: 'contraindications',
  avg_weight_dosage: 'avg_weight_dosage',
  avg_weight_dosage_unit: 'avg_weight_dosage_unit',
  pregnancy_category: 'pregnancy_category',
  'weight_dosage.weight_category_id': 'weightCategoryId',
  'age_dosage.age_category_id': 'ageCategoryId',
  ...dosageServerFields('weight_dosage.'),
  ...dosageServerFields('age_dosage.'),
  ...CODES_SERVER_FIELDS,
} as const;

// ---- Edit Medication ----

export const editMedicationSchema = z
  .object({
    name: requiredText('Name'),
    isPregnancy: z.boolean(),
    pregnancy_category: z.enum(PREGNANCY_CATEGORIES),
    ...ageLimitShape,
    codes: codesSchema,
  })
  .superRefine(checkAgeLimit);
export type EditMedicationValues = z.input<typeof editMedicationSchema>;
export type EditMedicationOutput = z.output<typeof editMedicationSchema>;

/**
 * The name, the box checked when the medication has a category (else category A once checked),
 * its age limit and its codes.
 */
export function editMedicationDefaults(medication: Medication): EditMedicationValues {
  return {
    name: medication.name,
    isPregnancy: Boolean(medication.pregnancy_category),
    pregnancy_category: medication.pregnancy_category ?? 'A',
    ...ageLimitDefaults(medication.age_limit),
    codes: codeRows(medication.codes),
  };
}

/**
 * The name, the pregnancy category, the age limit and the codes change. Unchecking the box sends ''
 * (clearing the category), both from the list and from the detail page; the age limit (null removes
 * it) and the codes are sent only when they changed.
 */
export function editMedicationPayload(
  medication: Pick<Medication, 'id' | 'age_limit' | 'codes'>,
  values: EditMedicationOutput,
): MedicationUpdate {
  return {
    id: medication.id,
    name: values.name,
    pregnancy_category: pregnancyPayload(values),
    ...ageLimitPayload(medication, values),
    ...changedCodes(medication.codes, values.codes),
  };
}

/** Whether the form's pregnancy category differs from the medication's (set, changed or cleared). */
export function pregnancyCategoryChanged(
  medication: Pick<Medication, 'pregnancy_category'>,
  values: Pick<EditMedicationValues, 'isPregnancy' | 'pregnancy_category'>,
): boolean {
  const chosen = values.isPregnancy ? values.pregnancy_category : null;
  return chosen !== (medication.pregnancy_category || null);
}

export const editMedicationServerFields = {
  name: 'name',
  pregnancy_category: 'pregnancy_category',
  ...ageLimitServerFields,
  ...CODES_SERVER_FIELDS,
} as const;

// ---- Add and Edit Weight-Based / Age-Based Dosage ----

export const dosageSchema = withDosageRanges(
  z.object({ categoryId: idField('Category is required'), ...dosageShape }),
);
export type DosageValues = z.input<typeof dosageSchema>;
export type DosageOutput = z.output<typeof dosageSchema>;

/** A new dosage: the first category fetched pre-selected, then the dosage defaults. */
export function newDosageDefaults(categories: readonly { id: number }[]): DosageValues {
  return { categoryId: categories[0] ? String(categories[0].id) : '', ...NEW_DOSAGE };
}

/** An existing dosage's values (read `min_frequency_duration` into the duration fields). */
export function editDosageDefaults(kind: DosageKind, dosage: AnyDosage): DosageValues {
  const categoryId =
    kind === 'weight'
      ? (dosage as WeightDosage).weight_category_id
      : (dosage as AgeDosage).age_category_id;
  return {
    categoryId: String(categoryId),
    minimumDosage: String(dosage.min_dosage),
    maximumDosage: String(dosage.max_dosage),
    dosageUnit: dosage.dosage_unit,
    minimumFrequency: String(dosage.min_frequency),
    maximumFrequency: String(dosage.max_frequency),
    frequencyUnit: dosage.frequency_unit,
    minimumFrequencyDuration: String(dosage.min_frequency_duration),
    maximumFrequencyDuration: String(dosage.max_frequency_duration),
    frequencyDurationUnit: dosage.frequency_duration_unit,
    maximumDailyDosage: String(dosage.max_daily_dosage ?? ''),
    maximumSingleDose: String(dosage.max_dose ?? ''),
  };
}

export const dosageFormServerFields = {
  weight_category_id: 'categoryId',
  age_category_id: 'categoryId',
  ...dosageServerFields(),
} as const;

// ---- Add Contraindication / Add Lifestyle Contraindication ----

/** A condition, its level and, for a caution, its severity (kept but not sent for a contraindication). */
export const contraindicationSchema = z.object({
  condition_id: idField('Condition is required'),
  level: choiceField('Level', CONTRAINDICATION_LEVELS),
  severity: choiceField('Severity', CAUTION_SEVERITIES),
});
export type ContraindicationFormValues = z.input<typeof contraindicationSchema>;
export type ContraindicationFormOutput = z.output<typeof contraindicationSchema>;

/** A new link starts as a contraindication; choosing caution offers its severity, moderate first. */
export const CONTRAINDICATION_DEFAULTS: Omit<ContraindicationFormValues, 'condition_id'> = {
  level: 'contraindicated',
  severity: 'moderate',
};

/** What Add Contraindication sends: the severity only for a caution. */
export function contraindicationPayload(
  medicationId: number,
  values: ContraindicationFormOutput,
): ContraindicationLink {
  const link = {
    medication_id: medicationId,
    condition_id: Number(values.condition_id),
    level: values.level,
  };
  return values.level === 'caution' ? { ...link, severity: values.severity } : link;
}

export const lifestyleContraindicationSchema = z.object({
  lifestyle_id: idField('Lifestyle is required'),
  severity: choiceField('Severity', SEVERITIES),
});
export type LifestyleContraindicationOutput = z.output<typeof lifestyleContraindicationSchema>;

/** A lifestyle link starts major: what every link was before links had a severity. */
export const LIFESTYLE_SEVERITY_DEFAULTS = { severity: 'major' };

/** Edit Lifestyle Severity: the link's new severity. */
export const lifestyleSeveritySchema = lifestyleContraindicationSchema.pick({ severity: true });
export type LifestyleSeverityValues = z.input<typeof lifestyleSeveritySchema>;

/** Add to Class: the class the medication joins. */
export const drugClassMemberSchema = z.object({
  drug_class_id: idField('Class is required'),
});

/** The dialogs' react-hook-form resolvers, one per schema above. */
export const addMedicationResolver = zodResolver(addMedicationSchema);
export const editMedicationResolver = zodResolver(editMedicationSchema);
export const dosageResolver = zodResolver(dosageSchema);
export const contraindicationResolver = zodResolver(contraindicationSchema);
export const lifestyleContraindicationResolver = zodResolver(lifestyleContraindicationSchema);
export const lifestyleSeverityResolver = zodResolver(lifestyleSeveritySchema);
export const drugClassMemberResolver = zodResolver(drugClassMemberSchema);
