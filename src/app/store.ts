import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '@/api';
import { authSlice } from '@/session/authSlice';
import { startAuthListeners } from '@/features/auth/authListeners';
import { startErrorToasts } from './errorToasts';

const rootReducer = combineSlices(authSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

/** A new store: the app makes one, and every test makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  const startListening = listeners.startListening.withTypes<RootState>();
  startAuthListeners(startListening);
  startErrorToasts(startListening);
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listeners.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
