import { z } from 'zod';
import type { Condition, ConditionCreate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { optionalText, requiredText } from '@/components/crud/schema';

/** The condition form (spec section 5: the name is required; the description is optional). */
export const conditionSchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description'),
});
export type ConditionFormValues = z.input<typeof conditionSchema>;

/** What the form starts with: the condition's values, or empty for a new one. */
export function conditionFormValues(condition: Condition | null): ConditionFormValues {
  return { name: condition?.name ?? '', description: condition?.description ?? '' };
}

/** The create payload (the update payload adds the id): `{ name, description }`, no description as null. */
export function conditionPayload(values: z.output<typeof conditionSchema>): ConditionCreate {
  return { name: values.name, description: values.description };
}

export const conditionFields: CrudField<ConditionFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
];
