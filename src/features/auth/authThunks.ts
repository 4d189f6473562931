import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '@/api';
import { withoutErrorToast } from '@/app/errorToasts';
import type { AppDispatch, RootState } from '@/app/store';
import { sessionEnded, sessionRestored } from './authSlice';

const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
}>();

/**
 * Run once on start: checks the stored token with `GET /auth/me` and takes the server's user. A 401
 * ends the session (the base query sees to that); a network failure keeps the stored user.
 */
export const restoreSession = createAppAsyncThunk(
  'auth/restoreSession',
  async (_: void, { dispatch, getState }) => {
    if (!getState().auth.token) {
      dispatch(sessionRestored(null));
      return;
    }
    const result = await dispatch(
      api.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
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
