import type { ComponentType } from 'react';
import { api, type RoleName } from '@/api';
import type { NavIconName } from '@/components/layout/navIcons';
import type { NavItem } from '@/components/layout/navigation';
import { firstPage } from '@/lib/listPage';
import type { AppDispatch } from './store';

/** A request with no subscriber: the cache keeps its answer for the page that subscribes next. */
const once = { subscribe: false } as const;

/** One page of the console: its address, code, menu entry, who may open it and its first data. */
export interface RouteEntry {
  /** The full path (`:id` for a number). */
  path: string;
  /** The page's component, loaded on first use (every page is its own chunk). */
  page: () => Promise<ComponentType>;
  /** Chunks the page loads by itself as it first shows: preloaded with it. */
  shownWith?: () => Promise<unknown>;
  /**
   * 'public': signed-out visitors only (a signed-in one goes on to /dashboard); 'open': anyone;
   * left out, a signed-in page under /dashboard, in the shell.
   */
  access?: 'public' | 'open';
  /** The side menu's entry (under `parent`'s entry when given); left out, the page has none. */
  menu?: { label: string; icon: NavIconName; parent?: string };
  /** Only these roles may open the page or see its entry (the page's calls admit no other). */
  roles?: readonly RoleName[];
  /**
   * The page's first request, asked for as the console starts on this page: exactly the argument
   * the page's own first query takes, so that RTK Query answers the page from this request.
   */
  data?: (dispatch: AppDispatch) => { requestId: string };
}

/**
 * The console's pages, in the side menu's order. The router, the route data (what is asked for as
 * the console starts on a page) and the side menu are all derived from this table; `npm run
 * bench:bundle` reads each entry's `path` and its page's `import(...)` from this file's text, so
 * both stay literals.
 */
