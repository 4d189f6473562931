import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useSnackbar } from 'notistack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateDrugInteractionMutation,
  useDeleteDrugInteractionMutation,
  useListDrugInteractionsQuery,
  useListMedicationsQuery,
  useUpdateDrugInteractionMutation,
  type DrugInteraction,
  type Severity,
} from '@/api';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { capitalize } from '@/components/crud/format';
import { reasonPayload } from '@/components/crud/reason';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import { SEVERITIES } from './interactionConstants';
import {
  interactionFields,
  interactionChange,
  interactionFormValues,
  interactionRequest,
  interactionValidation,
  medicationOptions,
  severityChanged,
} from './interactionForm';
import type { InteractionFormOutput } from './interactionSchema';
import { SeverityBadge } from './SeverityBadge';

// The delete confirm loads with the first dialog that shows it: this page is at its bundle budget.
const ConfirmDialog = lazy(() =>
  import('@/components/crud/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** How much of a description the table shows; the rest is on hover and in the edit form. */
export const DESCRIPTION_PREVIEW_LENGTH = 60;

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/** The quick search leaves this column out (it searches names, severity and description). */
const notSearched = () => null;

const interactionColumns: GridColDef<DrugInteraction>[] = [
  {
    field: 'medication',
    headerName: 'Medication',
    flex: 1,
    minWidth: 150,
    valueGetter: (_value, row) => row.medication.name,
  },
  {
    field: 'interacting_medication',
    headerName: 'Interacting Medication',
    flex: 1,
    minWidth: 170,
    valueGetter: (_value, row) => row.interacting_medication.name,
  },
  {
    field: 'severity',
    headerName: 'Severity',
    width: 150,
    valueFormatter: (value: Severity) => capitalize(value),
    sortComparator: (a: Severity, b: Severity) => SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b),
    renderCell: ({ value }) => (value ? <SeverityBadge severity={value as Severity} /> : null),
  },
  {
    field: 'description',
    headerName: 'Description',
    flex: 2,
    minWidth: 220,
    renderCell: ({ value }) => (
      <Tooltip title={value as string}>
        <span>{truncate(value as string, DESCRIPTION_PREVIEW_LENGTH)}</span>
      </Tooltip>
    ),
  },
  {
    field: 'is_allergen',
    headerName: 'Allergen',
    width: 100,
    valueGetter: (value: DrugInteraction['is_allergen']) => (value === 1 ? 'Yes' : 'No'),
    getApplyQuickFilterFn: notSearched,
  },
];

function describeInteraction(row: DrugInteraction): string {
  return `${row.medication.name} and ${row.interacting_medication.name} interaction`;
}

/**
 * /dashboard/drugs/interactions (Drug Interactions): search over both medication names, severity
 * and description; add and edit in a dialog (the medications are fixed once it exists); delete after
 * a confirm. The server refuses a pair that already exists, in either order (409, its message shown).
 */
export function InteractionsPage() {
  const { data, isFetching, error } = useListDrugInteractionsQuery();
  const dialogs = useCrudDialogs<DrugInteraction>();
  useEffect(() => interactionValidation.preload(), []);
  // The selects' medications, loaded when the add form first opens. Editing needs none: both
  // selects are fixed, and medicationOptions adds the edited pair to the options.
  const medications = useListMedicationsQuery(undefined, {
    skip: !dialogs.form || dialogs.form.mode === 'edit',
  });
  const [createInteraction] = useCreateDrugInteractionMutation();
  const [updateInteraction] = useUpdateDrugInteractionMutation();
  const [deleteInteraction] = useDeleteDrugInteractionMutation();
  const run = useMutationFeedback();
  const { enqueueSnackbar } = useSnackbar();
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<DrugInteraction>('drug_interaction', describeInteraction);

  const columns = useMemo(
    () => [
      ...interactionColumns,
      ...editDeleteColumns<DrugInteraction>({
        onEdit: openEdit,
        onDelete: askDelete,
        onHistory: history.open,
        canWrite,
        describe: describeInteraction,
        layout: 'separate',
      }),
    ],
    [openEdit, askDelete, canWrite, history.open],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;
  const fields = useMemo(
    () =>
      interactionFields(
        medicationOptions(medications.data?.data, editing),
        editing !== null,
        medications.isLoading,
      ),
    [medications.data, medications.isLoading, editing],
  );

  const save = async (values: InteractionFormOutput, reason: string) => {
    let request;
    try {
      request = interactionRequest(values, editing, reason);
    } catch (problem) {
      enqueueSnackbar((problem as Error).message, { variant: 'error' });
      throw problem;
    }
    const failure = 'An error occurred';
    if (request.kind === 'update') {
      return run(updateInteraction({ drugInteractionUpdate: request.body }), {
        success: 'Drug interaction updated successfully',
        failure,
      });
    }
    return run(createInteraction({ drugInteractionCreate: request.body }), {
      success: 'Drug interaction added successfully',
      failure,
    });
  };

  return (
    <CrudPage
      title="Drug Interactions"
      subtitle="Manage drug interactions and contraindications"
      addLabel="Add Interaction"
      onAdd={dialogs.openAdd}
      rows={data?.data}
      columns={columns}
      loading={isFetching}
      loadingText="Loading interactions..."
      error={error}
      // The app's error toast shows the reason too (the error's message, else this title).
      errorTitle="Failed to fetch drug interactions"
      emptyText="No drug interactions found"
      searchLabel="Search interactions"
      exportFileName="drug-interactions"
      initialSort={[{ field: 'medication', sort: 'asc' }]}
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? 'Edit Interaction' : 'Add Interaction'}
          resolver={interactionValidation.resolver}
          defaultValues={interactionFormValues(editing)}
          fields={fields}
          serverFields={{
            medication_id: 'medication_id',
            interacting_medication_id: 'interacting_medication_id',
            severity: 'severity',
            description: 'description',
          }}
          // A severity set or changed is a clinical change: it needs a reason in the history.
          reason={{ required: (values) => severityChanged(values, editing) }}
          onSubmit={save}
          preview={(values) => (
            <ImpactPanel change={values && interactionChange(values, editing)} />
          )}
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={dialogs.deleting.open}
            title="Delete Interaction"
            message="Are you sure you want to delete this drug interaction? This action cannot be undone."
            details={`${deleting.medication.name} and ${deleting.interacting_medication.name}`}
            reason="required"
            preview={
              <ImpactPanel
                change={{ operation: 'deleteDrugInteraction', body: { id: deleting.id } }}
              />
            }
            onConfirm={(reason) =>
              run(deleteInteraction({ idBody: { id: deleting.id, ...reasonPayload(reason) } }), {
                success: 'Drug interaction deleted successfully',
                failure: 'Failed to delete drug interaction',
              })
            }
            onClose={dialogs.closeDelete}
            onExited={dialogs.deleteExited}
          />
        </Suspense>
      )}
      {history.dialog}
    </CrudPage>
  );
}
