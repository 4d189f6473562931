/**
 * The inputs every account form shares (sign in, registration, password reset, Account Settings),
 * as props for OutlinedField or FormInput, so a field is labelled and autocompleted the same on
 * every screen. Plain objects: /login uses them without react-hook-form.
 */
const accountInput = { required: true, fullWidth: true, margin: 'normal' } as const;

export const emailInputProps = {
  ...accountInput,
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
} as const;

export const fullNameInputProps = {
  ...accountInput,
  label: 'Full name',
  autoComplete: 'name',
} as const;

/** The account's present password; the label differs by screen. */
export const currentPasswordInputProps = {
  ...accountInput,
  type: 'password',
  autoComplete: 'current-password',
} as const;

/** A password being chosen; its helper text states the contract's minimum length. */
export const newPasswordInputProps = {
  ...accountInput,
  type: 'password',
  autoComplete: 'new-password',
  helperText: 'At least 8 characters',
} as const;

/** The field that repeats a new password. */
export const confirmPasswordInputProps = {
  ...accountInput,
  type: 'password',
  autoComplete: 'new-password',
} as const;
