import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEndOtherSessionsMutation, useListMySessionsQuery } from '@/api';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { chunk } from '@/components/chunk';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';

// The grid's code (the DataGrid) arrives after the page shows: Settings stays within its budget.
const SessionsGrid = chunk(
  () => import('./SessionsGrid').then((module) => module.default),
  <LinearProgress aria-label="Loading your sessions" />,
).Component;

export const END_OTHER_SESSIONS = 'End all other sessions';

/**
 * The signed-in user's active sessions (this one marked), newest use first, and a button that
 * signs out every other one after a confirm.
 */
export function SessionsCard() {
  const { data, error, isFetching } = useListMySessionsQuery();
  const [endOthers] = useEndOtherSessionsMutation();
  const run = useMutationFeedback();
  const [confirming, setConfirming] = useState(false);
  const sessions = data?.data;
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby="active-sessions">
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Typography variant="h6" component="h2" id="active-sessions">
            Active sessions
          </Typography>
          <Button
            variant="outlined"
            color="error"
            disabled={others === 0}
            onClick={() => setConfirming(true)}
          >
            {END_OTHER_SESSIONS}
          </Button>
        </Box>
        {isFetching && <LinearProgress aria-label="Loading your sessions" sx={{ mt: 1 }} />}
        {error && (
          <ErrorBanner
            title="Your sessions could not be loaded"
            message={messageOf(error)}
            sx={{ mt: 1 }}
          />
        )}
        {sessions && (
          <Box sx={{ mt: 1 }}>
            <SessionsGrid sessions={sessions} />
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={END_OTHER_SESSIONS}
        message="Sign out everywhere else? This session stays signed in."
        confirmLabel="End sessions"
        onConfirm={() => run(endOthers(), { success: serverMessage('Other sessions ended') })}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
