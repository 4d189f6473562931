import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/Undo';
import type { GridColDef } from '@mui/x-data-grid';
import { useRevertAuditEntryMutation, type AuditEntry } from '@/api';
import { useCanWrite, useIsAdmin } from '@/session/permissions';
import { CompactGrid } from '@/components/CompactGrid';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import { reasonPayload } from '@/components/crud/reason';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { exactTime } from '@/lib/relativeTime';
import {
  ACTION_LABELS,
  isRevertible,
  describeEntry,
  changedFields,
  fieldLabel,
  formatValue,
  recordPath,
} from './auditFormat';

export const REVERT_TITLE = 'Revert this change?';
export const REVERT_MESSAGE =
  'The record goes back to how it was before this change. The revert is itself recorded in the history.';

/** One changed field of an entry: its name (the row id) and its values before and after. */
interface FieldChange {
  id: string;
  before: string;
  after: string;
}

/** Long values (notes, lists) wrap inside their cell; the rows grow with them. */
const wrapping = (value: string) => (
  <Box component="span" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 }}>
    {value}
  </Box>
);

const FIELD_COLUMNS: GridColDef<FieldChange>[] = [
  {
    field: 'id',
    headerName: 'Field',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => fieldLabel(row.id),
  },
  {
    field: 'before',
    headerName: 'Before',
    flex: 2,
    minWidth: 160,
    renderCell: ({ row }) => wrapping(row.before),
  },
  {
    field: 'after',
    headerName: 'After',
    flex: 2,
    minWidth: 160,
    renderCell: ({ row }) => wrapping(row.after),
  },
];

export interface AuditEntryDialogProps {
  entry: AuditEntry;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/** May the signed-in user revert this entry? Writers may; an account change only an admin. */
function useCanRevert(entry: AuditEntry): boolean {
  const canWrite = useCanWrite();
  const isAdmin = useIsAdmin();
  if (entry.reverted_by !== null || !isRevertible(entry)) return false;
  return entry.entity === 'account' ? isAdmin : canWrite;
}

/**
 * One history entry: who changed what, when and why, every changed field before and after, and a
 * Revert button (behind a confirm) for a user who may write. A revert the server refuses (409: the
 * record changed since) shows its message in a toast; a successful one closes the dialog, and the
 * cache tags refresh the history and the reverted record.
 */
export function AuditEntryDialog({ entry, open, onClose, onExited }: AuditEntryDialogProps) {
  const [revert] = useRevertAuditEntryMutation();
  const run = useMutationFeedback();
  const canRevert = useCanRevert(entry);
  const [confirming, setConfirming] = useState(false);
  const fields = useMemo<FieldChange[]>(
    () =>
      changedFields(entry).map((field) => ({
        id: field,
        before: formatValue(entry.changes[field]?.from),
        after: formatValue(entry.changes[field]?.to),
      })),
    [entry],
  );
  const facts: [string, ReactNode][] = [
    ['When', exactTime(entry.at)],
    ['Who', entry.actor.name],
    ['Action', ACTION_LABELS[entry.action]],
    [
      'What',
      <Link key="what" component={RouterLink} to={recordPath(entry)} onClick={onClose}>
        {describeEntry(entry)}
      </Link>,
    ],
    ['Reason', entry.reason ?? '—'],
  ];
  if (entry.reverts !== null) facts.push(['Undoes', `Change #${entry.reverts}`]);
  if (entry.reverted_by !== null) facts.push(['Undone by', `Change #${entry.reverted_by}`]);

  return (
    <>
      <FullWidthDialog
        open={open}
        onClose={onClose}
        title={`Change #${entry.id}`}
        maxWidth="md"
        onExited={onExited}
      >
        <DialogContent>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mb: 2,
            }}
          >
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {fields.length === 0 ? (
            <Typography color="text.secondary">No field changed.</Typography>
          ) : (
            <CompactGrid
              label="Changed fields"
              rows={fields}
              columns={FIELD_COLUMNS}
              autoRowHeights
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
          {canRevert && (
            <Button
              variant="contained"
              startIcon={<UndoIcon />}
              onClick={() => setConfirming(true)}
            >
              Revert
            </Button>
          )}
        </DialogActions>
      </FullWidthDialog>
      <ConfirmDialog
        open={confirming}
        title={REVERT_TITLE}
        message={REVERT_MESSAGE}
        details={`${ACTION_LABELS[entry.action]}: ${entry.label}`}
        confirmLabel="Revert"
        reason="optional"
        onConfirm={async (reason) => {
          await run(revert({ id: entry.id, reasonBody: reasonPayload(reason) }), {
            success: serverMessage('Change reverted'),
          });
          onClose();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
