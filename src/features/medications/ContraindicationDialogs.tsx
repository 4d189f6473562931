import { useMemo } from 'react';
import type { Path, Resolver } from 'react-hook-form';
import {
  useAddContraindicationMutation,
  useAddDrugClassMemberMutation,
  useCreateLifestyleContraindicationMutation,
  type Medication,
} from '@/api';
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
import type { DialogProps } from './dialogProps';
import { medicationField } from './MedicationFields';
import {
  CONTRAINDICATION_DEFAULTS,
  contraindicationPayload,
  contraindicationResolver,
  drugClassMemberResolver,
  lifestyleContraindicationResolver,
  type ContraindicationFormOutput,
  type ContraindicationFormValues,
} from './medicationForm';
import { CAUTION_SEVERITY_OPTIONS, CONTRAINDICATION_LEVEL_OPTIONS } from './medicationFormat';

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

/** Add Lifestyle Contraindication: a lifestyle (alcohol, driving, ...) that the medication rules out. */
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
        createLink({
          lifestyleContraindicationCreate: {
            medication_id: medication.id,
            lifestyle_id: lifestyleId,
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

/** Add to Class: the medication joins a drug class (statins, penicillins); its classes are greyed out. */
export function AddToClassDialog({
  medication,
  classIds,
  ...dialog
}: DialogProps & { medication: MedicationLinks; classIds: readonly number[] }) {
  const [addMember] = useAddDrugClassMemberMutation();
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
      save={(drugClassId) =>
        addMember({
          drugClassMemberCreate: { drug_class_id: drugClassId, medication_id: medication.id },
        })
      }
      feedback={{ success: serverMessage('Medication added to the class') }}
    />
  );
}
