import { isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { api } from '@/api';
import { sessionRejected } from '@/api/sessionEvents';
import {
  credentialsReceived,
  sessionEnded,
  sessionRestored,
  userUpdated,
  type AuthState,
} from '@/session/authSlice';
import { clearStoredSession, writeStoredSession, writeStoredUser } from '@/session/storedSession';

/** Storage follows the session here, never in a reducer (reducers stay free of side effects). */
export function startAuthListeners<S extends { auth: AuthState }>(
  startListening: TypedStartListening<S>,
): void {
  startListening({
    actionCreator: credentialsReceived,
    effect: ({ payload }, listenerApi) => {
      writeStoredSession({ token: payload.token, user: payload.user }, payload.remember);
      // Nothing cached in an earlier session may show in this one. (Done here rather than at sign-out,
      // where the pages still mounted would refetch without a token before the guard moves away.)
      listenerApi.dispatch(api.util.resetApiState());
    },
  });

  startListening({
    matcher: isAnyOf(userUpdated, sessionRestored),
    effect: (_action, listenerApi) => {
      const { user, token } = listenerApi.getState().auth;
      if (user && token) writeStoredUser(user);
    },
  });

  startListening({
    matcher: isAnyOf(sessionEnded, sessionRejected),
    effect: () => {
      clearStoredSession();
    },
  });
}
