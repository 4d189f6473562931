import { chunk } from '@/components/chunk';
import type { CrudFormDialog } from './CrudFormDialog';

const formDialog = chunk(
  () => import('./CrudFormDialog').then((module) => module.CrudFormDialog),
  null,
);

/**
 * Starts loading the form dialog's code (react-hook-form and the dialog) without showing it;
 * settles when it is there. A chunk that fails to load here is asked for again, and reported,
 * when the dialog opens.
 */
export function preloadCrudFormDialog(): Promise<unknown> {
  return formDialog.preload().catch(() => undefined);
}

/**
 * CrudFormDialog, loaded on first use: a list screen shows its grid without the form code
 * (react-hook-form, and zod through the feature's `lazyResolver`), which would put the DataGrid
 * pages over their 400 kB budget. CrudPage preloads it once the grid is up, so opening is instant.
 * (chunk() keeps one props type; the cast restores the generic signature of the same component.)
 */
export const LazyCrudFormDialog = formDialog.Component as unknown as typeof CrudFormDialog;
