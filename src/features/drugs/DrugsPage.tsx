import type { GridColDef } from '@mui/x-data-grid';
import {
  useCreateDrugMutation,
  useDeleteDrugMutation,
  useListDrugsQuery,
  useUpdateDrugMutation,
  type Drug,
  type DrugSort,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { useRowHistory } from '@/features/history';
import { serverMessage } from '@/lib/useMutationFeedback';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition } from '@/components/resource/resource';
import { drugFields, drugFormValues, drugPayload, drugValidation } from './drugForm';
import type { DrugFormOutput, DrugFormValues } from './drugSchema';

/** Name, Category, Manufacturer, Dosage, then Actions. */
const columns: GridColDef<Drug>[] = [
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

/**
 * Drugs Management: the simple drug list on /drug, with search, add and edit in a dialog (every
 * field required; side effects and contraindications comma-separated), and delete after a confirm.
 */
export const drugResource: ResourceDefinition<Drug, DrugFormValues, DrugFormOutput> = {
  texts: {
    title: 'Drugs Management',
    gridLabel: 'Drugs',
    addLabel: 'Add Drug',
    addTitle: 'Add Drug',
    editTitle: 'Edit Drug',
    deleteTitle: 'Delete Drug',
    deleteMessage: 'Are you sure you want to delete this drug?',
    emptyText: 'No drugs found',
    searchLabel: 'Search drugs',
    exportFileName: 'drugs',
  },
  listPath: '/drug',
  columns,
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: {
    name: 'name',
    category: 'category',
    manufacturer: 'manufacturer',
    dosage: 'dosage',
  },
  hiddenColumns: ['description', 'side_effects', 'contraindications'],
  describe: (row) => row.name,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as DrugSort };
    const list = useListDrugsQuery(arg);
    useAbortSuperseded('listDrugs', arg);
    const [create] = useCreateDrugMutation();
    const [update] = useUpdateDrugMutation();
    const [remove] = useDeleteDrugMutation();
    return {
      list: listState(list),
      create: (values) => create({ drugCreate: drugPayload(values) }),
      update: (row, values) => update({ drugUpdate: { id: row.id, ...drugPayload(values) } }),
      remove: (row) => remove({ id: row.id, reasonBody: {} }),
    };
  },
  feedback: {
    create: { success: serverMessage('Drug added successfully') },
    update: { success: serverMessage('Drug updated successfully') },
    remove: { success: serverMessage('Drug deleted successfully') },
  },
  form: {
    validation: drugValidation,
    values: drugFormValues,
    fields: () => drugFields,
    serverFields: {
      name: 'name',
      category: 'category',
      manufacturer: 'manufacturer',
      dosage: 'dosage',
      description: 'description',
      side_effects: 'side_effects',
      contraindications: 'contraindications',
    },
  },
  remove: {},
};

/** /dashboard/drugs */
export function DrugsPage() {
  const history = useRowHistory('drug', drugResource.describe);
  return <ResourcePage resource={drugResource} history={history} />;
}
