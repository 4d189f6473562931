import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TestPrescriptionImpact } from '@/api';
import { ALTERS_NONE, altersText, testCount, worseText } from './testPrescriptionFormat';
import { useImpactPreview, type PendingChange } from './useImpactPreview';

const OUTLOOK: Record<TestPrescriptionImpact['status'], string> = {
  pass: ' (would pass again)',
  worse: ' (would be worse than expected)',
  changed: ' (would no longer pass)',
};

function AlteredTest({ test }: { test: TestPrescriptionImpact }) {
  const worse = test.status === 'worse';
  return (
    <Box component="li" data-status={test.status} sx={worse ? { color: 'error.main' } : undefined}>
      <strong>{test.name}</strong>
      {OUTLOOK[test.status]}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {test.differences.map((difference, index) => (
          <li key={index}>{difference.message}</li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * "This change alters N test prescriptions", with how many of them would then be worse than
 * expected (in red, apart from the others), each of them and how, shown in a dialog before
 * the user confirms a change to the reference data: `change` is the pending write (null while the
 * form is not valid). It says so when nothing would change, shows progress while it asks, and
 * never blocks saving. Kept to components the dialogs already load (bundle budget).
 */
export function ImpactPanel({ change }: { change: PendingChange | null }) {
  const impact = useImpactPreview(change);
  return (
    <Box
      component="section"
      aria-label="Impact on the test prescriptions"
      aria-live="polite"
      aria-busy={impact.status === 'loading'}
      sx={{ mt: 2 }}
    >
      {impact.status === 'loading' && (
        <Typography variant="body2" color="text.secondary" role="status">
          <CircularProgress size={14} sx={{ mr: 1, verticalAlign: 'middle' }} aria-hidden />
          Checking the test prescriptions…
        </Typography>
      )}
      {impact.status === 'done' && impact.result.altered === 0 && (
        <Alert severity="success" variant="outlined" role="status">
          {ALTERS_NONE}
          {impact.result.total > 0 && ` (${testCount(impact.result.total)} checked).`}
        </Alert>
      )}
      {impact.status === 'done' && impact.result.altered > 0 && (
        <Alert
          severity={impact.result.worse > 0 ? 'error' : 'warning'}
          variant="outlined"
          role="status"
        >
          <Typography sx={{ fontWeight: 600 }}>{altersText(impact.result.altered)}</Typography>
          {impact.result.worse > 0 && (
            <Typography sx={{ fontWeight: 600, color: 'error.main' }}>
              {worseText(impact.result.worse)}
            </Typography>
          )}
          <Box
            component="ul"
            aria-label="Altered test prescriptions"
            sx={{ m: 0, pl: 2.5, typography: 'body2' }}
          >
            {impact.result.tests.map((test) => (
              <AlteredTest key={test.id} test={test} />
            ))}
          </Box>
        </Alert>
      )}
      {impact.status === 'refused' && (
        <Alert severity="error" variant="outlined" role="status">
          This change would be refused: {impact.message}
        </Alert>
      )}
      {impact.status === 'failed' && (
        <Alert severity="info" variant="outlined" role="status">
          The impact on the test prescriptions could not be checked ({impact.message}). You can
          still save.
        </Alert>
      )}
    </Box>
  );
}
