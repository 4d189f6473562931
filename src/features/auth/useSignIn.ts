import { useCallback } from 'react';
import { useLoginMutation, type LoginRequest, type LoginResponse } from '@/api';
import { useAppDispatch } from '@/app/hooks';
import { isApiError, messageOf } from '@/lib/errors';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { credentialsReceived } from '@/session/authSlice';

/** The error toast of a failed sign-in that carries no message. */
export const LOGIN_FAILED_MESSAGE = 'Login failed';

/** Whether a sign-in failed because the account has no console access (403 with the server's reason). */
export function isNoConsoleAccess(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

const signInFeedback = {
  // An account that must choose a new password first is not signed in yet.
  success: (answer: LoginResponse) =>
    answer.password_change_required ? undefined : 'Login successful!',
  failure: (error: unknown) =>
    isNoConsoleAccess(error) ? null : messageOf(error, LOGIN_FAILED_MESSAGE),
};

/**
 * Signs in: `POST /auth/login`, then the session goes to the store (its listener stores it) and a
 * success toast shows. A failure rejects after an error toast, except a 403 (no console access):
 * the page shows that message itself, and nothing is stored. When the account must choose a new
 * password first, nothing is stored either: `signIn` answers the sign-in's answer, for the page's
 * new-password step (NewPasswordStep), which starts the session once the password is changed.
 */
export function useSignIn() {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const run = useMutationFeedback();

  const signIn = useCallback(
    async (credentials: LoginRequest, remember: boolean): Promise<LoginResponse | null> => {
      const answer = await run(login({ loginRequest: credentials }), signInFeedback);
      if (answer.password_change_required) return answer;
      dispatch(credentialsReceived({ user: answer.user, token: answer.token, remember }));
      return null;
    },
    [login, dispatch, run],
  );

  return { signIn, isSigningIn: isLoading };
}
