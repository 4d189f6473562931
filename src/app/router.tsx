import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { useAuth } from '@/features/auth/AuthProvider';

/** Every page is its own chunk, loaded when its route is first shown. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
}

/** The signed-in shell is a chunk too: the public pages never load the sidebar. */
const DashboardLayout = lazy(() =>
  import('@/components/layout/DashboardLayout').then((module) => ({
    default: module.DashboardLayout,
  })),
);

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
const DashboardPage = page(() => import('@/features/dashboard/DashboardPage'), 'DashboardPage');
const DrugsPage = page(() => import('@/features/drugs/DrugsPage'), 'DrugsPage');
const ConditionsPage = page(() => import('@/features/conditions/ConditionsPage'), 'ConditionsPage');
const AgeCategoriesPage = page(
  () => import('@/features/age-categories/AgeCategoriesPage'),
  'AgeCategoriesPage',
);
const WeightCategoriesPage = page(
  () => import('@/features/weight-categories/WeightCategoriesPage'),
  'WeightCategoriesPage',
);
const MedicationsPage = page(
  () => import('@/features/medications/MedicationsPage'),
  'MedicationsPage',
);
const MedicationDetailPage = page(
  () => import('@/features/medications/MedicationDetailPage'),
  'MedicationDetailPage',
);
const InteractionsPage = page(
  () => import('@/features/interactions/InteractionsPage'),
  'InteractionsPage',
);
const LifestylesPage = page(() => import('@/features/lifestyles/LifestylesPage'), 'LifestylesPage');
const UsersPage = page(() => import('@/features/users/UsersPage'), 'UsersPage');
const SettingsPage = page(() => import('@/features/settings/SettingsPage'), 'SettingsPage');
const SafetyCheckPage = page(
  () => import('@/features/safety-check/SafetyCheckPage'),
  'SafetyCheckPage',
);
const DataQualityPage = page(
  () => import('@/features/data-quality/DataQualityPage'),
  'DataQualityPage',
);

/** Signed-in visitors go on to /dashboard. */
function PublicOnly() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** A spinner while the session is checked; signed-out visitors go to /login; else the shell. */
function RequireAuth() {
  const { isAuthenticated, loading, user, logout } = useAuth();
  if (loading) return <FullPageSpinner label="Loading your session" />;
  // Logout (or a 401) ends the session, and this very check then sends the browser to /login.
  if (!isAuthenticated) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <DashboardLayout user={user} onLogout={logout}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </DashboardLayout>
    </Suspense>
  );
}

function Elsewhere() {
  const { isAuthenticated } = useAuth();
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />;
}

/** The routes of spec section 2, plus /reset-password?token=... */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      </Route>
      <Route
        path="/reset-password"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <ResetPasswordPage />
          </Suspense>
        }
      />
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
        <Route path="*" element={<Elsewhere />} />
      </Route>
      <Route path="*" element={<Elsewhere />} />
    </Routes>
  );
}
