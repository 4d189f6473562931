import Dialog, { type DialogProps } from '@mui/material/Dialog';

interface FullWidthDialogProps extends Omit<DialogProps, 'fullWidth' | 'slotProps'> {
  /** Called once the closing transition has ended: the opener may forget the dialog's data. */
  onExited?: () => void;
}

/** An MUI Dialog as wide as its `maxWidth` (default 'sm') that says when it has finished closing. */
export function FullWidthDialog({ onExited, maxWidth = 'sm', ...props }: FullWidthDialogProps) {
  return (
    <Dialog {...props} fullWidth maxWidth={maxWidth} slotProps={{ transition: { onExited } }} />
  );
}
