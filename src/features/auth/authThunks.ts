import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '@/api';
import { withoutErrorToast } from '@/api/quietRequests';
import type { AppDispatch, RootState } from '@/app/store';
import { sessionEnded, sessionRestored } from '@/session/authSlice';

const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
}>();

/**
 * Run once on start: checks the stored token with `GET /auth/me` and takes the server's user. A 401
 * ends the session (the base query sees to that); a network failure keeps the stored user. `quiet`
 * (opening a public page such as /login) shows no "Unauthorized" toast for a stored token the
 * server refuses: the visitor is signing in anyway.
 */
export const restoreSession = createAppAsyncThunk(
  'auth/restoreSession',
  async (options: { quiet?: boolean } | void, { dispatch, getState }) => {
    if (!getState().auth.token) {
      dispatch(sessionRestored(null));
      return;
    }
    const check = dispatch(
      api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
    const result = await (options?.quiet ? withoutErrorToast(check) : check);
    dispatch(sessionRestored(result.data?.data ?? null));
  },
);

/**
 * Signs out: revokes the token on the server (so no working credential stays behind), then forgets the user,
 * the token and both storage keys. The local session ends even when the server cannot be reached.
 */
export const logout = createAppAsyncThunk(
  'auth/logout',
  async (_: void, { dispatch, getState }) => {
    if (getState().auth.token) {
      await withoutErrorToast(dispatch(api.endpoints.logout.initiate()));
    }
    dispatch(sessionEnded());
  },
);
