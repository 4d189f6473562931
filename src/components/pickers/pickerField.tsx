import type { FieldValues } from 'react-hook-form';
import { chunk } from '@/components/chunk';
import type { CrudField } from '@/components/crud/CrudFields';
import type {
  PickerFieldInput as PickerFieldInputType,
  PickerFieldOptions,
} from './PickerFieldInput';

// Loaded with the form, not the list: the Autocomplete would put the list page over its budget.
// chunk() keeps one props type; the generic signature is restored by the cast (same component).
const PickerFieldInput = chunk(
  () => import('./PickerFieldInput').then((module) => module.PickerFieldInput),
  null,
).Component as unknown as typeof PickerFieldInputType;

/** A form dialog field that picks one record with a server-searched RecordPicker. */
export function pickerField<T extends FieldValues>(options: PickerFieldOptions<T>): CrudField<T> {
  return {
    kind: 'custom',
    key: options.name,
    half: options.half,
    render: (form) => <PickerFieldInput form={form} options={options} />,
  };
}
