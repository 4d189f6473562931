import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useApproveChangeMutation, useRejectChangeMutation, type PendingChange } from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import { SubmitButton } from '@/components/form/SubmitButton';
import { messageOf } from '@/lib/errors';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { describeEntry } from '@/features/history';

/** The contract's limit on a review's comment. */
export const COMMENT_MAX = 1000;

export type Decision = 'approve' | 'reject';

export const DECISION_TITLES: Record<Decision, string> = {
  approve: 'Approve this change?',
  reject: 'Reject this change?',
};

/** What the decision does, in the dialog's words. */
export function decisionMessage(decision: Decision, newest: number | null | undefined): string {
  if (decision === 'approve')
    return 'The change is marked as reviewed, so it can go into the next release. A later change to the record makes it wait for review again.';
  const release = newest ? `release ${newest}` : 'the newest release';
  return `The draft record goes back to its values in ${release}, undoing this change. The rejection is recorded in the history, with your comment as its reason.`;
}

interface ReviewDialogProps {
  decision: Decision;
  change: PendingChange;
  /** The newest release's number, which a rejection goes back to. */
  newest: number | null | undefined;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Approves or rejects one record's pending change, with an optional comment; a rejection says
 * first that it undoes the change. A refusal (the reviewer made one of the record's changes, which
 * four eyes forbid) shows the server's words in the dialog, which stays open; a decision taken
 * closes it with a toast.
 */
export function ReviewDialog({
  decision,
  change,
  newest,
  open,
  onClose,
  onExited,
}: ReviewDialogProps) {
  const [approve] = useApproveChangeMutation();
  const [reject] = useRejectChangeMutation();
  const run = useMutationFeedback();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const messageId = useId();
  const rejecting = decision === 'reject';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const text = comment.trim();
    const reviewRequest = {
      entity: change.entity,
      entity_id: change.entity_id,
      ...(text !== '' && { comment: text }),
    };
    try {
      await (rejecting
        ? run(reject({ reviewRequest }), {
            success: serverMessage('Change rejected'),
            quiet: true,
          })
        : run(approve({ reviewRequest }), {
            success: serverMessage('Change approved'),
            quiet: true,
          }));
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FullWidthDialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={DECISION_TITLES[decision]}
      aria-describedby={messageId}
      onExited={onExited}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 0 }}>
          {failure && <ErrorBanner message={failure} sx={{ mb: 2 }} />}
          <DialogContentText id={messageId}>{decisionMessage(decision, newest)}</DialogContentText>
          <DialogContentText sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary' }}>
            {describeEntry(change)}
          </DialogContentText>
          <TextField
            label="Comment (optional)"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            disabled={busy}
            fullWidth
            multiline
            minRows={2}
            autoFocus
            sx={{ mt: 2 }}
            helperText={rejecting ? 'Kept in the history as the reason' : 'Kept with the approval'}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton busy={busy} color={rejecting ? 'error' : 'primary'}>
            {rejecting ? 'Reject' : 'Approve'}
          </SubmitButton>
        </DialogActions>
      </Box>
    </FullWidthDialog>
  );
}
