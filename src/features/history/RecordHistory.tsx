import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useListAuditEntriesQuery, type AuditEntity, type AuditEntry } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RelativeTime } from '@/components/RelativeTime';
import { messageOf } from '@/lib/errors';
import { AuditEntryDialog } from './AuditEntryDialog';
import { ACTION_LABELS, changedFields, describeEntry, fieldLabel } from './auditFormat';
import { useOpenedEntry } from './useOpenedEntry';

/** Whose history: one record, or a medication with everything that belongs to it. */
export type HistoryFilter = { entity: AuditEntity; entityId: number } | { medicationId: number };

export const RECORD_HISTORY_PAGE_SIZE = 10;
export const NO_HISTORY = 'No changes recorded yet.';

// The server pages the history newest first: sorting one page in the grid would mislead.
const WHEN: GridColDef<AuditEntry> = {
  field: 'at',
  headerName: 'When',
  minWidth: 130,
  sortable: false,
  renderCell: ({ row }) => <RelativeTime value={row.at} />,
};
const WHO: GridColDef<AuditEntry> = {
  field: 'actor',
  headerName: 'Who',
  flex: 1,
  minWidth: 120,
  sortable: false,
  valueGetter: (_value, row) => row.actor.name,
};
const ACTION: GridColDef<AuditEntry> = {
  field: 'action',
  headerName: 'Action',
  minWidth: 100,
  sortable: false,
  valueGetter: (_value, row) => ACTION_LABELS[row.action],
};
const WHAT: GridColDef<AuditEntry> = {
  field: 'label',
  headerName: 'What',
  flex: 1,
  minWidth: 160,
  sortable: false,
  valueGetter: (_value, row) => describeEntry(row),
};
const CHANGED_FIELDS: GridColDef<AuditEntry> = {
  field: 'changes',
  headerName: 'Changed fields',
  flex: 1,
  minWidth: 160,
  sortable: false,
  valueGetter: (_value, row) => changedFields(row).map(fieldLabel).join(', '),
};
const REASON: GridColDef<AuditEntry> = {
  field: 'reason',
  headerName: 'Reason',
  flex: 1,
  minWidth: 140,
  sortable: false,
  valueGetter: (_value, row) => row.reason ?? '—',
};

/**
 * The history of one record (or of a medication and what belongs to it), newest first, a page at
 * a time from `GET /audit`. Each entry opens its before/after view, with Revert. One component for
 * the medication page's History section and every list row's History dialog.
 */
export function RecordHistory({ filter }: { filter: HistoryFilter }) {
  const [page, setPage] = useState(0);
  const { open, dialog } = useOpenedEntry(AuditEntryDialog);
  const { data, error, isFetching } = useListAuditEntriesQuery({
    ...filter,
    page: page + 1,
    pageSize: RECORD_HISTORY_PAGE_SIZE,
  });
  const entries = data?.data;
  const showsEntity = 'medicationId' in filter;
  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      WHEN,
      WHO,
      ACTION,
      ...(showsEntity ? [WHAT] : []),
      CHANGED_FIELDS,
      REASON,
      {
        field: 'details',
        headerName: 'Details',
        minWidth: 170,
        sortable: false,
        renderHeader: () => (
          <Box component="span" sx={visuallyHidden}>
            Details
          </Box>
        ),
        renderCell: ({ row }) => (
          <Button size="small" onClick={() => open(row)}>
            {`View change #${row.id}`}
          </Button>
        ),
      },
    ],
    [showsEntity, open],
  );

  return (
    <Box>
      {error && (
        <ErrorBanner
          title="The history could not be loaded"
          message={messageOf(error)}
          sx={{ mb: 1 }}
        />
      )}
      {isFetching && <LinearProgress aria-label="Loading the history" />}
      {entries && entries.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {NO_HISTORY}
        </Typography>
      )}
      {entries && entries.length > 0 && (
        <>
          <CompactGrid label="Change history" rows={entries} columns={columns} />
          <TablePagination
            component="div"
            // An estimated total (a record with a very long history) shows as "more than", and
            // the next page is offered exactly while one exists.
            count={data?.meta.total_is_estimate ? -1 : (data?.meta.total ?? 0)}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={RECORD_HISTORY_PAGE_SIZE}
            rowsPerPageOptions={[RECORD_HISTORY_PAGE_SIZE]}
            slotProps={{ actions: { nextButton: { disabled: !data?.meta.has_more } } }}
          />
        </>
      )}
      {dialog}
    </Box>
  );
}

/** Read by assistive technology, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
