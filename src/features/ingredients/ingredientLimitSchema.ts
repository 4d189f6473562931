import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { INGREDIENT_LIMIT_BASES, INGREDIENT_LIMIT_UNITS } from '@contract/enums';
import { choiceField, positiveAmountField } from '@/components/crud/schema';

export const AGE_CATEGORY_REQUIRED = 'Age category is required';
export const WEIGHT_CATEGORY_REQUIRED = 'Weight category is required';

const amount = {
  max_daily_amount: positiveAmountField('Maximum per day'),
  unit: choiceField('Unit', INGREDIENT_LIMIT_UNITS),
};

/**
 * Add Limit: a basis (age or weight), a category of that basis, the most a day (above 0) and its
 * unit. Each basis has its own category select (the other is hidden), so a switch back finds the
 * choice it had; only the chosen basis's category is checked and sent.
 */
export const limitSchema = z
  .object({
    basis: choiceField('Basis', INGREDIENT_LIMIT_BASES),
    age_category_id: z.string(),
    weight_category_id: z.string(),
    ...amount,
  })
  .superRefine((values, context) => {
    if (values.basis === 'age' && values.age_category_id === '')
      context.addIssue({
        code: 'custom',
        path: ['age_category_id'],
        message: AGE_CATEGORY_REQUIRED,
      });
    if (values.basis === 'weight' && values.weight_category_id === '')
      context.addIssue({
        code: 'custom',
        path: ['weight_category_id'],
        message: WEIGHT_CATEGORY_REQUIRED,
      });
  });
export type LimitFormValues = z.input<typeof limitSchema>;
export type LimitFormOutput = z.output<typeof limitSchema>;

/** Edit Limit: the most a day and its unit; the basis and category stay. */
export const limitAmountSchema = z.object(amount);
export type LimitAmountValues = z.input<typeof limitAmountSchema>;
export type LimitAmountOutput = z.output<typeof limitAmountSchema>;

export const limitResolver = zodResolver(limitSchema);
export const limitAmountResolver = zodResolver(limitAmountSchema);
