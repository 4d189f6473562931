import { useMemo } from 'react';
import {
  useCreateMedicationMutation,
  useListAgeCategoriesQuery,
  useListWeightCategoriesQuery,
  type AgeCategory,
  type WeightCategory,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { capitalizedOptions, recordOptions } from '@/components/crud/format';
import { codesField } from '@/components/codes';
import { MEDICINE_SYSTEMS } from '@/lib/codes';
import { reasonPayload } from '@/components/crud/reason';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { pickerField } from '@/components/pickers/pickerField';
import { messageOf } from '@/lib/errors';
import { ConditionsMultiSelect, PendingDialog, dosageRangeFields } from './MedicationFields';
import {
  DOSAGE_UNITS,
  addMedicationDefaults,
  addMedicationPayload,
  addMedicationResolver,
  addMedicationServerFields,
  type AddMedicationValues,
} from './medicationForm';
import { ageCategoryLabel, weightCategoryLabel } from './medicationFormat';
import { pregnancyFields, type DialogProps } from './dialogProps';

export const ADD_MEDICATION_TITLE = 'Add Medication';

function addMedicationFields(
  weightCategories: readonly WeightCategory[],
  ageCategories: readonly AgeCategory[],
): CrudField<AddMedicationValues>[] {
  return [
    pickerField<AddMedicationValues>({
      name: 'condition_id',
      source: 'condition',
      label: 'Condition',
      required: true,
      initial: null,
    }),
    { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200, autoFocus: true },
    {
      kind: 'custom',
      key: 'contraindications',
      render: (form) => (
        <ConditionsMultiSelect
          form={form}
          name="contraindications"
          label="Contraindicated conditions"
        />
      ),
    },
    {
      kind: 'number',
      name: 'avg_weight_dosage',
      label: 'Average weight dosage',
      step: 0.1,
      half: true,
    },
    {
      kind: 'select',
      name: 'avg_weight_dosage_unit',
      label: 'Average weight dosage unit',
      options: capitalizedOptions(DOSAGE_UNITS),
      half: true,
    },
    { kind: 'checkbox', name: 'is_dosage_weight_based', label: 'Dosage is weight-based' },
    {
      kind: 'select',
      name: 'weightCategoryId',
      label: 'Weight Category',
      required: true,
      options: recordOptions(weightCategories, weightCategoryLabel, 'No weight categories yet'),
      hidden: (values) => !values.is_dosage_weight_based,
    },
    {
      kind: 'select',
      name: 'ageCategoryId',
      label: 'Age Category',
      required: true,
      options: recordOptions(ageCategories, ageCategoryLabel, 'No age categories yet'),
      hidden: (values) => values.is_dosage_weight_based,
    },
    ...dosageRangeFields<AddMedicationValues>(),
    ...pregnancyFields<AddMedicationValues>(),
    codesField<AddMedicationValues>(MEDICINE_SYSTEMS),
  ];
}

/**
 * Add Medication: the medication, its contraindicated conditions, its first dosage (a weight
 * dosage block when weight-based, else an age dosage block) and its standard codes, in one
 * `POST /medication`. Its condition and contraindicated conditions are searched on the server as
 * the user types.
 */
export function AddMedicationDialog({ open, onClose, onExited }: DialogProps) {
  const weightCategories = useListWeightCategoriesQuery({});
  const ageCategories = useListAgeCategoriesQuery({});
  const [createMedication] = useCreateMedicationMutation();
  const run = useMutationFeedback();

  const weightRows = weightCategories.data?.data;
  const ageRows = ageCategories.data?.data;
  const fields = useMemo(
    () => (weightRows && ageRows ? addMedicationFields(weightRows, ageRows) : null),
    [weightRows, ageRows],
  );

  if (!weightRows || !ageRows || !fields) {
    const failed = weightCategories.error ?? ageCategories.error;
    return (
      <PendingDialog
        open={open}
        title={ADD_MEDICATION_TITLE}
        error={failed ? messageOf(failed) : undefined}
        onClose={onClose}
        onExited={onExited}
      />
    );
  }
  return (
    <CrudFormDialog
      open={open}
      title={ADD_MEDICATION_TITLE}
      resolver={addMedicationResolver}
      defaultValues={addMedicationDefaults(weightRows, ageRows)}
      fields={fields}
      submitLabel={ADD_MEDICATION_TITLE}
      serverFields={addMedicationServerFields}
      // The new medication's first dosage range needs a reason in the history.
      reason={{ required: true }}
      onSubmit={(values, reason) =>
        run(
          createMedication({
            medicationCreate: { ...addMedicationPayload(values), ...reasonPayload(reason) },
          }),
          {
            success: 'Medication added successfully',
            failure: 'Failed to save medication',
          },
        )
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}
