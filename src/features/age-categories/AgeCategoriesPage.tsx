import { useEffect, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateAgeCategoryMutation,
  useDeleteAgeCategoryMutation,
  useListAgeCategoriesQuery,
  useUpdateAgeCategoryMutation,
  type AgeCategory,
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
  ageCategoryFields,
  ageCategoryFormValues,
  ageCategoryPayload,
  ageCategoryValidation,
  ageCategoryServerFields,
  describeAgeCategory,
} from './ageCategoryForm';

/** Sorts 'min - max' texts by their minimum. */
const byMinimum = (a: string, b: string) => parseFloat(a) - parseFloat(b) || a.localeCompare(b);

const ageCategoryColumns: GridColDef<AgeCategory>[] = [
  {
    field: 'age_range',
    headerName: 'Age Range',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => `${row.min_age} - ${row.max_age}`,
    sortComparator: byMinimum,
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
 * /dashboard/drugs/age-categories: age ranges with their unit and category; add and edit in a dialog
 * (new: 0 to 0 Years), delete after a confirm. Success toasts are the server's messages.
 */
export function AgeCategoriesPage() {
  const { data, isFetching, error } = useListAgeCategoriesQuery();
  const [createAgeCategory] = useCreateAgeCategoryMutation();
  const [updateAgeCategory] = useUpdateAgeCategoryMutation();
  const [deleteAgeCategory] = useDeleteAgeCategoryMutation();
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<AgeCategory>();
  useEffect(() => ageCategoryValidation.preload(), []);
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<AgeCategory>('age_category', describeAgeCategory);

  const columns = useMemo(
    () => [
      ...ageCategoryColumns,
      ...editDeleteColumns<AgeCategory>({
        onEdit: openEdit,
        onDelete: askDelete,
        onHistory: history.open,
        canWrite,
        describe: describeAgeCategory,
      }),
    ],
    [openEdit, askDelete, canWrite, history.open],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;

  return (
    <CrudPage
      title="Age Categories"
      addLabel="Add Age Category"
      onAdd={dialogs.openAdd}
      rows={data?.data}
      columns={columns}
      loading={isFetching}
      error={error}
      emptyText="No age categories found. Add a new age category to get started."
      searchLabel="Search age categories"
      exportFileName="age-categories"
      hiddenColumns={['description']}
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? 'Edit Age Category' : 'Add Age Category'}
          resolver={ageCategoryValidation.resolver}
          defaultValues={ageCategoryFormValues(editing)}
          fields={ageCategoryFields}
          serverFields={ageCategoryServerFields}
          onSubmit={(values) =>
            editing
              ? run(
                  updateAgeCategory({
                    ageCategoryUpdate: { id: editing.id, ...ageCategoryPayload(values) },
                  }),
                  { success: serverMessage('Age category updated successfully') },
                )
              : run(createAgeCategory({ ageCategoryCreate: ageCategoryPayload(values) }), {
                  success: serverMessage('Age category created successfully'),
                })
          }
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <ConfirmDialog
          open={dialogs.deleting.open}
          title="Delete Age Category"
          message="Are you sure you want to delete this age category?"
          details={describeAgeCategory(deleting)}
          onConfirm={() =>
            run(deleteAgeCategory({ id: deleting.id, reasonBody: {} }), {
              success: serverMessage('Age category deleted successfully'),
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
