import { useState, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForgotPasswordMutation } from '@/api';
import { emailInputProps } from '@/components/form/accountFields';
import { FormInput } from '@/components/form/FormInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { AuthCard, BackToSignIn } from './AuthCard';
import { forgotPasswordValidation } from './authResolvers';
import type { ForgotPasswordForm } from './authSchemas';

type Outcome = 'sent' | 'failed' | null;

/**
 * /forgot-password: `POST /auth/forgot-password`. The server answers the same whether or not the
 * account exists, and writes the reset link to its log (no mail server here).
 */
export function ForgotPasswordPage() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const run = useMutationFeedback();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { control, handleSubmit, reset } = useForm<ForgotPasswordForm>({
    resolver: forgotPasswordValidation.resolver,
    defaultValues: { email: '' },
  });
  useEffect(() => forgotPasswordValidation.preload(), []);

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await run(forgotPassword({ forgotPasswordRequest: { email } }), { quiet: true });
      reset({ email: '' });
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  });

  return (
    <AuthCard title="Forgot password">
      <Typography variant="body2" color="text.secondary">
        Enter your account&apos;s email and we will send you a link to reset your password.
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit}>
        {outcome === 'sent' && (
          <Alert severity="success" sx={{ mt: 2 }}>
            Check your email for password reset instructions
          </Alert>
        )}
        {outcome === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Failed to send password reset email
          </Alert>
        )}
        <FormInput {...emailInputProps} control={control} name="email" autoFocus />
        <SubmitButton busy={isLoading} fullWidth size="large" sx={{ mt: 1 }}>
          Send reset link
        </SubmitButton>
        <BackToSignIn />
      </Box>
    </AuthCard>
  );
}
