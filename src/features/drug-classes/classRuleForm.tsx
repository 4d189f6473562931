import type {
  ClassRule,
  ClassRuleCreate,
  ClassRuleKind,
  ClassRuleUpdate,
  TestPrescriptionImpactRequest,
} from '@/api';
import { CLASS_RULE_KINDS } from '@contract/enums';
import { chunk } from '@/components/chunk';
import type { CrudField } from '@/components/crud/CrudFields';
import { reasonPayload } from '@/components/crud/reason';
import { pickerField } from '@/components/pickers/pickerField';
import { lazyResolver } from '@/lib/lazyResolver';
import { severityDescriptionFields } from '@/features/interactions';
import type { ClassRuleFormOutput, ClassRuleFormValues } from './classRuleSchema';

// Loaded with the form, not the list: the radio buttons would put the list page over its budget.
const OtherSideInput = chunk(
  () => import('./OtherSideInput').then((module) => module.OtherSideInput),
  null,
).Component;

/** The form's validation (classRuleSchema.ts), loaded after the list shows. */
export const classRuleValidation = lazyResolver<ClassRuleFormValues, ClassRuleFormOutput>(() =>
  import('./classRuleSchema').then((module) => module.classRuleResolver),
);

export const CLASS_RULE_ID_REQUIRED_MESSAGE = 'Rule ID is required for editing';

/** A kind as the list and the form say it. */
export const KIND_LABELS: Record<ClassRuleKind, string> = {
  interaction: 'Interaction',
  cross_sensitivity: 'Cross-sensitivity',
};

/** The form's start: the rule's values, or a minor interaction with another class. */
export function classRuleFormValues(rule: ClassRule | null): ClassRuleFormValues {
  return {
    kind: rule?.kind ?? 'interaction',
    drug_class_id: rule ? String(rule.drug_class_id) : '',
    other: rule && rule.other_medication_id !== null ? 'medication' : 'class',
    other_class_id: rule?.other_class_id == null ? '' : String(rule.other_class_id),
    other_medication_id: rule?.other_medication_id == null ? '' : String(rule.other_medication_id),
    severity: rule?.severity ?? 'minor',
    description: rule?.description ?? '',
  };
}

/** Whether the form sets a severity a reason must explain: any new rule's, or an edit that changes it. */
export function ruleSeverityChanged(
  values: Pick<ClassRuleFormValues, 'severity'>,
  editing: Pick<ClassRule, 'severity'> | null,
): boolean {
  return editing === null || values.severity !== editing.severity;
}

export type ClassRuleRequest =
  { kind: 'create'; body: ClassRuleCreate } | { kind: 'update'; body: ClassRuleUpdate };

/**
 * What saving sends. A new rule: its kind, the class, exactly one of the other class and the
 * medication (the one `other` chose; ids parsed as integers), severity and description. An edit
 * changes only the severity and the description, and needs the rule's id. A typed reason goes
 * along.
 */
export function classRuleRequest(
  values: ClassRuleFormOutput,
  editing: { id?: number | null } | null,
  reason = '',
): ClassRuleRequest {
  const { severity, description } = values;
  const why = reasonPayload(reason);
  if (editing) {
    if (!editing.id) throw new Error(CLASS_RULE_ID_REQUIRED_MESSAGE);
    return { kind: 'update', body: { id: editing.id, severity, description, ...why } };
  }
  const id = (value: string) => Number.parseInt(value, 10);
  return {
    kind: 'create',
    body: {
      kind: values.kind,
      drug_class_id: id(values.drug_class_id),
      ...(values.other === 'class'
        ? { other_class_id: id(values.other_class_id) }
        : { other_medication_id: id(values.other_medication_id) }),
      severity,
      description,
      ...why,
    },
  };
}

/**
 * The pending save as the test prescriptions' impact preview takes it (the reason left out: it
 * changes no outcome); null when the form cannot be sent (an edit without an id).
 */
export function classRuleChange(
  values: ClassRuleFormOutput,
  editing: { id?: number | null } | null,
): TestPrescriptionImpactRequest | null {
  if (editing && !editing.id) return null;
  const request = classRuleRequest(values, editing);
  return request.kind === 'update'
    ? { operation: 'updateClassRule', body: request.body }
    : { operation: 'createClassRule', body: request.body };
}

/**
 * The dialog's fields: the kind, the class and what it is with are fixed once the rule exists;
 * the classes and the medication are searched on the server.
 */
export function classRuleFields(editing: ClassRule | null): CrudField<ClassRuleFormValues>[] {
  const locked = editing !== null;
  const helperText = locked ? 'Cannot be changed on an existing rule' : undefined;
  return [
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      required: true,
      disabled: locked,
      helperText,
      half: true,
      options: CLASS_RULE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
    },
    pickerField<ClassRuleFormValues>({
      name: 'drug_class_id',
      source: 'drugClass',
      label: 'Class',
      required: true,
      disabled: locked,
      helperText,
      half: true,
      initial: editing && editing.drug_class,
    }),
    {
      kind: 'custom',
      key: 'other',
      render: (form) => <OtherSideInput form={form} disabled={locked} />,
    },
    {
      ...pickerField<ClassRuleFormValues>({
        name: 'other_class_id',
        source: 'drugClass',
        label: 'Other Class',
        required: true,
        disabled: locked,
        helperText,
        initial: editing && editing.other_class,
        // A class is not cross-sensitive with itself.
        isDisabled: (option, values) =>
          values.kind === 'cross_sensitivity' && String(option.id) === values.drug_class_id,
      }),
      hidden: (values) => values.other !== 'class',
    },
    {
      ...pickerField<ClassRuleFormValues>({
        name: 'other_medication_id',
        source: 'medication',
        label: 'Medication',
        required: true,
        disabled: locked,
        helperText,
        initial: editing && editing.other_medication,
      }),
      hidden: (values) => values.other !== 'medication',
    },
    ...severityDescriptionFields<ClassRuleFormValues>(),
  ];
}
