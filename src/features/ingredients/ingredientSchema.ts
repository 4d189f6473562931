import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { requiredText } from '@/components/crud/schema';

/** The ingredient form: a required name (1 to 200 characters, as the contract's Name). */
export const ingredientSchema = z.object({ name: requiredText('Name') });
export type IngredientFormValues = z.input<typeof ingredientSchema>;
export type IngredientFormOutput = z.output<typeof ingredientSchema>;
/** Loaded on first use through `ingredientValidation` (ingredientForm.ts), with zod. */
export const ingredientResolver = zodResolver(ingredientSchema);
