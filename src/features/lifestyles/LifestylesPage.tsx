import { useEffect, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateLifestyleMutation,
  useDeleteLifestyleMutation,
  useListLifestylesQuery,
  useUpdateLifestyleMutation,
  type Lifestyle,
} from '@/api';
import { UNKNOWN_ERROR_MESSAGE } from '@/lib/errors';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import { lifestyleFields, lifestyleFormValues, lifestyleValidation } from './lifestyleForm';

const lifestyleColumns: GridColDef<Lifestyle>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
];

/** The record's name, in its buttons' names and its history's title. */
const nameOf = (row: Lifestyle) => row.name;

/**
 * /dashboard/drugs/lifestyles (Lifestyle Management): search by name, add and edit in a dialog
 * (which closes, then the list refreshes), delete after a confirm. A delete the server refuses (409,
 * still used by lifestyle contraindications) shows its message.
 */
export function LifestylesPage() {
  // A failed load shows the banner and the app's error toast (its message, else 'An unknown error occurred').
  const { data, isFetching, error } = useListLifestylesQuery();
  const [createLifestyle] = useCreateLifestyleMutation();
  const [updateLifestyle] = useUpdateLifestyleMutation();
  const [deleteLifestyle] = useDeleteLifestyleMutation();
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<Lifestyle>();
  useEffect(() => lifestyleValidation.preload(), []);
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<Lifestyle>('lifestyle', nameOf);

  const columns = useMemo(
    () => [
      ...lifestyleColumns,
      ...editDeleteColumns<Lifestyle>({
        onEdit: openEdit,
        onDelete: askDelete,
        onHistory: history.open,
        canWrite,
        describe: nameOf,
        layout: 'separate',
      }),
    ],
    [openEdit, askDelete, canWrite, history.open],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;

  return (
    <CrudPage
      title="Lifestyle Management"
      subtitle="Add, edit, and manage lifestyles in the system"
      addLabel="Add Lifestyle"
      onAdd={dialogs.openAdd}
      rows={data?.data}
      columns={columns}
      loading={isFetching}
      error={error}
      gridLabel="Lifestyles"
      emptyText="No lifestyles found. Add a new lifestyle to get started."
      searchLabel="Search lifestyles by name"
      exportFileName="lifestyles"
      initialSort={[{ field: 'name', sort: 'asc' }]}
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? 'Edit Lifestyle' : 'Add Lifestyle'}
          resolver={lifestyleValidation.resolver}
          defaultValues={lifestyleFormValues(editing)}
          fields={lifestyleFields}
          serverFields={{ name: 'name' }}
          onSubmit={({ name }) =>
            editing
              ? run(updateLifestyle({ lifestyleUpdate: { id: editing.id, name } }), {
                  success: 'Lifestyle updated successfully',
                  failure: 'Failed to update lifestyle',
                })
              : run(createLifestyle({ lifestyleCreate: { name } }), {
                  success: 'Lifestyle added successfully',
                  failure: UNKNOWN_ERROR_MESSAGE,
                })
          }
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <ConfirmDialog
          open={dialogs.deleting.open}
          title="Delete Lifestyle"
          message="Are you sure you want to delete this lifestyle? This action cannot be undone."
          details={deleting.name}
          onConfirm={() =>
            run(deleteLifestyle({ idBody: { id: deleting.id } }), {
              success: 'Lifestyle deleted successfully',
              failure: 'Failed to delete lifestyle',
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
