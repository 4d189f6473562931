import { useMemo } from 'react';
import type { Path, Resolver } from 'react-hook-form';
import {
  useAddContraindicationMutation,
  useCreateLifestyleContraindicationMutation,
  type Medication,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { pickerField } from '@/components/pickers/pickerField';
import type { PickerSource } from '@/components/pickers/RecordPicker';
import type { DialogProps } from './dialogProps';
import { medicationField } from './MedicationFields';
import { contraindicationResolver, lifestyleContraindicationResolver } from './medicationForm';

type MedicationLinks = Pick<
  Medication,
  'id' | 'name' | 'contraindications' | 'medical_lifestyle_contraindications'
>;

interface LinkDialogProps<K extends string> extends DialogProps {
  medication: MedicationLinks;
  /** The dialog's title, also its submit button's text. */
  title: string;
  /** The picker's label, e.g. 'Condition'. */
  label: string;
  /** What is linked: searched on the server as the user types. */
  source: PickerSource;
  /** The form field (and contract field) holding the chosen id. */
  field: K;
  /** The ids already linked to the medication: offered greyed out. */
  linked: readonly number[];
  resolver: Resolver<Record<K, string>, unknown, Record<K, string>>;
  /** Saves the link to the chosen id (with its toasts). */
  save: (id: number) => Promise<unknown>;
}

/** A form that links one more condition or lifestyle to the medication. */
function LinkDialog<K extends string>({
  medication,
  title,
  label,
  source,
  field,
  linked,
  resolver,
  save,
  open,
  onClose,
  onExited,
}: LinkDialogProps<K>) {
  // react-hook-form cannot see that a generic key K is a path of Record<K, string>; it is.
  const name = field as unknown as Path<Record<K, string>>;
  const fields = useMemo<CrudField<Record<K, string>>[]>(() => {
    const already = new Set(linked);
    return [
      medicationField(medication),
      pickerField<Record<K, string>>({
        name,
        source,
        label,
        required: true,
        initial: null,
        isDisabled: (option) => already.has(option.id),
        disabledNote: '(already listed)',
      }),
    ];
  }, [linked, medication, name, source, label]);
  return (
    <CrudFormDialog
      open={open}
      title={title}
      resolver={resolver}
      defaultValues={{ [field]: '' } as Record<K, string>}
      fields={fields}
      submitLabel={title}
      serverFields={{ [field]: name }}
      onSubmit={(values) => save(Number(values[field]))}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/** Add Contraindication: a condition the medication must not be given with. */
export function AddContraindicationDialog({
  medication,
  ...dialog
}: DialogProps & { medication: MedicationLinks }) {
  const [addContraindication] = useAddContraindicationMutation();
  const run = useMutationFeedback();
  return (
    <LinkDialog
      {...dialog}
      medication={medication}
      title="Add Contraindication"
      label="Condition"
      source="condition"
      field="condition_id"
      linked={medication.contraindications}
      resolver={contraindicationResolver}
      save={(conditionId) =>
        run(
          addContraindication({
            contraindicationLink: { medication_id: medication.id, condition_id: conditionId },
          }),
          {
            success: 'Contraindication added successfully',
            failure: 'Failed to add contraindication',
          },
        )
      }
    />
  );
}

/** Add Lifestyle Contraindication: a lifestyle (alcohol, driving, ...) that the medication rules out. */
export function AddLifestyleContraindicationDialog({
  medication,
  ...dialog
}: DialogProps & { medication: MedicationLinks }) {
  const [createLink] = useCreateLifestyleContraindicationMutation();
  const run = useMutationFeedback();
  const linked = useMemo(
    () => medication.medical_lifestyle_contraindications.map((link) => link.lifestyle_id),
    [medication],
  );
  return (
    <LinkDialog
      {...dialog}
      medication={medication}
      title="Add Lifestyle Contraindication"
      label="Lifestyle"
      source="lifestyle"
      field="lifestyle_id"
      linked={linked}
      resolver={lifestyleContraindicationResolver}
      save={(lifestyleId) =>
        run(
          createLink({
            lifestyleContraindicationCreate: {
              medication_id: medication.id,
              lifestyle_id: lifestyleId,
            },
          }),
          {
            success: 'Lifestyle contraindication added successfully',
            failure: 'Failed to add lifestyle contraindication',
          },
        )
      }
    />
  );
}
