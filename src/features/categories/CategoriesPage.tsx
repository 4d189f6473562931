import type { GridColDef } from '@mui/x-data-grid';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { serverMessage } from '@/lib/useMutationFeedback';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition } from '@/components/resource/resource';
import {
  ageKind,
  renalKind,
  unitText,
  weightKind,
  type CategoryAges,
  type CategoryFormOutput,
  type CategoryKind,
  type CategoryListArg,
  type CategoryRow,
  type CategoryWrite,
} from './categoryKinds';
import {
  agesText,
  categoryFields,
  categoryFormValues,
  categoryServerFields,
  categoryValidation,
  describeCategory,
} from './categoryForm';
import type { CategoryFormValues } from './categorySchema';
import { AGE_WORDS, categoryWords } from './categoryWords';

/** A kind's screen, as ResourcePage renders it. */
export type CategoryResource<
  Row extends CategoryRow,
  Write extends CategoryWrite,
> = ResourceDefinition<Row, CategoryFormValues, CategoryFormOutput<Write>>;

/**
 * A kind's categories: its range ('min - max'), unit (capitalised), category name (or '-'), the
 * patient ages (for a kind with ages) and description; add and edit in a dialog (new: 0 to 0 in
 * the kind's first unit and name), delete after a confirm. Success toasts are the server's
 * messages.
 */
export function categoryResource<
  Row extends CategoryRow,
  Write extends CategoryWrite,
  Sort,
  CreateArg,
  UpdateArg,
>(kind: CategoryKind<Row, Write, Sort, CreateArg, UpdateArg>): CategoryResource<Row, Write> {
  const words = categoryWords(kind);
  const { measure, hooks, ages } = kind;
  const describe = (row: Row) => describeCategory(kind, row);
  const fields = categoryFields(kind);
  const columns: GridColDef<Row>[] = [
    {
      field: `${measure}_range`,
      headerName: words.range,
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => `${kind.range(row).min} - ${kind.range(row).max}`,
    },
    {
      field: `${measure}_unit`,
      headerName: words.unitColumn,
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => unitText(kind, kind.range(row).unit),
    },
    {
      field: 'category_name',
      headerName: 'Category',
      flex: 1,
      minWidth: 140,
      valueFormatter: (value: string | null) => value ?? '-',
    },
    // Ages have no sort field in the contract: not in sortFields, so not sortable.
    ...(ages ? [agesColumn(ages)] : []),
    {
      field: 'description',
      headerName: 'Description',
      flex: 2,
      minWidth: 200,
      valueFormatter: (value: string | null) => value || '-',
    },
  ];
  return {
    texts: {
      title: words.title,
      addLabel: `Add ${words.singular}`,
      addTitle: `Add ${words.singular}`,
      editTitle: `Edit ${words.singular}`,
      deleteTitle: `Delete ${words.singular}`,
      deleteMessage: kind.deleteMessage,
      emptyText: `No ${words.many} found. Add a new ${words.one} to get started.`,
      searchLabel: `Search ${words.many}`,
      exportFileName: words.fileName,
    },
    listPath: kind.listPath,
    imports: [importLink(kind.importEntity)],
    columns,
    // The range sorts by its minimum.
    sortFields: {
      [`${measure}_range`]: `min_${measure}`,
      [`${measure}_unit`]: `${measure}_unit`,
      category_name: 'category_name',
      description: 'description',
    },
    hiddenColumns: kind.descriptionHidden ? ['description'] : undefined,
    describe,
    useApi: (query) => {
      // `sort` is one of sortFields' values: the kind's contract sort fields.
      const arg = { ...query, sort: query.sort as Sort };
      const list = hooks.useList(arg);
      // `hooks.list` names the endpoint behind `hooks.useList`, so `arg` is its argument: the
      // table pairs them, which TypeScript cannot follow through a kind's type parameters.
      useAbortSuperseded(hooks.list, arg as CategoryListArg);
      const [create] = hooks.useCreate();
      const [update] = hooks.useUpdate();
      const [remove] = hooks.useRemove();
      return {
        list: listState(list),
        create: (values) => create(hooks.createArg(kind.write(values))),
        update: (row, values) => update(hooks.updateArg(row.id, kind.write(values))),
        remove: (row) => remove({ id: row.id, reasonBody: {} }),
      };
    },
    feedback: {
      create: { success: serverMessage(`${words.subject} created successfully`) },
      update: { success: serverMessage(`${words.subject} updated successfully`) },
      remove: { success: serverMessage(`${words.subject} deleted successfully`) },
    },
    form: {
      validation: categoryValidation(kind),
      values: (row) => categoryFormValues(kind, row),
      fields: () => fields,
      serverFields: categoryServerFields(kind),
    },
    remove: {},
  };
}

/** 'Ages': the patient ages a kind's category is meant for, '18 years and over'. */
function agesColumn<Row extends CategoryRow>(ages: (row: Row) => CategoryAges): GridColDef<Row> {
  return {
    field: 'ages',
    headerName: AGE_WORDS.column,
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => agesText(ages(row)),
  };
}

export const ageCategoryResource = categoryResource(ageKind);
export const weightCategoryResource = categoryResource(weightKind);
export const renalCategoryResource = categoryResource(renalKind);

/** A kind's screen with its History dialog. */
function CategoriesPage<Row extends CategoryRow, Write extends CategoryWrite>({
  resource,
  entity,
}: {
  resource: CategoryResource<Row, Write>;
  entity: Parameters<typeof useRowHistory>[0];
}) {
  const history = useRowHistory(entity, resource.describe);
  return <ResourcePage resource={resource} history={history} />;
}

/** /dashboard/drugs/age-categories */
export function AgeCategoriesPage() {
  return <CategoriesPage resource={ageCategoryResource} entity={ageKind.entity} />;
}

/** /dashboard/drugs/weight-categories */
export function WeightCategoriesPage() {
  return <CategoriesPage resource={weightCategoryResource} entity={weightKind.entity} />;
}

/** /dashboard/drugs/renal-categories */
export function RenalCategoriesPage() {
  return <CategoriesPage resource={renalCategoryResource} entity={renalKind.entity} />;
}
