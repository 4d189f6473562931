import type { Condition, ConditionCreate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { codesField } from '@/components/codes';
import { CONDITION_SYSTEMS, changedCodes, codeRows } from '@/lib/codes';
import { lazyResolver } from '@/lib/lazyResolver';
import type { ConditionFormOutput, ConditionFormValues } from './conditionSchema';

/** The form's validation (conditionSchema.ts), loaded after the list shows. */
export const conditionValidation = lazyResolver<ConditionFormValues, ConditionFormOutput>(() =>
  import('./conditionSchema').then((module) => module.conditionResolver),
);

/** What the form starts with: the condition's values, or empty (and unmarked) for a new one. */
export function conditionFormValues(condition: Condition | null): ConditionFormValues {
  return {
    name: condition?.name ?? '',
    description: condition?.description ?? '',
    affects_kidney_function: condition?.affects_kidney_function ?? false,
    codes: codeRows(condition?.codes),
  };
}

/**
 * The create payload (the update payload adds the id): `{ name, description,
 * affects_kidney_function }`, no description as null, and the codes when they changed from
 * those of `editing`.
 */
export function conditionPayload(
  values: ConditionFormOutput,
  editing: Pick<Condition, 'codes'> | null = null,
): ConditionCreate {
  return {
    name: values.name,
    description: values.description,
    affects_kidney_function: values.affects_kidney_function,
    ...changedCodes(editing?.codes, values.codes),
  };
}

export const conditionFields: CrudField<ConditionFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
  {
    kind: 'checkbox',
    name: 'affects_kidney_function',
    label: 'Affects kidney function',
    helperText: "The safety check asks for the patient's eGFR when a patient has it",
  },
  codesField<ConditionFormValues>(CONDITION_SYSTEMS),
];
