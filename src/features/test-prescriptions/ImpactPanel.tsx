import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { TestPrescriptionImpact } from '@/api';
import { ALTERS_NONE, altersText, testCount } from './testPrescriptionFormat';
import { useImpactPreview, type PendingChange } from './useImpactPreview';

function AlteredTest({ test }: { test: TestPrescriptionImpact }) {
  return (
    <ListItem disableGutters sx={{ display: 'block', py: 0.25 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {test.name}
      </Typography>
      <Typography component="span" variant="body2">
        {test.status === 'pass' ? ' (would pass again)' : ' (would no longer pass)'}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {test.differences.map((difference, index) => (
          <Typography key={index} component="li" variant="body2">
            {difference.message}
          </Typography>
        ))}
      </Box>
    </ListItem>
  );
}

/**
 * "This change alters N test prescriptions", with each of them and how, shown in a dialog before
 * the user confirms a change to the reference data: `change` is the pending write (null while the
 * form is not valid). It says so when nothing would change, shows progress while it asks, and
 * never blocks saving.
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
        <Box>
          <Typography variant="body2" color="text.secondary">
            Checking the test prescriptions…
          </Typography>
          <LinearProgress aria-label="Checking the test prescriptions" sx={{ mt: 0.5 }} />
        </Box>
      )}
      {impact.status === 'done' && impact.result.altered === 0 && (
        <Alert severity="success" variant="outlined" role="status">
          {ALTERS_NONE}
          {impact.result.total > 0 && ` (${testCount(impact.result.total)} checked).`}
        </Alert>
      )}
      {impact.status === 'done' && impact.result.altered > 0 && (
        <Alert severity="warning" variant="outlined" role="status">
          <AlertTitle>{altersText(impact.result.altered)}</AlertTitle>
          <List dense disablePadding aria-label="Altered test prescriptions">
            {impact.result.tests.map((test) => (
              <AlteredTest key={test.id} test={test} />
            ))}
          </List>
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
