import { useEffect, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { SnackbarProvider, useSnackbar, type SnackbarKey } from 'notistack';
import { Toast } from '@/components/Toast';

/** Every toast: top right, 5 s, a close button; notistack pauses on hover and on window blur. */
export const NOTIFICATION_SETTINGS = {
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
  autoHideDuration: 5000,
  maxSnack: 5,
} as const;

function CloseButton({ id }: { id: SnackbarKey }) {
  const { closeSnackbar } = useSnackbar();
  return (
    <IconButton
      size="small"
      aria-label="Close notification"
      onClick={() => closeSnackbar(id)}
      sx={{ color: 'rgba(0, 0, 0, 0.54)' }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** Alt+T moves the keyboard focus to the newest notification. */
function FocusNewestOnAltT() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyT') return;
      const toasts = Array.from(document.querySelectorAll<HTMLElement>('[data-toast-order]'));
      const newest = toasts.reduce<HTMLElement | null>(
        (best, toast) =>
          !best || Number(toast.dataset.toastOrder) > Number(best.dataset.toastOrder)
            ? toast
            : best,
        null,
      );
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}

export function NotificationsProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      {...NOTIFICATION_SETTINGS}
      action={(id) => <CloseButton id={id} />}
      Components={{ default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast }}
    >
      <FocusNewestOnAltT />
      {children}
    </SnackbarProvider>
  );
}
