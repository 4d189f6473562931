import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { amountField, choiceField, minNotAboveMax, optionalText } from '@/components/crud/schema';
import {
  WEIGHT_CATEGORY_NAMES,
  WEIGHT_RANGE_MESSAGE,
  WEIGHT_UNITS,
} from './weightCategoryConstants';

/**
 * The weight category form: min, max, unit and category required, numbers
 * from 0 in steps of 0.1, the minimum not above the maximum.
 */
export const weightCategorySchema = minNotAboveMax(
  z.object({
    min_weight: amountField('Minimum weight'),
    max_weight: amountField('Maximum weight'),
    weight_unit: choiceField('Weight unit', WEIGHT_UNITS),
    category_name: choiceField('Category', WEIGHT_CATEGORY_NAMES),
    description: optionalText('Description'),
  }),
  'min_weight',
  'max_weight',
  WEIGHT_RANGE_MESSAGE,
);
export type WeightCategoryFormValues = z.input<typeof weightCategorySchema>;
export type WeightCategoryFormOutput = z.output<typeof weightCategorySchema>;
/** Loaded on first use through `weightCategoryValidation` (weightCategoryForm.ts), with zod. */
export const weightCategoryResolver = zodResolver(weightCategorySchema);
