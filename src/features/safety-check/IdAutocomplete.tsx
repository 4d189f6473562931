import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface NamedOption {
  id: number;
  name: string;
}

interface IdAutocompleteProps<T extends FieldValues> {
  control: Control<T>;
  /** A form field holding a list of ids. */
  name: Path<T>;
  label: string;
  options: readonly NamedOption[] | undefined;
  loading: boolean;
  helperText?: string;
}

/**
 * A multi-select over named records, searched by name, bound to a form field of ids. Ids not (or
 * not yet) among the options stay in the field: a link's choices survive the lists loading.
 */
export function IdAutocomplete<T extends FieldValues>({
  control,
  name,
  label,
  options,
  loading,
  helperText,
}: IdAutocompleteProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const ids = field.value as number[];
  const sorted = useMemo(
    () => [...(options ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [options],
  );
  const byId = useMemo(() => new Map(sorted.map((o) => [o.id, o])), [sorted]);
  const value = ids.map((id) => byId.get(id)).filter((o): o is NamedOption => o !== undefined);
  return (
    <Autocomplete
      multiple
      options={sorted}
      value={value}
      loading={loading}
      filterSelectedOptions
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => field.onChange(chosen.map((o) => o.id))}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
