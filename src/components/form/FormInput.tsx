import { useId, type HTMLInputTypeAttribute } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface FormInputProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  /** Shown under the field until it has an error, which then takes its place. */
  helperText?: string;
  sx?: SxProps<Theme>;
}

/**
 * An outlined text input bound to a react-hook-form field, the field's error in its helper text.
 * It looks like MUI's TextField but is built from its parts: TextField also brings Select, Menu and
 * Popover (about 18 kB gzip), too much for the sign-in screens. Use FormTextField for selects.
 */
export function FormInput<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  disabled,
  fullWidth,
  margin,
  helperText,
  sx,
}: FormInputProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const id = useId();
  const help = fieldState.error?.message ?? helperText;
  return (
    <FormControl
      variant="outlined"
      required={required}
      disabled={disabled || field.disabled}
      error={Boolean(fieldState.error)}
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
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        slotProps={{ input: { 'aria-describedby': help ? `${id}-help` : undefined } }}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}
