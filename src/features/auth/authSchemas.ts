import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import {
  confirmMatches,
  emailField,
  nameField,
  newPasswordField,
  nonEmpty,
} from '@/lib/validation';

/**
 * One schema per account form; the request bodies are built from their output.
 * The screens load this module lazily (see authResolvers.ts), so its zod code is not on /login's
 * first paint.
 */
export const loginSchema = z.object({
  email: emailField,
  password: nonEmpty('Password is required').check(z.maxLength(128, 'Password is too long')),
  remember: z.boolean(),
});
export type LoginForm = z.infer<typeof loginSchema>;

export const registerSchema = confirmMatches(
  z.object({
    name: nameField,
    email: emailField,
    password: newPasswordField(),
    confirmPassword: nonEmpty('Please confirm your password'),
  }),
  'password',
  'confirmPassword',
);
export type RegisterForm = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = confirmMatches(
  z.object({
    password: newPasswordField('New password is required'),
    confirmPassword: nonEmpty('Please confirm your new password'),
  }),
  'password',
  'confirmPassword',
);
export type ResetPasswordForm = z.infer<typeof resetPasswordSchema>;

export const registerResolver = zodResolver(registerSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
