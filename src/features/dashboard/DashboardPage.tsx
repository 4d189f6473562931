import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetDashboardStatsQuery, useListAuditEntriesQuery, type DailyCount } from '@/api';
import { chunk } from '@/components/chunk';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { messageOf } from '@/lib/errors';
import { DataQualityCard } from './DataQualityCard';
import { LatestReleaseCard } from './LatestReleaseCard';
import { ACTION_LABELS, describeEntry } from '@/features/history';
import { TestPrescriptionsCard } from '@/features/test-prescriptions';
import { RecentChanges, RecentDrugs, RecentSearches } from './RecentActivity';
import { StatCards } from './StatCards';

const CHART_HEIGHT = 260;

// MUI X Charts is large: its own chunk, fetched when the dashboard first shows a chart.
const SearchesChart = chunk(
  () => import('./SearchesChart').then((module) => module.default),
  <Skeleton variant="rectangular" height={CHART_HEIGHT} />,
).Component;

// The Alerts table is a chunk of its own: the dashboard's entry is at its size budget.
const AlertsCard = chunk(
  () => import('./AlertsCard').then((module) => module.default),
  <Skeleton variant="rectangular" height={160} />,
).Component;

function SearchesPerDay({ days, timeZone }: { days: DailyCount[] | undefined; timeZone?: string }) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="searches-per-day"
      aria-busy={!days}
    >
      <CardContent>
        <Typography id="searches-per-day" variant="h6" component="h2">
          Searches per day
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The last {days?.length ?? 30} days{timeZone ? ` (days in ${timeZone})` : ''}
        </Typography>
        {days ? (
          <SearchesChart days={days} />
        ) : (
          <Skeleton variant="rectangular" height={CHART_HEIGHT} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Seconds a cached GET /dashboard/stats is shown again as it is: app users' searches and activity
 * reach the server without passing through this console's cache tags, so coming back to the
 * dashboard later than this asks the server again (the cache alone would keep it for 60 s).
 */
export const DASHBOARD_MAX_AGE_S = 30;

/** How many of the newest history entries the Recent changes card lists. */
const RECENT_CHANGES = 5;

/**
 * /dashboard: the counts, the searches per day and the recent activity from GET /dashboard/stats,
 * and the latest release, the data-quality report and the test prescriptions in their own cards.
 * Medication changes anywhere invalidate the 'dashboard' tag (src/api/index.ts), so a new
 * medication shows here on the next visit; app users' activity shows when the stats are over
 * DASHBOARD_MAX_AGE_S old.
 */
export function DashboardPage() {
  const { data, error, isError, isFetching, refetch } = useGetDashboardStatsQuery(undefined, {
    refetchOnMountOrArgChange: DASHBOARD_MAX_AGE_S,
  });
  const stats = data?.data;
  const changes = useListAuditEntriesQuery({ pageSize: RECENT_CHANGES, sort: '-at' });

  return (
    <>
      <PageHeader title="Dashboard" />
      {isError && (
        <Stack direction="row" spacing={2} sx={{ mb: 3, alignItems: 'center' }}>
          <ErrorBanner
            title="The dashboard could not be loaded"
            message={messageOf(error, 'An unknown error occurred')}
            sx={{ flex: 1 }}
          />
          <Button variant="outlined" onClick={() => void refetch()} disabled={isFetching}>
            Retry
          </Button>
        </Stack>
      )}
      {!(isError && !stats) && (
        <Stack spacing={3}>
          <StatCards stats={stats} timeZone={stats?.time_zone} />
          <SearchesPerDay days={stats?.searches_per_day} timeZone={stats?.time_zone} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <RecentDrugs drugs={stats?.recent_drugs} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <RecentSearches searches={stats?.recent_searches} />
            </Grid>
          </Grid>
          <RecentChanges
            entries={changes.data?.data ?? (changes.isError ? [] : undefined)}
            describe={(entry) => `${ACTION_LABELS[entry.action]} ${describeEntry(entry)}`}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <LatestReleaseCard />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <DataQualityCard />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TestPrescriptionsCard />
            </Grid>
          </Grid>
          <AlertsCard />
        </Stack>
      )}
    </>
  );
}
