import { useMemo } from 'react';
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
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  type ListFilter,
  type ResourceDefinition,
} from '@/components/resource/resource';
import {
  dataQualityColumns,
  KIND_LABELS,
  SEVERITY_LABELS,
  toRows,
  type FindingRow,
} from './dataQualityColumns';

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

/**
 * A page, or the counts, read longer ago than this is read again when shown: the report also
 * changes with writes the console does not see (imports, other tools). Not 0, so that what was
 * just read is used: the first page the console asked for as it started (app/routeData.ts), and
 * the counts the dashboard's card showed before its link was followed.
 */
const FRESH_SECONDS = 10;

/** "12 findings: 2 errors, 10 warnings." */
export function summaryText(summary: DataQualitySummary): string {
  if (summary.total === 0) return 'No problems found.';
  const counts = (Object.keys(COUNT_WORDS) as (keyof typeof COUNT_WORDS)[])
    .filter((severity) => summary[severity] > 0)
    .map((severity) => {
      const n = summary[severity];
      return `${n} ${COUNT_WORDS[severity][n === 1 ? 0 : 1]}`;
    });
  return `${summary.total} finding${summary.total === 1 ? '' : 's'}: ${counts.join(', ')}.`;
}

/** The counts of the whole report, above the grid. */
function useSummary() {
  return useGetDataQualitySummaryQuery(undefined, { refetchOnMountOrArgChange: FRESH_SECONDS });
}

/**
 * /dashboard/data-quality: what in the reference data the safety check would get wrong or leave
 * out (GET /data-quality), each finding linked to the record to fix. A large catalogue has
 * hundreds of thousands of findings, so the server pages, sorts, searches (the messages) and
 * filters them (by severity and problem); the counts above come from the summary.
 */
export const dataQualityResource: ResourceDefinition<FindingRow> = {
  texts: {
    title: 'Data quality',
    subtitle:
      'Problems in the reference data that would make the safety check wrong or silent, with the record to fix.',
    gridLabel: 'Data-quality findings',
    emptyText: 'No problems found: the reference data passes every check.',
    noMatchText: 'No finding matches the search and filters.',
    loadingText: 'Checking the reference data...',
    searchLabel: 'Search findings',
    errorTitle: 'Failed to load the data-quality report',
    errorFallback: 'Try again later.',
    exportFileName: 'data-quality',
  },
  listPath: '/data-quality',
  columns: dataQualityColumns,
  // The problem column is filtered, not sorted.
  sortFields: { severity: 'severity', entity_id: 'record', message: 'message' },
  filters: FILTERS,
  describe: (row) => row.message,
  useApi: (query, filters) => {
    const report = listState<DataQualityFinding>(
      useGetDataQualityQuery(
        {
          ...query,
          sort: query.sort as DataQualitySort | undefined,
          severity: filters.severity as DataQualitySeverity | undefined,
          kind: filters.kind as DataQualityKind | undefined,
        },
        { refetchOnMountOrArgChange: FRESH_SECONDS },
      ),
    );
    const summary = useSummary();
    const rows = useMemo(() => report.rows && toRows(report.rows), [report.rows]);
    return { list: { ...report, rows, error: report.error ?? summary.error } };
  },
  useScreen: () => {
    const summary = useSummary().data?.data;
    return {
      notice: summary && (
        <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
          {summaryText(summary)}
        </Typography>
      ),
    };
  },
};

/** /dashboard/data-quality */
export function DataQualityPage() {
  return <ResourcePage resource={dataQualityResource} />;
}
