import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useGetDataQualityQuery,
  useGetDataQualitySummaryQuery,
  type DataQualityFinding,
  type DataQualityKind,
  type DataQualitySeverity,
  type DataQualitySort,
  type DataQualitySummary,
} from '@/api';
import { CrudGrid } from '@/components/crud/CrudGrid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { LazyListFilters } from '@/components/resource/LazyListFilters';
import { listState, type ListFilter } from '@/components/resource/resource';
import { serverSortable, useServerList } from '@/components/resource/useServerList';
import { messageOf } from '@/lib/errors';
import { dataQualityColumns, KIND_LABELS, SEVERITY_LABELS, toRows } from './dataQualityColumns';

const COUNT_WORDS = {
  error: ['error', 'errors'],
  warning: ['warning', 'warnings'],
  info: ['note', 'notes'],
} as const;

const FILTERS: readonly ListFilter[] = [
  {
    kind: 'choice',
    param: 'severity',
    label: 'Severity',
    options: Object.entries(SEVERITY_LABELS).map(([value, label]) => ({ value, label })),
  },
  {
    kind: 'choice',
    param: 'kind',
    label: 'Problem',
    options: Object.entries(KIND_LABELS)
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  },
];

/** Grid field to the contract's sort field: the problem column is filtered, not sorted. */
const SORT_FIELDS = { severity: 'severity', entity_id: 'record', message: 'message' } as const;
const COLUMNS = serverSortable(dataQualityColumns, SORT_FIELDS);
/**
 * A page, or the counts, read longer ago than this is read again when shown: the report also
 * changes with writes the console does not see (imports, other tools). Not 0, so that what was
 * just read is used: the first page the console asked for as it started (app/routeData.ts), and
 * the counts the dashboard's card showed before its link was followed.
 */
const FRESH_SECONDS = 10;

/** "12 findings: 2 errors, 10 warnings." */
function summaryText(summary: DataQualitySummary): string {
  if (summary.total === 0) return 'No problems found.';
  const counts = (Object.keys(COUNT_WORDS) as (keyof typeof COUNT_WORDS)[])
    .filter((severity) => summary[severity] > 0)
    .map((severity) => {
      const n = summary[severity];
      return `${n} ${COUNT_WORDS[severity][n === 1 ? 0 : 1]}`;
    });
  return `${summary.total} finding${summary.total === 1 ? '' : 's'}: ${counts.join(', ')}.`;
}

/**
 * /dashboard/data-quality: what in the reference data the safety check would get wrong or leave
 * out (GET /data-quality), each finding linked to the record to fix. A large catalogue has
 * hundreds of thousands of findings, so the server pages, sorts, searches (the messages) and
 * filters them (by severity and problem); the counts above come from the summary.
 */
export function DataQualityPage() {
  const list = useServerList({
    listPath: '/data-quality',
    exportFileName: 'data-quality',
    sortFields: SORT_FIELDS,
  });
  const { filterParams, query } = list;
  const report = listState<DataQualityFinding>(
    useGetDataQualityQuery(
      {
        ...query,
        sort: query.sort as DataQualitySort | undefined,
        severity: filterParams.severity as DataQualitySeverity | undefined,
        kind: filterParams.kind as DataQualityKind | undefined,
      },
      { refetchOnMountOrArgChange: FRESH_SECONDS },
    ),
  );
  const summary = useGetDataQualitySummaryQuery(undefined, {
    refetchOnMountOrArgChange: FRESH_SECONDS,
  });
  const rows = useMemo(() => report.rows && toRows(report.rows), [report.rows]);
  const error = report.error ?? summary.error;
  const narrowed = query.q !== undefined || Object.keys(filterParams).length > 0;
  return (
    <>
      <PageHeader
        title="Data quality"
        subtitle="Problems in the reference data that would make the safety check wrong or silent, with the record to fix."
      />
      <Stack spacing={2}>
        {Boolean(error) && (
          <ErrorBanner
            title="Failed to load the data-quality report"
            message={messageOf(error, 'Try again later.')}
          />
        )}
        {summary.data && (
          <Typography role="status" color="text.secondary">
            {summaryText(summary.data.data)}
          </Typography>
        )}
        <div>
          <LazyListFilters filters={FILTERS} list={list} />
          <CrudGrid
            rows={rows}
            columns={COLUMNS}
            loading={report.isFetching}
            label="Data-quality findings"
            emptyText={
              narrowed
                ? 'No finding matches the search and filters.'
                : 'No problems found: the reference data passes every check.'
            }
            loadingText="Checking the reference data..."
            searchLabel="Search findings"
            exportFileName="data-quality"
            server={{ ...list.grid, rowCount: report.total ?? 0 }}
          />
        </div>
      </Stack>
    </>
  );
}
