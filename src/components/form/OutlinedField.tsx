import { useId, type ChangeEvent, type HTMLInputTypeAttribute, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export interface OutlinedFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** The field's error: shown in place of the helper text, and marks the input invalid. */
  error?: string;
  /** Shown under the field while it has no error. */
  helperText?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  sx?: SxProps<Theme>;
}

/**
 * An outlined text input that looks like MUI's TextField but is built from its parts: TextField
 * also brings Select, Menu and Popover, too much for the sign-in screens' bundle budget. Its
 * error, or else its helper text, is under it and describes it to assistive technology.
 */
export function OutlinedField({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  disabled,
  fullWidth,
  margin,
  sx,
}: OutlinedFieldProps) {
  const id = useId();
  const help = error ?? helperText;
  return (
    <FormControl
      variant="outlined"
      required={required}
      disabled={disabled}
      error={Boolean(error)}
      fullWidth={fullWidth}
      margin={margin}
      sx={sx}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        slotProps={{ input: { 'aria-describedby': help ? `${id}-help` : undefined } }}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}
