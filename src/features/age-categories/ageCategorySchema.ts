import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { amountField, choiceField, minNotAboveMax, optionalText } from '@/components/crud/schema';
import { AGE_CATEGORY_NAMES, AGE_RANGE_MESSAGE, AGE_UNITS } from './ageCategoryConstants';

/**
 * The age category form: min, max and unit required, numbers from 0, the
 * minimum not above the maximum; the category may be None (sent as null).
 */
export const ageCategorySchema = minNotAboveMax(
  z.object({
    min_age: amountField('Minimum age'),
    max_age: amountField('Maximum age'),
    age_unit: choiceField('Age unit', AGE_UNITS),
    category_name: z
      .union([z.literal(''), z.enum(AGE_CATEGORY_NAMES)])
      .transform((value) => (value === '' ? null : value)),
    description: optionalText('Description'),
  }),
  'min_age',
  'max_age',
  AGE_RANGE_MESSAGE,
);
export type AgeCategoryFormValues = z.input<typeof ageCategorySchema>;
export type AgeCategoryFormOutput = z.output<typeof ageCategorySchema>;
/** Loaded on first use through `ageCategoryValidation` (ageCategoryForm.ts), with zod. */
export const ageCategoryResolver = zodResolver(ageCategorySchema);
