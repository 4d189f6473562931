import type { FieldValues } from 'react-hook-form';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField';
import { useBoundField, type BoundFieldProps } from './useBoundField';

type FormInputProps<T extends FieldValues> = BoundFieldProps<OutlinedFieldProps, T>;

/** An OutlinedField bound to a react-hook-form field, the field's error in its helper text. */
export function FormInput<T extends FieldValues>({ control, name, ...props }: FormInputProps<T>) {
  const { bound, error } = useBoundField(control, name, props.disabled);
  return <OutlinedField {...props} {...bound} error={error} />;
}
