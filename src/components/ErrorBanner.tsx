import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';

interface ErrorBannerProps {
  /** What failed, in the screen's words (for example 'Failed to update profile'). */
  title?: string;
  /** The reason, usually the server's message. */
  message: string;
  sx?: SxProps<Theme>;
}

/** The red banner a screen shows for a failure it explains itself. */
export function ErrorBanner({ title, message, sx }: ErrorBannerProps) {
  return (
    <Alert severity="error" sx={sx}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}
