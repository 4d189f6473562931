import Typography from '@mui/material/Typography';
import { useGetDataQualitySummaryQuery } from '@/api';
import { SummaryCard } from '@/components/SummaryCard';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The dashboard's Data quality card: how many problems the report finds, and a link to it. Asks
 * for the report's counts (GET /data-quality/summary), not its findings, which can be hundreds of
 * thousands; afresh on every visit (the server keeps them until the reference data changes).
 */
export function DataQualityCard() {
  const { data, isError } = useGetDataQualitySummaryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const summary = data?.data;
  return (
    <SummaryCard
      id="data-quality-card"
      title="Data quality"
      loaded={summary !== undefined}
      errorText={isError ? 'The report could not be loaded.' : undefined}
      placeholder={{ width: 120, height: 48 }}
      link={{ to: '/dashboard/data-quality', label: 'Open the report' }}
    >
      {summary && (
        <>
          <Typography variant="h4" component="p">
            {summary.total}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {summary.total === 0
              ? 'No problems found in the reference data.'
              : `finding${summary.total === 1 ? '' : 's'}: ${plural(summary.error, 'error')}, ${plural(summary.warning, 'warning')}`}
          </Typography>
        </>
      )}
    </SummaryCard>
  );
}
