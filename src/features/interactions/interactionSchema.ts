import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { choiceField, requiredText } from '@/components/crud/schema';
import { SELF_INTERACTION_MESSAGE, SEVERITIES } from './interactionConstants';

/**
 * The interaction form: both medications chosen and different, a severity,
 * a required description, the allergen flag. The medication ids stay strings (select values) until
 * `interactionRequest` (interactionForm.ts) parses them.
 */
export const interactionSchema = z
  .object({
    medication_id: z.string().min(1, 'Medication is required'),
    interacting_medication_id: z.string().min(1, 'Interacting medication is required'),
    severity: choiceField('Severity', SEVERITIES),
    description: requiredText('Description', 2000),
    is_allergen: z.boolean(),
  })
  .refine((values) => values.medication_id !== values.interacting_medication_id, {
    message: SELF_INTERACTION_MESSAGE,
    path: ['interacting_medication_id'],
  });
export type InteractionFormValues = z.input<typeof interactionSchema>;
export type InteractionFormOutput = z.output<typeof interactionSchema>;
/** Loaded on first use through `interactionValidation` (interactionForm.ts), with zod. */
export const interactionResolver = zodResolver(interactionSchema);
