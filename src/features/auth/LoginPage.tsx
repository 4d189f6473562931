import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { currentPasswordInputProps, emailInputProps } from '@/components/form/accountFields';
import { OutlinedField } from '@/components/form/OutlinedField';
import { SubmitButton } from '@/components/form/SubmitButton';
import { chunk } from '@/components/chunk';
import { AuthCard } from './AuthCard';
import type { LoginForm } from './authSchemas';
import { messageOf } from '@/lib/errors';
import { isNoConsoleAccess, useSignIn } from './useSignIn';
import type { LoginResponse } from '@/api';

/** Loaded only when an account must choose a new password: /login's own code stays small. */
const NewPasswordStep = chunk(
  () => import('./NewPasswordStep').then((module) => module.NewPasswordStep),
  null,
).Component;

type TextField = 'email' | 'password';
type Errors = Partial<Record<TextField, string>>;

const loadSchema = () => import('./authSchemas').then((module) => module.loginSchema);

/** The first message for each field (authSchemas.ts's loginSchema), none when the form is valid. */
async function validate(values: LoginForm): Promise<Errors> {
  const result = (await loadSchema()).safeParse(values);
  const errors: Errors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * /login: on success the session is stored and the public-route guard moves on to /dashboard.
 * The form keeps its own state rather than react-hook-form's: /login must show within its 200 kB
 * gzip budget (bench:bundle), which react-hook-form would eat into. Like the other forms, it
 * checks on submit, then again on every change, and focuses the first field in error.
 */
export function LoginPage() {
  const { signIn, isSigningIn } = useSignIn();
  const [values, setValues] = useState<LoginForm>({ email: '', password: '', remember: true });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  /** The server's reason when the account may not use the console (403); nothing is stored then. */
  const [noAccess, setNoAccess] = useState<string | null>(null);
  /** A sign-in whose account must choose a new password before the session starts. */
  const [mustChange, setMustChange] = useState<LoginResponse | null>(null);
  const inputs = useRef<Record<TextField, HTMLInputElement | null>>({
    email: null,
    password: null,
  });
  // The schema's code loads after the screen shows, long before anyone can submit.
  useEffect(() => void loadSchema(), []);

  const change = (field: TextField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) void validate(next).then(setErrors);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = await validate(values);
    setErrors(found);
    const invalid = (['email', 'password'] as const).find((field) => found[field]);
    if (invalid) {
      inputs.current[invalid]?.focus();
      return;
    }
    setNoAccess(null);
    try {
      setMustChange(
        await signIn({ email: values.email, password: values.password }, values.remember),
      );
    } catch (error) {
      // Any other failure has shown its toast ('Login failed' or the server's message).
      if (isNoConsoleAccess(error)) setNoAccess(messageOf(error, ''));
    }
  };

  if (mustChange)
    return (
      <AuthCard title="Choose a new password">
        <NewPasswordStep
          answer={mustChange}
          currentPassword={values.password}
          remember={values.remember}
          onCancel={() => {
            setMustChange(null);
            setValues({ ...values, password: '' });
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title="Sign in">
      <Box component="form" noValidate onSubmit={onSubmit}>
        {noAccess && (
          <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
            {noAccess}
          </Alert>
        )}
        <OutlinedField
          {...emailInputProps}
          name="email"
          autoFocus
          value={values.email}
          onChange={change('email')}
          inputRef={(input) => {
            inputs.current.email = input;
          }}
          error={errors.email}
        />
        <OutlinedField
          {...currentPasswordInputProps}
          name="password"
          label="Password"
          value={values.password}
          onChange={change('password')}
          inputRef={(input) => {
            inputs.current.password = input;
          }}
          error={errors.password}
        />
        <FormControlLabel
          label="Remember me"
          control={
            <Checkbox
              name="remember"
              checked={values.remember}
              onChange={(event) => setValues({ ...values, remember: event.target.checked })}
            />
          }
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
