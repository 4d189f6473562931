import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

/** An input component's props `P` with the ones the binding supplies replaced by the field's. */
export type BoundFieldProps<P, T extends FieldValues> = Omit<
  P,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T>;
  name: Path<T>;
};

/**
 * The props that bind an input to a react-hook-form field, for FormInput and FormTextField:
 * an empty string for an unset value, and disabled when the input or the field says so.
 */
export function useBoundField<T extends FieldValues>(
  control: Control<T>,
  name: Path<T>,
  disabled: boolean | undefined,
) {
  const { field, fieldState } = useController({ control, name });
  return {
    bound: {
      name: field.name,
      value: field.value ?? '',
      onChange: field.onChange,
      onBlur: field.onBlur,
      inputRef: field.ref,
      disabled: disabled || field.disabled,
    },
    invalid: Boolean(fieldState.error),
    error: fieldState.error?.message,
  };
}
