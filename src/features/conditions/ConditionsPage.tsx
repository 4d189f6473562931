import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateConditionMutation,
  useDeleteConditionMutation,
  useListConditionsQuery,
  useUpdateConditionMutation,
  type Condition,
  type ConditionSort,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { codesColumn } from '@/components/codes';
import { textColumn } from '@/components/crud/columns';
import { CODES_SERVER_FIELDS } from '@/lib/codes';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { serverMessage } from '@/lib/useMutationFeedback';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition } from '@/components/resource/resource';
import {
  conditionFields,
  conditionFormValues,
  conditionPayload,
  conditionValidation,
} from './conditionForm';
import type { ConditionFormOutput, ConditionFormValues } from './conditionSchema';

const columns: GridColDef<Condition>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 180 },
  textColumn<Condition>('description', 'Description', (row) => row.description || '-', {
    flex: 2,
    minWidth: 200,
  }),
  {
    field: 'affects_kidney_function',
    headerName: 'Kidney',
    width: 100,
    valueFormatter: (value: boolean) => (value ? 'Yes' : 'No'),
  },
  codesColumn<Condition>(),
];

/**
 * The conditions: search over names and descriptions, add and edit in a dialog, delete after a
 * confirm. Success toasts are the server's messages; a delete the server refuses (409, still used by
 * medications) shows its message.
 */
export const conditionResource: ResourceDefinition<
  Condition,
  ConditionFormValues,
  ConditionFormOutput
> = {
  texts: {
    title: 'Conditions',
    addLabel: 'Add Condition',
    addTitle: 'Add Condition',
    editTitle: 'Edit Condition',
    deleteTitle: 'Delete Condition',
    deleteMessage: 'Are you sure you want to delete this condition?',
    emptyText: 'No conditions found. Add a new condition to get started.',
    searchLabel: 'Search conditions',
    exportFileName: 'conditions',
  },
  listPath: '/condition',
  imports: [importLink('conditions')],
  columns,
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: { name: 'name', description: 'description' },
  describe: (row) => row.name,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as ConditionSort };
    const list = useListConditionsQuery(arg);
    useAbortSuperseded('listConditions', arg);
    const [create] = useCreateConditionMutation();
    const [update] = useUpdateConditionMutation();
    const [remove] = useDeleteConditionMutation();
    return {
      list: listState(list),
      create: (values) => create({ conditionCreate: conditionPayload(values) }),
      update: (row, values) =>
        update({ conditionUpdate: { id: row.id, ...conditionPayload(values, row) } }),
      remove: (row) => remove({ id: row.id, reasonBody: {} }),
    };
  },
  feedback: {
    create: { success: serverMessage('Condition created successfully') },
    update: { success: serverMessage('Condition updated successfully') },
    remove: { success: serverMessage('Condition deleted successfully') },
  },
  form: {
    validation: conditionValidation,
    values: conditionFormValues,
    fields: () => conditionFields,
    serverFields: {
      name: 'name',
      description: 'description',
      affects_kidney_function: 'affects_kidney_function',
      // The server names a refused code by its row (`codes.0.code`), as the form does.
      ...CODES_SERVER_FIELDS,
    },
  },
  remove: {},
};

/** /dashboard/drugs/conditions */
export function ConditionsPage() {
  const history = useRowHistory('condition', conditionResource.describe);
  return <ResourcePage resource={conditionResource} history={history} />;
}
