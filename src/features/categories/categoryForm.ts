import type { CrudField } from '@/components/crud/CrudFields';
import type { RenalCategory } from '@/api';
import { lazyResolver } from '@/lib/lazyResolver';
import {
  renalKind,
  unitText,
  type CategoryAges,
  type CategoryFormOutput,
  type CategoryRow,
  type CategoryShape,
  type CategoryWrite,
} from './categoryKinds';
import type { CategoryFormValues } from './categorySchema';
import { AGE_WORDS, categoryWords } from './categoryWords';

/** The form's validation (categorySchema.ts), loaded after the list shows. */
export function categoryValidation<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
) {
  return lazyResolver<CategoryFormValues, CategoryFormOutput<Write>>(() =>
    import('./categorySchema').then((module) => module.categoryResolver(kind)),
  );
}

/**
 * The form's start: the category's values, or 0 to 0 in the kind's first unit and name; ages
 * empty (no bound) where the category has none, and for a new one.
 */
export function categoryFormValues<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
  category: Row | null,
): CategoryFormValues {
  const range = category && kind.range(category);
  const ages = category && kind.ages?.(category);
  return {
    minimum: String(range?.min ?? 0),
    maximum: String(range?.max ?? 0),
    unit: range?.unit ?? kind.start.unit,
    category: category ? (category.category_name ?? '') : kind.start.name,
    description: category?.description ?? '',
    minimum_age_years: String(ages?.min ?? ''),
    maximum_age_years: String(ages?.max ?? ''),
  };
}

/** '18 years and over', '12 to 18 years', 'up to 12 years', or 'Any age' (0 is no lower bound). */
export function agesText({ min, max }: CategoryAges): string {
  const years = (value: number) => `${value} ${value === 1 ? 'year' : 'years'}`;
  const from = min === null || min === 0 ? null : min;
  if (max === null) return from === null ? AGE_WORDS.any : `${years(from)} and over`;
  return from === null ? `up to ${years(max)}` : `${from} to ${years(max)}`;
}

/**
 * Names a category in buttons and the delete confirm: '0 - 17 Years (Pediatric)' by its range,
 * 'Normal (50.1 - 80 Kg)' or 'G4 (15 - 30 mL/min/1.73 m²)' by its name.
 */
export function describeCategory<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
  category: Row,
): string {
  const { min, max, unit } = kind.range(category);
  const range = `${min} - ${max} ${unitText(kind, unit)}`;
  const name = category.category_name;
  if (!name) return range;
  return kind.describedBy === 'range' ? `${range} (${name})` : `${name} (${range})`;
}

/** A renal function category as other screens name it: 'G4 (15 - 30 mL/min/1.73 m²)'. */
export function renalCategoryLabel(category: RenalCategory): string {
  return describeCategory(renalKind, category);
}

export function categoryFields<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
): CrudField<CategoryFormValues>[] {
  const words = categoryWords(kind);
  const names = kind.names.map((name) => ({ value: name, label: name }));
  // A kind with one unit shows it, fixed.
  const fixedUnit = kind.units.length === 1;
  const number = { kind: 'number', required: true, half: true, step: kind.step } as const;
  return [
    { ...number, name: 'minimum', label: words.minimum, autoFocus: true },
    { ...number, name: 'maximum', label: words.maximum },
    {
      kind: 'select',
      name: 'unit',
      label: words.unitField,
      required: !fixedUnit,
      disabled: fixedUnit,
      half: true,
      options: kind.units.map((unit) => ({ value: unit, label: unitText(kind, unit) })),
    },
    {
      kind: 'select',
      name: 'category',
      label: 'Category',
      required: !kind.nameOptional,
      half: true,
      options: kind.nameOptional ? [{ value: '', label: 'None' }, ...names] : names,
    },
    ...(kind.ages ? AGE_FIELDS : []),
    { kind: 'textarea', name: 'description', label: 'Description', maxLength: 2000 },
  ];
}

/** A kind with ages: its two optional ages in years, empty for no bound. */
const AGE_FIELDS: CrudField<CategoryFormValues>[] = [
  {
    kind: 'number',
    name: 'minimum_age_years',
    label: AGE_WORDS.minimumField,
    half: true,
    helperText: 'Empty: no minimum',
  },
  {
    kind: 'number',
    name: 'maximum_age_years',
    label: AGE_WORDS.maximumField,
    half: true,
    helperText: 'Empty: no maximum',
  },
];

/** Contract field names to form field names, for the server's field errors. */
export function categoryServerFields<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: CategoryShape<Row, Write>,
): Readonly<Record<string, keyof CategoryFormValues>> {
  const { measure } = kind;
  return {
    [`minimum_${measure}`]: 'minimum',
    [`maximum_${measure}`]: 'maximum',
    unit: 'unit',
    category: 'category',
    description: 'description',
    ...(kind.ages && {
      minimum_age_years: 'minimum_age_years',
      maximum_age_years: 'maximum_age_years',
    }),
  };
}
