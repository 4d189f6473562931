import { lazy, Suspense, type ComponentProps } from 'react';

const LoadedConfirmDialog = lazy(() =>
  import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * ConfirmDialog, loaded with the first confirm: the grid pages show their rows without the dialog
 * code, which would put them over their 400 kB budget.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof LoadedConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <LoadedConfirmDialog {...props} />
    </Suspense>
  );
}
