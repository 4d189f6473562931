import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { User } from '@/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectAuthLoading, selectCurrentUser, selectToken } from '@/session/authSlice';
import { logout } from './authThunks';

export interface AuthContextValue {
  user: User | null;
  isAuthenticated: boolean;
  /** True while the stored session is being checked on start. */
  loading: boolean;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Gives screens the session from the store (inside the Redux provider). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const token = useAppSelector(selectToken);
  const loading = useAppSelector(selectAuthLoading);
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: token !== null,
      loading,
      logout: () => dispatch(logout()).unwrap(),
    }),
    [dispatch, user, token, loading],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
