import { useSelector } from 'react-redux';
import type { RoleName } from '@/api';
import { selectCurrentUser } from './authSlice';

/** Roles that may change reference data (the contract's `x-roles` of every write). */
const WRITER_ROLES: readonly RoleName[] = ['admin', 'editor'];

/**
 * The one question every screen asks before it shows an Add, Edit or Delete control: may the
 * signed-in user change reference data? A viewer reads everything but sees no such control (the
 * server refuses the calls with 403 all the same).
 */
export function useCanWrite(): boolean {
  const role = useSelector(selectCurrentUser)?.role;
  return role != null && WRITER_ROLES.includes(role);
}

/** Whether the signed-in user is an administrator (the Accounts screen, reverting account changes). */
export function useIsAdmin(): boolean {
  return useSelector(selectCurrentUser)?.role === 'admin';
}
