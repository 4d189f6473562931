import { useMemo, useState, type SyntheticEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useController, useWatch, type FieldValues, type Path } from 'react-hook-form';
import type { Medication } from '@/api';
import {
  FieldInput,
  type CrudField,
  type CrudForm,
  type SelectOption,
} from '@/components/crud/CrudFields';
import { ErrorBanner } from '@/components/ErrorBanner';
import { capitalizedOptions } from '@/components/crud/format';
import { RecordsPicker, type NamedOption } from '@/components/pickers/RecordPicker';
import {
  DOSAGE_RANGE_UNITS,
  DURATION_UNITS,
  FREQUENCY_UNITS,
  type DosageRangeInput,
} from './medicationForm';
import { singleDoseUnit } from './medicationFormat';

interface RangeFieldsProps<T extends FieldValues> {
  form: CrudForm<T>;
  /** 'Dosage', 'Frequency', 'Duration': the labels become 'Minimum dosage', 'Maximum dosage', 'Dosage unit'. */
  label: string;
  min: Path<T>;
  max: Path<T>;
  unit: Path<T>;
  /** The unit select's values (lowercase on the wire, shown capitalised). */
  units: readonly string[];
  /** The number inputs' step: 0.1 for dosages (fractional doses are common), 1 otherwise. */
  step?: number;
  /** Whether the numbers are marked required (default true): false for a range that may be left out. */
  required?: boolean;
  /** Greys out the three fields (a renal rule that avoids the medication states no range). */
  disabled?: boolean;
}

/**
 * A minimum, a maximum and a unit on one line. The minimum's field shows the 'must not exceed'
 * message when the minimum is above the maximum.
 */
