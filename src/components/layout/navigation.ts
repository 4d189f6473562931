import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import MedicationIcon from '@mui/icons-material/MedicationOutlined';
import ConditionIcon from '@mui/icons-material/MonitorHeartOutlined';
import AgeIcon from '@mui/icons-material/CakeOutlined';
import WeightIcon from '@mui/icons-material/MonitorWeightOutlined';
import MedicationsIcon from '@mui/icons-material/VaccinesOutlined';
import InteractionIcon from '@mui/icons-material/CompareArrowsOutlined';
import LifestyleIcon from '@mui/icons-material/DirectionsRunOutlined';
import UsersIcon from '@mui/icons-material/PeopleOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import SafetyCheckIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import DataQualityIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import TestPrescriptionsIcon from '@mui/icons-material/RuleOutlined';
import AccountsIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { RoleName } from '@/api';

export interface NavItem {
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** Highlight on this path only (true), or also on the paths below it (false). */
  exact: boolean;
  /** Only these roles see the entry (the page's calls admit no other); left out: every console role. */
  roles?: readonly RoleName[];
  children?: NavItem[];
}

/**
 * The console's sidebar (Dashboard, Drugs with its six sub-items, Users, Settings), with
 * History for every console role and Accounts for administrators.
 */
export const NAVIGATION: NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: DashboardIcon, exact: true },
  {
    label: 'Drugs',
    path: '/dashboard/drugs',
    icon: MedicationIcon,
    exact: true,
    children: [
      {
        label: 'Conditions',
        path: '/dashboard/drugs/conditions',
        icon: ConditionIcon,
        exact: false,
      },
      {
        label: 'Age Categories',
        path: '/dashboard/drugs/age-categories',
        icon: AgeIcon,
        exact: false,
      },
      {
        label: 'Weight Categories',
        path: '/dashboard/drugs/weight-categories',
        icon: WeightIcon,
        exact: false,
      },
      {
        label: 'Medications',
        path: '/dashboard/drugs/medications',
        icon: MedicationsIcon,
        exact: false,
      },
      {
        label: 'Drug Interactions',
        path: '/dashboard/drugs/interactions',
        icon: InteractionIcon,
        exact: false,
      },
      {
        label: 'Lifestyles',
        path: '/dashboard/drugs/lifestyles',
        icon: LifestyleIcon,
        exact: false,
      },
      // What the reference data makes the checker say, and what in it needs fixing.
      {
        label: 'Safety Check',
        path: '/dashboard/safety-check',
        icon: SafetyCheckIcon,
        exact: false,
      },
      {
        label: 'Data Quality',
        path: '/dashboard/data-quality',
        icon: DataQualityIcon,
        exact: false,
      },
      {
        label: 'Test Prescriptions',
        path: '/dashboard/test-prescriptions',
        icon: TestPrescriptionsIcon,
        exact: false,
      },
    ],
  },
  { label: 'Users', path: '/dashboard/users', icon: UsersIcon, exact: false },
  { label: 'History', path: '/dashboard/history', icon: HistoryIcon, exact: false },
  {
    label: 'Accounts',
    path: '/dashboard/accounts',
    icon: AccountsIcon,
    exact: false,
    roles: ['admin'],
  },
  { label: 'Settings', path: '/dashboard/settings', icon: SettingsIcon, exact: false },
];

/** The entries `role` may see (children included). */
export function navigationFor(role: RoleName | null | undefined, items = NAVIGATION): NavItem[] {
  return items
    .filter((item) => !item.roles || (role != null && item.roles.includes(role)))
    .map((item) =>
      item.children ? { ...item, children: navigationFor(role, item.children) } : item,
    );
}

export function isActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return item.exact ? path === item.path : path === item.path || path.startsWith(`${item.path}/`);
}
