import type { CrudField } from '@/components/crud/CrudFields';
import { capitalize, capitalizedOptions } from '@/components/crud/format';
import { lazyResolver } from '@/lib/lazyResolver';
import type {
  CategoryFormOutput,
  CategoryRow,
  CategoryShape,
  CategoryWrite,
} from './categoryKinds';
import type { CategoryFormValues } from './categorySchema';
import { categoryWords } from './categoryWords';

/** The form's validation (categorySchema.ts), loaded after the list shows. */
export function categoryValidation<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
) {
  return lazyResolver<CategoryFormValues, CategoryFormOutput<Write>>(() =>
    import('./categorySchema').then((module) => module.categoryResolver(kind)),
  );
}

/** The form's start: the category's values, or 0 to 0 in the kind's first unit and name. */
export function categoryFormValues<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
  category: Row | null,
): CategoryFormValues {
  const range = category && kind.range(category);
  return {
    minimum: String(range?.min ?? 0),
    maximum: String(range?.max ?? 0),
    unit: range?.unit ?? kind.start.unit,
    category: category ? (category.category_name ?? '') : kind.start.name,
    description: category?.description ?? '',
  };
}

/**
 * Names a category in buttons and the delete confirm: '0 - 17 Years (Pediatric)' by its range,
 * 'Normal (50.1 - 80 Kg)' by its name.
 */
export function describeCategory<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
  category: Row,
): string {
  const { min, max, unit } = kind.range(category);
  const range = `${min} - ${max} ${capitalize(unit)}`;
  const name = category.category_name;
  if (!name) return range;
  return kind.describedBy === 'range' ? `${range} (${name})` : `${name} (${range})`;
}

export function categoryFields<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
): CrudField<CategoryFormValues>[] {
  const words = categoryWords(kind.measure);
  const names = kind.names.map((name) => ({ value: name, label: name }));
  const number = { kind: 'number', required: true, half: true, step: kind.step } as const;
  return [
    { ...number, name: 'minimum', label: words.minimum, autoFocus: true },
    { ...number, name: 'maximum', label: words.maximum },
    {
      kind: 'select',
      name: 'unit',
      label: words.unitField,
      required: true,
      half: true,
      options: capitalizedOptions(kind.units),
    },
    {
      kind: 'select',
      name: 'category',
      label: 'Category',
      required: !kind.nameOptional,
      half: true,
      options: kind.nameOptional ? [{ value: '', label: 'None' }, ...names] : names,
    },
    { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
  ];
}

/** Contract field names to form field names, for the server's field errors. */
export function categoryServerFields(measure: string) {
  return {
    [`minimum_${measure}`]: 'minimum',
    [`maximum_${measure}`]: 'maximum',
    unit: 'unit',
    category: 'category',
    description: 'description',
  } as const;
}
