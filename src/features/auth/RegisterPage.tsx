import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRegisterMutation } from '@/api';
import {
  confirmPasswordInputProps,
  emailInputProps,
  fullNameInputProps,
  newPasswordInputProps,
} from '@/components/form/accountFields';
import { FormInput } from '@/components/form/FormInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { AuthCard, BackToSignIn } from './AuthCard';
import { registerValidation } from './authResolvers';
import type { RegisterForm } from './authSchemas';
import { useSignIn } from './useSignIn';

/** Shown after registering an account that waits for a role (any account but the first admin). */
export const PENDING_ROLE_MESSAGE =
  'Your account has been created. An administrator must give it a role before you can sign in.';

/**
 * /register: creates the account. The first account (an administrator) then signs in
 * automatically and so reaches /dashboard; a later one has no role yet, so the page says an
 * administrator must give it one, and signs nothing in.
 */
export function RegisterPage() {
  const [register, { isLoading: isRegistering }] = useRegisterMutation();
  const { signIn, isSigningIn } = useSignIn();
  const run = useMutationFeedback();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const { control, handleSubmit } = useForm<RegisterForm>({
    resolver: registerValidation.resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  useEffect(() => registerValidation.preload(), []);

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    let role;
    try {
      ({ role } = (
        await run(register({ registerRequest: { name, email, password } }), {
          success: 'Registration successful!',
          failure: 'Registration failed',
        })
      ).user);
    } catch {
      return;
    }
    if (role === null) {
      setPending(true);
      return;
    }
    try {
      await signIn({ email, password }, true);
    } catch {
      navigate('/login'); // The account exists; signing in by hand is what is left.
    }
  });

  if (pending) {
    return (
      <AuthCard title="Create an account">
        <Alert severity="info" role="status">
          {PENDING_ROLE_MESSAGE}
        </Alert>
        <BackToSignIn />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create an account">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormInput {...fullNameInputProps} control={control} name="name" autoFocus />
        <FormInput {...emailInputProps} control={control} name="email" />
        <FormInput {...newPasswordInputProps} control={control} name="password" label="Password" />
        <FormInput
          {...confirmPasswordInputProps}
          control={control}
          name="confirmPassword"
          label="Confirm password"
        />
        <SubmitButton busy={isRegistering || isSigningIn} fullWidth size="large" sx={{ mt: 2 }}>
          Sign up
        </SubmitButton>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
