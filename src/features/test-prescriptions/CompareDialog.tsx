import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useRunTestPrescriptionMutation,
  type TestPrescription,
  type TestPrescriptionOutcome,
  type TestPrescriptionRunResult,
} from '@/api';
import { withoutErrorToast } from '@/api/quietRequests';
import { useCanWrite } from '@/session/permissions';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FINDING_KIND_LABELS, REASON_LABELS } from '@/features/safety-check';
import { SEVERITY_STYLE, VerdictBadge } from '@/features/safety-check';
import { messageOf } from '@/lib/errors';
import { findingKey, floorText } from './testPrescriptionFormat';

function OutcomeColumn({
  title,
  outcome,
  other,
  nameOf,
}: {
  title: string;
  outcome: TestPrescriptionOutcome | null;
  /** The outcome compared with: findings it lacks are marked here. */
  other: TestPrescriptionOutcome | null;
  nameOf: (id: number) => string;
}) {
  const headingId = useId();
  const theirs = new Set((other?.findings ?? []).map(findingKey));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={headingId} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {outcome === null ? (
        <Typography color="text.secondary">The request can no longer be checked.</Typography>
      ) : (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <VerdictBadge severity={outcome.verdict} />
            <Chip
              size="small"
              color={outcome.complete ? 'default' : 'warning'}
              label={outcome.complete ? 'Complete' : 'Incomplete'}
            />
          </Stack>
          {outcome.findings.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No findings
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={`${title} findings`}>
              {outcome.findings.map((finding, index) => {
                const differs = !theirs.has(findingKey(finding));
                return (
                  <Typography
                    key={index}
                    component="li"
                    variant="body2"
                    data-differs={differs}
                    sx={differs ? { fontWeight: 700, color: 'warning.dark' } : undefined}
                  >
                    {FINDING_KIND_LABELS[finding.kind]}:{' '}
                    {finding.medication_ids.map(nameOf).join(' + ')}
                    {' — '}
                    {finding.severity ? SEVERITY_STYLE[finding.severity].label : 'not checked'}
                    {finding.reason && ` (${REASON_LABELS[finding.reason]})`}
                  </Typography>
                );
              })}
            </Box>
          )}
        </Stack>
      )}
    </Box>
  );
}

interface CompareDialogProps {
  test: TestPrescription;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
  /**
   * Opens the accept confirm for this test (offered to editors and admins when it changed);
   * `worse` when the outcome is worse than the expected one.
   */
  onAccept: (test: TestPrescription, worse: boolean) => void;
}

/**
 * One test prescription run now (`POST /test-prescription/{id}/run`), its expected and
 * actual outcomes side by side with the differing findings marked, the differences in words (those
 * that make it worse in red), and Accept when it changed or is worse, unless it is below the
 * test's minimum verdict (accepting would not make it pass).
 */
export function CompareDialog({ test, open, onClose, onExited, onAccept }: CompareDialogProps) {
  const [runTest] = useRunTestPrescriptionMutation();
  const [result, setResult] = useState<TestPrescriptionRunResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canWrite = useCanWrite();

  useEffect(() => {
    const call = withoutErrorToast(runTest({ id: test.id }));
    call
      .unwrap()
      .then(({ data }) => setResult(data.find((row) => row.id === test.id) ?? null))
      .catch((error: unknown) => setFailure(messageOf(error, 'The test could not be run.')));
    return () => call.abort();
  }, [runTest, test.id]);

  const names = new Map(test.medications.map((m) => [m.id, m.name]));
  const nameOf = (id: number) => names.get(id) ?? `Medication #${id}`;
  const belowFloor = result?.differences.some((d) => d.kind === 'below_floor') ?? false;

  return (
    <FullWidthDialog
      open={open}
      onClose={onClose}
      title={test.name}
      maxWidth="md"
      onExited={onExited}
    >
      <DialogContent>
        {test.note && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {test.note}
          </Typography>
        )}
        {test.min_verdict && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Minimum verdict: {floorText(test.min_verdict)}
          </Typography>
        )}
        {failure && <ErrorBanner message={failure} />}
        {!result && !failure && <LinearProgress aria-label="Running the test prescription" />}
        {result && (
          <Stack spacing={2}>
            {result.status === 'pass' ? (
              <Alert severity="success">Pass: the outcome is as expected.</Alert>
            ) : (
              <Alert severity={result.status === 'worse' ? 'error' : 'warning'}>
                {result.status === 'worse'
                  ? 'Worse: the outcome protects the patient less than the expected one.'
                  : 'Changed: the outcome differs from the expected one.'}
                <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Differences">
                  {result.differences.map((difference, index) => (
                    <Box
                      component="li"
                      key={index}
                      data-worse={difference.worse}
                      sx={difference.worse ? { color: 'error.main', fontWeight: 600 } : undefined}
                    >
                      {difference.message}
                    </Box>
                  ))}
                </Box>
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
              <OutcomeColumn
                title="Expected"
                outcome={result.expected}
                other={result.actual}
                nameOf={nameOf}
              />
              <OutcomeColumn
                title="Actual"
                outcome={result.actual}
                other={result.expected}
                nameOf={nameOf}
              />
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canWrite && result && result.status !== 'pass' && !belowFloor && (
          <Button
            variant="contained"
            color={result.status === 'worse' ? 'error' : 'primary'}
            onClick={() => onAccept(test, result.status === 'worse')}
          >
            Accept
          </Button>
        )}
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </FullWidthDialog>
  );
}
