import { useEffect, useId } from 'react';
import { useController, useWatch } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { CrudForm } from '@/components/crud/CrudFields';
import type { ClassRuleFormValues } from './classRuleSchema';

/**
 * With a class or a medication, as two radio buttons. A cross-sensitivity is with a class only:
 * choosing that kind switches a medication back to a class.
 */
export function OtherSideInput({
  form,
  disabled,
}: {
  form: CrudForm<ClassRuleFormValues>;
  disabled: boolean;
}) {
  const labelId = useId();
  const { field, fieldState } = useController({ control: form.control, name: 'other' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const classOnly = kind === 'cross_sensitivity';
  const { setValue } = form;
  useEffect(() => {
    if (classOnly && field.value === 'medication' && !disabled)
      setValue('other', 'class', { shouldDirty: true });
  }, [classOnly, field.value, disabled, setValue]);
  const error = fieldState.error?.message;
  return (
    <FormControl error={Boolean(error)} disabled={disabled}>
      <FormLabel id={labelId}>With</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        <FormControlLabel
          value="class"
          control={<Radio slotProps={{ input: { ref: field.ref } }} />}
          label="Class"
        />
        <FormControlLabel
          value="medication"
          control={<Radio />}
          label="Medication"
          disabled={disabled || classOnly}
        />
      </RadioGroup>
      <FormHelperText>
        {error ??
          (classOnly
            ? 'A cross-sensitivity names another class'
            : 'Another class, or one medication')}
      </FormHelperText>
    </FormControl>
  );
}
