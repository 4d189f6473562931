import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import type { PendingChange } from './useImpactPreview';

const ImpactPanel = lazy(() =>
  import('./ImpactPanel').then((module) => ({ default: module.ImpactPanel })),
);

/**
 * The impact panel (ImpactPanel), loaded when a dialog first shows it: the list screens that
 * open these dialogs stay within their bundle budget (`npm run bench:bundle`).
 */
export function LazyImpactPanel({ change }: { change: PendingChange | null }) {
  return (
    <Suspense
      fallback={
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Checking the test prescriptions…
        </Typography>
      }
    >
      <ImpactPanel change={change} />
    </Suspense>
  );
}
