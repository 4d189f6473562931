import { useMemo, useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { RecordsPicker, type NamedOption, type PickerSource } from './RecordPicker';
import { useRecordNames } from './useRecordNames';

interface RecordsFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** A form field holding the picked records' ids (numbers). */
  name: Path<T>;
  source: PickerSource;
  label: string;
  helperText?: string;
}

/**
 * A {@link RecordsPicker} bound to a form field of ids: the picked records show as chips with their
 * names. A name comes from the pick; ids the form starts with (a shared link's) are looked up one by
 * one, and show as `#id` until their name arrives.
 */
export function RecordsField<T extends FieldValues>({
  control,
  name,
  source,
  label,
  helperText,
}: RecordsFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const ids = field.value as number[];
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const looked = useRecordNames(
    source,
    ids.filter((id) => !picked.has(id)),
  );
  // The same array while the ids stay the same (the form hands a copy on each change): a new one
  // makes the Autocomplete clear the typed text.
  const key = ids.join(',');
  const value = useMemo<NamedOption[]>(
    () =>
      (key === '' ? [] : key.split(',').map(Number)).map((id) => ({
        id,
        name: picked.get(id) ?? looked.get(id) ?? `#${id}`,
      })),
    [key, picked, looked],
  );
  return (
    <RecordsPicker
      source={source}
      label={label}
      name={field.name}
      inputRef={field.ref}
      error={fieldState.error?.message}
      helperText={helperText}
      value={value}
      onChange={(chosen) => {
        setPicked(
          (current) =>
            new Map([...current, ...chosen.map((option) => [option.id, option.name] as const)]),
        );
        field.onChange(chosen.map((option) => option.id));
      }}
      onBlur={field.onBlur}
    />
  );
}
