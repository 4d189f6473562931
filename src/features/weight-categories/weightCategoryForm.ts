import type { WeightCategory, WeightCategoryCreate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { capitalize, capitalizedOptions } from '@/components/crud/format';
import { lazyResolver } from '@/lib/lazyResolver';
import { WEIGHT_CATEGORY_NAMES, WEIGHT_UNITS } from './weightCategoryConstants';
import type { WeightCategoryFormOutput, WeightCategoryFormValues } from './weightCategorySchema';

/** The form's validation (weightCategorySchema.ts), loaded after the list shows. */
export const weightCategoryValidation = lazyResolver<
  WeightCategoryFormValues,
  WeightCategoryFormOutput
>(() => import('./weightCategorySchema').then((module) => module.weightCategoryResolver));

/** The form's start: the category's values, or 0 to 0 Kg, Normal for a new one. */
export function weightCategoryFormValues(
  category: WeightCategory | null,
): WeightCategoryFormValues {
  return {
    min_weight: String(category?.min_weight ?? 0),
    max_weight: String(category?.max_weight ?? 0),
    weight_unit: category?.weight_unit ?? 'kg',
    category_name: category?.category_name ?? 'Normal',
    description: category?.description ?? '',
  };
}

/** The write shape: minimum_weight, maximum_weight, unit, category, description. */
export function weightCategoryPayload(values: WeightCategoryFormOutput): WeightCategoryCreate {
  return {
    minimum_weight: values.min_weight,
    maximum_weight: values.max_weight,
    unit: values.weight_unit,
    category: values.category_name,
    description: values.description,
  };
}

/** 'Normal (50.1 - 80 Kg)': names a category in buttons and the delete confirm. */
export function describeWeightCategory(category: WeightCategory): string {
  return `${category.category_name} (${category.min_weight} - ${category.max_weight} ${capitalize(category.weight_unit)})`;
}

export const weightCategoryFields: CrudField<WeightCategoryFormValues>[] = [
  {
    kind: 'number',
    name: 'min_weight',
    label: 'Minimum weight',
    required: true,
    half: true,
    step: 0.1,
    autoFocus: true,
  },
  {
    kind: 'number',
    name: 'max_weight',
    label: 'Maximum weight',
    required: true,
    half: true,
    step: 0.1,
  },
  {
    kind: 'select',
    name: 'weight_unit',
    label: 'Weight unit',
    required: true,
    half: true,
    options: capitalizedOptions(WEIGHT_UNITS),
  },
  {
    kind: 'select',
    name: 'category_name',
    label: 'Category',
    required: true,
    half: true,
    options: WEIGHT_CATEGORY_NAMES.map((name) => ({ value: name, label: name })),
  },
  { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
];

/** Contract field names to form field names, for the server's field errors. */
export const weightCategoryServerFields = {
  minimum_weight: 'min_weight',
  maximum_weight: 'max_weight',
  unit: 'weight_unit',
  category: 'category_name',
  description: 'description',
} as const;
