import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useListTestPrescriptionsQuery } from '@/api';
import { passText } from './testPrescriptionFormat';

/**
 * The dashboard's "Test prescriptions: N of M pass" card, with how many changed, linked to the
 * screen. Asked afresh on every visit: the server re-runs the suite after changes in the background.
 */
export function TestPrescriptionsCard() {
  const { data, isError } = useListTestPrescriptionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const summary = data?.meta;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="test-prescriptions-card"
      aria-busy={!summary && !isError}
    >
      <CardContent>
        <Typography id="test-prescriptions-card" variant="h6" component="h2">
          {summary ? passText(summary.passing, summary.total) : 'Test prescriptions'}
        </Typography>
        {summary ? (
          <Typography variant="body2" color={summary.changed ? 'warning.main' : 'text.secondary'}>
            {summary.total === 0
              ? 'None saved yet: save a check from the Safety Check page.'
              : [
                  summary.changed
                    ? `${summary.changed} changed since they were saved or accepted`
                    : '',
                  summary.not_run ? `${summary.not_run} not run yet` : '',
                ]
                  .filter(Boolean)
                  .join(', ') || 'Every outcome is as expected.'}
          </Typography>
        ) : isError ? (
          <Typography variant="body2" color="text.secondary">
            The test prescriptions could not be loaded.
          </Typography>
        ) : (
          <Skeleton variant="text" width={200} />
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/dashboard/test-prescriptions" size="small">
          Open the test prescriptions
        </Button>
      </CardActions>
    </Card>
  );
}
