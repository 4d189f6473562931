import { z } from 'zod';

/**
 * Field rules the list screens' forms share, matching the contract's limits (api/openapi.yaml: Name
 * 1 to 200 characters with a non-space, Description up to 2000, Amount 0 to 1,000,000), so a form
 * refuses what the server would refuse and says why under the field.
 *
 * Form values are what the inputs hold (strings, booleans); the schema's output is what is sent.
 */

/** A required name: trimmed, 1 to `max` characters. */
export const requiredText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text: trimmed; empty is sent as null. */
export const optionalText = (label: string, max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value));

/**
 * A required quantity typed into a number input (a string), sent as a number: `lowest` states the
 * least it may be, and it is at most 1,000,000.
 */
const quantityField = (label: string, lowest: (number: z.ZodNumber) => z.ZodNumber) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .transform(Number)
    .pipe(
      lowest(z.number({ error: `${label} must be a number` })).max(
        1_000_000,
        `${label} must be at most 1,000,000`,
      ),
    );

/** A required quantity typed into a number input (a string): 0 to 1,000,000, sent as a number. */
export const amountField = (label: string) =>
  quantityField(label, (number) => number.min(0, `${label} must be 0 or more`));

/**
 * A required quantity that must be above 0 (a strength, a daily limit: the contract's Strength),
 * at most 1,000,000, sent as a number.
 */
export const positiveAmountField = (label: string) =>
  quantityField(label, (number) => number.gt(0, `${label} must be above 0`));

/** A select's value that must be one of `values` (the select starts empty when there is no default). */
export const choiceField = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
) =>
  z
    .string()
    .min(1, `${label} is required`)
    .pipe(z.enum(values, { error: `Choose a valid ${label.toLowerCase()}` }));

/**
 * Minimum must not exceed maximum (min > max is a wrong dose): `message` shows under the
 * minimum's field, or the maximum's with `under: 'maximum'`. Checked once both numbers are valid
 * (an empty optional bound is no bound).
 */
export function minNotAboveMax<T extends z.ZodType<{ [key: string]: unknown }>>(
  schema: T,
  minimum: string,
  maximum: string,
  message: string,
  under: 'minimum' | 'maximum' = 'minimum',
) {
  return schema.refine(
    (values) => {
      const low = values[minimum];
      const high = values[maximum];
      return !(typeof low === 'number' && typeof high === 'number' && low > high);
    },
    { message, path: [under === 'minimum' ? minimum : maximum] },
  );
}
