import { useUpdateMedicationMutation, type Medication } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { reasonPayload } from '@/components/crud/reason';
import { codesField } from '@/components/codes';
import { MEDICINE_SYSTEMS } from '@/lib/codes';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { pregnancyFields, type DialogProps } from './dialogProps';
import { ageLimitChanged, ageLimitFields } from './medicationAgeLimit';
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
  ...ageLimitFields<EditMedicationValues>(),
  codesField<EditMedicationValues>(MEDICINE_SYSTEMS),
];

/**
 * Edit Medication (list and detail): the name, the pregnancy category, the age limit and the
 * standard codes change.
 */
export function EditMedicationDialog({
  medication,
  open,
  onClose,
  onExited,
}: DialogProps & { medication: Medication }) {
  const [updateMedication] = useUpdateMedicationMutation();
  const run = useMutationFeedback();
  // The pregnancy category and the age limit are what can change what the safety check says.
  const checkChanged = (values: Omit<EditMedicationValues, 'codes'>) =>
    pregnancyCategoryChanged(medication, values) || ageLimitChanged(medication, values);
  return (
    <CrudFormDialog
      open={open}
      title="Edit Medication"
      resolver={editMedicationResolver}
      defaultValues={editMedicationDefaults(medication)}
      fields={editMedicationFields}
      serverFields={editMedicationServerFields}
      // A pregnancy category or an age limit set, changed or removed needs a reason in the history.
      reason={{ required: checkChanged }}
      preview={(values) =>
        values &&
        checkChanged(values) && (
          <ImpactPanel
            change={{
              operation: 'updateMedication',
              body: editMedicationPayload(medication, values),
            }}
          />
        )
      }
      onSubmit={(values, reason) =>
        run(
          updateMedication({
            medicationUpdate: {
              ...editMedicationPayload(medication, values),
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
