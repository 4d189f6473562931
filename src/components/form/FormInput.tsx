import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { OutlinedField, type OutlinedFieldProps } from './OutlinedField';

type FormInputProps<T extends FieldValues> = Omit<
  OutlinedFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T>;
  name: Path<T>;
};

/** An OutlinedField bound to a react-hook-form field, the field's error in its helper text. */
export function FormInput<T extends FieldValues>({ control, name, ...props }: FormInputProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <OutlinedField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled || field.disabled}
      error={fieldState.error?.message}
    />
  );
}
