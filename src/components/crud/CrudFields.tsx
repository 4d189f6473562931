import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import {
  Controller,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';

/** The form a dialog's fields belong to (whatever its submitted, transformed values are). */
export type CrudForm<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;

export interface SelectOption {
  /** The form value (a string: a select holds strings; the schema converts it). */
  value: string;
  /** What the user reads. */
  label: string;
}

interface FieldCommon<T extends FieldValues> {
  /** Half width: two half fields sit side by side (a minimum and its maximum). */
  half?: boolean;
  /** Leaves the field out while it answers true for the form's current values. */
  hidden?: (values: T) => boolean;
}

interface InputField<T extends FieldValues> extends FieldCommon<T> {
  name: Path<T>;
  /** The visible label, which is also the field's accessible name. */
  label: string;
  /** Marks the label with an asterisk; the schema does the checking. */
  required?: boolean;
  /** Shown under the field when it has no error. */
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * One field of a {@link CrudFormDialog}, described by the feature:
 * - `text`, `textarea`: a text input (`maxLength` optional), `textarea` with `rows` (default 3);
 * - `number`: a number input, `min` (default 0) and `step` (default 1);
 * - `select`: a native select of `options`; `isOptionDisabled` can grey out options depending on the
 *   form's current values;
 * - `checkbox`: a labelled checkbox holding a boolean;
 * - `custom`: anything else, rendered by the feature from the form (`key` names it).
 */
export type CrudField<T extends FieldValues> =
  | (InputField<T> & { kind: 'text'; maxLength?: number; autoComplete?: string })
  | (InputField<T> & { kind: 'textarea'; maxLength?: number; rows?: number })
  | (InputField<T> & { kind: 'number'; min?: number; step?: number })
  | (InputField<T> & {
      kind: 'select';
      options: readonly SelectOption[];
      isOptionDisabled?: (value: string, values: T) => boolean;
    })
  | (InputField<T> & { kind: 'checkbox' })
  | (FieldCommon<T> & { kind: 'custom'; key: string; render: (form: CrudForm<T>) => ReactNode });

function fieldKey<T extends FieldValues>(field: CrudField<T>): string {
  return field.kind === 'custom' ? field.key : field.name;
}

/**
 * One field's input with its label, error and hint: what CrudFields lays out, also for a custom
 * field that arranges several inputs itself.
 */
export function FieldInput<T extends FieldValues>({
  field,
  form,
}: {
  field: CrudField<T>;
  form: CrudForm<T>;
}) {
  // The options greyed out for the current values: the field re-renders when they change, not on
  // every keystroke elsewhere in the form.
  const disabledOptions = useWatch({
    control: form.control,
    compute: (values: T) =>
      field.kind === 'select' && field.isOptionDisabled
        ? field.options
            .filter((option) => field.isOptionDisabled?.(option.value, values))
            .map((option) => option.value)
        : [],
  });
  if (field.kind === 'custom') return <>{field.render(form)}</>;
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: input, fieldState }) => {
        const error = fieldState.error?.message;
        if (field.kind === 'checkbox') {
          return (
            <FormControl error={Boolean(error)} disabled={field.disabled}>
              <FormControlLabel
                label={field.label}
                control={
                  <Checkbox
                    name={input.name}
                    checked={Boolean(input.value)}
                    onChange={(event) => input.onChange(event.target.checked)}
                    onBlur={input.onBlur}
                    slotProps={{ input: { ref: input.ref } }}
                    autoFocus={field.autoFocus}
                  />
                }
              />
              {(error ?? field.helperText) && (
                <FormHelperText>{error ?? field.helperText}</FormHelperText>
              )}
            </FormControl>
          );
        }
        const common = {
          name: input.name,
          value: input.value ?? '',
          onChange: input.onChange,
          onBlur: input.onBlur,
          inputRef: input.ref,
          label: field.label,
          required: field.required,
          disabled: field.disabled,
          autoFocus: field.autoFocus,
          error: Boolean(error),
          helperText: error ?? field.helperText,
          fullWidth: true,
        };
        switch (field.kind) {
          case 'select':
            return (
              <TextField
                {...common}
                select
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {field.options.map((option) => (
                  <option
                    key={option.value}
                    value={option.value}
                    disabled={disabledOptions.includes(option.value)}
                  >
                    {option.label}
                  </option>
                ))}
              </TextField>
            );
          case 'number':
            return (
              <TextField
                {...common}
                type="number"
                slotProps={{ htmlInput: { min: field.min ?? 0, step: field.step ?? 1 } }}
              />
            );
          case 'textarea':
            return (
              <TextField
                {...common}
                multiline
                minRows={field.rows ?? 3}
                slotProps={{ htmlInput: { maxLength: field.maxLength } }}
              />
            );
          default:
            return (
              <TextField
                {...common}
                autoComplete={field.autoComplete ?? 'off'}
                slotProps={{ htmlInput: { maxLength: field.maxLength } }}
              />
            );
        }
      }}
    />
  );
}

/** Lays out a form's fields: full width, or two half fields side by side on wider screens. */
export function CrudFields<T extends FieldValues>({
  form,
  fields,
}: {
  form: CrudForm<T>;
  fields: readonly CrudField<T>[];
}) {
  // The fields left out for the current values, by key; the layout re-renders when they change.
  const hidden = useWatch({
    control: form.control,
    compute: (values: T) =>
      fields.filter((field) => field.hidden?.(values)).map((field) => fieldKey(field)),
  });
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        columnGap: 2,
        rowGap: 2.5,
        pt: 1,
      }}
    >
      {fields
        .filter((field) => !hidden.includes(fieldKey(field)))
        .map((field) => (
          <Box
            key={fieldKey(field)}
            sx={{ gridColumn: { xs: '1 / -1', sm: field.half ? 'auto' : '1 / -1' } }}
          >
            <FieldInput field={field} form={form} />
          </Box>
        ))}
    </Box>
  );
}
