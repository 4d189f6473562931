import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { useLoginMutation, type LoginRequest } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { credentialsReceived } from './authSlice';

/**
 * Signs in: `POST /auth/login`, then the session goes to the store (its listener stores it) and a
 * success toast shows. A failure rejects; its error toast comes from the central listener.
 */
export function useSignIn() {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();

  const signIn = useCallback(
    async (credentials: LoginRequest, remember: boolean) => {
      const { user, token } = await login({ loginRequest: credentials }).unwrap();
      dispatch(credentialsReceived({ user, token, remember }));
      enqueueSnackbar('Login successful!', { variant: 'success' });
    },
    [login, dispatch, enqueueSnackbar],
  );

  return { signIn, isSigningIn: isLoading };
}
