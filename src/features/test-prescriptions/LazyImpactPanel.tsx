import Typography from '@mui/material/Typography';
import { chunk } from '@/components/chunk';

/**
 * The impact panel (ImpactPanel), loaded when a dialog first shows it: the list screens that
 * open these dialogs stay within their bundle budget (`npm run bench:bundle`).
 */
export const LazyImpactPanel = chunk(
  () => import('./ImpactPanel').then((module) => module.ImpactPanel),
  <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
    Checking the test prescriptions…
  </Typography>,
).Component;
