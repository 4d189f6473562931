import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useCreateResetLinkMutation, type Account, type ResetLink } from '@/api';
import { exactTime } from '@/lib/relativeTime';
import { useMutationFeedback } from '@/lib/useMutationFeedback';

export const RESET_LINK_TITLE = 'Make reset link';
export const SHOWN_ONCE =
  'This link is shown only once: copy it now. Whoever has it can set a new password for this account.';

export interface ResetLinkDialogProps {
  account: Account;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Makes a password reset link for an account (the server sends no mail: the administrator hands
 * it over) and shows it once, with a copy button. Closed, the link is gone from the console too.
 */
export function ResetLinkDialog({ account, open, onClose, onExited }: ResetLinkDialogProps) {
  const [createResetLink, { isLoading }] = useCreateResetLinkMutation();
  const run = useMutationFeedback();
  const [link, setLink] = useState<ResetLink | null>(null);
  const [copied, setCopied] = useState(false);
  const titleId = useId();
  const url = link && new URL(link.path, window.location.origin).href;

  const make = async () => {
    try {
      setLink((await run(createResetLink({ id: account.id }))).data);
    } catch {
      // The error toast says why.
    }
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id={titleId}>{RESET_LINK_TITLE}</DialogTitle>
      <DialogContent>
        {link && url ? (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {SHOWN_ONCE}
            </Alert>
            <TextField
              label={`Reset link for ${account.name}`}
              value={url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
            <DialogContentText sx={{ mt: 2 }}>
              It works once, until {exactTime(link.expires_at)}.
            </DialogContentText>
          </>
        ) : (
          <DialogContentText>
            Make a link that lets {account.name} ({account.email}) set a new password? Hand it to
            them yourself: the server sends no mail. The link is recorded in the history (not the
            link itself).
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        {link ? (
          <>
            <Button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy link'}</Button>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} disabled={isLoading}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={() => void make()}
              disabled={isLoading}
              startIcon={isLoading ? <CircularProgress size={16} aria-label="Making" /> : undefined}
            >
              Make link
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
