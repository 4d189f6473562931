import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { requiredText } from '@/components/crud/schema';
import { splitCommaList } from './commaList';

/** A required comma-separated list, as the contract takes it: 1 to 100 items of at most 200 characters. */
const commaList = (what: string) =>
  z
    .string()
    .transform(splitCommaList)
    .pipe(
      z
        .array(z.string().max(200, `Each ${what} must be at most 200 characters`))
        .min(1, `Enter at least one ${what}, separated by commas`)
        .max(100, `Enter at most 100 ${what}s`),
    );

/** The drug form: every field is required. */
export const drugSchema = z.object({
  name: requiredText('Name'),
  category: requiredText('Category'),
  manufacturer: requiredText('Manufacturer'),
  dosage: requiredText('Dosage'),
  description: requiredText('Description', 2000),
  side_effects: commaList('side effect'),
  contraindications: commaList('contraindication'),
});
export type DrugFormValues = z.input<typeof drugSchema>;
export type DrugFormOutput = z.output<typeof drugSchema>;
/** Loaded on first use through `drugValidation` (drugForm.ts), with zod. */
export const drugResolver = zodResolver(drugSchema);
