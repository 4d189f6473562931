import type { RoleName } from '@/api';
import type { NavIconName } from './navIcons';

/** An entry of the side menu (app/routes.ts derives them from the route table). */
export interface NavItem {
  label: string;
  path: string;
  /** Its icon, by name (NAV_ICONS). */
  icon: NavIconName;
  /** Highlight on this path only (true), or also on the paths below it (false). */
  exact: boolean;
  /** Only these roles see the entry (the page's calls admit no other); left out: every console role. */
  roles?: readonly RoleName[];
  children?: NavItem[];
}

/** The entries `role` may see (children included). */
export function navigationFor(role: RoleName | null | undefined, items: NavItem[]): NavItem[] {
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
