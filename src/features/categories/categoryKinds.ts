import {
  useCreateAgeCategoryMutation,
  useCreateRenalCategoryMutation,
  useCreateWeightCategoryMutation,
  useDeleteAgeCategoryMutation,
  useDeleteRenalCategoryMutation,
  useDeleteWeightCategoryMutation,
  useListAgeCategoriesQuery,
  useListRenalCategoriesQuery,
  useListWeightCategoriesQuery,
  useUpdateAgeCategoryMutation,
  useUpdateRenalCategoryMutation,
  useUpdateWeightCategoryMutation,
  type AgeCategory,
  type AgeCategoryCreate,
  type AgeCategorySort,
  type AuditEntity,
  type ImportEntity,
  type CreateAgeCategoryApiArg,
  type CreateRenalCategoryApiArg,
  type ListAgeCategoriesApiArg,
  type ListRenalCategoriesApiArg,
  type ListWeightCategoriesApiArg,
  type CreateWeightCategoryApiArg,
  type RenalCategory,
  type RenalCategoryCreate,
  type RenalCategorySort,
  type RenalUnit,
  type UpdateAgeCategoryApiArg,
  type UpdateRenalCategoryApiArg,
  type UpdateWeightCategoryApiArg,
  type WeightCategory,
  type WeightCategoryCreate,
  type WeightCategorySort,
} from '@/api';
import { capitalize } from '@/components/crud/format';
import type { ListQuery, WriteAnswer } from '@/components/resource/resource';
import type { MutationRequest } from '@/lib/useMutationFeedback';
import {
  AGE_CATEGORY_NAMES,
  AGE_UNITS,
  RENAL_CATEGORY_NAMES,
  RENAL_UNITS,
  WEIGHT_CATEGORY_NAMES,
  WEIGHT_UNITS,
} from '@contract/enums';
import type { CategoryWording } from './categoryWords';

/** What every kind's row holds besides its range: the category's name and a description. */
export interface CategoryRow {
  id: number;
  category_name: string | null;
  description: string | null;
}

/**
 * What every kind's write shape holds besides its range (named `minimum_<measure>`, ...); a kind
 * with one unit may leave it out.
 */
export interface CategoryWrite {
  unit?: string;
  category?: string | null;
  description?: string | null;
}

/** A row's range as the screen shows it: '0 - 28' and its unit. */
export interface CategoryRange {
  min: number;
  max: number;
  unit: string;
}

/** The patient ages a category is meant for, in years; null: no bound on that side. */
export interface CategoryAges {
  min: number | null;
  max: number | null;
}

/** The write fields of a kind with ages (see `CategoryShape.ages`), as the contract names them. */
type AgeWriteField = 'minimum_age_years' | 'maximum_age_years';

/**
 * The form's output: the write shape but for the range's two numbers, which each kind names after
 * its measure (`minimum_age`); `write` adds them under those names. A kind with ages also has the
 * ages' two write fields.
 */
export type CategoryFormOutput<Write extends CategoryWrite> = Pick<
  Write,
  'unit' | 'category' | 'description' | Extract<keyof Write, AgeWriteField>
> & { minimum: number; maximum: number };

/** Any kind's list argument, for useAbortSuperseded (which takes any list endpoint's). */
export type CategoryListArg =
  ListAgeCategoriesApiArg | ListWeightCategoriesApiArg | ListRenalCategoriesApiArg;

/** A page of a kind's list, as its generated list hook takes it. */
type ListArg<Sort> = Omit<ListQuery, 'sort'> & { sort?: Sort };

/** A generated mutation trigger, as far as the screen uses it. */
type Trigger<Arg> = (arg: Arg) => MutationRequest<WriteAnswer>;

/** A kind's unit as the contract names it. */
type UnitOf<Write extends CategoryWrite> = NonNullable<Write['unit']>;

/**
 * One kind of category (age, weight, renal function) as its screen, form and checks read it: its
 * words, choices and defaults. They are the same for every kind and read what differs from here.
 * `Row` is the list's row, `Write` the create body.
 */
