import { memo, useState } from 'react';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateDrugInteractionMutation,
  useDeleteDrugInteractionMutation,
  useListDrugInteractionsQuery,
  useUpdateDrugInteractionMutation,
  type DrugInteraction,
  type DrugInteractionSort,
  type Severity,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { capitalize } from '@/components/crud/format';
import { reasonPayload } from '@/components/crud/reason';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  booleanFilter,
  idFilter,
  listState,
  YES_NO_OPTIONS,
  type ListFilter,
  type ResourceDefinition,
  WRITE_FAILED,
} from '@/components/resource/resource';
import { SEVERITIES } from './interactionConstants';
import {
  interactionFields,
  interactionChange,
  interactionFormValues,
  interactionRequest,
  interactionValidation,
  severityChanged,
} from './interactionForm';
import type { InteractionFormOutput, InteractionFormValues } from './interactionSchema';
import { SeverityBadge } from './SeverityBadge';

/** How much of a description the table shows; the rest is on hover and in the edit form. */
export const DESCRIPTION_PREVIEW_LENGTH = 60;

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/**
 * The description's first words, the whole text in a tooltip from the first hover on. A page
 * draws 25 of these, and a tooltip made with each one (a Tooltip and its Popper, drawn twice)
 * costs more than the rows' text: until a row is pointed at, the text says it to assistive
 * technology as the tooltip would (its `aria-label`). Kept as drawn while the text is the same,
 * as the grid draws its cells again when its state changes.
 */
const DescriptionPreview = memo(function DescriptionPreview({ text }: { text: string }) {
  // null: no tooltip made yet. Then the tooltip's own open state, shown at once on that first
  // hover (the tooltip was not there to see it), and as usual after.
  const [open, setOpen] = useState<boolean | null>(null);
  const preview = truncate(text, DESCRIPTION_PREVIEW_LENGTH);
  if (open === null) {
    return (
      <span aria-label={text} onMouseOver={() => setOpen(true)}>
        {preview}
      </span>
    );
  }
  return (
    <Tooltip title={text} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      <span>{preview}</span>
    </Tooltip>
  );
});

const columns: GridColDef<DrugInteraction>[] = [
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
    renderCell: ({ value }) => (value ? <SeverityBadge severity={value as Severity} /> : null),
  },
  {
    field: 'description',
    headerName: 'Description',
    flex: 2,
    minWidth: 220,
    renderCell: ({ value }) => <DescriptionPreview text={value as string} />,
  },
  {
    field: 'is_allergen',
    headerName: 'Allergen',
    width: 100,
    valueGetter: (value: DrugInteraction['is_allergen']) => (value === 1 ? 'Yes' : 'No'),
  },
];

/** Severity, a medication on either side, and allergen or not: the contract's list filters. */
const filters: ListFilter[] = [
  {
    kind: 'choice',
    param: 'severity',
    label: 'Severity',
    options: SEVERITIES.map((severity) => ({ value: severity, label: capitalize(severity) })),
  },
  { kind: 'record', param: 'medication_id', label: 'Medication', source: 'medication' },
  { kind: 'choice', param: 'is_allergen', label: 'Allergen', options: YES_NO_OPTIONS },
];

function describeInteraction(row: DrugInteraction): string {
  return `${row.medication.name} and ${row.interacting_medication.name} interaction`;
}

/**
 * Drug Interactions: search over both medication names, severity and description; add and edit in
 * a dialog (the medications are picked by a server search, and fixed once it exists); delete after
 * a confirm with a reason. The server refuses a pair that already exists, in either order (409, its
 * message shown). A severity set or changed is a clinical change: it needs a reason in the history.
 */
export const interactionResource: ResourceDefinition<
  DrugInteraction,
  InteractionFormValues,
  InteractionFormOutput
> = {
  texts: {
    title: 'Drug Interactions',
    subtitle: 'Manage drug interactions and contraindications',
    addLabel: 'Add Interaction',
    addTitle: 'Add Interaction',
    editTitle: 'Edit Interaction',
    deleteTitle: 'Delete Interaction',
    deleteMessage:
      'Are you sure you want to delete this drug interaction? This action cannot be undone.',
    emptyText: 'No drug interactions found',
    searchLabel: 'Search interactions',
    loadingText: 'Loading interactions...',
    // The app's error toast shows the reason too (the error's message, else this title).
    errorTitle: 'Failed to fetch drug interactions',
    exportFileName: 'drug-interactions',
  },
  listPath: '/drug-interaction',
  imports: [importLink('drug-interactions')],
  columns,
  actionsLayout: 'separate',
  initialSort: [{ field: 'medication', sort: 'asc' }],
  sortFields: {
    medication: 'medication',
    interacting_medication: 'interacting_medication',
    severity: 'severity',
    description: 'description',
    is_allergen: 'is_allergen',
  },
  filters,
  describe: describeInteraction,
  useApi: (query, filtered) => {
    const arg = {
      ...query,
      sort: query.sort as DrugInteractionSort,
      severity: filtered.severity as Severity | undefined,
      medicationId: idFilter(filtered.medication_id),
      isAllergen: booleanFilter(filtered.is_allergen),
    };
    const list = useListDrugInteractionsQuery(arg);
    useAbortSuperseded('listDrugInteractions', arg);
    const [create] = useCreateDrugInteractionMutation();
    const [update] = useUpdateDrugInteractionMutation();
    const [remove] = useDeleteDrugInteractionMutation();
    return {
      list: listState(list),
      create: (values, reason) => {
        const request = interactionRequest(values, null, reason);
        if (request.kind !== 'create') throw new Error(WRITE_FAILED);
        return create({ drugInteractionCreate: request.body });
      },
      update: (row, values, reason) => {
        const request = interactionRequest(values, row, reason);
        if (request.kind !== 'update') throw new Error(WRITE_FAILED);
        return update({ drugInteractionUpdate: request.body });
      },
      remove: (row, reason) => remove({ idBody: { id: row.id, ...reasonPayload(reason) } }),
    };
  },
  feedback: {
    create: { success: 'Drug interaction added successfully', failure: WRITE_FAILED },
    update: { success: 'Drug interaction updated successfully', failure: WRITE_FAILED },
    remove: {
      success: 'Drug interaction deleted successfully',
      failure: 'Failed to delete drug interaction',
    },
  },
  form: {
    validation: interactionValidation,
    values: interactionFormValues,
    fields: interactionFields,
    serverFields: {
      medication_id: 'medication_id',
      interacting_medication_id: 'interacting_medication_id',
      severity: 'severity',
      description: 'description',
    },
    reasonRequired: severityChanged,
    preview: (values, editing) => (
      <ImpactPanel change={values && interactionChange(values, editing)} />
    ),
  },
  remove: {
    reason: 'required',
    details: (row) => `${row.medication.name} and ${row.interacting_medication.name}`,
    preview: (row) => (
      <ImpactPanel change={{ operation: 'deleteDrugInteraction', body: { id: row.id } }} />
    ),
  },
};

/** /dashboard/drugs/interactions */
export function InteractionsPage() {
  const history = useRowHistory('drug_interaction', describeInteraction);
  return <ResourcePage resource={interactionResource} history={history} />;
}
