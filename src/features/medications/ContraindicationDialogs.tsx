import { useMemo } from 'react';
import {
  useAddContraindicationMutation,
  useCreateLifestyleContraindicationMutation,
  useListConditionsQuery,
  useListLifestylesQuery,
  type Medication,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { useCrudAction } from '@/components/crud/useCrudAction';
import { UNKNOWN_ERROR_MESSAGE } from '@/app/errorToasts';
import { errorMessage } from '@/lib/errors';
import type { DialogProps } from './dialogProps';
import { PendingDialog, medicationField } from './MedicationFields';
import {
  contraindicationResolver,
  lifestyleContraindicationResolver,
  type ContraindicationValues,
  type LifestyleContraindicationValues,
} from './medicationForm';

type MedicationLinks = Pick<
  Medication,
  'id' | 'name' | 'contraindications' | 'medical_lifestyle_contraindications'
>;

interface Choice {
  id: number;
  name: string;
}

/**
 * The choices to link to the medication: every one in the order fetched, those already linked
 * greyed out; the first one not yet linked is pre-selected.
 */
function linkChoices(
  choices: readonly Choice[],
  linked: ReadonlySet<number>,
  label: string,
  none: string,
) {
  const first = choices.find((choice) => !linked.has(choice.id));
  return {
    first: first ? String(first.id) : '',
    select: {
      kind: 'select' as const,
      label,
      required: true,
      options: choices.length
        ? choices.map((choice) => ({
            value: String(choice.id),
            label: linked.has(choice.id) ? `${choice.name} (already listed)` : choice.name,
          }))
        : [{ value: '', label: none }],
      isOptionDisabled: (value: string) => linked.has(Number(value)),
      helperText:
        first || !choices.length ? undefined : `Every ${label.toLowerCase()} is already listed`,
    },
  };
}

/** Add Contraindication: a condition the medication must not be given with. */
export function AddContraindicationDialog({
  medication,
  open,
  onClose,
  onExited,
}: DialogProps & { medication: MedicationLinks }) {
  const conditions = useListConditionsQuery();
  const [addContraindication] = useAddContraindicationMutation();
  const run = useCrudAction();
  const rows = conditions.data?.data;
  const form = useMemo(() => {
    if (!rows) return null;
    const { select, first } = linkChoices(
      rows,
      new Set(medication.contraindications),
      'Condition',
      'No conditions yet',
    );
    const fields: CrudField<ContraindicationValues>[] = [
      medicationField(medication),
      { ...select, name: 'condition_id' },
    ];
    return { fields, first };
  }, [rows, medication]);

  if (!form) {
    return (
      <PendingDialog
        open={open}
        title="Add Contraindication"
        error={conditions.error ? errorMessage(conditions.error, UNKNOWN_ERROR_MESSAGE) : undefined}
        onClose={onClose}
        onExited={onExited}
      />
    );
  }
  return (
    <CrudFormDialog
      open={open}
      title="Add Contraindication"
      resolver={contraindicationResolver}
      defaultValues={{ condition_id: form.first }}
      fields={form.fields}
      submitLabel="Add Contraindication"
      serverFields={{ condition_id: 'condition_id' }}
      onSubmit={(values) =>
        run(
          addContraindication({
            contraindicationLink: {
              medication_id: medication.id,
              condition_id: Number(values.condition_id),
            },
          }),
          {
            success: 'Contraindication added successfully',
            failure: 'Failed to add contraindication',
          },
        )
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/** Add Lifestyle Contraindication: a lifestyle (alcohol, driving, ...) that the medication rules out. */
export function AddLifestyleContraindicationDialog({
  medication,
  open,
  onClose,
  onExited,
}: DialogProps & { medication: MedicationLinks }) {
  const lifestyles = useListLifestylesQuery();
  const [createLink] = useCreateLifestyleContraindicationMutation();
  const run = useCrudAction();
  const rows = lifestyles.data?.data;
  const form = useMemo(() => {
    if (!rows) return null;
    const linked = new Set(
      medication.medical_lifestyle_contraindications.map((link) => link.lifestyle_id),
    );
    const { select, first } = linkChoices(rows, linked, 'Lifestyle', 'No lifestyles yet');
    const fields: CrudField<LifestyleContraindicationValues>[] = [
      medicationField(medication),
      { ...select, name: 'lifestyle_id' },
    ];
    return { fields, first };
  }, [rows, medication]);

  if (!form) {
    return (
      <PendingDialog
        open={open}
        title="Add Lifestyle Contraindication"
        error={lifestyles.error ? errorMessage(lifestyles.error, UNKNOWN_ERROR_MESSAGE) : undefined}
        onClose={onClose}
        onExited={onExited}
      />
    );
  }
  return (
    <CrudFormDialog
      open={open}
      title="Add Lifestyle Contraindication"
      resolver={lifestyleContraindicationResolver}
      defaultValues={{ lifestyle_id: form.first }}
      fields={form.fields}
      submitLabel="Add Lifestyle Contraindication"
      serverFields={{ lifestyle_id: 'lifestyle_id' }}
      onSubmit={(values) =>
        run(
          createLink({
            lifestyleContraindicationCreate: {
              medication_id: medication.id,
              lifestyle_id: Number(values.lifestyle_id),
            },
          }),
          {
            success: 'Lifestyle contraindication added successfully',
            failure: 'Failed to add lifestyle contraindication',
          },
        )
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}
