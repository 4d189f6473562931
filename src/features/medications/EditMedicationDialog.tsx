import { useUpdateMedicationMutation, type Medication } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { useCrudAction } from '@/components/crud/useCrudAction';
import { pregnancyFields, type DialogProps } from './dialogProps';
import {
  editMedicationDefaults,
  editMedicationPayload,
  editMedicationResolver,
  editMedicationServerFields,
  type EditMedicationValues,
} from './medicationForm';

const editMedicationFields: CrudField<EditMedicationValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200, autoFocus: true },
  ...pregnancyFields<EditMedicationValues>(),
];

/** Edit Medication (list and detail): only the name and the pregnancy category change. */
export function EditMedicationDialog({
  medication,
  open,
  onClose,
  onExited,
}: DialogProps & { medication: Medication }) {
  const [updateMedication] = useUpdateMedicationMutation();
  const run = useCrudAction();
  return (
    <CrudFormDialog
      open={open}
      title="Edit Medication"
      resolver={editMedicationResolver}
      defaultValues={editMedicationDefaults(medication)}
      fields={editMedicationFields}
      serverFields={editMedicationServerFields}
      onSubmit={(values) =>
        run(updateMedication({ medicationUpdate: editMedicationPayload(medication.id, values) }), {
          success: 'Medication updated successfully',
          failure: 'Failed to update medication',
        })
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}
