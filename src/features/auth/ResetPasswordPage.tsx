import { useState, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useResetPasswordMutation } from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { confirmPasswordInputProps, newPasswordInputProps } from '@/components/form/accountFields';
import { FormInput } from '@/components/form/FormInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { messageOf } from '@/lib/errors';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { AuthCard } from './AuthCard';
import { resetPasswordValidation } from './authResolvers';
import type { ResetPasswordForm } from './authSchemas';

export const PASSWORD_RESET_DONE = 'Your password has been reset. Sign in with your new password.';
const MISSING_TOKEN = 'This reset link is incomplete. Ask for a new one.';

/** /reset-password?token=...: sets a new password with the token from the emailed (here: logged) link. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const run = useMutationFeedback();
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<ResetPasswordForm>({
    resolver: resetPasswordValidation.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });
  useEffect(() => resetPasswordValidation.preload(), []);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await run(resetPassword({ resetPasswordRequest: { token, password } }), {
        success: PASSWORD_RESET_DONE,
        quiet: true,
      });
    } catch (error) {
      setFailure(messageOf(error, 'Failed to reset password'));
      return;
    }
    navigate('/login', { replace: true });
  });

  return (
    <AuthCard title="Reset password">
      {token === '' ? (
        <ErrorBanner message={MISSING_TOKEN} />
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          {failure && <ErrorBanner title="Failed to reset password" message={failure} />}
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
            Set new password
          </SubmitButton>
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 2, display: 'flex', gap: 2 }}>
        <Link component={RouterLink} to="/forgot-password">
          Ask for a new link
        </Link>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
