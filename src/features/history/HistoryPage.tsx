import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import {
  getGridDateOperators,
  getGridSingleSelectOperators,
  type GridColDef,
  type GridFilterModel,
} from '@mui/x-data-grid';
import {
  useGetAuditEntryQuery,
  useListAuditEntriesQuery,
  type AuditEntry,
  type AuditPageMeta,
} from '@/api';
import { chunk } from '@/components/chunk';
import { RowAction, rowActionsColumn } from '@/components/RowAction';
import { PageHeader } from '@/components/PageHeader';
import { RelativeTime } from '@/components/RelativeTime';
import { ServerDataGrid } from '@/components/ServerDataGrid';
import { useServerGridState } from '@/components/useServerGridState';
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
import { auditFilters, auditSort } from './historyParams';
import { useOpenedEntry } from './useOpenedEntry';

// The before/after view loads when an entry is first opened: it keeps this page within its
// bundle budget.
const AuditEntryDialog = chunk(
  () => import('./AuditEntryDialog').then((module) => module.AuditEntryDialog),
  null,
).Component;

export const NO_CHANGES = 'No changes found';

/** Only the filters the server answers: one value for What and Action; after or before for When. */
const IS_ONLY = getGridSingleSelectOperators().filter((operator) => operator.value === 'is');
const AFTER_OR_BEFORE = getGridDateOperators(true).filter((operator) =>
  ['after', 'onOrAfter', 'before', 'onOrBefore'].includes(operator.value),
);

function historyColumns(view: (entry: AuditEntry) => void): GridColDef<AuditEntry>[] {
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
 * The grid's row count: the total when it is exact; when the server could only estimate it (a
 * common word among a million entries), "around N" with the next page enabled exactly while one
 * exists.
 */
function gridRowCount(meta: AuditPageMeta | undefined) {
  if (!meta) return { rowCount: 0 };
  if (!meta.total_is_estimate) return { rowCount: meta.total };
  return {
    rowCount: -1,
    estimatedRowCount: meta.total,
    paginationMeta: { hasNextPage: meta.has_more },
  };
}

/**
 * /dashboard/history: every recorded change, newest first. The server pages, sorts (When, Who,
 * Action, What) and filters (the search box: label or reason; What; Action; When after or before);
 * a row opens its before/after view with Revert.
 */
export function HistoryPage() {
  const grid = useServerGridState([{ field: 'at', sort: 'desc' }]);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
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

  const { data, error, isFetching } = useListAuditEntriesQuery({
    ...auditFilters(filterModel),
    sort: auditSort(grid.sortModel),
    ...grid.paging,
  });
  const columns = useMemo(() => historyColumns(open), [open]);

  return (
    <>
      <PageHeader title="History" subtitle="Every change to the reference data and the accounts" />
      <ServerDataGrid
        error={error}
        errorTitle="The history could not be loaded"
        aria-label="History"
        rows={data?.data ?? []}
        {...gridRowCount(data?.meta)}
        columns={columns}
        loading={isFetching}
        {...grid.gridProps}
        filterModel={filterModel}
        onFilterModelChange={(model) => {
          setFilterModel(model);
          grid.toFirstPage();
        }}
        showToolbar
        slotProps={{
          toolbar: {
            showQuickFilter: true,
            quickFilterProps: { debounceMs: 300 },
            csvOptions: { disableToolbarButton: true },
            printOptions: { disableToolbarButton: true },
          },
        }}
        localeText={{ noRowsLabel: NO_CHANGES, noResultsOverlayLabel: NO_CHANGES }}
        onRowClick={({ row }) => open(row)}
        sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
      {linkedEntry && !opened && (
        <AuditEntryDialog entry={linkedEntry} open onClose={closeLinked} />
      )}
      {dialog}
    </>
  );
}
