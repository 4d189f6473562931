import type {
  AgeCategory,
  IngredientLimit,
  IngredientLimitCreate,
  IngredientLimitUpdate,
  WeightCategory,
} from '@/api';
import { INGREDIENT_LIMIT_UNITS } from '@contract/enums';
import type { Path } from 'react-hook-form';
import type { CrudField, SelectOption } from '@/components/crud/CrudFields';
import { capitalizedOptions } from '@/components/crud/format';
import type {
  LimitAmountOutput,
  LimitAmountValues,
  LimitFormOutput,
  LimitFormValues,
} from './ingredientLimitSchema';

/** The units of a daily limit (mg/kg and mcg/kg per kilogram of body weight). */
const UNIT_OPTIONS = capitalizedOptions(INGREDIENT_LIMIT_UNITS);

const BASIS_OPTIONS: SelectOption[] = [
  { value: 'age', label: 'Age' },
  { value: 'weight', label: 'Weight' },
];

/**
 * "Adult (18–65 years)", or "(12–18 years)" for a category without a name: a category as the
 * server labels it in a limit.
 */
function categoryLabel(name: string | null, min: number, max: number, unit: string): string {
  const range = `(${min}–${max} ${unit})`;
  return name ? `${name} ${range}` : range;
}

export function ageCategoryOption(category: AgeCategory): SelectOption {
  const { id, category_name, min_age, max_age, age_unit } = category;
  return { value: String(id), label: categoryLabel(category_name, min_age, max_age, age_unit) };
}

export function weightCategoryOption(category: WeightCategory): SelectOption {
  const { id, category_name, min_weight, max_weight, weight_unit } = category;
  return {
    value: String(id),
    label: categoryLabel(category_name, min_weight, max_weight, weight_unit),
  };
}

/** A new limit: by age, the first category of each basis chosen, no amount yet, in mg. */
export function newLimitValues(
  ageCategories: readonly AgeCategory[],
  weightCategories: readonly WeightCategory[],
): LimitFormValues {
  return {
    basis: 'age',
    age_category_id: ageCategories[0] ? String(ageCategories[0].id) : '',
    weight_category_id: weightCategories[0] ? String(weightCategories[0].id) : '',
    max_daily_amount: '',
    unit: 'mg',
  };
}

/** What Add Limit sends: the category of the chosen basis, by id. */
export function limitCreateBody(
  ingredientId: number,
  values: LimitFormOutput,
): IngredientLimitCreate {
  const category = values.basis === 'age' ? values.age_category_id : values.weight_category_id;
  return {
    ingredient_id: ingredientId,
    basis: values.basis,
    category_id: Number(category),
    max_daily_amount: values.max_daily_amount,
    unit: values.unit,
  };
}

/** Edit Limit starts from the limit's amount and unit. */
export function limitAmountValues(limit: IngredientLimit): LimitAmountValues {
  return { max_daily_amount: String(limit.max_daily_amount), unit: limit.unit };
}

export function limitUpdateBody(
  limit: Pick<IngredientLimit, 'id'>,
  values: LimitAmountOutput,
): IngredientLimitUpdate {
  return { id: limit.id, max_daily_amount: values.max_daily_amount, unit: values.unit };
}

/** The most a day and its unit, as both limit forms have them. */
function amountFields<T extends LimitAmountValues>(): CrudField<T>[] {
  return [
    {
      kind: 'number',
      name: 'max_daily_amount' as Path<T>,
      label: 'Maximum per day',
      required: true,
      step: 0.1,
      half: true,
    },
    {
      kind: 'select',
      name: 'unit' as Path<T>,
      label: 'Unit',
      required: true,
      half: true,
      options: UNIT_OPTIONS,
    },
  ];
}

/**
 * Add Limit's fields: the basis, the category of that basis (the other basis's select hidden),
 * the most a day and its unit.
 */
export function limitFields(
  ageOptions: readonly SelectOption[],
  weightOptions: readonly SelectOption[],
): CrudField<LimitFormValues>[] {
  const none = (kind: string) => [{ value: '', label: `No ${kind} categories yet` }];
  return [
    {
      kind: 'select',
      name: 'basis',
      label: 'Basis',
      required: true,
      half: true,
      options: BASIS_OPTIONS,
    },
    {
      kind: 'select',
      name: 'age_category_id',
      label: 'Age Category',
      required: true,
      half: true,
      options: ageOptions.length ? ageOptions : none('age'),
      hidden: (values) => values.basis !== 'age',
    },
    {
      kind: 'select',
      name: 'weight_category_id',
      label: 'Weight Category',
      required: true,
      half: true,
      options: weightOptions.length ? weightOptions : none('weight'),
      hidden: (values) => values.basis !== 'weight',
    },
    ...amountFields<LimitFormValues>(),
  ];
}

/** Edit Limit's fields. */
export const limitAmountFields: CrudField<LimitAmountValues>[] = amountFields<LimitAmountValues>();
