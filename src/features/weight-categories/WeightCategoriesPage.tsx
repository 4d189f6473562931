import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateWeightCategoryMutation,
  useDeleteWeightCategoryMutation,
  useListWeightCategoriesQuery,
  useUpdateWeightCategoryMutation,
  type WeightCategory,
  type WeightCategorySort,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { useRowHistory } from '@/features/history';
import { capitalize } from '@/components/crud/format';
import { serverMessage } from '@/lib/useMutationFeedback';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition } from '@/components/resource/resource';
import {
  weightCategoryFields,
  weightCategoryFormValues,
  weightCategoryPayload,
  weightCategoryServerFields,
  weightCategoryValidation,
  describeWeightCategory,
} from './weightCategoryForm';
import type { WeightCategoryFormOutput, WeightCategoryFormValues } from './weightCategorySchema';

const columns: GridColDef<WeightCategory>[] = [
  {
    field: 'weight_range',
    headerName: 'Weight Range',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => `${row.min_weight} - ${row.max_weight}`,
  },
  {
    field: 'weight_unit',
    headerName: 'Weight Unit',
    flex: 1,
    minWidth: 120,
    valueGetter: (value: WeightCategory['weight_unit']) => capitalize(value),
  },
  {
    field: 'category_name',
    headerName: 'Category',
    flex: 1,
    minWidth: 140,
    valueFormatter: (value: WeightCategory['category_name']) => value ?? '-',
  },
  {
    field: 'description',
    headerName: 'Description',
    flex: 2,
    minWidth: 200,
    valueFormatter: (value: string | null) => value || '-',
  },
];

/**
 * Weight ranges with their unit, category and description; add and edit in a dialog (new: 0 to 0 Kg, Normal), delete
 * after a confirm. Success toasts are the server's messages.
 */
export const weightCategoryResource: ResourceDefinition<
  WeightCategory,
  WeightCategoryFormValues,
  WeightCategoryFormOutput
> = {
  texts: {
    title: 'Weight Categories',
    addLabel: 'Add Weight Category',
    addTitle: 'Add Weight Category',
    editTitle: 'Edit Weight Category',
    deleteTitle: 'Delete Weight Category',
    deleteMessage: 'Are you sure you want to delete this weight category?',
    emptyText: 'No weight categories found. Add a new weight category to get started.',
    searchLabel: 'Search weight categories',
    exportFileName: 'weight-categories',
  },
  listPath: '/weight-category',
  columns,
  // The range sorts by its minimum.
  sortFields: {
    weight_range: 'min_weight',
    weight_unit: 'weight_unit',
    category_name: 'category_name',
    description: 'description',
  },
  describe: describeWeightCategory,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as WeightCategorySort };
    const list = useListWeightCategoriesQuery(arg);
    useAbortSuperseded('listWeightCategories', arg);
    const [create] = useCreateWeightCategoryMutation();
    const [update] = useUpdateWeightCategoryMutation();
    const [remove] = useDeleteWeightCategoryMutation();
    return {
      list: listState(list),
      create: (values) => create({ weightCategoryCreate: weightCategoryPayload(values) }),
      update: (row, values) =>
        update({ weightCategoryUpdate: { id: row.id, ...weightCategoryPayload(values) } }),
      remove: (row) => remove({ id: row.id, reasonBody: {} }),
    };
  },
  feedback: {
    create: { success: serverMessage('Weight category created successfully') },
    update: { success: serverMessage('Weight category updated successfully') },
    remove: { success: serverMessage('Weight category deleted successfully') },
  },
  form: {
    validation: weightCategoryValidation,
    values: weightCategoryFormValues,
    fields: () => weightCategoryFields,
    serverFields: weightCategoryServerFields,
  },
  remove: {},
};

/** /dashboard/drugs/weight-categories */
export function WeightCategoriesPage() {
  const history = useRowHistory('weight_category', describeWeightCategory);
  return <ResourcePage resource={weightCategoryResource} history={history} />;
}
