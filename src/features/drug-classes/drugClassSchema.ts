import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { SEVERITIES } from '@contract/enums';
import { codesSchema } from '@/components/crud/codesSchema';
import { requiredText } from '@/components/crud/schema';

/** The contract's AtcCode: a WHO ATC group of levels 1 to 4 (N, N06, N06A, N06AB). */
export const ATC_CODE_PATTERN = /^[A-Z]([0-9]{2}([A-Z]([A-Z])?)?)?$/;
export const ATC_CODE_MESSAGE = 'Enter an ATC group such as N, N06, N06A or N06AB';

/**
 * The class form: a required name, an optional ATC code (uppercased before it is checked, so
 * 'n06ab' is N06AB), an optional duplicate-therapy severity and its standard codes. Empty is sent as null: the
 * contract removes what an update leaves out, and says null for none.
 */
export const drugClassSchema = z.object({
  name: requiredText('Name'),
  atc_code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || ATC_CODE_PATTERN.test(code), ATC_CODE_MESSAGE)
    .transform((code) => (code === '' ? null : code)),
  duplicate_severity: z
    .union([z.literal(''), z.enum(SEVERITIES)])
    .transform((severity) => (severity === '' ? null : severity)),
  codes: codesSchema,
});
export type DrugClassFormValues = z.input<typeof drugClassSchema>;
export type DrugClassFormOutput = z.output<typeof drugClassSchema>;
/** Loaded on first use through `drugClassValidation` (drugClassForm.ts), with zod. */
export const drugClassResolver = zodResolver(drugClassSchema);
