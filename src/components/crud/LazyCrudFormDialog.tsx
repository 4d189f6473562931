import { lazy, Suspense } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { CrudFormDialog, CrudFormDialogProps } from './CrudFormDialog';

const load = () => import('./CrudFormDialog');

// lazy() keeps one props type; the generic signature is restored by the cast (same component).
const LoadedCrudFormDialog = lazy(() =>
  load().then((module) => ({ default: module.CrudFormDialog })),
) as unknown as typeof CrudFormDialog;

/** Starts loading the form dialog's code (react-hook-form and the dialog) without showing it. */
export function preloadCrudFormDialog() {
  void load();
}

/**
 * CrudFormDialog, loaded on first use: a list screen shows its grid without the form code
 * (react-hook-form, and zod through the feature's `lazyResolver`), which would put the DataGrid
 * pages over their 400 kB budget. CrudPage preloads it once the grid is up, so opening is instant.
 */
export function LazyCrudFormDialog<TValues extends FieldValues, TOutput>(
  props: CrudFormDialogProps<TValues, TOutput>,
) {
  return (
    <Suspense fallback={null}>
      <LoadedCrudFormDialog {...props} />
    </Suspense>
  );
}
