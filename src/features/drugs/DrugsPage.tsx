import { useEffect, useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateDrugMutation,
  useDeleteDrugMutation,
  useListDrugsQuery,
  useUpdateDrugMutation,
  type Drug,
} from '@/api';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import { drugFields, drugFormValues, drugPayload, drugValidation } from './drugForm';

/** Name, Category, Manufacturer, Dosage (spec section 2), then Actions. */
const drugColumns: GridColDef<Drug>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'category', headerName: 'Category', flex: 1, minWidth: 140 },
  { field: 'manufacturer', headerName: 'Manufacturer', flex: 1, minWidth: 140 },
  { field: 'dosage', headerName: 'Dosage', flex: 1, minWidth: 120 },
  // Not shown by default (the column chooser has them), but searched and exported.
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 200 },
  {
    field: 'side_effects',
    headerName: 'Side Effects',
    flex: 1,
    minWidth: 160,
    valueGetter: (value: string[]) => value.join(', '),
  },
  {
    field: 'contraindications',
    headerName: 'Contraindications',
    flex: 1,
    minWidth: 160,
    valueGetter: (value: string[]) => value.join(', '),
  },
];
const HIDDEN = ['description', 'side_effects', 'contraindications'];
const SERVER_FIELDS = {
  name: 'name',
  category: 'category',
  manufacturer: 'manufacturer',
  dosage: 'dosage',
  description: 'description',
  side_effects: 'side_effects',
  contraindications: 'contraindications',
} as const;

/** The record's name, in its buttons' names and its history's title. */
const nameOf = (row: Drug) => row.name;

/**
 * /dashboard/drugs (Drugs Management): the simple drug list on /drug, with search, add and edit in
 * a dialog (every field required; side effects and contraindications comma-separated), and delete
 * after a confirm.
 */
export function DrugsPage() {
  const { data, isFetching, error } = useListDrugsQuery();
  const [createDrug] = useCreateDrugMutation();
  const [updateDrug] = useUpdateDrugMutation();
  const [deleteDrug] = useDeleteDrugMutation();
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<Drug>();
  useEffect(() => drugValidation.preload(), []);
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<Drug>('drug', nameOf);

  const columns = useMemo(
    () => [
      ...drugColumns,
      ...editDeleteColumns<Drug>({
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
      title="Drugs Management"
      addLabel="Add Drug"
      onAdd={dialogs.openAdd}
      rows={data?.data}
      columns={columns}
      loading={isFetching}
      error={error}
      gridLabel="Drugs"
      emptyText="No drugs found"
      searchLabel="Search drugs"
      exportFileName="drugs"
      initialSort={[{ field: 'name', sort: 'asc' }]}
      hiddenColumns={HIDDEN}
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? 'Edit Drug' : 'Add Drug'}
          resolver={drugValidation.resolver}
          defaultValues={drugFormValues(editing)}
          fields={drugFields}
          serverFields={SERVER_FIELDS}
          onSubmit={(values) =>
            editing
              ? run(updateDrug({ drugUpdate: { id: editing.id, ...drugPayload(values) } }), {
                  success: serverMessage('Drug updated successfully'),
                })
              : run(createDrug({ drugCreate: drugPayload(values) }), {
                  success: serverMessage('Drug added successfully'),
                })
          }
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <ConfirmDialog
          open={dialogs.deleting.open}
          title="Delete Drug"
          message="Are you sure you want to delete this drug?"
          details={deleting.name}
          onConfirm={() =>
            run(deleteDrug({ id: deleting.id, reasonBody: {} }), {
              success: serverMessage('Drug deleted successfully'),
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
