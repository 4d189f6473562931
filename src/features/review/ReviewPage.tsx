import { useState } from 'react';
import { useSelector } from 'react-redux';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetReleaseStatusQuery, useListPendingChangesQuery, type PendingChange } from '@/api';
import { selectCurrentUser } from '@/session/authSlice';
import { useCanWrite } from '@/session/permissions';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { messageOf } from '@/lib/errors';
import { PendingChangeCard } from './PendingChangeCard';
import { ReviewDialog, type Decision } from './ReviewDialog';
import { NO_PENDING_CHANGES, changeKey } from './reviewFormat';

/**
 * Seconds a cached list of pending changes is shown again as it is: other editors' changes and
 * reviews reach the server without passing through this console's cache tags, so coming back
 * later than this asks again. Within it, the route's own first request answers the page.
 */
export const REVIEW_MAX_AGE_S = 30;

type Deciding = { decision: Decision; change: PendingChange; open: boolean } | null;

/**
 * /dashboard/review: every record changed since the newest release, each as one net change
 * (the release's values, then the draft's) with who changed it and its review. Editors and
 * administrators approve or reject each one, never one they changed themselves (the server
 * refuses, and its words show). Publishing waits until every change is approved.
 */
export function ReviewPage() {
  const { data, error, isLoading, isFetching, refetch } = useListPendingChangesQuery(undefined, {
    refetchOnMountOrArgChange: REVIEW_MAX_AGE_S,
  });
  const newest = useGetReleaseStatusQuery().data?.data.newest;
  const canWrite = useCanWrite();
  const userId = useSelector(selectCurrentUser)?.id;
  const [deciding, setDeciding] = useState<Deciding>(null);
  const changes = data?.data;
  const awaiting = changes?.filter((change) => change.review === null).length ?? 0;

  return (
    <>
      <PageHeader
        title="Review"
        subtitle={
          changes && changes.length > 0
            ? `${changes.length} record${changes.length === 1 ? '' : 's'} changed since the latest release, ${awaiting} awaiting review`
            : 'The changes since the latest release, to approve or reject before the next one'
        }
      />
      {error !== undefined && !isFetching && (
        <Stack direction="row" spacing={2} sx={{ mb: 3, alignItems: 'center' }}>
          <ErrorBanner
            title="The pending changes could not be loaded"
            message={messageOf(error)}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={() => void refetch()}>
            Retry
          </Button>
        </Stack>
      )}
      {(isLoading || (isFetching && !changes)) && (
        <LinearProgress aria-label="Loading the pending changes" />
      )}
      {changes && changes.length === 0 && (
        <Typography color="text.secondary">{NO_PENDING_CHANGES}</Typography>
      )}
      {changes && changes.length > 0 && (
        <Stack spacing={2} aria-busy={isFetching}>
          {changes.map((change) => (
            <PendingChangeCard
              key={changeKey(change)}
              change={change}
              userId={userId}
              onDecide={
                canWrite ? (decision) => setDeciding({ decision, change, open: true }) : undefined
              }
            />
          ))}
        </Stack>
      )}
      {deciding && (
        <ReviewDialog
          key={`${deciding.decision}-${changeKey(deciding.change)}`}
          decision={deciding.decision}
          change={deciding.change}
          newest={newest}
          open={deciding.open}
          onClose={() => setDeciding((current) => current && { ...current, open: false })}
          onExited={() => setDeciding(null)}
        />
      )}
    </>
  );
}
