import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { codesSchema } from '@/components/crud/codesSchema';
import { optionalText, requiredText } from '@/components/crud/schema';

/**
 * The condition form's rules: the name is required; the description is optional; the kidney
 * function box is sent as it stands; each code is in its system's format.
 * Loaded on first use through `conditionValidation` (conditionForm.ts), with zod.
 */
export const conditionSchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description'),
  affects_kidney_function: z.boolean(),
  codes: codesSchema,
});
export type ConditionFormValues = z.input<typeof conditionSchema>;
export type ConditionFormOutput = z.output<typeof conditionSchema>;
export const conditionResolver = zodResolver(conditionSchema);
