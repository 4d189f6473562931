import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useBoundField, type BoundFieldProps } from './useBoundField';

type FormTextFieldProps<T extends FieldValues> = BoundFieldProps<TextFieldProps, T>;

/** A MUI text field bound to a react-hook-form field; the field's error shows as its helper text. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const { bound, invalid, error } = useBoundField(control, name, props.disabled);
  return <TextField {...props} {...bound} error={invalid} helperText={error ?? helperText} />;
}
