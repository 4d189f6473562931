import { chunk } from '@/components/chunk';

/**
 * ConfirmDialog, loaded with the first confirm: the grid pages show their rows without the dialog
 * code, which would put them over their 400 kB budget.
 */
export const LazyConfirmDialog = chunk(
  () => import('./ConfirmDialog').then((module) => module.ConfirmDialog),
  null,
).Component;