export function RangeFields<T extends FieldValues>({
  form,
  label,
  min,
  max,
  unit,
  units,
  step = 1,
  required = true,
  disabled = false,
}: RangeFieldsProps<T>) {
  const lower = label.toLowerCase();
  const number = (name: Path<T>, text: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event);
            // The other end of the range may now be fine (or not): check both together.
            if (form.formState.isSubmitted) void form.trigger([min, max]);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={text}
          type="number"
          required={required}
          disabled={disabled}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { min: 0, step } }}
        />
      )}
    />
  );
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 8rem' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {number(min, `Minimum ${lower}`)}
      {number(max, `Maximum ${lower}`)}
      <Controller
        control={form.control}
        name={unit}
        render={({ field, fieldState }) => (
          <TextField
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={`${label} unit`}
            select
            disabled={disabled}
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {unitOptions(units, field.value as string).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}

/**
 * The most in one dose, with its unit under it: the dosage unit chosen above without "per kg", so
 * that an mg/kg rule's maximum is plainly entered in mg.
 */
function SingleDoseInput<T extends FieldValues & DosageRangeInput>({
  form,
}: {
  form: CrudForm<T>;
}) {
  const dosageUnit = useWatch({ control: form.control, name: 'dosageUnit' as Path<T> }) as string;
  const unit = singleDoseUnit(dosageUnit);
  const perKg = unit !== dosageUnit ? ' (not per kg)' : '';
  return (
    <FieldInput
      form={form}
      field={{
        kind: 'number',
        name: 'maximumSingleDose' as Path<T>,
        label: 'Maximum single dose',
        helperText: `The most in one dose, in ${unit}${perKg}. Empty for none.`,
        step: 0.1,
      }}
    />
  );
}

/**
 * The dosage, frequency and duration ranges of a dosage form (Add Medication's first dosage, and
 * adding or editing one): each a minimum, a maximum and a unit.
 */
export function dosageRangeFields<T extends FieldValues & DosageRangeInput>(
  durationUnits: readonly string[] = DURATION_UNITS,
): CrudField<T>[] {
  const range = (
    key: string,
    label: string,
    names: [keyof DosageRangeInput, keyof DosageRangeInput, keyof DosageRangeInput],
    units: readonly string[],
    step?: number,
  ): CrudField<T> => ({
    kind: 'custom',
    key,
    render: (form) => (
      <RangeFields
        form={form}
        label={label}
        min={names[0] as Path<T>}
        max={names[1] as Path<T>}
        unit={names[2] as Path<T>}
        units={units}
        step={step}
      />
    ),
  });
  return [
    range(
      'dosage',
      'Dosage',
      ['minimumDosage', 'maximumDosage', 'dosageUnit'],
      DOSAGE_RANGE_UNITS,
      0.1,
    ),
    range(
      'frequency',
      'Frequency',
      ['minimumFrequency', 'maximumFrequency', 'frequencyUnit'],
      FREQUENCY_UNITS,
    ),
    range(
      'duration',
      'Duration',
      ['minimumFrequencyDuration', 'maximumFrequencyDuration', 'frequencyDurationUnit'],
      durationUnits,
    ),
    {
      kind: 'number',
      name: 'maximumDailyDosage' as Path<T>,
      label: 'Maximum per day',
      helperText: 'The most in 24 hours, in the dosage unit. Empty for none.',
      step: 0.1,
    },
    {
      kind: 'custom',
      key: 'maximumSingleDose',
      render: (form) => <SingleDoseInput form={form} />,
    },
  ];
}

/** The offered units, plus the current one when it is not among them (an older record's unit). */
function unitOptions(units: readonly string[], current: string | undefined): SelectOption[] {
  const values = current && !units.includes(current) ? [...units, current] : units;
  return capitalizedOptions(values);
}

/**
 * Where the focus goes when a chip that has it is removed (Delete or Backspace on it): the next
 * chip, else the previous one, else the search; left alone when the focus is elsewhere (a click on
 * a chip's delete icon). Without this the focus would fall out of the removed chip, and a keyboard
 * user would start again at the top of the dialog.
 */
function focusAfterRemoving(target: EventTarget): HTMLElement | null {
  const item = target instanceof Element ? target.closest('li') : null;
  if (!item?.contains(document.activeElement)) return null;
  const neighbour = item.nextElementSibling ?? item.previousElementSibling;
  return (
    neighbour?.querySelector<HTMLElement>('.MuiChip-root') ??
    item.closest('ul')?.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ??
    null
  );
}

interface ConditionsMultiSelectProps<T extends FieldValues> {
  form: CrudForm<T>;
  /** A form field holding the picked conditions' ids; it starts empty. */
  name: Path<T>;
  label: string;
}

/**
 * Several conditions at once, each found by typing part of its name (a server search): the field
 * says '{n} condition(s) selected'; each chosen condition shows as a chip that removes it.
 */
export function ConditionsMultiSelect<T extends FieldValues>({
  form,
  name,
  label,
}: ConditionsMultiSelectProps<T>) {
  const { field, fieldState } = useController({ control: form.control, name });
  const selected = (field.value ?? []) as number[];
  // The names of the picks (the form holds only ids), kept as the same array between changes: a
  // new one would clear the typed text.
  const [picked, setPicked] = useState<NamedOption[]>([]);
  const key = selected.join(',');
  const value = useMemo(
    () => picked.filter((option) => key.split(',').includes(String(option.id))),
    [picked, key],
  );
  const choose = (chosen: NamedOption[]) => {
    setPicked(chosen);
    field.onChange(chosen.map((option) => option.id));
  };
  return (
    <Box>
      <RecordsPicker
        source="condition"
        label={label}
        name={field.name}
        inputRef={field.ref}
        hideChips
        value={value}
        onChange={choose}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
        helperText={`${value.length} condition(s) selected`}
      />
      {value.length > 0 && (
        <Box
          component="ul"
          aria-label={`Selected ${label.toLowerCase()}`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mt: 1 }}
        >
          {value.map((option) => (
            <li key={option.id}>
              <Chip
                label={option.name}
                size="small"
                onDelete={(event: SyntheticEvent) => {
                  const next = focusAfterRemoving(event.currentTarget);
                  choose(value.filter((other) => other.id !== option.id));
                  next?.focus();
                }}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

interface PendingDialogProps {
  open: boolean;
  title: string;
  /** The reference lists' error, if loading them failed. */
  error?: string;
  onClose: () => void;
  onExited?: () => void;
}

/** Stands in for a form dialog while the lists its selects need are loading (or failed to). */
export function PendingDialog({ open, title, error, onClose, onExited }: PendingDialogProps) {
  return (
    <FullWidthDialog open={open} onClose={onClose} title={title} onExited={onExited}>
      <DialogContent>
        {error ? (
          <ErrorBanner title="The form's choices could not be loaded" message={error} />
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} aria-label="Loading the form" />
            <Typography color="text.secondary">Loading…</Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </FullWidthDialog>
  );
}

/** What the form is about (the medication, the ingredient), in a text field to read, not to change. */
export function readOnlyField<T extends FieldValues>(
  key: string,
  label: string,
  value: string,
): CrudField<T> {
  return {
    kind: 'custom',
    key,
    render: () => (
      <TextField
        label={label}
        value={value}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    ),
  };
}

/** The medication a dosage or contraindication is for: shown, not chosen (the Add link chose it). */
export function medicationField<T extends FieldValues>(
  medication: Pick<Medication, 'name'>,
): CrudField<T> {
  return readOnlyField<T>('medication', 'Medication', medication.name);
}
