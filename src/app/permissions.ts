import type { User } from '@/api';
import { selectCurrentUser } from '@/features/auth/authSlice';
import { useAppSelector } from './hooks';

/** A console role as the contract names it on an account. */
export type Role = User['role'];

/** Roles that may change reference data (the contract's `x-roles` of every write). */
const WRITER_ROLES: readonly Role[] = ['admin', 'editor'] as Role[];

/** Whether `role` may add, edit or delete reference data: admins and editors, never viewers. */
export function roleCanWrite(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && WRITER_ROLES.includes(role);
}

/**
 * The one question every screen asks before it shows an Add, Edit or Delete control: may the
 * signed-in user change reference data? A viewer reads everything but sees no such control (the
 * server refuses the calls with 403 all the same).
 */
export function useCanWrite(): boolean {
  return roleCanWrite(useAppSelector(selectCurrentUser)?.role);
}

/** Whether the signed-in user is an administrator (accounts screen, role changes). */
export function useIsAdmin(): boolean {
  return useAppSelector(selectCurrentUser)?.role === 'admin';
}

/** Whether the signed-in user has one of `roles` (none given: any signed-in user). */
export function hasRole(user: Pick<User, 'role'> | null, roles: readonly Role[] | undefined) {
  if (!roles) return true;
  return user !== null && roles.includes(user.role);
}
