import * as z from 'zod/mini';
import {
  confirmMatches,
  emailField,
  nameField,
  newPasswordField,
  nonEmpty,
} from '@/lib/validation';

/** The two Account Settings forms ('Passwords do not match' on change password). */
export const profileSchema = z.object({ name: nameField, email: emailField });
export type ProfileForm = z.infer<typeof profileSchema>;

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
