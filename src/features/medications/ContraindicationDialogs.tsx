import { useMemo } from 'react';
import type { Path, Resolver } from 'react-hook-form';
import {
  useAddContraindicationMutation,
  useAddDrugClassMemberMutation,
  useCreateLifestyleContraindicationMutation,
  useUpdateLifestyleContraindicationMutation,
  type DrugClassMemberCreate,
  type LifestyleContraindication,
  type LifestyleContraindicationUpdate,
  type Medication,
} from '@/api';
import { reasonPayload } from '@/components/crud/reason';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import type { WriteAnswer } from '@/components/resource/resource';
import {
  serverMessage,
  useMutationFeedback,
  type MutationFeedback,
  type MutationRequest,
} from '@/lib/useMutationFeedback';
import { pickerField } from '@/components/pickers/pickerField';
import type { PickerSource } from '@/components/pickers/RecordPicker';
import { LazyImpactPanel as ImpactPanel, type PendingChange } from '@/features/test-prescriptions';
import type { DialogProps } from './dialogProps';
import { medicationField, readOnlyField } from './MedicationFields';
import {
  CONTRAINDICATION_DEFAULTS,
  contraindicationPayload,
  contraindicationResolver,
  drugClassMemberResolver,
  LIFESTYLE_SEVERITY_DEFAULTS,
  lifestyleContraindicationResolver,
  lifestyleSeverityResolver,
  type ContraindicationFormOutput,
  type LifestyleSeverityValues,
  type LifestyleContraindicationOutput,
  type ContraindicationFormValues,
} from './medicationForm';
import {
  CAUTION_SEVERITY_OPTIONS,
  CONTRAINDICATION_LEVEL_OPTIONS,
  SEVERITY_OPTIONS,
} from './medicationFormat';

type MedicationLinks = Pick<
  Medication,
  'id' | 'name' | 'contraindications' | 'medical_lifestyle_contraindications'
>;

/** A link form's values, all strings: the picked id under K, and any further fields E. */
type LinkValues<K extends string, E extends string> = Record<K | E, string>;

interface LinkDialogProps<
  K extends string,
  E extends string = never,
  O extends Record<K, string> = LinkValues<K, E>,
> extends DialogProps {
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
  /** Checks the values and turns them into O, what `save` takes. */
  resolver: Resolver<LinkValues<K, E>, unknown, O>;
  /** Fields after the picker, and their starting values. */
  more?: { fields: CrudField<LinkValues<K, E>>[]; defaults: Record<E, string> };
  /** The write that links the chosen id, given the checked values. */
  save: (id: number, values: O) => MutationRequest<WriteAnswer>;
  /**
   * The same write as the impact preview takes it, shown under the form before saving (its body
   * built by the function `save` sends); left out, no preview.
   */
  change?: (id: number, values: O) => PendingChange;
  /** The write's toasts. */
  feedback: MutationFeedback<WriteAnswer>;
}

/** A form that links one more record (a condition, a lifestyle, an ingredient) to the medication. */
export function LinkDialog<
  K extends string,
  E extends string = never,
  O extends Record<K, string> = LinkValues<K, E>,
