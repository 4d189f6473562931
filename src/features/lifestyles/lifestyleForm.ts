import { z } from 'zod';
import type { Lifestyle } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { requiredText } from '@/components/crud/schema';

/** The lifestyle form: a required name (spec section 5). */
export const lifestyleSchema = z.object({ name: requiredText('Name') });
export type LifestyleFormValues = z.input<typeof lifestyleSchema>;

export function lifestyleFormValues(lifestyle: Lifestyle | null): LifestyleFormValues {
  return { name: lifestyle?.name ?? '' };
}

export const lifestyleFields: CrudField<LifestyleFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
];
