import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import PassIcon from '@mui/icons-material/CheckCircleOutlined';
import FailIcon from '@mui/icons-material/HighlightOff';
import type { PublishBlocker, ReleaseReadinessResponse } from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';
import { countOf } from './releaseFormat';

export const NOTHING_BLOCKS = 'Nothing blocks publishing.';

/** A publication the server refused: its message and every blocker it listed. */
export interface Refusal {
  message: string;
  blockers: PublishBlocker[];
}

interface ReadinessPanelProps {
  /** What publishing now would meet; undefined while it is worked out. */
  readiness: ReleaseReadinessResponse['data'] | undefined;
  /** Why it could not be worked out. */
  error: unknown;
  /** The server's refusal of the last Publish, whose blockers stand in for the readiness's. */
  refusal: Refusal | null;
}

/** A test prescription's status on the draft for reading: `not_run` → 'Not run'. */
function statusText(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Blockers({ title, blockers }: { title: string; blockers: readonly PublishBlocker[] }) {
  return (
    <Alert severity="error">
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" aria-label="Blockers" sx={{ m: 0, pl: 2.5 }}>
        {blockers.map((blocker, index) => (
          <li key={`${blocker.kind}-${index}`}>{blocker.message}</li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * What publishing the draft now would meet, under the Publish form: every blocker (a change not
 * approved, a test prescription that does not pass on the draft, more data-quality errors than the
 * latest release has), each test prescription's result on the draft, and the data-quality errors.
 * A refusal from the server shows its own blockers instead.
 */
export function ReadinessPanel({ readiness, error, refusal }: ReadinessPanelProps) {
  if (!readiness) {
    return error ? (
      <ErrorBanner
        title="The draft could not be checked"
        message={messageOf(error)}
        sx={{ mt: 2 }}
      />
    ) : (
      <Box sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Running the test prescriptions on the draft…
        </Typography>
        <LinearProgress aria-label="Checking the draft" />
      </Box>
    );
  }
  const { blockers, test_prescriptions: tests, data_quality: quality } = readiness;
  return (
    <Box component="section" aria-label="Readiness" sx={{ mt: 2, display: 'grid', gap: 2 }}>
      {refusal ? (
        <Blockers title={refusal.message} blockers={refusal.blockers} />
      ) : blockers.length > 0 ? (
        <Blockers
          title={`Publishing is blocked by ${countOf(blockers.length, 'problem')}`}
          blockers={blockers}
        />
      ) : (
        <Alert severity="success">{NOTHING_BLOCKS}</Alert>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" id="readiness-tests">
          Test prescriptions on the draft
        </Typography>
        {tests.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No test prescriptions.
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby="readiness-tests">
            {tests.map((test) => (
              <ListItem key={test.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {test.passes ? (
                    <PassIcon fontSize="small" color="success" aria-hidden />
                  ) : (
                    <FailIcon fontSize="small" color="error" aria-hidden />
                  )}
                </ListItemIcon>
                <ListItemText primary={`${test.name}: ${statusText(test.status)}`} />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          Data quality
        </Typography>
        <Typography variant="body2">
          {`${countOf(quality.draft_errors, 'error')} on the draft; `}
          {quality.release_errors === null
            ? 'no release to compare with yet.'
            : `${countOf(quality.release_errors, 'error')} on the latest release.`}
        </Typography>
      </Box>
    </Box>
  );
}