>({
  medication,
  title,
  label,
  source,
  field,
  linked,
  resolver,
  more,
  save,
  change,
  feedback,
  open,
  onClose,
  onExited,
}: LinkDialogProps<K, E, O>) {
  const run = useMutationFeedback();
  // react-hook-form cannot see that a generic key K is a path of Record<K | E, string>; it is.
  const name = field as unknown as Path<LinkValues<K, E>>;
  const fields = useMemo<CrudField<LinkValues<K, E>>[]>(() => {
    const already = new Set(linked);
    return [
      medicationField(medication),
      pickerField<LinkValues<K, E>>({
        name,
        source,
        label,
        required: true,
        initial: null,
        isDisabled: (option) => already.has(option.id),
        disabledNote: '(already listed)',
      }),
      ...(more?.fields ?? []),
    ];
  }, [linked, medication, name, source, label, more]);
  const serverFields = useMemo(() => {
    const named: Record<string, Path<LinkValues<K, E>>> = { [field]: name };
    for (const extra of more?.fields ?? []) {
      if (extra.kind !== 'custom') named[extra.name] = extra.name;
    }
    return named;
  }, [field, name, more]);
  return (
    <CrudFormDialog
      open={open}
      title={title}
      resolver={resolver}
      defaultValues={{ ...more?.defaults, [field]: '' } as LinkValues<K, E>}
      fields={fields}
      submitLabel={title}
      serverFields={serverFields}
      preview={
        change &&
        ((values) => <ImpactPanel change={values && change(Number(values[field]), values)} />)
      }
      onSubmit={(values) => run(save(Number(values[field]), values), feedback)}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/** Add Contraindication's level and severity: the severity only while the level is caution. */
const GRADE_FIELDS: CrudField<ContraindicationFormValues>[] = [
  {
    kind: 'select',
    name: 'level',
    label: 'Level',
    required: true,
    half: true,
    options: CONTRAINDICATION_LEVEL_OPTIONS,
    helperText: 'Caution: may be given with care',
  },
  {
    kind: 'select',
    name: 'severity',
    label: 'Severity',
    required: true,
    half: true,
    options: CAUTION_SEVERITY_OPTIONS,
    hidden: (values) => values.level !== 'caution',
  },
];
const GRADE = { fields: GRADE_FIELDS, defaults: CONTRAINDICATION_DEFAULTS };

/**
 * Add Contraindication: a condition the medication must not be given in, or, as a caution, may be
 * given in with care (and how much: minor, moderate or major).
 */
export function AddContraindicationDialog({
  medication,
  ...dialog
}: DialogProps & { medication: MedicationLinks }) {
  const [addContraindication] = useAddContraindicationMutation();
  return (
    <LinkDialog<'condition_id', 'level' | 'severity', ContraindicationFormOutput>
      {...dialog}
      medication={medication}
      title="Add Contraindication"
      label="Condition"
      source="condition"
      field="condition_id"
      linked={medication.contraindications}
      resolver={contraindicationResolver}
      more={GRADE}
      save={(_conditionId, values) =>
        addContraindication({
          contraindicationLink: contraindicationPayload(medication.id, values),
        })
      }
      feedback={{
        success: 'Contraindication added successfully',
        failure: 'Failed to add contraindication',
      }}
    />
  );
}

/** How much a lifestyle matters with the medication: the safety check's finding for it. */
function lifestyleSeverityField<T extends { severity: string }>(): CrudField<T> {
  return {
    kind: 'select',
    // react-hook-form cannot see that a key of every T is a path of T; it is.
    name: 'severity' as Path<T>,
    label: 'Severity',
    required: true,
    options: SEVERITY_OPTIONS,
    helperText: 'Minor and moderate are cautions; major and contraindicated rule it out',
  };
}
const LIFESTYLE_SEVERITY = {
  fields: [lifestyleSeverityField<LinkValues<'lifestyle_id', 'severity'>>()],
  defaults: LIFESTYLE_SEVERITY_DEFAULTS,
};

/**
 * Add Lifestyle Contraindication: a lifestyle (alcohol, driving, ...) that the medication rules out
 * or needs care with, and how much.
 */
export function AddLifestyleContraindicationDialog({
  medication,
  ...dialog
}: DialogProps & { medication: MedicationLinks }) {
  const [createLink] = useCreateLifestyleContraindicationMutation();
  const linked = useMemo(
    () => medication.medical_lifestyle_contraindications.map((link) => link.lifestyle_id),
    [medication],
  );
  return (
    <LinkDialog<'lifestyle_id', 'severity', LifestyleContraindicationOutput>
      {...dialog}
      medication={medication}
      title="Add Lifestyle Contraindication"
      label="Lifestyle"
      source="lifestyle"
      field="lifestyle_id"
      linked={linked}
      resolver={lifestyleContraindicationResolver}
      more={LIFESTYLE_SEVERITY}
      save={(lifestyleId, { severity }) =>
        createLink({
          lifestyleContraindicationCreate: {
            medication_id: medication.id,
            lifestyle_id: lifestyleId,
            severity,
          },
        })
      }
      feedback={{
        success: 'Lifestyle contraindication added successfully',
        failure: 'Failed to add lifestyle contraindication',
      }}
    />
  );
}

export const EDIT_LIFESTYLE_SEVERITY_TITLE = 'Edit Lifestyle Severity';

/** What Edit Lifestyle Severity sends: the link and its new severity, with a typed reason. */
function lifestyleSeverityBody(
  link: Pick<LifestyleContraindication, 'id'>,
  { severity }: Pick<LifestyleContraindicationUpdate, 'severity'>,
  reason = '',
): LifestyleContraindicationUpdate {
  return { id: link.id, severity, ...reasonPayload(reason) };
}

/** Edit Lifestyle Severity: how much a linked lifestyle matters with the medication. */
export function EditLifestyleSeverityDialog({
  medication,
  link,
  ...dialog
}: DialogProps & { medication: Pick<Medication, 'name'>; link: LifestyleContraindication }) {
  const [updateLink] = useUpdateLifestyleContraindicationMutation();
  const run = useMutationFeedback();
  const fields = useMemo<CrudField<LifestyleSeverityValues>[]>(
    () => [
      medicationField<LifestyleSeverityValues>(medication),
      readOnlyField<LifestyleSeverityValues>('lifestyle', 'Lifestyle', link.lifestyle.name),
      lifestyleSeverityField<LifestyleSeverityValues>(),
    ],
    [medication, link.lifestyle.name],
  );
  return (
    <CrudFormDialog
      {...dialog}
      title={EDIT_LIFESTYLE_SEVERITY_TITLE}
      resolver={lifestyleSeverityResolver}
      defaultValues={{ severity: link.severity }}
      fields={fields}
      serverFields={{ severity: 'severity' }}
      reason={{ required: false }}
      preview={(values) => (
        <ImpactPanel
          change={
            values && {
              operation: 'updateLifestyleContraindication',
              body: lifestyleSeverityBody(link, values),
            }
          }
        />
      )}
      onSubmit={(values, reason) =>
        run(
          updateLink({
            lifestyleContraindicationUpdate: lifestyleSeverityBody(link, values, reason),
          }),
          { success: serverMessage('Lifestyle contraindication updated successfully') },
        )
      }
    />
  );
}

/** Add to Class: the medication joins a drug class (statins, penicillins); its classes are greyed out. */
export function AddToClassDialog({
  medication,
  classIds,
  ...dialog
}: DialogProps & { medication: MedicationLinks; classIds: readonly number[] }) {
  const [addMember] = useAddDrugClassMemberMutation();
  const membership = (drugClassId: number): DrugClassMemberCreate => ({
    drug_class_id: drugClassId,
    medication_id: medication.id,
  });
  return (
    <LinkDialog
      {...dialog}
      medication={medication}
      title="Add to Class"
      label="Class"
      source="drugClass"
      field="drug_class_id"
      linked={classIds}
      resolver={drugClassMemberResolver}
      save={(drugClassId) => addMember({ drugClassMemberCreate: membership(drugClassId) })}
      change={(drugClassId) => ({ operation: 'addDrugClassMember', body: membership(drugClassId) })}
      feedback={{ success: serverMessage('Medication added to the class') }}
    />
  );
}
