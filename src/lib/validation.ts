import * as z from 'zod/mini';

/**
 * Field rules the account forms share: required fields, 'Passwords do not match', plus
 * the contract's limits (api/openapi.yaml: Email, Name, Password 8 to 128 characters), so a form
 * refuses what the server would refuse and says why under the field.
 *
 * Written with `zod/mini` (same rules, tree-shakable): these forms are on /login, whose JavaScript
 * must stay under 200 kB gzip, a budget classic zod alone would take a large share of.
 */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** A required text field, trimmed, with a length limit. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

export const emailField = z.pipe(
  requiredText('Email is required', 254, 'Email is too long'),
  z.email('Enter a valid email address'),
);

export const nameField = requiredText(
  'Full name is required',
  200,
  'Name must be at most 200 characters',
);

/** A new password, as the contract's Password schema allows (not trimmed: spaces count). */
export const newPasswordField = (requiredMessage = 'Password is required') =>
  z
    .string()
    .check(
      z.minLength(1, requiredMessage),
      z.minLength(8, 'Password must be at least 8 characters'),
      z.maxLength(128, 'Password must be at most 128 characters'),
    );

/** A field that must not be empty (not trimmed). */
export const nonEmpty = (message: string) => z.string().check(z.minLength(1, message));

/** Adds 'Passwords do not match' under the confirm field when the two differ. */
export function confirmMatches<T extends z.ZodMiniType<Record<string, unknown>>>(
  schema: T,
  password: string,
  confirm: string,
): T {
  return schema.check(
    z.refine((values) => values[password] === values[confirm], {
      message: PASSWORDS_DO_NOT_MATCH,
      path: [confirm],
    }),
  );
}
