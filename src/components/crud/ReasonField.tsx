import TextField from '@mui/material/TextField';
import { REASON_HELP, REASON_LABEL, REASON_MAX_LENGTH } from './reason';

export interface ReasonFieldProps {
  value: string;
  onChange: (value: string) => void;
  required: boolean;
  /** The message under the field, when the reason is missing or too long. */
  error: string | null;
  disabled?: boolean;
}

/** The "Reason for the change" box of a form or confirm dialog; its text goes into the history. */
export function ReasonField({ value, onChange, required, error, disabled }: ReasonFieldProps) {
  return (
    <TextField
      name="reason"
      label={REASON_LABEL}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      disabled={disabled}
      error={error !== null}
      helperText={error ?? REASON_HELP}
      fullWidth
      multiline
      minRows={2}
      slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
    />
  );
}
