import Typography from '@mui/material/Typography';
import { useListTestPrescriptionsQuery } from '@/api';
import { SummaryCard } from '@/components/SummaryCard';
import { passText } from './testPrescriptionFormat';

/**
 * The dashboard's "Test prescriptions: N of M pass" card, with how many are worse (in red) and how
 * many changed otherwise, linked to the screen. Asked afresh on every visit: the server re-runs the suite after changes in the background.
 */
export function TestPrescriptionsCard() {
  const { data, isError } = useListTestPrescriptionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const summary = data?.meta;
  return (
    <SummaryCard
      id="test-prescriptions-card"
      title={summary ? passText(summary.passing, summary.total) : 'Test prescriptions'}
      loaded={summary !== undefined}
      errorText={isError ? 'The test prescriptions could not be loaded.' : undefined}
      placeholder={{ width: 200 }}
      link={{ to: '/dashboard/test-prescriptions', label: 'Open the test prescriptions' }}
    >
      {summary && (
        <Typography
          variant="body2"
          color={summary.worse ? 'error.main' : summary.changed ? 'warning.main' : 'text.secondary'}
        >
          {summary.total === 0
            ? 'None saved yet: save a check from the Safety Check page.'
            : [
                summary.worse ? `${summary.worse} worse than expected` : '',
                summary.changed
                  ? `${summary.changed} changed since they were saved or accepted`
                  : '',
                summary.not_run ? `${summary.not_run} not run yet` : '',
              ]
                .filter(Boolean)
                .join(', ') || 'Every outcome is as expected.'}
        </Typography>
      )}
    </SummaryCard>
  );
}
