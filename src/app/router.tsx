import type { ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { useSelector } from 'react-redux';
import type { RoleName } from '@/api';
import { chunk } from '@/components/chunk';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { useAuth } from '@/features/auth/AuthProvider';
import { selectCurrentUser } from '@/session/authSlice';
import { NAVIGATION, ROUTES, type RouteEntry } from './routes';

/** A page of the table with its component (its own chunk, see chunk) and its code's preload. */
interface LoadedRoute {
  entry: RouteEntry;
  Page: ComponentType;
  /** Loads the page's code, and the chunks it loads by itself as it first shows. */
  preload: () => Promise<unknown>;
}

const LOADED: LoadedRoute[] = ROUTES.map((entry) => {
  const { Component, preload } = chunk(entry.page);
  const { shownWith } = entry;
  return {
    entry,
    Page: Component,
    preload: shownWith ? () => Promise.all([preload(), shownWith()]) : preload,
  };
});

/** The signed-in shell is a chunk too: the public pages never load the sidebar. */
const dashboardLayout = chunk(() =>
  import('@/components/layout/DashboardLayout').then((module) => module.DashboardLayout),
);
const DashboardLayout = dashboardLayout.Component;

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
  const path = pathname.replace(/\/+$/, '').replace(/\/\d+$/, '/:id');
  LOADED.find(({ entry }) => entry.path === path)
    ?.preload()
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
    <DashboardLayout user={user} navigation={NAVIGATION} onLogout={logout}>
      <Outlet />
    </DashboardLayout>
  );
}

/** A page for some roles only (Accounts: administrators): anyone else goes back to the dashboard. */
function RolesOnly({ roles }: { roles: readonly RoleName[] }) {
  const role = useSelector(selectCurrentUser)?.role;
  return role && roles.includes(role) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

function Elsewhere() {
  const { isAuthenticated } = useAuth();
  return <Navigate to={isAuthenticated ? '/dashboard' : '/login'} replace />;
}

/** The `<Route>` of a page of the table, inside its roles' guard when it has one. */
function pageRoute({ entry, Page }: LoadedRoute) {
  const signedIn = entry.access === undefined;
  const path = signedIn ? entry.path.replace(/^\/dashboard\/?/, '') : entry.path;
  const route =
    path === '' ? (
      <Route key={entry.path} index element={<Page />} />
    ) : (
      <Route key={entry.path} path={path} element={<Page />} />
    );
  if (!entry.roles) return route;
  return (
    <Route key={entry.path} element={<RolesOnly roles={entry.roles} />}>
      {route}
    </Route>
  );
}

const ofAccess = (access: RouteEntry['access']) =>
  LOADED.filter(({ entry }) => entry.access === access).map(pageRoute);

/** The console's public and guarded routes, plus /reset-password?token=... */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>{ofAccess('public')}</Route>
      {ofAccess('open')}
      <Route path="/dashboard" element={<RequireAuth />}>
        {ofAccess(undefined)}
        <Route path="*" element={<Elsewhere />} />
      </Route>
      <Route path="*" element={<Elsewhere />} />
    </Routes>
  );
}
