import { useId, type ReactNode } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

interface FullWidthDialogProps extends Omit<DialogProps, 'fullWidth' | 'slotProps' | 'title'> {
  /** Called once the closing transition has ended: the opener may forget the dialog's data. */
  onExited?: () => void;
  /**
   * The heading, shown first, which names the dialog; left out, the dialog renders its own and
   * names itself (`aria-labelledby`).
   */
  title?: ReactNode;
}

/** An MUI Dialog as wide as its `maxWidth` (default 'sm') that says when it has finished closing. */
export function FullWidthDialog({
  onExited,
  maxWidth = 'sm',
  title,
  children,
  ...props
}: FullWidthDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      aria-labelledby={title === undefined ? undefined : titleId}
      {...props}
      fullWidth
      maxWidth={maxWidth}
      slotProps={{ transition: { onExited } }}
    >
      {title !== undefined && <DialogTitle id={titleId}>{title}</DialogTitle>}
      {children}
    </Dialog>
  );
}
