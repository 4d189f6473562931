import type { Condition, ConditionCreate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { lazyResolver } from '@/lib/lazyResolver';
import type { ConditionFormOutput, ConditionFormValues } from './conditionSchema';

/** The form's validation (conditionSchema.ts), loaded after the list shows. */
export const conditionValidation = lazyResolver<ConditionFormValues, ConditionFormOutput>(() =>
  import('./conditionSchema').then((module) => module.conditionResolver),
);

/** What the form starts with: the condition's values, or empty for a new one. */
export function conditionFormValues(condition: Condition | null): ConditionFormValues {
  return { name: condition?.name ?? '', description: condition?.description ?? '' };
}

/** The create payload (the update payload adds the id): `{ name, description }`, no description as null. */
export function conditionPayload(values: ConditionFormOutput): ConditionCreate {
  return { name: values.name, description: values.description };
}

export const conditionFields: CrudField<ConditionFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
];
