import { lazyResolver } from '@/lib/lazyResolver';
import type { ForgotPasswordForm, RegisterForm, ResetPasswordForm } from './authSchemas';

/** The account forms' validation, loaded after the screen shows (see lazyResolver); /login checks
 * its fields without react-hook-form (LoginPage.tsx). */
const schemas = () => import('./authSchemas');

export const registerValidation = lazyResolver<RegisterForm, RegisterForm>(() =>
  schemas().then((module) => module.registerResolver),
);
export const forgotPasswordValidation = lazyResolver<ForgotPasswordForm, ForgotPasswordForm>(() =>
  schemas().then((module) => module.forgotPasswordResolver),
);
export const resetPasswordValidation = lazyResolver<ResetPasswordForm, ResetPasswordForm>(() =>
  schemas().then((module) => module.resetPasswordResolver),
);
