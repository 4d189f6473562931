import type { Lifestyle } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { lazyResolver } from '@/lib/lazyResolver';
import type { LifestyleFormOutput, LifestyleFormValues } from './lifestyleSchema';

/** The form's validation (lifestyleSchema.ts), loaded after the list shows. */
export const lifestyleValidation = lazyResolver<LifestyleFormValues, LifestyleFormOutput>(() =>
  import('./lifestyleSchema').then((module) => module.lifestyleResolver),
);

export function lifestyleFormValues(lifestyle: Lifestyle | null): LifestyleFormValues {
  return { name: lifestyle?.name ?? '' };
}

export const lifestyleFields: CrudField<LifestyleFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
];
