import type { ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { chunk } from '@/components/chunk';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { useAuth } from '@/features/auth/AuthProvider';
import { useIsAdmin } from '@/session/permissions';

/** The signed-in pages' code by route path (`:id` for a number), for preloadRouteCode. */
const signedInPageCode = new Map<string, () => Promise<unknown>>();

/**
 * Every page is its own chunk (see chunk); a signed-in page's `path` lets preloadRouteCode start
 * loading it sooner, with `shownWith`: chunks the page loads by itself as it first shows, which
 * would otherwise start only once the page's own chunk had arrived.
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  path?: string,
  shownWith?: () => Promise<unknown>,
) {
  const { Component, preload } = chunk(() => load().then((module) => module[name]));
  if (path) {
    signedInPageCode.set(path, shownWith ? () => Promise.all([preload(), shownWith()]) : preload);
  }
  return Component;
}

/** The signed-in shell is a chunk too: the public pages never load the sidebar. */
const dashboardLayout = chunk(() =>
  import('@/components/layout/DashboardLayout').then((module) => module.DashboardLayout),
);
const DashboardLayout = dashboardLayout.Component;

const LoginPage = page(() => import('@/features/auth/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('@/features/auth/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = page(
  () => import('@/features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = page(
  () => import('@/features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
);
const DashboardPage = page(
  () => import('@/features/dashboard/DashboardPage'),
  'DashboardPage',
  '/dashboard',
);
const DrugsPage = page(() => import('@/features/drugs/DrugsPage'), 'DrugsPage', '/dashboard/drugs');
const ConditionsPage = page(
  () => import('@/features/conditions/ConditionsPage'),
  'ConditionsPage',
  '/dashboard/drugs/conditions',
);
const AgeCategoriesPage = page(
  () => import('@/features/categories/CategoriesPage'),
  'AgeCategoriesPage',
  '/dashboard/drugs/age-categories',
);
const WeightCategoriesPage = page(
  () => import('@/features/categories/CategoriesPage'),
  'WeightCategoriesPage',
  '/dashboard/drugs/weight-categories',
);
const MedicationsPage = page(
  () => import('@/features/medications/MedicationsPage'),
  'MedicationsPage',
  '/dashboard/drugs/medications',
  () => import('@/features/medications/MedicationsGrid'),
);
const MedicationDetailPage = page(
  () => import('@/features/medications/MedicationDetailPage'),
  'MedicationDetailPage',
  '/dashboard/drugs/medications/:id',
);
const InteractionsPage = page(
  () => import('@/features/interactions/InteractionsPage'),
  'InteractionsPage',
  '/dashboard/drugs/interactions',
);
const LifestylesPage = page(
  () => import('@/features/lifestyles/LifestylesPage'),
  'LifestylesPage',
  '/dashboard/drugs/lifestyles',
);
const UsersPage = page(() => import('@/features/users/UsersPage'), 'UsersPage', '/dashboard/users');
const SettingsPage = page(
  () => import('@/features/settings/SettingsPage'),
  'SettingsPage',
  '/dashboard/settings',
);
const SafetyCheckPage = page(
  () => import('@/features/safety-check/SafetyCheckPage'),
  'SafetyCheckPage',
  '/dashboard/safety-check',
);
const HistoryPage = page(
  () => import('@/features/history/HistoryPage'),
  'HistoryPage',
  '/dashboard/history',
);
const TestPrescriptionsPage = page(
  () => import('@/features/test-prescriptions/TestPrescriptionsPage'),
  'TestPrescriptionsPage',
  '/dashboard/test-prescriptions',
);
const AccountsPage = page(
  () => import('@/features/accounts/AccountsPage'),
  'AccountsPage',
  '/dashboard/accounts',
);
const DataQualityPage = page(
  () => import('@/features/data-quality/DataQualityPage'),
  'DataQualityPage',
  '/dashboard/data-quality',
);

/** Whether `pathname` is one of the signed-in pages (under /dashboard). */
export function isSignedInPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === '/dashboard' || path.startsWith('/dashboard/');
}

/**
 * Starts loading the opened page's code, and the signed-in shell's, as the console starts with a
 * stored session: they then arrive while the session is checked (GET /auth/me), not one after the
 * other once it is. Quiet on failure: the page's own lazy load asks again and reports it.
 */
export function preloadRouteCode(pathname: string, signedIn: boolean) {
  if (!signedIn || !isSignedInPath(pathname)) return;
  const quiet = () => undefined;
  dashboardLayout.preload().catch(quiet);
  signedInPageCode
    .get(pathname.replace(/\/+$/, '').replace(/\/\d+$/, '/:id'))?.()
    .catch(quiet);
}

/** Signed-in visitors go on to /dashboard, once their stored session has been checked. */
function PublicOnly() {
  const { isAuthenticated, loading } = useAuth();
  // A stored token may have been revoked: going on before the check would show /dashboard and
  // then come back here.
  if (isAuthenticated && loading) return <FullPageSpinner label="Loading your session" />;
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** A spinner while the session is checked; signed-out visitors go to /login; else the shell. */
function RequireAuth() {
  const { isAuthenticated, loading, user, logout } = useAuth();
  if (loading) return <FullPageSpinner label="Loading your session" />;
  // Logout (or a 401) ends the session, and this very check then sends the browser to /login.
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    <DashboardLayout user={user} onLogout={logout}>
      <Outlet />
    </DashboardLayout>
  );
}

/** A page for administrators only: anyone else goes back to the dashboard. */
function AdminOnly() {
  return useIsAdmin() ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

function Elsewhere() {
  const { isAuthenticated } = useAuth();
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />;
}

/** The console's public and guarded routes, plus /reset-password?token=... */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Route>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/dashboard" element={<RequireAuth />}>
        <Route index element={<DashboardPage />} />
        <Route path="drugs" element={<DrugsPage />} />
        <Route path="drugs/conditions" element={<ConditionsPage />} />
        <Route path="drugs/age-categories" element={<AgeCategoriesPage />} />
        <Route path="drugs/weight-categories" element={<WeightCategoriesPage />} />
        <Route path="drugs/medications" element={<MedicationsPage />} />
        <Route path="drugs/medications/:id" element={<MedicationDetailPage />} />
        <Route path="drugs/interactions" element={<InteractionsPage />} />
        <Route path="drugs/lifestyles" element={<LifestylesPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="safety-check" element={<SafetyCheckPage />} />
        <Route path="data-quality" element={<DataQualityPage />} />
        <Route path="history" element={<HistoryPage />} />
        <Route path="test-prescriptions" element={<TestPrescriptionsPage />} />
        <Route element={<AdminOnly />}>
          <Route path="accounts" element={<AccountsPage />} />
        </Route>
        <Route path="*" element={<Elsewhere />} />
      </Route>
      <Route path="*" element={<Elsewhere />} />
    </Routes>
  );
}
