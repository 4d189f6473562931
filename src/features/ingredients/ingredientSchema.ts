import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { codesSchema } from '@/components/crud/codesSchema';
import { requiredText } from '@/components/crud/schema';

/** The ingredient form: a required name (1 to 200 characters, as the contract's Name) and its
 * standard codes. */
export const ingredientSchema = z.object({ name: requiredText('Name'), codes: codesSchema });
export type IngredientFormValues = z.input<typeof ingredientSchema>;
export type IngredientFormOutput = z.output<typeof ingredientSchema>;
/** Loaded on first use through `ingredientValidation` (ingredientForm.ts), with zod. */
export const ingredientResolver = zodResolver(ingredientSchema);
