import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateLifestyleMutation,
  useDeleteLifestyleMutation,
  useListLifestylesQuery,
  useUpdateLifestyleMutation,
  type Lifestyle,
  type LifestyleSort,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { UNKNOWN_ERROR_MESSAGE } from '@/lib/errors';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition } from '@/components/resource/resource';
import { lifestyleFields, lifestyleFormValues, lifestyleValidation } from './lifestyleForm';
import type { LifestyleFormOutput, LifestyleFormValues } from './lifestyleSchema';

const columns: GridColDef<Lifestyle>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 200 },
];

/**
 * Lifestyle Management: search by name, add and edit in a dialog (which closes, then the list
 * refreshes), delete after a confirm. A delete the server refuses (409, still used by lifestyle
 * contraindications) shows its message.
 */
export const lifestyleResource: ResourceDefinition<
  Lifestyle,
  LifestyleFormValues,
  LifestyleFormOutput
> = {
  texts: {
    title: 'Lifestyle Management',
    subtitle: 'Add, edit, and manage lifestyles in the system',
    gridLabel: 'Lifestyles',
    addLabel: 'Add Lifestyle',
    addTitle: 'Add Lifestyle',
    editTitle: 'Edit Lifestyle',
    deleteTitle: 'Delete Lifestyle',
    deleteMessage: 'Are you sure you want to delete this lifestyle? This action cannot be undone.',
    emptyText: 'No lifestyles found. Add a new lifestyle to get started.',
    searchLabel: 'Search lifestyles by name',
    exportFileName: 'lifestyles',
  },
  listPath: '/lifestyle',
  imports: [importLink('lifestyles')],
  columns,
  actionsLayout: 'separate',
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: { name: 'name' },
  describe: (row) => row.name,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as LifestyleSort };
    const list = useListLifestylesQuery(arg);
    useAbortSuperseded('listLifestyles', arg);
    const [create] = useCreateLifestyleMutation();
    const [update] = useUpdateLifestyleMutation();
    const [remove] = useDeleteLifestyleMutation();
    return {
      list: listState(list),
      create: ({ name }) => create({ lifestyleCreate: { name } }),
      update: (row, { name }) => update({ lifestyleUpdate: { id: row.id, name } }),
      remove: (row) => remove({ idBody: { id: row.id } }),
    };
  },
  feedback: {
    create: { success: 'Lifestyle added successfully', failure: UNKNOWN_ERROR_MESSAGE },
    update: { success: 'Lifestyle updated successfully', failure: 'Failed to update lifestyle' },
    remove: { success: 'Lifestyle deleted successfully', failure: 'Failed to delete lifestyle' },
  },
  form: {
    validation: lifestyleValidation,
    values: lifestyleFormValues,
    fields: () => lifestyleFields,
    serverFields: { name: 'name' },
  },
  remove: {},
};

/** /dashboard/drugs/lifestyles */
export function LifestylesPage() {
  const history = useRowHistory('lifestyle', lifestyleResource.describe);
  return <ResourcePage resource={lifestyleResource} history={history} />;
}
