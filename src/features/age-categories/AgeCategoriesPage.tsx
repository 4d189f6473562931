import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateAgeCategoryMutation,
  useDeleteAgeCategoryMutation,
  useListAgeCategoriesQuery,
  useUpdateAgeCategoryMutation,
  type AgeCategory,
  type AgeCategorySort,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { useRowHistory } from '@/features/history';
import { capitalize } from '@/components/crud/format';
import { serverMessage } from '@/lib/useMutationFeedback';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition } from '@/components/resource/resource';
import {
  ageCategoryFields,
  ageCategoryFormValues,
  ageCategoryPayload,
  ageCategoryServerFields,
  ageCategoryValidation,
  describeAgeCategory,
} from './ageCategoryForm';
import type { AgeCategoryFormOutput, AgeCategoryFormValues } from './ageCategorySchema';

const columns: GridColDef<AgeCategory>[] = [
  {
    field: 'age_range',
    headerName: 'Age Range',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => `${row.min_age} - ${row.max_age}`,
  },
  {
    field: 'age_unit',
    headerName: 'Age Unit',
    flex: 1,
    minWidth: 120,
    valueGetter: (value: AgeCategory['age_unit']) => capitalize(value),
  },
  {
    field: 'category_name',
    headerName: 'Category',
    flex: 1,
    minWidth: 140,
    valueFormatter: (value: AgeCategory['category_name']) => value ?? '-',
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
 * Age ranges with their unit and category; add and edit in a dialog (new: 0 to 0 Years), delete
 * after a confirm. Success toasts are the server's messages.
 */
export const ageCategoryResource: ResourceDefinition<
  AgeCategory,
  AgeCategoryFormValues,
  AgeCategoryFormOutput
> = {
  texts: {
    title: 'Age Categories',
    addLabel: 'Add Age Category',
    addTitle: 'Add Age Category',
    editTitle: 'Edit Age Category',
    deleteTitle: 'Delete Age Category',
    deleteMessage: 'Are you sure you want to delete this age category?',
    emptyText: 'No age categories found. Add a new age category to get started.',
    searchLabel: 'Search age categories',
    exportFileName: 'age-categories',
  },
  listPath: '/age-category',
  columns,
  // The range sorts by its minimum.
  sortFields: {
    age_range: 'min_age',
    age_unit: 'age_unit',
    category_name: 'category_name',
    description: 'description',
  },
  hiddenColumns: ['description'],
  describe: describeAgeCategory,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as AgeCategorySort };
    const list = useListAgeCategoriesQuery(arg);
    useAbortSuperseded('listAgeCategories', arg);
    const [create] = useCreateAgeCategoryMutation();
    const [update] = useUpdateAgeCategoryMutation();
    const [remove] = useDeleteAgeCategoryMutation();
    return {
      list: listState(list),
      create: (values) => create({ ageCategoryCreate: ageCategoryPayload(values) }),
      update: (row, values) =>
        update({ ageCategoryUpdate: { id: row.id, ...ageCategoryPayload(values) } }),
      remove: (row) => remove({ id: row.id, reasonBody: {} }),
    };
  },
  feedback: {
    create: { success: serverMessage('Age category created successfully') },
    update: { success: serverMessage('Age category updated successfully') },
    remove: { success: serverMessage('Age category deleted successfully') },
  },
  form: {
    validation: ageCategoryValidation,
    values: ageCategoryFormValues,
    fields: () => ageCategoryFields,
    serverFields: ageCategoryServerFields,
  },
  remove: {},
};

/** /dashboard/drugs/age-categories */
export function AgeCategoriesPage() {
  const history = useRowHistory('age_category', describeAgeCategory);
  return <ResourcePage resource={ageCategoryResource} history={history} />;
}
