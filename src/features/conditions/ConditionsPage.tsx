import { useEffect, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateConditionMutation,
  useDeleteConditionMutation,
  useListConditionsQuery,
  useUpdateConditionMutation,
  type Condition,
} from '@/api';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import {
  conditionFields,
  conditionFormValues,
  conditionPayload,
  conditionValidation,
} from './conditionForm';

const conditionColumns: GridColDef<Condition>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  {
    field: 'description',
    headerName: 'Description',
    flex: 2,
    minWidth: 200,
    valueFormatter: (value: string | null) => value || '-',
  },
];

/** The record's name, in its buttons' names and its history's title. */
const nameOf = (row: Condition) => row.name;

/**
 * /dashboard/drugs/conditions: the conditions with search, add and edit in a dialog, and delete
 * after a confirm. Success toasts are the server's messages; a delete the server refuses (409, still
 * used by medications) shows its message.
 */
export function ConditionsPage() {
  const { data, isFetching, error } = useListConditionsQuery();
  const [createCondition] = useCreateConditionMutation();
  const [updateCondition] = useUpdateConditionMutation();
  const [deleteCondition] = useDeleteConditionMutation();
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<Condition>();
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<Condition>('condition', nameOf);
  useEffect(() => conditionValidation.preload(), []);

  const columns = useMemo(
    () => [
      ...conditionColumns,
      ...editDeleteColumns<Condition>({
        onEdit: openEdit,
        onDelete: askDelete,
        onHistory: history.open,
        canWrite,
        describe: nameOf,
      }),
    ],
    [openEdit, askDelete, canWrite, history.open],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;

  return (
    <CrudPage
      title="Conditions"
      addLabel="Add Condition"
      onAdd={dialogs.openAdd}
      rows={data?.data}
      columns={columns}
      loading={isFetching}
      error={error}
      emptyText="No conditions found. Add a new condition to get started."
      searchLabel="Search conditions"
      exportFileName="conditions"
      initialSort={[{ field: 'name', sort: 'asc' }]}
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? 'Edit Condition' : 'Add Condition'}
          resolver={conditionValidation.resolver}
          defaultValues={conditionFormValues(editing)}
          fields={conditionFields}
          serverFields={{ name: 'name', description: 'description' }}
          onSubmit={(values) =>
            editing
              ? run(
                  updateCondition({
                    conditionUpdate: { id: editing.id, ...conditionPayload(values) },
                  }),
                  {
                    success: serverMessage('Condition updated successfully'),
                  },
                )
              : run(createCondition({ conditionCreate: conditionPayload(values) }), {
                  success: serverMessage('Condition created successfully'),
                })
          }
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <ConfirmDialog
          open={dialogs.deleting.open}
          title="Delete Condition"
          message="Are you sure you want to delete this condition?"
          details={deleting.name}
          onConfirm={() =>
            run(deleteCondition({ id: deleting.id, reasonBody: {} }), {
              success: serverMessage('Condition deleted successfully'),
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
