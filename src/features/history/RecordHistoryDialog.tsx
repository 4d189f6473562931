import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { RecordHistory, type HistoryFilter } from './RecordHistory';

export interface RecordHistoryDialogProps {
  /** Whose history; null when the dialog is closed. */
  filter: HistoryFilter | null;
  /** What the record is called, e.g. 'Migraine': the title says 'History of Migraine'. */
  name: string;
  onClose: () => void;
}

/** A list row's History action: the record's changes in a dialog (see RecordHistory). */
export function RecordHistoryDialog({ filter, name, onClose }: RecordHistoryDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={filter !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
    >
      <DialogTitle id={titleId}>{`History of ${name}`}</DialogTitle>
      <DialogContent>{filter && <RecordHistory filter={filter} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
