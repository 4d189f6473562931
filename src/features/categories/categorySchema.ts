import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { amountField, choiceField, minNotAboveMax, optionalText } from '@/components/crud/schema';
import type {
  CategoryFormOutput,
  CategoryRow,
  CategoryShape,
  CategoryWrite,
} from './categoryKinds';
import { AGE_WORDS, categoryWords } from './categoryWords';

/** What the form's inputs hold, for every kind: strings ('' for no category name). */
export interface CategoryFormValues {
  minimum: string;
  maximum: string;
  unit: string;
  category: string;
  description: string;
  /** The patient ages in years, for a kind with ages ('' for no bound; unused by the others). */
  minimum_age_years: string;
  maximum_age_years: string;
}

/** The contract's bounds of a category's ages (CategoryAgeYears). */
const MAX_AGE_YEARS = 130;

/** An optional age in years typed into a number input: '' is no bound (null), else 0 to 130. */
const ageYears = (label: string) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(
      z
        .number({ error: `${label} must be a number` })
        .min(0, `${label} must be from 0 to ${MAX_AGE_YEARS} years`)
        .max(MAX_AGE_YEARS, `${label} must be from 0 to ${MAX_AGE_YEARS} years`)
        .nullable(),
    );

/** A bound of the range: required, from 0, and at most the kind's largest where it has one. */
function rangeBound(label: string, largest: number | undefined) {
  const amount = amountField(label);
  return largest === undefined
    ? amount
    : amount.pipe(z.number().max(largest, `${label} must be from 0 to ${largest}`));
}

/**
 * A category form's checks: min, max and unit required, numbers from 0 (to the kind's largest),
 * the minimum not above the maximum; the name one of the kind's names, or None (sent as null)
 * where the kind allows it.
 * For a kind with ages, each age empty or 0 to 130 years, the minimum not above the maximum; the
 * other kinds send no ages (their empty age inputs pass the same checks and are left out).
 */
export function categorySchema<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
) {
  const words = categoryWords(kind);
  const names = z.enum(kind.names);
  const ranged = minNotAboveMax(
    z.object({
      minimum: rangeBound(words.minimum, kind.largest),
      maximum: rangeBound(words.maximum, kind.largest),
      unit: choiceField(words.unitField, kind.units),
      category: kind.nameOptional
        ? z.union([z.literal(''), names]).transform((value) => (value === '' ? null : value))
        : choiceField('Category', kind.names),
      description: optionalText('Description'),
      minimum_age_years: ageYears(AGE_WORDS.minimum),
      maximum_age_years: ageYears(AGE_WORDS.maximum),
    }),
    'minimum',
    'maximum',
    words.rangeMessage,
  );
  return minNotAboveMax(
    ranged,
    'minimum_age_years',
    'maximum_age_years',
    AGE_WORDS.rangeMessage,
  ).transform(({ minimum_age_years, maximum_age_years, ...rest }) =>
    kind.ages ? { ...rest, minimum_age_years, maximum_age_years } : rest,
  );
}

/** Loaded on first use through `categoryValidation` (categoryForm.ts), with zod. */
export function categoryResolver<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
): Resolver<CategoryFormValues, unknown, CategoryFormOutput<Write>> {
  // The unit and name rules are built from the kind's own lists (the contract's enums), which
  // the types of a table of kinds cannot follow: the output is the kind's write shape.
  return zodResolver(categorySchema(kind)) as Resolver<
    CategoryFormValues,
    unknown,
    CategoryFormOutput<Write>
  >;
}
