import { useState } from 'react';
import { useController, useWatch, type FieldValues, type Path } from 'react-hook-form';
import type { CrudForm } from '@/components/crud/CrudFields';
import { RecordPicker, type NamedOption, type PickerSource } from './RecordPicker';

export interface PickerFieldOptions<T extends FieldValues> {
  /** A form field holding the picked record's id as a string ('' for none). */
  name: Path<T>;
  source: PickerSource;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  half?: boolean;
  /** The record the field starts with (the edited row's), so its name shows without a search. */
  initial: NamedOption | null;
  /** Records that cannot be picked, given the form's current values. */
  isDisabled?: (option: NamedOption, values: T) => boolean;
  /** Said after a record that cannot be picked, e.g. '(already listed)'. */
  disabledNote?: string;
}

/** The picker of {@link pickerField}, bound to its form field. */
export function PickerFieldInput<T extends FieldValues>({
  form,
  options,
}: {
  form: CrudForm<T>;
  options: PickerFieldOptions<T>;
}) {
  const { field, fieldState } = useController({ control: form.control, name: options.name });
  const values = useWatch({ control: form.control }) as T;
  // The picked record's name: the form holds only its id.
  const [picked, setPicked] = useState<NamedOption | null>(options.initial);
  const value = picked && String(picked.id) === field.value ? picked : null;
  const { isDisabled } = options;
  return (
    <RecordPicker
      source={options.source}
      label={options.label}
      name={field.name}
      required={options.required}
      disabled={options.disabled}
      error={fieldState.error?.message}
      helperText={options.helperText}
      disabledNote={options.disabledNote}
      isDisabled={isDisabled && ((option: NamedOption) => isDisabled(option, values))}
      value={value}
      onChange={(option) => {
        setPicked(option);
        field.onChange(option ? String(option.id) : '');
      }}
      onBlur={field.onBlur}
    />
  );
}
