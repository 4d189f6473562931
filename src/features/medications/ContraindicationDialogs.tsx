import { useMemo } from 'react';
import type { Path, Resolver } from 'react-hook-form';
import {
  useAddContraindicationMutation,
  useCreateLifestyleContraindicationMutation,
  useListConditionsQuery,
  useListLifestylesQuery,
  type Medication,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { messageOf } from '@/lib/errors';
import type { DialogProps } from './dialogProps';
import { PendingDialog, medicationField } from './MedicationFields';
import { contraindicationResolver, lifestyleContraindicationResolver } from './medicationForm';

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

interface LinkDialogProps<K extends string> extends DialogProps {
  medication: MedicationLinks;
  /** The dialog's title, also its submit button's text. */
  title: string;
  /** The select's label, e.g. 'Condition'. */
  label: string;
  /** The select's only option while there is nothing to choose, e.g. 'No conditions yet'. */
  none: string;
  /** The form field (and contract field) holding the chosen id. */
  field: K;
  /** The list query of what can be linked. */
  choices: { data?: { data: Choice[] }; error?: unknown };
  /** The ids already linked to the medication. */
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
  none,
  field,
  choices,
  linked,
  resolver,
  save,
  open,
  onClose,
  onExited,
}: LinkDialogProps<K>) {
  // react-hook-form cannot see that a generic key K is a path of Record<K, string>; it is.
  const name = field as unknown as Path<Record<K, string>>;
  const rows = choices.data?.data;
  const form = useMemo(() => {
    if (!rows) return null;
    const { select, first } = linkChoices(rows, new Set(linked), label, none);
    const fields: CrudField<Record<K, string>>[] = [
      medicationField(medication),
      { ...select, name },
    ];
    return { fields, defaultValues: { [field]: first } as Record<K, string> };
  }, [rows, linked, label, none, field, name, medication]);

  if (!form) {
    return (
      <PendingDialog
        open={open}
        title={title}
        error={choices.error ? messageOf(choices.error) : undefined}
        onClose={onClose}
        onExited={onExited}
      />
    );
  }
  return (
    <CrudFormDialog
      open={open}
      title={title}
      resolver={resolver}
      defaultValues={form.defaultValues}
      fields={form.fields}
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
  const conditions = useListConditionsQuery({});
  const [addContraindication] = useAddContraindicationMutation();
  const run = useMutationFeedback();
  return (
    <LinkDialog
      {...dialog}
      medication={medication}
      title="Add Contraindication"
      label="Condition"
      none="No conditions yet"
      field="condition_id"
      choices={conditions}
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
  const lifestyles = useListLifestylesQuery({});
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
      none="No lifestyles yet"
      field="lifestyle_id"
      choices={lifestyles}
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
