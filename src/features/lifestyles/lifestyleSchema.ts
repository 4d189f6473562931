import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { requiredText } from '@/components/crud/schema';

/** The lifestyle form: a required name. */
export const lifestyleSchema = z.object({ name: requiredText('Name') });
export type LifestyleFormValues = z.input<typeof lifestyleSchema>;
export type LifestyleFormOutput = z.output<typeof lifestyleSchema>;
/** Loaded on first use through `lifestyleValidation` (lifestyleForm.ts), with zod. */
export const lifestyleResolver = zodResolver(lifestyleSchema);
