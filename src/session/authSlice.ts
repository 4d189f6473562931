import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@/api';
import { sessionRejected } from '@/api/sessionEvents';
import { readStoredSession } from './storedSession';

export interface AuthState {
  user: User | null;
  token: string | null;
  /** True until the stored session has been checked on start (guards show a spinner meanwhile). */
  loading: boolean;
}

/** Read once when the store is made: the stored session, still to be checked with the server. */
function initialAuthState(): AuthState {
  return { ...readStoredSession(), loading: true };
}

function endSession(state: AuthState) {
  state.user = null;
  state.token = null;
  state.loading = false;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Signed in; `remember` picks local storage (true) or this tab's session storage (false). */
    credentialsReceived(
      state,
      action: PayloadAction<{ user: User; token: string; remember: boolean }>,
    ) {
      state.user = action.payload.user;
      state.token = action.payload.token;
      state.loading = false;
    },
    /** The signed-in user changed (profile saved, or fresh from the server). */
    userUpdated(state, action: PayloadAction<User>) {
      if (state.token) state.user = action.payload;
    },
    /** The stored session has been checked: `user` is the server's answer, or null to keep what is stored. */
    sessionRestored(state, action: PayloadAction<User | null>) {
      if (state.token && action.payload) state.user = action.payload;
      state.loading = false;
    },
    /** Signed out: the user and the token are gone (the listener clears storage). */
    sessionEnded: endSession,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionRejected, endSession);
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectToken: (state) => state.token,
    selectAuthLoading: (state) => state.loading,
    selectIsAuthenticated: (state) => state.token !== null,
  },
});

export const { credentialsReceived, userUpdated, sessionRestored, sessionEnded } =
  authSlice.actions;
export const { selectCurrentUser, selectToken, selectAuthLoading, selectIsAuthenticated } =
  authSlice.selectors;
