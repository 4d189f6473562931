import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { FormInput } from '@/components/form/FormInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { AuthCard } from './AuthCard';
import { loginValidation } from './authResolvers';
import type { LoginForm } from './authSchemas';
import { useSignIn } from './useSignIn';

/** /login: on success the session is stored and the public-route guard moves on to /dashboard. */
export function LoginPage() {
  const { signIn, isSigningIn } = useSignIn();
  const { control, handleSubmit } = useForm<LoginForm>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '', remember: true },
  });
  useEffect(() => loginValidation.preload(), []);

  const onSubmit = handleSubmit(async ({ email, password, remember }) => {
    try {
      await signIn({ email, password }, remember);
    } catch {
      // The error toast ('Login failed' or the server's message) comes from the API listener.
    }
  });

  return (
    <AuthCard title="Sign in">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormInput
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
          margin="normal"
          autoFocus
        />
        <FormInput
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
        />
        <Controller
          control={control}
          name="remember"
          render={({ field }) => (
            <FormControlLabel
              label="Remember me"
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
            />
          )}
        />
        <SubmitButton busy={isSigningIn} fullWidth size="large" sx={{ mt: 1 }}>
          Sign in
        </SubmitButton>
        <Box
          sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
          <Link component={RouterLink} to="/register" variant="body2">
            Create an account
          </Link>
        </Box>
      </Box>
    </AuthCard>
  );
}