export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/login',
    access: 'public',
    page: () => import('@/features/auth/LoginPage').then((module) => module.LoginPage),
  },
  {
    path: '/register',
    access: 'public',
    page: () => import('@/features/auth/RegisterPage').then((module) => module.RegisterPage),
  },
  {
    path: '/forgot-password',
    access: 'public',
    page: () =>
      import('@/features/auth/ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
  },
  {
    path: '/reset-password',
    access: 'open',
    page: () =>
      import('@/features/auth/ResetPasswordPage').then((module) => module.ResetPasswordPage),
  },
  {
    path: '/dashboard',
    menu: { label: 'Dashboard', icon: 'dashboard' },
    page: () => import('@/features/dashboard/DashboardPage').then((module) => module.DashboardPage),
    data: (dispatch) => dispatch(api.endpoints.getDashboardStats.initiate(undefined, once)),
  },
  {
    path: '/dashboard/drugs',
    menu: { label: 'Drugs', icon: 'drugs' },
    page: () => import('@/features/drugs/DrugsPage').then((module) => module.DrugsPage),
    data: (dispatch) => dispatch(api.endpoints.listDrugs.initiate(firstPage('name'), once)),
  },
  {
    path: '/dashboard/drugs/conditions',
    menu: { label: 'Conditions', icon: 'conditions', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/conditions/ConditionsPage').then((module) => module.ConditionsPage),
    data: (dispatch) => dispatch(api.endpoints.listConditions.initiate(firstPage('name'), once)),
  },
  {
    path: '/dashboard/drugs/age-categories',
    menu: { label: 'Age Categories', icon: 'age', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/categories/CategoriesPage').then((module) => module.AgeCategoriesPage),
    data: (dispatch) => dispatch(api.endpoints.listAgeCategories.initiate(firstPage(), once)),
  },
  {
    path: '/dashboard/drugs/weight-categories',
    menu: { label: 'Weight Categories', icon: 'weight', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/categories/CategoriesPage').then((module) => module.WeightCategoriesPage),
    data: (dispatch) => dispatch(api.endpoints.listWeightCategories.initiate(firstPage(), once)),
  },
  {
    path: '/dashboard/drugs/renal-categories',
    menu: { label: 'Renal Categories', icon: 'renal', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/categories/CategoriesPage').then((module) => module.RenalCategoriesPage),
    data: (dispatch) => dispatch(api.endpoints.listRenalCategories.initiate(firstPage(), once)),
  },
  {
    path: '/dashboard/drugs/medications',
    menu: { label: 'Medications', icon: 'medications', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/medications/MedicationsPage').then((module) => module.MedicationsPage),
    shownWith: () => import('@/features/medications/MedicationsGrid'),
    data: (dispatch) => dispatch(api.endpoints.listMedications.initiate(firstPage('name'), once)),
  },
  // Each list's import, below the list (before the medication pages: it takes
  // /dashboard/drugs/medications/import).
  {
    path: '/dashboard/drugs/:list/import',
    roles: ['admin', 'editor'],
    page: () => import('@/features/import/ImportPage').then((module) => module.ImportRoute),
  },
  {
    path: '/dashboard/drugs/medications/:id',
    page: () =>
      import('@/features/medications/MedicationDetailPage').then(
        (module) => module.MedicationDetailPage,
      ),
  },
  {
    path: '/dashboard/drugs/ingredients',
    menu: { label: 'Ingredients', icon: 'ingredients', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/ingredients/IngredientsPage').then((module) => module.IngredientsPage),
    data: (dispatch) => dispatch(api.endpoints.listIngredients.initiate(firstPage('name'), once)),
  },
  {
    path: '/dashboard/drugs/interactions',
    menu: { label: 'Drug Interactions', icon: 'interactions', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/interactions/InteractionsPage').then((module) => module.InteractionsPage),
    data: (dispatch) =>
      dispatch(api.endpoints.listDrugInteractions.initiate(firstPage('medication'), once)),
  },
  {
    path: '/dashboard/drugs/classes',
    menu: { label: 'Drug Classes', icon: 'drugClasses', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/drug-classes/DrugClassesPage').then((module) => module.DrugClassesPage),
    data: (dispatch) => dispatch(api.endpoints.listDrugClasses.initiate(firstPage('name'), once)),
  },
  {
    path: '/dashboard/drugs/class-rules',
    menu: { label: 'Class Rules', icon: 'classRules', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/drug-classes/ClassRulesPage').then((module) => module.ClassRulesPage),
    data: (dispatch) =>
      dispatch(api.endpoints.listClassRules.initiate(firstPage('drug_class'), once)),
  },
  {
    path: '/dashboard/drugs/lifestyles',
    menu: { label: 'Lifestyles', icon: 'lifestyles', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/lifestyles/LifestylesPage').then((module) => module.LifestylesPage),
    data: (dispatch) => dispatch(api.endpoints.listLifestyles.initiate(firstPage('name'), once)),
  },
  // What the reference data makes the checker say, and what in it needs fixing.
  {
    path: '/dashboard/safety-check',
    menu: { label: 'Safety Check', icon: 'safetyCheck', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/safety-check/SafetyCheckPage').then((module) => module.SafetyCheckPage),
  },
  {
    path: '/dashboard/data-quality',
    menu: { label: 'Data Quality', icon: 'dataQuality', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/data-quality/DataQualityPage').then((module) => module.DataQualityPage),
    data: (dispatch) => dispatch(api.endpoints.getDataQuality.initiate(firstPage(), once)),
  },
  {
    path: '/dashboard/test-prescriptions',
    menu: { label: 'Test Prescriptions', icon: 'testPrescriptions', parent: '/dashboard/drugs' },
    page: () =>
      import('@/features/test-prescriptions/TestPrescriptionsPage').then(
        (module) => module.TestPrescriptionsPage,
      ),
  },
  {
    path: '/dashboard/users',
    menu: { label: 'Users', icon: 'users' },
    page: () => import('@/features/users/UsersPage').then((module) => module.UsersPage),
  },
  {
    path: '/dashboard/history',
    menu: { label: 'History', icon: 'history' },
    page: () => import('@/features/history/HistoryPage').then((module) => module.HistoryPage),
  },
  // The reference data's releases, and the changes waiting to go into the next one.
  {
    path: '/dashboard/releases',
    menu: { label: 'Releases', icon: 'releases' },
    page: () => import('@/features/releases/ReleasesPage').then((module) => module.ReleasesPage),
    data: (dispatch) => dispatch(api.endpoints.listReleases.initiate(firstPage(), once)),
  },
  {
    path: '/dashboard/releases/:id',
    page: () =>
      import('@/features/releases/ReleaseDetailPage').then((module) => module.ReleaseDetailPage),
  },
  {
    path: '/dashboard/review',
    menu: { label: 'Review', icon: 'review' },
    page: () => import('@/features/review/ReviewPage').then((module) => module.ReviewPage),
    data: (dispatch) => dispatch(api.endpoints.listPendingChanges.initiate(undefined, once)),
  },
  {
    path: '/dashboard/accounts',
    menu: { label: 'Accounts', icon: 'accounts' },
    roles: ['admin'],
    page: () => import('@/features/accounts/AccountsPage').then((module) => module.AccountsPage),
  },
  {
    path: '/dashboard/settings',
    menu: { label: 'Settings', icon: 'settings' },
    page: () => import('@/features/settings/SettingsPage').then((module) => module.SettingsPage),
  },
];

/**
 * The side menu from the table: the entries with a menu label, each under its parent's. The
 * Dashboard and Drugs entries are highlighted on their own path only (their pages' paths lie below
 * them); the others on the paths below theirs too (a medication's page keeps Medications lit).
 */
export function navigationOf(routes: readonly RouteEntry[]): NavItem[] {
  const parents = new Set(routes.map((route) => route.menu?.parent));
  const item = (route: RouteEntry, menu: NonNullable<RouteEntry['menu']>): NavItem => {
    const children = routes.flatMap((child) =>
      child.menu?.parent === route.path ? [item(child, child.menu)] : [],
    );
    return {
      label: menu.label,
      path: route.path,
      icon: menu.icon,
      exact: route.path === '/dashboard' || parents.has(route.path),
      ...(route.roles && { roles: route.roles }),
      ...(children.length > 0 && { children }),
    };
  };
  return routes.flatMap((route) =>
    route.menu && !route.menu.parent ? [item(route, route.menu)] : [],
  );
}

/** The console's side menu. */
export const NAVIGATION = navigationOf(ROUTES);
