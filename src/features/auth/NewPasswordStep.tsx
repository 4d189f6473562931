import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LoginResponse } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { ErrorBanner } from '@/components/ErrorBanner';
import { confirmPasswordInputProps, newPasswordInputProps } from '@/components/form/accountFields';
import { FormInput } from '@/components/form/FormInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { messageOf } from '@/lib/errors';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { credentialsReceived } from '@/session/authSlice';
import { resetPasswordValidation } from './authResolvers';
import type { ResetPasswordForm } from './authSchemas';
import { useChangeRequiredPasswordMutation } from './requiredPasswordApi';

export const NEW_PASSWORD_TITLE = 'Choose a new password';
export const NEW_PASSWORD_EXPLAINED =
  'Your account was given access to the console. Choose a new password before you continue: the one you signed in with may be known to others.';
export const SAME_PASSWORD = 'Choose a password other than the one you signed in with';
export const NEW_PASSWORD_SAVED = 'Password updated successfully';

export interface NewPasswordStepProps {
  /** The sign-in's answer: its token may only change the password until it is changed. */
  answer: LoginResponse;
  /** The password just typed to sign in, sent as the current one. */
  currentPassword: string;
  remember: boolean;
  /** Back to the sign-in form. */
  onCancel: () => void;
}

/**
 * The step between signing in and the console for an account that must choose a new password
 * (an app user given a console role): new password and its confirmation; once the server took it,
 * the session starts as any sign-in's does and the console opens.
 */
export function NewPasswordStep({
  answer,
  currentPassword,
  remember,
  onCancel,
}: NewPasswordStepProps) {
  const [changePassword, { isLoading }] = useChangeRequiredPasswordMutation();
  const dispatch = useAppDispatch();
  const run = useMutationFeedback();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ResetPasswordForm>({
    resolver: resetPasswordValidation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  useEffect(() => resetPasswordValidation.preload(), []);

  const onSubmit = handleSubmit(async ({ password }) => {
    if (password === currentPassword) {
      setError('password', { type: 'same', message: SAME_PASSWORD });
      return;
    }
    setFailure(null);
    try {
      await run(
        changePassword({
          token: answer.token,
          changePasswordRequest: { current_password: currentPassword, new_password: password },
        }),
        { success: NEW_PASSWORD_SAVED, quiet: true },
      );
    } catch (error) {
      setFailure(messageOf(error, 'Failed to update password'));
      return;
    }
    dispatch(credentialsReceived({ user: answer.user, token: answer.token, remember }));
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={NEW_PASSWORD_TITLE}>
      <Alert severity="info" sx={{ mb: 1 }}>
        {NEW_PASSWORD_EXPLAINED}
      </Alert>
      {failure && <ErrorBanner title="Failed to update password" message={failure} />}
      <FormInput
        {...newPasswordInputProps}
        control={control}
        name="password"
        label="New password"
        autoFocus
      />
      <FormInput
        {...confirmPasswordInputProps}
        control={control}
        name="confirmPassword"
        label="Confirm new password"
      />
      <SubmitButton busy={isLoading} fullWidth size="large" sx={{ mt: 1 }}>
        Set password and continue
      </SubmitButton>
      <Button fullWidth sx={{ mt: 1 }} onClick={onCancel}>
        Back to sign in
      </Button>
    </Box>
  );
}
