import { useState } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useEndOtherSessionsMutation, useListMySessionsQuery } from '@/api';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { chunk } from '@/components/chunk';
import { CardSection } from '@/components/CardSection';
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
    <CardSection
      id="active-sessions"
      title="Active sessions"
      action={
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0}
          onClick={() => setConfirming(true)}
        >
          {END_OTHER_SESSIONS}
        </Button>
      }
    >
      <Stack spacing={1}>
        {isFetching && <LinearProgress aria-label="Loading your sessions" />}
        {error && (
          <ErrorBanner title="Your sessions could not be loaded" message={messageOf(error)} />
        )}
        {sessions && <SessionsGrid sessions={sessions} />}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={END_OTHER_SESSIONS}
        message="Sign out everywhere else? This session stays signed in."
        confirmLabel="End sessions"
        onConfirm={() => run(endOthers(), { success: serverMessage('Other sessions ended') })}
        onClose={() => setConfirming(false)}
      />
    </CardSection>
  );
}
