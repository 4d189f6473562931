import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useListAuditEntriesQuery, type AuditEntity, type AuditEntry } from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { RelativeTime } from '@/components/RelativeTime';
import { messageOf } from '@/lib/errors';
import { AuditEntryDialog } from './AuditEntryDialog';
import { ACTION_LABELS, changedFields, describeEntry, fieldLabel } from './auditFormat';

/** Whose history: one record, or a medication with everything that belongs to it. */
export type HistoryFilter = { entity: AuditEntity; entityId: number } | { medicationId: number };

export const RECORD_HISTORY_PAGE_SIZE = 10;
export const NO_HISTORY = 'No changes recorded yet.';

interface Opened {
  entry: AuditEntry;
  open: boolean;
}

/**
 * The history of one record (or of a medication and what belongs to it), newest first, a page at
 * a time from `GET /audit`. Each entry opens its before/after view, with Revert. One component for
 * the medication page's History section and every list row's History dialog.
 */
export function RecordHistory({ filter }: { filter: HistoryFilter }) {
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<Opened | null>(null);
  const { data, error, isFetching } = useListAuditEntriesQuery({
    ...filter,
    page: page + 1,
    pageSize: RECORD_HISTORY_PAGE_SIZE,
  });
  const entries = data?.data;
  const showsEntity = 'medicationId' in filter;

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
          <TableContainer>
            <Table size="small" aria-label="Change history">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>Action</TableCell>
                  {showsEntity && <TableCell>What</TableCell>}
                  <TableCell>Changed fields</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      Details
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id} hover>
                    <TableCell>
                      <RelativeTime value={entry.at} />
                    </TableCell>
                    <TableCell>{entry.actor.name}</TableCell>
                    <TableCell>{ACTION_LABELS[entry.action]}</TableCell>
                    {showsEntity && <TableCell>{describeEntry(entry)}</TableCell>}
                    <TableCell>{changedFields(entry).map(fieldLabel).join(', ')}</TableCell>
                    <TableCell>{entry.reason ?? '—'}</TableCell>
                    <TableCell padding="none">
                      <Button size="small" onClick={() => setOpened({ entry, open: true })}>
                        {`View change #${entry.id}`}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
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
      {opened && (
        <AuditEntryDialog
          entry={opened.entry}
          open={opened.open}
          onClose={() => setOpened((current) => current && { ...current, open: false })}
          onExited={() => setOpened(null)}
        />
      )}
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
