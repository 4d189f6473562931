import { useRef, useState } from 'react';
import { useFieldArray, useFormState, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { RecordPicker } from '@/components/pickers/RecordPicker';
import { useRecordNames } from '@/components/pickers/useRecordNames';
import {
  DOSE_UNITS,
  DURATION_UNITS,
  FREQUENCY_UNITS,
  MAX_MEDICATIONS,
  newPrescribed,
  type SafetyCheckForm,
} from './safetyCheckForm';
import { ValueAndUnit } from './ValueAndUnit';

interface PrescriptionFieldsProps {
  control: Control<SafetyCheckForm>;
}

/** The three prescribed values of a row, each a number and its unit. */
const VALUES = [
  { value: 'dose', unit: 'doseUnit', label: 'Dose', units: DOSE_UNITS },
  { value: 'frequency', unit: 'frequencyUnit', label: 'Frequency', units: FREQUENCY_UNITS },
  { value: 'duration', unit: 'durationUnit', label: 'Duration', units: DURATION_UNITS },
] as const;

/**
 * The prescription: a search that adds a medication, then a row per medication with its optional
 * dose, frequency and duration (each with a unit) and a button that removes it. A value left
 * empty is not checked, and the check says so.
 */
export function PrescriptionFields({ control }: PrescriptionFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'medications' });
  const { errors } = useFormState({ control, name: 'medications' });
  /** Where the focus goes when a row is removed: the search that adds one. */
  const addInput = useRef<HTMLInputElement>(null);
  // A row's name comes from its pick; a shared link's rows are looked up by id.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const looked = useRecordNames(
    'medication',
    fields.map((field) => field.medicationId).filter((id) => !picked.has(id)),
  );
  const chosen = new Set(fields.map((field) => field.medicationId));
  const full = fields.length >= MAX_MEDICATIONS;
  const listError = errors.medications?.root?.message ?? errors.medications?.message;

  return (
    <Stack spacing={2}>
      <RecordPicker
        source="medication"
        label="Add a medication"
        inputRef={addInput}
        value={null}
        clearOnPick
        isHidden={(option) => chosen.has(option.id)}
        disabled={full}
        error={listError}
        helperText={
          full
            ? `At most ${MAX_MEDICATIONS} medications: remove one to add another`
            : `Up to ${MAX_MEDICATIONS}`
        }
        onChange={(option) => {
          if (!option) return;
          setPicked((current) => new Map(current).set(option.id, option.name));
          append(newPrescribed(option.id));
        }}
      />
      {fields.length > 0 && (
        <Stack component="ul" aria-label="Prescribed medications" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {fields.map((field, index) => {
            const name =
              picked.get(field.medicationId) ??
              looked.get(field.medicationId) ??
              `Medication #${field.medicationId}`;
            return (
              <Paper
                key={field.id}
                component="li"
                variant="outlined"
                aria-label={name}
                sx={{ listStyle: 'none', p: 1.5 }}
              >
                <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
                    {name}
                  </Typography>
                  <Tooltip title={`Remove ${name}`}>
                    <IconButton
                      aria-label={`Remove ${name}`}
                      onClick={() => {
                        remove(index);
                        // After the re-render: with 20 rows the search was disabled until now.
                        setTimeout(() => addInput.current?.focus());
                      }}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 1.5,
                    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
                  }}
                >
                  {VALUES.map(({ value, unit, label, units }) => (
                    <ValueAndUnit
                      key={value}
                      control={control}
                      value={`medications.${index}.${value}`}
                      unit={`medications.${index}.${unit}`}
                      label={label}
                      unitLabel="Unit"
                      units={units}
                      of={name}
                    />
                  ))}
                </Box>
              </Paper>
            );
          })}
        </Stack>
      )}
      {fields.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          A frequency in hours, days, weeks or months is the time between doses (6 hours: every 6
          hours); x daily or times/day counts the doses (3 times/day). A value left empty cannot be
          compared, and the check says so.
        </Typography>
      )}
    </Stack>
  );
}
