import { useMemo, type FormEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useChangePasswordMutation, useUpdateProfileMutation, type User } from '@/api';
import { SessionsCard } from './SessionsCard';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import {
  confirmPasswordInputProps,
  currentPasswordInputProps,
  emailInputProps,
  fullNameInputProps,
  newPasswordInputProps,
} from '@/components/form/accountFields';
import { FormInput } from '@/components/form/FormInput';
import { SubmitButton } from '@/components/form/SubmitButton';
import { PageHeader } from '@/components/PageHeader';
import { messageOf, setServerFieldErrors } from '@/lib/errors';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { selectCurrentUser, userUpdated } from '@/session/authSlice';
import {
  changePasswordSchema,
  emailChanged,
  profileSchema,
  type ChangePasswordForm,
  type ProfileForm,
} from './settingsSchemas';

/** "Failed to ..." plus the server's reason, when it gave one. */
function failureText(prefix: string, error: unknown): string {
  const reason = messageOf(error, '');
  return reason ? `${prefix}: ${reason}` : prefix;
}

const profileFeedback = {
  success: 'Profile updated successfully',
  failure: (error: unknown) => failureText('Failed to update profile', error),
};
const passwordFeedback = {
  success: 'Password updated successfully',
  failure: (error: unknown) => failureText('Failed to update password', error),
};

/** A settings card holding one form, named by its title. */
function FormCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={title}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Name and e-mail; a new e-mail address asks for the current password as well. */
function ProfileCard({ user }: { user: User | null }) {
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();
  const run = useMutationFeedback();
  const currentEmail = user?.email ?? '';
  const resolver = useMemo(() => zodResolver(profileSchema(currentEmail)), [currentEmail]);
  const { control, handleSubmit, reset, setError } = useForm<ProfileForm>({
    resolver,
    defaultValues: { name: user?.name ?? '', email: currentEmail, currentPassword: '' },
  });
  const needsPassword = emailChanged(useWatch({ control, name: 'email' }), currentEmail);

  const onSubmit = handleSubmit(async ({ name, email, currentPassword }) => {
    try {
      const profileRequest = {
        name,
        email,
        ...(emailChanged(email, currentEmail) && { current_password: currentPassword }),
      };
      const { data } = await run(updateProfile({ profileRequest }), profileFeedback);
      dispatch(userUpdated(data)); // the top bar's name follows at once
      reset({ name: data.name, email: data.email, currentPassword: '' });
    } catch (error) {
      setServerFieldErrors(error, setError, {
        name: 'name',
        email: 'email',
        current_password: 'currentPassword',
      });
    }
  });

  return (
    <FormCard title="Profile Information" onSubmit={onSubmit}>
      <FormInput {...fullNameInputProps} control={control} name="name" />
      <FormInput {...emailInputProps} control={control} name="email" />
      {needsPassword && (
        <FormInput
          {...currentPasswordInputProps}
          control={control}
          name="currentPassword"
          label="Current password"
          helperText="Needed to change your email"
        />
      )}
      <SubmitButton busy={isLoading} sx={{ mt: 1 }}>
        Save profile
      </SubmitButton>
    </FormCard>
  );
}

function ChangePasswordCard() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const run = useMutationFeedback();
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await run(
        changePassword({
          changePasswordRequest: { current_password: currentPassword, new_password: newPassword },
        }),
        passwordFeedback,
      );
      reset();
    } catch (error) {
      setServerFieldErrors(error, setError, {
        current_password: 'currentPassword',
        new_password: 'newPassword',
      });
    }
  });

  return (
    <FormCard title="Change Password" onSubmit={onSubmit}>
      <FormInput
        {...currentPasswordInputProps}
        control={control}
        name="currentPassword"
        label="Current password"
      />
      <FormInput
        {...newPasswordInputProps}
        control={control}
        name="newPassword"
        label="New password"
      />
      <FormInput
        {...confirmPasswordInputProps}
        control={control}
        name="confirmPassword"
        label="Confirm new password"
      />
      <SubmitButton busy={isLoading} sx={{ mt: 1 }}>
        Update password
      </SubmitButton>
    </FormCard>
  );
}

/**
 * /dashboard/settings (Account Settings): `PUT /auth/profile`, `PUT /auth/password`, and the
 * user's own active sessions (`GET` and `DELETE /auth/sessions`).
 */
export function SettingsPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <PageHeader title="Account Settings" />
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <ProfileCard user={user} />
        <ChangePasswordCard />
        <SessionsCard />
      </Stack>
    </>
  );
}
