import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CodeSystem } from '@contract/enums';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { SYSTEM_NAMES, type CodeRow } from '@/lib/codes';

/** The part of a form the editor works on: its `codes` rows. */
export interface CodesForm {
  codes: CodeRow[];
}

/**
 * A record's standard codes in a form: one row per code (its system, the code and an optional
 * display name), added and removed at will. The form's schema checks each code's format
 * (codesSchema), and the server's refusal of a row shows under its code.
 */
export function CodesEditor({
  control,
  systems,
}: {
  control: Control<CodesForm>;
  systems: readonly CodeSystem[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'codes' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Standard codes
      </Typography>
      {fields.map((row, i) => (
        <Box
          key={row.id}
          role="group"
          aria-label={`Code ${i + 1}`}
          sx={{ display: 'grid', gridTemplateColumns: '9rem 1fr 1fr auto', gap: 1 }}
        >
          <Controller
            control={control}
            name={`codes.${i}.system`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                size="small"
                label="System"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {systems.map((system) => (
                  <option key={system} value={system}>
                    {SYSTEM_NAMES[system]}
                  </option>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name={`codes.${i}.code`}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                size="small"
                label="Code"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: 40 } }}
              />
            )}
          />
          <Controller
            control={control}
            name={`codes.${i}.display`}
            render={({ field }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                size="small"
                label="Display"
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            )}
          />
          <IconButton aria-label={`Remove code ${i + 1}`} onClick={() => remove(i)}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          onClick={() => append({ system: systems[0], code: '', display: '' })}
          disabled={fields.length >= 20}
        >
          Add code
        </Button>
      </Box>
    </Box>
  );
}
