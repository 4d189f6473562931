import * as z from 'zod/mini';
import {
  confirmMatches,
  emailField,
  nameField,
  newPasswordField,
  nonEmpty,
} from '@/lib/validation';

export const CURRENT_PASSWORD_FOR_EMAIL = 'Enter your current password to change your email';

/** Whether `email` is another address than `current` (the same in another case is not). */
export const emailChanged = (email: string, current: string) =>
  email.trim().toLowerCase() !== current.trim().toLowerCase();

/**
 * The two Account Settings forms ('Passwords do not match' on change password). A new e-mail
 * address needs the current password (the server checks it), so that a session left open cannot
 * move the account's reset links elsewhere.
 */
export const profileSchema = (currentEmail: string) =>
  z
    .object({ name: nameField, email: emailField, currentPassword: z.string() })
    .check(
      z.refine(
        (values) => !emailChanged(values.email, currentEmail) || values.currentPassword !== '',
        { message: CURRENT_PASSWORD_FOR_EMAIL, path: ['currentPassword'] },
      ),
    );
export type ProfileForm = z.infer<ReturnType<typeof profileSchema>>;

export const changePasswordSchema = confirmMatches(
  z.object({
    currentPassword: nonEmpty('Current password is required'),
    newPassword: newPasswordField('New password is required'),
    confirmPassword: nonEmpty('Please confirm your new password'),
  }),
  'newPassword',
  'confirmPassword',
);
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;
