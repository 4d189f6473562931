import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  getGridDateOperators,
  getGridSingleSelectOperators,
  type GridColDef,
} from '@mui/x-data-grid';
import {
  useGetAuditEntryQuery,
  useListAuditEntriesQuery,
  type AuditEntry,
  type AuditSort,
  type ListAuditEntriesApiResponse,
} from '@/api';
import { chunk } from '@/components/chunk';
import { RowAction, rowActionsColumn } from '@/components/RowAction';
import { RelativeTime } from '@/components/RelativeTime';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  sortedBy,
  type ResourceDefinition,
  type ResourceList,
} from '@/components/resource/resource';
import {
  ACTIONS,
  ACTION_LABELS,
  ENTITIES,
  ENTITY_LABELS,
  changedFields,
  describeEntry,
  fieldLabel,
  recordPath,
} from './auditFormat';
import { auditFilters } from './historyParams';
import { useOpenedEntry } from './useOpenedEntry';

// The before/after view loads when an entry is first opened: it keeps this page within its
// bundle budget.
const AuditEntryDialog = chunk(
  () => import('./AuditEntryDialog').then((module) => module.AuditEntryDialog),
  null,
).Component;

export const NO_CHANGES = 'No changes found';

/** Newest first, the order when the grid is unsorted. */
const NEWEST_FIRST: AuditSort = '-at';

/** Only the filters the server answers: one value for What and Action; after or before for When. */
const IS_ONLY = getGridSingleSelectOperators().filter((operator) => operator.value === 'is');
const AFTER_OR_BEFORE = getGridDateOperators(true).filter((operator) =>
  ['after', 'onOrAfter', 'before', 'onOrBefore'].includes(operator.value),
);

export function historyColumns(view: (entry: AuditEntry) => void): GridColDef<AuditEntry>[] {
  return [
    {
      field: 'at',
      headerName: 'When',
      type: 'dateTime',
      width: 160,
      valueGetter: (value: string) => new Date(value),
      renderCell: ({ row }) => <RelativeTime value={row.at} />,
      filterOperators: AFTER_OR_BEFORE,
    },
    {
      field: 'actor',
      headerName: 'Who',
      width: 160,
      valueGetter: (_value, row) => row.actor.name,
      filterable: false,
    },
    {
      field: 'action',
      headerName: 'Action',
      type: 'singleSelect',
      width: 120,
      valueOptions: ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] })),
      filterOperators: IS_ONLY,
    },
    {
      field: 'entity',
      headerName: 'What',
      type: 'singleSelect',
      flex: 1,
      minWidth: 220,
      valueOptions: ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] })),
      filterOperators: IS_ONLY,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={recordPath(row)}
          onClick={(event) => event.stopPropagation()}
        >
          {describeEntry(row)}
        </Link>
      ),
    },
    {
      field: 'changes',
      headerName: 'Changed fields',
      flex: 1,
      minWidth: 180,
      sortable: false,
      filterable: false,
      valueGetter: (_value, row) => changedFields(row).map(fieldLabel).join(', '),
    },
    {
      field: 'reason',
      headerName: 'Reason',
      flex: 1,
      minWidth: 160,
      sortable: false,
      filterable: false,
      valueGetter: (value: string | null) => value ?? '',
    },
    rowActionsColumn<AuditEntry>('view', 'Details', 80, (row) => [
      <RowAction
        key="view"
        icon={<VisibilityIcon fontSize="inherit" />}
        label={`View change #${row.id}`}
        onClick={() => view(row)}
      />,
    ]),
  ];
}

/**
 * A page of the history as the grid shows it. When the server could only estimate the total (a
 * common word among a million entries), the pager says "around N" and offers the next page
 * exactly while one exists.
 */
export function auditList(result: {
  data?: ListAuditEntriesApiResponse;
  isFetching: boolean;
  error?: unknown;
}): ResourceList<AuditEntry> {
  const meta = result.data?.meta;
  return {
    rows: result.data?.data,
    total: meta?.total,
    hasNextPage: meta?.total_is_estimate ? meta.has_more : undefined,
    isFetching: result.isFetching,
    error: result.error,
  };
}

/** The entry whose before/after view is open, and the one a link opened (`?entry=12`). */
function useHistoryDialogs() {
  const { opened, open, dialog } = useOpenedEntry(AuditEntryDialog);
  // `?entry=12` (a link from elsewhere, such as the change that altered a test prescription)
  // opens that entry over the list.
  const [search, setSearch] = useSearchParams();
  const linkedId = Number(search.get('entry'));
  const linked = useGetAuditEntryQuery(
    { id: linkedId },
    { skip: !Number.isInteger(linkedId) || linkedId < 1 },
  );
  const linkedEntry = linked.data?.data;
  const closeLinked = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('entry');
        return next;
      },
      { replace: true },
    );
  const columns = useMemo(() => historyColumns(open), [open]);
  return {
    columns,
    onRowClick: open,
    dialogs: (
      <>
        {linkedEntry && !opened && (
          <AuditEntryDialog entry={linkedEntry} open onClose={closeLinked} />
        )}
        {dialog}
      </>
    ),
  };
}

/**
 * /dashboard/history: every recorded change, newest first. The server pages, sorts (When, Who,
 * Action, What) and filters (the search box: label or reason; What; Action; When after or before);
 * a row opens its before/after view with Revert.
 */
export const historyResource: ResourceDefinition<AuditEntry> = {
  texts: {
    title: 'History',
    subtitle: 'Every change to the reference data and the accounts',
    emptyText: NO_CHANGES,
    searchLabel: 'Search',
    errorTitle: 'The history could not be loaded',
  },
  listPath: '/audit',
  initialSort: [{ field: 'at', sort: 'desc' }],
  sortFields: sortedBy<AuditSort>('at', 'actor', 'action', 'entity'),
  columnFilters: true,
  searchDebounceMs: 300,
  // A row opens its entry.
  gridSx: { '& .MuiDataGrid-row': { cursor: 'pointer' } },
  describe: (entry) => `change #${entry.id}`,
  useApi: ({ filterItems = [], ...query }) => ({
    list: auditList(
      useListAuditEntriesQuery({
        ...query,
        ...auditFilters(filterItems),
        sort: (query.sort ?? NEWEST_FIRST) as AuditSort,
      }),
    ),
  }),
  useScreen: useHistoryDialogs,
};

/** /dashboard/history */
export function HistoryPage() {
  return <ResourcePage resource={historyResource} />;
}
