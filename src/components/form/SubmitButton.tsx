import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  /** While true the button is disabled and shows progress. */
  busy: boolean;
};

/** A form's submit button: disabled with a spinner while its request runs. */
export function SubmitButton({ busy, disabled, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      variant="contained"
      {...props}
      type="submit"
      disabled={busy || disabled}
      aria-busy={busy}
      startIcon={
        busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : props.startIcon
      }
    >
      {children}
    </Button>
  );
}
