import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { useLoginMutation, type LoginRequest } from '@/api';
import { withoutErrorToast } from '@/app/errorToasts';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage, isApiError } from '@/lib/errors';
import { credentialsReceived } from './authSlice';

/** The error toast of a failed sign-in that carries no message. */
export const LOGIN_FAILED_MESSAGE = 'Login failed';

/** Whether a sign-in failed because the account has no console access (403 with the server's reason). */
export function isNoConsoleAccess(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * Signs in: `POST /auth/login`, then the session goes to the store (its listener stores it) and a
 * success toast shows. A failure rejects after an error toast, except a 403 (no console access):
 * the page shows that message itself, and nothing is stored.
 */
export function useSignIn() {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();

  const signIn = useCallback(
    async (credentials: LoginRequest, remember: boolean) => {
      let answer;
      try {
        answer = await withoutErrorToast(login({ loginRequest: credentials })).unwrap();
      } catch (error) {
        if (!isNoConsoleAccess(error)) {
          enqueueSnackbar(errorMessage(error, LOGIN_FAILED_MESSAGE), { variant: 'error' });
        }
        throw error;
      }
      dispatch(credentialsReceived({ user: answer.user, token: answer.token, remember }));
      enqueueSnackbar('Login successful!', { variant: 'success' });
    },
    [login, dispatch, enqueueSnackbar],
  );

  return { signIn, isSigningIn: isLoading };
}
