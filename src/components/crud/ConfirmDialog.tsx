import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { reasonError } from './reason';
import { ReasonField } from './ReasonField';

export interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's title, e.g. 'Delete Condition'. */
  title: string;
  /** The question, in the product's words, e.g. 'Are you sure you want to delete this condition?'. */
  message: string;
  /** What the question is about (the record's name), shown under the message. */
  details?: ReactNode;
  /** The confirming button's text. Default 'Delete'. */
  confirmLabel?: string;
  /** The cancelling button's text. Default 'Cancel'. */
  cancelLabel?: string;
  /** Paints the confirming button red. Default true. */
  destructive?: boolean;
  /**
   * Asks for a reason to keep in the history: 'required' refuses to confirm without one,
   * 'optional' offers the box. Left out: no reason box.
   */
  reason?: 'required' | 'optional';
  /** What confirming would do, shown above the buttons (the impact on the test prescriptions). */
  preview?: ReactNode;
  /**
   * What confirming does, given the typed reason ('' when none). When it returns a promise the
   * button shows progress until it settles and the dialog then closes either way: the caller
   * reports a failure itself (a toast), so a rejection is not re-thrown here.
   */
  onConfirm: (reason: string) => unknown;
  /** Cancel, Escape, a backdrop click, or the end of `onConfirm`. Not called while it runs. */
  onClose: () => void;
  /** After the closing transition (a parent may unmount the dialog then). */
  onExited?: () => void;
}

/** The one confirmation dialog: every delete, and "discard unsaved changes?", go through it. */
export function ConfirmDialog({
  open,
  title,
  message,
  details,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  destructive = true,
  reason: reasonMode,
  preview,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const titleId = useId();
  const messageId = useId();

  const confirm = async () => {
    if (reasonMode) {
      const problem = reasonError(reason, reasonMode === 'required');
      setReasonProblem(problem);
      if (problem) return;
    }
    setBusy(true);
    try {
      await onConfirm(reason);
    } catch {
      // Reported by the caller (see onConfirm).
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
        {details && (
          <DialogContentText
            component="div"
            sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary' }}
          >
            {details}
          </DialogContentText>
        )}
        {reasonMode && (
          <DialogContentText component="div" sx={{ mt: 2 }}>
            <ReasonField
              value={reason}
              onChange={(value) => {
                setReason(value);
                if (reasonProblem) setReasonProblem(reasonError(value, reasonMode === 'required'));
              }}
              required={reasonMode === 'required'}
              error={reasonProblem}
              disabled={busy}
            />
          </DialogContentText>
        )}
        {preview}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          onClick={confirm}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
