import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetDataQualityQuery } from '@/api';
import { CrudGrid } from '@/components/crud/CrudGrid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { messageOf } from '@/lib/errors';
import { dataQualityColumns, toRows } from './dataQualityColumns';

const COUNT_WORDS = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
} as const;

/**
 * /dashboard/data-quality: what in the reference data the safety check would get wrong or leave
 * out (GET /data-quality), each finding linked to the record to fix. Read afresh on every visit.
 */
export function DataQualityPage() {
  const { data, error, isFetching } = useGetDataQualityQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const rows = useMemo(() => (data ? toRows(data.data) : undefined), [data]);
  const counts = (Object.keys(COUNT_WORDS) as (keyof typeof COUNT_WORDS)[])
    .map((severity) => ({ severity, n: rows?.filter((r) => r.severity === severity).length ?? 0 }))
    .filter(({ n }) => n > 0)
    .map(({ severity, n }) => `${n} ${COUNT_WORDS[severity][n === 1 ? 0 : 1]}`);
  return (
    <>
      <PageHeader
        title="Data quality"
        subtitle="Problems in the reference data that would make the safety check wrong or silent, with the record to fix."
      />
      <Stack spacing={2}>
        {error && (
          <ErrorBanner
            title="Failed to load the data-quality report"
            message={messageOf(error, 'Try again later.')}
          />
        )}
        {rows && (
          <Typography role="status" color="text.secondary">
            {rows.length === 0
              ? 'No problems found.'
              : `${rows.length} finding${rows.length === 1 ? '' : 's'}: ${counts.join(', ')}.`}
          </Typography>
        )}
        <CrudGrid
          rows={rows}
          columns={dataQualityColumns}
          loading={isFetching}
          label="Data-quality findings"
          emptyText="No problems found: the reference data passes every check."
          loadingText="Checking the reference data..."
          searchLabel="Search findings"
          exportFileName="data-quality"
        />
      </Stack>
    </>
  );
}
