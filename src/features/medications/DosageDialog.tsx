import { useMemo } from 'react';
import {
  useAddAgeBasedDosageMutation,
  useAddWeightBasedDosageMutation,
  useListAgeCategoriesQuery,
  useListWeightCategoriesQuery,
  useUpdateAgeBasedDosageMutation,
  useUpdateWeightBasedDosageMutation,
  type AgeCategory,
  type AgeDosageCreate,
  type Medication,
  type WeightCategory,
  type WeightDosageCreate,
} from '@/api';
import type { CrudField, SelectOption } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { recordOptions } from '@/components/crud/format';
import { reasonPayload } from '@/components/crud/reason';
import { useMutationFeedback, type MutationRequest } from '@/lib/useMutationFeedback';
import { messageOf } from '@/lib/errors';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import type { DialogProps } from './dialogProps';
import { PendingDialog, dosageRangeFields, medicationField } from './MedicationFields';
import {
  DURATION_UNITS,
  EDIT_DURATION_UNITS,
  dosageFormServerFields,
  dosageRanges,
  dosageResolver,
  editDosageDefaults,
  newDosageDefaults,
  type AnyDosage,
  type DosageKind,
  type DosageOutput,
  type DosageValues,
} from './medicationForm';
import {
  ageCategoryLabel,
  dosageCategoryLabel,
  kindLabel,
  weightCategoryLabel,
} from './medicationFormat';

export function dosageDialogTitle(kind: DosageKind, editing: boolean): string {
  return `${editing ? 'Edit' : 'Add'} ${kindLabel(kind)}-Based Dosage`;
}

function dosageFields(
  kind: DosageKind,
  medication: Pick<Medication, 'name'>,
  categories: SelectOption[],
  editing: boolean,
): CrudField<DosageValues>[] {
  return [
    medicationField<DosageValues>(medication),
    {
      kind: 'select',
      name: 'categoryId',
      label: `${kindLabel(kind)} Category`,
      required: true,
      options: categories,
      disabled: editing,
      helperText: editing ? 'The category of an existing dosage cannot be changed' : undefined,
    },
    ...dosageRangeFields<DosageValues>(editing ? EDIT_DURATION_UNITS : DURATION_UNITS),
  ];
}

interface DosageDialogProps extends DialogProps {
  kind: DosageKind;
  medication: Pick<Medication, 'id' | 'name'>;
  /** The dosage to edit; left out to add one. */
  dosage?: AnyDosage;
}

/** Every dosage range set or changed needs a reason in the history. */
const DOSAGE_REASON = { required: true } as const;

const TEXTS = {
  weight: {
    added: 'Weight dosage added successfully',
    addFailed: 'Failed to add weight dosage',
    updated: 'Weight dosage updated successfully',
    updateFailed: 'Failed to update weight dosage',
  },
  age: {
    added: 'Age dosage added successfully',
    addFailed: 'Failed to add age dosage',
    updated: 'Age dosage updated successfully',
    updateFailed: 'Failed to update age dosage',
  },
} as const;

