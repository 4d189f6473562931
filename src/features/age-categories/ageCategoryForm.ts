import type { AgeCategory, AgeCategoryCreate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { capitalize, capitalizedOptions } from '@/components/crud/format';
import { lazyResolver } from '@/lib/lazyResolver';
import { AGE_CATEGORY_NAMES, AGE_UNITS } from './ageCategoryConstants';
import type { AgeCategoryFormOutput, AgeCategoryFormValues } from './ageCategorySchema';

/** The form's validation (ageCategorySchema.ts), loaded after the list shows. */
export const ageCategoryValidation = lazyResolver<AgeCategoryFormValues, AgeCategoryFormOutput>(
  () => import('./ageCategorySchema').then((module) => module.ageCategoryResolver),
);

/** The form's start: the category's values, or 0 to 0 Years with no category for a new one. */
export function ageCategoryFormValues(category: AgeCategory | null): AgeCategoryFormValues {
  return {
    min_age: String(category?.min_age ?? 0),
    max_age: String(category?.max_age ?? 0),
    age_unit: category?.age_unit ?? 'years',
    category_name: category?.category_name ?? '',
    description: category?.description ?? '',
  };
}

/** The write shape: minimum_age, maximum_age, unit, category, description (read: min_age, ...). */
export function ageCategoryPayload(values: AgeCategoryFormOutput): AgeCategoryCreate {
  return {
    minimum_age: values.min_age,
    maximum_age: values.max_age,
    unit: values.age_unit,
    category: values.category_name,
    description: values.description,
  };
}

/** '0 - 17 Years (Pediatric)': names a category in buttons and the delete confirm. */
export function describeAgeCategory(category: AgeCategory): string {
  const range = `${category.min_age} - ${category.max_age} ${capitalize(category.age_unit)}`;
  return category.category_name ? `${range} (${category.category_name})` : range;
}

export const ageCategoryFields: CrudField<AgeCategoryFormValues>[] = [
  {
    kind: 'number',
    name: 'min_age',
    label: 'Minimum age',
    required: true,
    half: true,
    autoFocus: true,
  },
  { kind: 'number', name: 'max_age', label: 'Maximum age', required: true, half: true },
  {
    kind: 'select',
    name: 'age_unit',
    label: 'Age unit',
    required: true,
    half: true,
    options: capitalizedOptions(AGE_UNITS),
  },
  {
    kind: 'select',
    name: 'category_name',
    label: 'Category',
    half: true,
    options: [
      { value: '', label: 'None' },
      ...AGE_CATEGORY_NAMES.map((name) => ({ value: name, label: name })),
    ],
  },
  { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
];

/** Contract field names to form field names, for the server's field errors. */
export const ageCategoryServerFields = {
  minimum_age: 'min_age',
  maximum_age: 'max_age',
  unit: 'age_unit',
  category: 'category_name',
  description: 'description',
} as const;
