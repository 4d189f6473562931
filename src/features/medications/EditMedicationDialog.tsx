import { useUpdateMedicationMutation, type Medication } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { reasonPayload } from '@/components/crud/reason';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { pregnancyFields, type DialogProps } from './dialogProps';
import {
  editMedicationDefaults,
  editMedicationPayload,
  editMedicationResolver,
  editMedicationServerFields,
  pregnancyCategoryChanged,
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
  const run = useMutationFeedback();
  return (
    <CrudFormDialog
      open={open}
      title="Edit Medication"
      resolver={editMedicationResolver}
      defaultValues={editMedicationDefaults(medication)}
      fields={editMedicationFields}
      serverFields={editMedicationServerFields}
      // A pregnancy category set, changed or cleared needs a reason in the history.
      reason={{ required: (values) => pregnancyCategoryChanged(medication, values) }}
      // Only the pregnancy category can change what the safety check says.
      preview={(values) =>
        values &&
        pregnancyCategoryChanged(medication, values) && (
          <ImpactPanel
            change={{
              operation: 'updateMedication',
              body: editMedicationPayload(medication.id, values),
            }}
          />
        )
      }
      onSubmit={(values, reason) =>
        run(
          updateMedication({
            medicationUpdate: {
              ...editMedicationPayload(medication.id, values),
              ...reasonPayload(reason),
            },
          }),
          { success: 'Medication updated successfully', failure: 'Failed to update medication' },
        )
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}
