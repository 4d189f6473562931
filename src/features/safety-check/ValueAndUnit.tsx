import type { Control, FieldValues, Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormTextField } from '@/components/form/FormTextField';

interface ValueAndUnitProps<T extends FieldValues> {
  control: Control<T>;
  /** The number's field and its unit's. */
  value: Path<T>;
  unit: Path<T>;
  /** The number's label, e.g. 'Age'. */
  label: string;
  /** The unit's label; default '<label> unit'. */
  unitLabel?: string;
  units: readonly string[];
  /**
   * Whose value it is (a prescribed medication's name), in both inputs' accessible names ('Dose of
   * Warfarin', 'Dose unit of Warfarin'): a row of small inputs, one of several rows alike, with a
   * native unit select. Left out: the patient's regular inputs.
   */
  of?: string;
}

/** A number and its unit side by side (a dose in mg, an age in months): the unit beside its value. */
export function ValueAndUnit<T extends FieldValues>({
  control,
  value,
  unit,
  label,
  unitLabel = `${label} unit`,
  units,
  of,
}: ValueAndUnitProps<T>) {
  const small = of !== undefined;
  const named = (text: string) => (small ? { 'aria-label': `${text} of ${of}` } : {});
  return (
    <Stack direction="row" spacing={1} sx={small ? { alignItems: 'start' } : undefined}>
      <FormTextField
        control={control}
        name={value}
        label={label}
        type="number"
        size={small ? 'small' : undefined}
        slotProps={{
          htmlInput: { min: 0, step: 'any', ...named(label) },
          // Floated from the start: 'Frequency' fits above a narrow input.
          ...(small && { inputLabel: { shrink: true } }),
        }}
        sx={small ? { flex: 1, minWidth: 72 } : { flex: 1 }}
      />
      <FormTextField
        control={control}
        name={unit}
        label={unitLabel}
        select
        size={small ? 'small' : undefined}
        slotProps={small ? { select: { native: true }, htmlInput: named(`${label} unit`) } : {}}
        sx={small ? { width: 116, flexShrink: 0 } : { width: 130 }}
      >
        {units.map((option) =>
          small ? (
            <option key={option} value={option}>
              {option}
            </option>
          ) : (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ),
        )}
      </FormTextField>
    </Stack>
  );
}