/** Edit Weight-Based / Age-Based Dosage: the ranges and units; the category stays. */
function EditDosageDialog({
  kind,
  medication,
  dosage,
  open,
  onClose,
  onExited,
}: DosageDialogProps & { dosage: AnyDosage }) {
  const [updateWeight] = useUpdateWeightBasedDosageMutation();
  const [updateAge] = useUpdateAgeBasedDosageMutation();
  const run = useMutationFeedback();
  const fields = useMemo(() => {
    const values = editDosageDefaults(kind, dosage);
    const category = { value: values.categoryId, label: dosageCategoryLabel(kind, dosage) };
    return dosageFields(kind, medication, [category], true);
  }, [kind, dosage, medication]);
  const texts = TEXTS[kind];
  return (
    <CrudFormDialog
      open={open}
      title={dosageDialogTitle(kind, true)}
      resolver={dosageResolver}
      defaultValues={editDosageDefaults(kind, dosage)}
      fields={fields}
      serverFields={dosageFormServerFields}
      reason={DOSAGE_REASON}
      preview={(values) => (
        <ImpactPanel
          change={
            values && {
              operation: kind === 'weight' ? 'updateWeightBasedDosage' : 'updateAgeBasedDosage',
              body: { id: dosage.id, ...dosageRanges(values) },
            }
          }
        />
      )}
      onSubmit={(values, reason) => {
        const dosageUpdate = { id: dosage.id, ...dosageRanges(values), ...reasonPayload(reason) };
        const request: MutationRequest<unknown> =
          kind === 'weight' ? updateWeight({ dosageUpdate }) : updateAge({ dosageUpdate });
        return run(request, { success: texts.updated, failure: texts.updateFailed });
      }}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/** The new dosage's write: its operation and body (as the impact preview takes it too). */
function addDosageChange(
  kind: DosageKind,
  medicationId: number,
  values: DosageOutput,
  reason = '',
):
  | { operation: 'addWeightBasedDosage'; body: WeightDosageCreate }
  | { operation: 'addAgeBasedDosage'; body: AgeDosageCreate } {
  const ranges = { ...dosageRanges(values), ...reasonPayload(reason) };
  const categoryId = Number(values.categoryId);
  return kind === 'weight'
    ? {
        operation: 'addWeightBasedDosage',
        body: { medication_id: medicationId, weight_category_id: categoryId, ...ranges },
      }
    : {
        operation: 'addAgeBasedDosage',
        body: { medication_id: medicationId, age_category_id: categoryId, ...ranges },
      };
}

/** Add Weight-Based / Age-Based Dosage: the first category pre-selected, the dosage defaults. */
function AddDosageDialog({ kind, medication, open, onClose, onExited }: DosageDialogProps) {
  const weightCategories = useListWeightCategoriesQuery({}, { skip: kind !== 'weight' });
  const ageCategories = useListAgeCategoriesQuery({}, { skip: kind !== 'age' });
  const [addWeight] = useAddWeightBasedDosageMutation();
  const [addAge] = useAddAgeBasedDosageMutation();
  const run = useMutationFeedback();
  const query = kind === 'weight' ? weightCategories : ageCategories;
  const categories = query.data?.data;
  const fields = useMemo(
    () =>
      categories &&
      dosageFields(
        kind,
        medication,
        recordOptions<AgeCategory | WeightCategory>(
          categories,
          (category) =>
            'min_weight' in category ? weightCategoryLabel(category) : ageCategoryLabel(category),
          `No ${kind} categories yet`,
        ),
        false,
      ),
    [categories, kind, medication],
  );
  const texts = TEXTS[kind];

  if (!categories || !fields) {
    return (
      <PendingDialog
        open={open}
        title={dosageDialogTitle(kind, false)}
        error={query.error ? messageOf(query.error) : undefined}
        onClose={onClose}
        onExited={onExited}
      />
    );
  }
  return (
    <CrudFormDialog
      open={open}
      title={dosageDialogTitle(kind, false)}
      resolver={dosageResolver}
      defaultValues={newDosageDefaults(categories)}
      fields={fields}
      submitLabel="Add Dosage"
      serverFields={dosageFormServerFields}
      reason={DOSAGE_REASON}
      preview={(values) => (
        <ImpactPanel change={values && addDosageChange(kind, medication.id, values)} />
      )}
      onSubmit={(values, reason) => {
        const change = addDosageChange(kind, medication.id, values, reason);
        const request: MutationRequest<unknown> =
          change.operation === 'addWeightBasedDosage'
            ? addWeight({ weightDosageCreate: change.body })
            : addAge({ ageDosageCreate: change.body });
        return run(request, { success: texts.added, failure: texts.addFailed });
      }}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/** Add or edit a weight-based or age-based dosage of one medication. */
export function DosageDialog(props: DosageDialogProps) {
  return props.dosage ? (
    <EditDosageDialog {...props} dosage={props.dosage} />
  ) : (
    <AddDosageDialog {...props} />
  );
}
