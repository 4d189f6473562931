import { lazy, Suspense } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { CrudField } from '@/components/crud/CrudFields';
import type {
  PickerFieldInput as PickerFieldInputType,
  PickerFieldOptions,
} from './PickerFieldInput';

// Loaded with the form, not the list: the Autocomplete would put the list page over its budget.
// lazy() keeps one props type; the generic signature is restored by the cast (same component).
const PickerFieldInput = lazy(() =>
  import('./PickerFieldInput').then((module) => ({ default: module.PickerFieldInput })),
) as unknown as typeof PickerFieldInputType;

/** A form dialog field that picks one record with a server-searched RecordPicker. */
export function pickerField<T extends FieldValues>(options: PickerFieldOptions<T>): CrudField<T> {
  return {
    kind: 'custom',
    key: options.name,
    half: options.half,
    render: (form) => (
      <Suspense fallback={null}>
        <PickerFieldInput form={form} options={options} />
      </Suspense>
    ),
  };
}
