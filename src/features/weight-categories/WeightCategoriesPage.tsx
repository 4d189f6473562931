import { useEffect, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateWeightCategoryMutation,
  useDeleteWeightCategoryMutation,
  useListWeightCategoriesQuery,
  useUpdateWeightCategoryMutation,
  type WeightCategory,
} from '@/api';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { capitalize } from '@/components/crud/format';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import {
  describeWeightCategory,
  weightCategoryFields,
  weightCategoryFormValues,
  weightCategoryPayload,
  weightCategoryValidation,
  weightCategoryServerFields,
} from './weightCategoryForm';

/** Sorts 'min - max' texts by their minimum. */
const byMinimum = (a: string, b: string) => parseFloat(a) - parseFloat(b) || a.localeCompare(b);

const weightCategoryColumns: GridColDef<WeightCategory>[] = [
  {
    field: 'weight_range',
    headerName: 'Weight Range',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => `${row.min_weight} - ${row.max_weight}`,
    sortComparator: byMinimum,
  },
  {
    field: 'weight_unit',
    headerName: 'Weight Unit',
    flex: 1,
    minWidth: 120,
    valueGetter: (value: WeightCategory['weight_unit']) => capitalize(value),
  },
  { field: 'category_name', headerName: 'Category', flex: 1, minWidth: 140 },
  {
    field: 'description',
    headerName: 'Description',
    flex: 2,
    minWidth: 200,
    valueFormatter: (value: string | null) => value || '-',
  },
];

/**
 * /dashboard/drugs/weight-categories: weight ranges with their unit, category and description; add
 * and edit in a dialog (new: 0 to 0 Kg, Normal), delete after a confirm. Success toasts are the
 * server's messages.
 */
export function WeightCategoriesPage() {
  const { data, isFetching, error } = useListWeightCategoriesQuery();
  const [createWeightCategory] = useCreateWeightCategoryMutation();
  const [updateWeightCategory] = useUpdateWeightCategoryMutation();
  const [deleteWeightCategory] = useDeleteWeightCategoryMutation();
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<WeightCategory>();
  useEffect(() => weightCategoryValidation.preload(), []);
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<WeightCategory>('weight_category', describeWeightCategory);

  const columns = useMemo(
    () => [
      ...weightCategoryColumns,
      ...editDeleteColumns<WeightCategory>({
        onEdit: openEdit,
        onDelete: askDelete,
        onHistory: history.open,
        canWrite,
        describe: describeWeightCategory,
      }),
    ],
    [openEdit, askDelete, canWrite, history.open],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;

  return (
    <CrudPage
      title="Weight Categories"
      addLabel="Add Weight Category"
      onAdd={dialogs.openAdd}
      rows={data?.data}
      columns={columns}
      loading={isFetching}
      error={error}
      emptyText="No weight categories found. Add a new weight category to get started."
      searchLabel="Search weight categories"
      exportFileName="weight-categories"
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? 'Edit Weight Category' : 'Add Weight Category'}
          resolver={weightCategoryValidation.resolver}
          defaultValues={weightCategoryFormValues(editing)}
          fields={weightCategoryFields}
          serverFields={weightCategoryServerFields}
          onSubmit={(values) =>
            editing
              ? run(
                  updateWeightCategory({
                    weightCategoryUpdate: { id: editing.id, ...weightCategoryPayload(values) },
                  }),
                  { success: serverMessage('Weight category updated successfully') },
                )
              : run(createWeightCategory({ weightCategoryCreate: weightCategoryPayload(values) }), {
                  success: serverMessage('Weight category created successfully'),
                })
          }
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <ConfirmDialog
          open={dialogs.deleting.open}
          title="Delete Weight Category"
          message="Are you sure you want to delete this weight category?"
          details={describeWeightCategory(deleting)}
          onConfirm={() =>
            run(deleteWeightCategory({ id: deleting.id, reasonBody: {} }), {
              success: serverMessage('Weight category deleted successfully'),
            })
          }
          onClose={dialogs.closeDelete}
          onExited={dialogs.deleteExited}
        />
      )}
      {history.dialog}
    </CrudPage>
  );
}