export interface CategoryShape<Row extends CategoryRow, Write extends CategoryWrite> {
  /**
   * The measure as the contract names its fields (`minimum_age`, `min_age`, `age_unit`) and, but
   * for a kind with `wording`, as the texts say it: 'age' makes 'Minimum age', 'Age Range'.
   */
  measure: string;
  /** The texts' words where the contract's will not do (the renal kind's 'eGFR'). */
  wording?: CategoryWording;
  /** The delete confirm's question, word for word as the console has always asked it. */
  deleteMessage: string;
  /** The history's entity. */
  entity: AuditEntity;
  /** The list's path in the API. */
  listPath: string;
  /** The import of the kind's categories (`POST /import?entity=...`). */
  importEntity: ImportEntity;
  /** The units to choose from; with only one, the form shows it and it cannot be changed. */
  units: readonly [UnitOf<Write>, ...UnitOf<Write>[]];
  /** A unit as the screen shows it; left out, capitalised ('Kg'). */
  unitLabel?: (unit: string) => string;
  names: readonly [NonNullable<Write['category']>, ...NonNullable<Write['category']>[]];
  /** A new category's unit and name ('' for none). */
  start: { unit: UnitOf<Write>; name: string };
  /** Whether a category may have no name ('None', sent as null). */
  nameOptional: boolean;
  /** The number inputs' step; left out, whole numbers. */
  step?: number;
  /** The largest bound the contract allows (eGFR: 200); left out, any amount. */
  largest?: number;
  /** How a row is named: by its range ('0 - 17 Years (Pediatric)') or by its name first. */
  describedBy: 'range' | 'name';
  /** Whether the description column starts hidden. */
  descriptionHidden: boolean;
  /** The row's range under the kind's field names. */
  range: (row: Row) => CategoryRange;
  /**
   * The patient ages a row is meant for, where the kind's categories have them (weight bands: an
   * adult's fixed dose must not reach a child of the same weight). Such a kind's form edits them
   * (sent as `minimum_age_years`, `maximum_age_years`) and its list shows them; left out, neither.
   */
  ages?: (row: Row) => CategoryAges;
  /** The create body: the form's output with the range under the kind's names. */
  write: (output: CategoryFormOutput<Write>) => Write;
}

/**
 * A kind with its generated hooks: `Sort` is the contract's sort field, `CreateArg` and
 * `UpdateArg` what the create and update triggers take.
 */
export interface CategoryKind<
  Row extends CategoryRow,
  Write extends CategoryWrite,
  Sort,
  CreateArg,
  UpdateArg,
> extends CategoryShape<Row, Write> {
  /** The generated hooks and the arguments their triggers take. */
  hooks: {
    /** The list endpoint's name, for useAbortSuperseded. */
    list: 'listAgeCategories' | 'listWeightCategories' | 'listRenalCategories';
    useList: (arg: ListArg<Sort>) => {
      data?: { data: Row[]; meta?: { total: number } };
      isFetching: boolean;
      error?: unknown;
    };
    useCreate: () => readonly [Trigger<CreateArg>, ...unknown[]];
    useUpdate: () => readonly [Trigger<UpdateArg>, ...unknown[]];
    useRemove: () => readonly [Trigger<{ id: number; reasonBody: object }>, ...unknown[]];
    createArg: (body: Write) => CreateArg;
    updateArg: (id: number, body: Write) => UpdateArg;
  };
}

/** Checks a kind against CategoryKind while keeping its own types. */
function kind<Row extends CategoryRow, Write extends CategoryWrite, Sort, CreateArg, UpdateArg>(
  definition: CategoryKind<Row, Write, Sort, CreateArg, UpdateArg>,
) {
  return definition;
}

export const ageKind = kind<
  AgeCategory,
  AgeCategoryCreate,
  AgeCategorySort,
  CreateAgeCategoryApiArg,
  UpdateAgeCategoryApiArg
>({
  measure: 'age',
  deleteMessage: 'Are you sure you want to delete this age category?',
  entity: 'age_category',
  listPath: '/age-category',
  importEntity: 'age-categories',
  units: AGE_UNITS,
  names: AGE_CATEGORY_NAMES,
  start: { unit: 'years', name: '' },
  nameOptional: true,
  describedBy: 'range',
  descriptionHidden: true,
  range: (row) => ({ min: row.min_age, max: row.max_age, unit: row.age_unit }),
  write: ({ minimum, maximum, ...rest }) => ({
    minimum_age: minimum,
    maximum_age: maximum,
    ...rest,
  }),
  hooks: {
    list: 'listAgeCategories',
    useList: useListAgeCategoriesQuery,
    useCreate: useCreateAgeCategoryMutation,
    useUpdate: useUpdateAgeCategoryMutation,
    useRemove: useDeleteAgeCategoryMutation,
    createArg: (body) => ({ ageCategoryCreate: body }),
    updateArg: (id, body) => ({ ageCategoryUpdate: { id, ...body } }),
  },
});

