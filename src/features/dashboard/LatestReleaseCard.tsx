import Typography from '@mui/material/Typography';
import { useGetReleaseStatusQuery, type ReleaseStatus } from '@/api';
import { useNow } from '@/components/RelativeTime';
import { SummaryCard } from '@/components/SummaryCard';
import { exactTime, relativeTime } from '@/lib/relativeTime';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "2 changes pending, 1 awaiting review", or that the draft equals the newest release. */
export function pendingText({ changes, awaiting_review }: ReleaseStatus): string {
  if (changes === 0) return 'No change pending.';
  return `${plural(changes, 'change')} pending, ${awaiting_review} awaiting review`;
}

/**
 * The dashboard's Latest release card: the release app users read (its number, title and age),
 * a release scheduled to follow it, and how many changes the draft holds since the newest release.
 * The same request as the draft's banner, so it costs nothing more.
 */
export function LatestReleaseCard() {
  const { data, isError } = useGetReleaseStatusQuery();
  const now = useNow();
  const status = data?.data;
  const latest = status?.latest;
  return (
    <SummaryCard
      id="latest-release-card"
      title="Latest release"
      loaded={status !== undefined}
      errorText={isError ? 'The releases could not be loaded.' : undefined}
      placeholder={{ width: 160, height: 48 }}
      link={{ to: '/dashboard/releases', label: 'Open releases' }}
    >
      {status && (
        <>
          {latest ? (
            <>
              <Typography variant="h4" component="p">
                {`Release ${latest.number}`}
              </Typography>
              <Typography>{latest.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                <span title={exactTime(latest.published_at)}>
                  {`published ${relativeTime(latest.published_at, now)}`}
                </span>
              </Typography>
            </>
          ) : (
            <Typography variant="h6" component="p">
              No release yet
            </Typography>
          )}
          {status.scheduled && (
            <Typography variant="body2" color="text.secondary">
              {`Release ${status.scheduled.number} takes effect ${exactTime(status.scheduled.effective_at)}`}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 1 }}>
            {pendingText(status)}
          </Typography>
        </>
      )}
    </SummaryCard>
  );
}