export const weightKind = kind<
  WeightCategory,
  WeightCategoryCreate,
  WeightCategorySort,
  CreateWeightCategoryApiArg,
  UpdateWeightCategoryApiArg
>({
  measure: 'weight',
  deleteMessage: 'Are you sure you want to delete this weight category?',
  entity: 'weight_category',
  listPath: '/weight-category',
  importEntity: 'weight-categories',
  units: WEIGHT_UNITS,
  names: WEIGHT_CATEGORY_NAMES,
  start: { unit: 'kg', name: 'Normal' },
  nameOptional: false,
  step: 0.1,
  describedBy: 'name',
  descriptionHidden: false,
  range: (row) => ({ min: row.min_weight, max: row.max_weight, unit: row.weight_unit }),
  ages: (row) => ({ min: row.min_age_years, max: row.max_age_years }),
  write: ({ minimum, maximum, ...rest }) => ({
    minimum_weight: minimum,
    maximum_weight: maximum,
    ...rest,
  }),
  hooks: {
    list: 'listWeightCategories',
    useList: useListWeightCategoriesQuery,
    useCreate: useCreateWeightCategoryMutation,
    useUpdate: useUpdateWeightCategoryMutation,
    useRemove: useDeleteWeightCategoryMutation,
    createArg: (body) => ({ weightCategoryCreate: body }),
    updateArg: (id, body) => ({ weightCategoryUpdate: { id, ...body } }),
  },
});

/** The eGFR unit as the screens write it. */
export const EGFR_UNIT_TEXT = 'mL/min/1.73 m²';

const RENAL_UNIT_LABELS: Record<RenalUnit, string> = { 'mL/min/1.73m2': EGFR_UNIT_TEXT };

const isRenalUnit = (unit: string): unit is RenalUnit => unit in RENAL_UNIT_LABELS;

/** The label of a unit, as a kind shows it (capitalised unless the kind says otherwise). */
export function unitText<Row extends CategoryRow, Write extends CategoryWrite>(
  kind: Pick<CategoryShape<Row, Write>, 'unitLabel'>,
  unit: string,
): string {
  return kind.unitLabel ? kind.unitLabel(unit) : capitalize(unit);
}

/**
 * Kidney function bands by eGFR (0 to 200 mL/min/1.73 m²), named G1 to G5 as the KDIGO stages.
 * The contract has one unit and fills it in when left out, so the form shows it and sends none.
 */
export const renalKind = kind<
  RenalCategory,
  RenalCategoryCreate,
  RenalCategorySort,
  CreateRenalCategoryApiArg,
  UpdateRenalCategoryApiArg
>({
  measure: 'egfr',
  wording: { kind: 'renal', measure: 'eGFR', subject: 'Renal function category' },
  deleteMessage: 'Are you sure you want to delete this renal category?',
  entity: 'renal_category',
  listPath: '/renal-category',
  importEntity: 'renal-categories',
  units: RENAL_UNITS,
  unitLabel: (unit) => (isRenalUnit(unit) ? RENAL_UNIT_LABELS[unit] : unit),
  names: RENAL_CATEGORY_NAMES,
  start: { unit: 'mL/min/1.73m2', name: 'G1' },
  nameOptional: true,
  largest: 200,
  describedBy: 'name',
  descriptionHidden: false,
  range: (row) => ({ min: row.min_egfr, max: row.max_egfr, unit: row.egfr_unit }),
  write: ({ minimum, maximum, unit: _unit, ...rest }) => ({
    minimum_egfr: minimum,
    maximum_egfr: maximum,
    ...rest,
  }),
  hooks: {
    list: 'listRenalCategories',
    useList: useListRenalCategoriesQuery,
    useCreate: useCreateRenalCategoryMutation,
    useUpdate: useUpdateRenalCategoryMutation,
    useRemove: useDeleteRenalCategoryMutation,
    createArg: (body) => ({ renalCategoryCreate: body }),
    updateArg: (id, body) => ({ renalCategoryUpdate: { id, ...body } }),
  },
});

/** The kinds by name, as the routes and tests name them. */
export const CATEGORY_KINDS = { age: ageKind, weight: weightKind, renal: renalKind } as const;
export type CategoryKindName = keyof typeof CATEGORY_KINDS;
