import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { GridSortModel } from '@mui/x-data-grid';
import {
  useListMedicationsQuery,
  type Medication,
  type MedicationSort,
  type PregnancyCategory,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  booleanFilter,
  idFilter,
  listState,
  type FilterParams,
  type ListFilter,
  type ListQuery,
  type ResourceDefinition,
} from '@/components/resource/resource';
import { PREGNANCY_CATEGORIES } from '@contract/enums';
import { MedicationDialogs, useMedicationDialogs } from './MedicationDialogs';
import {
  medicationCellStyles,
  medicationColumns,
  medicationRow,
  type MedicationRow,
} from './medicationColumns';

const nameOf = (medication: Medication) => medication.name;

export const MEDICATIONS_EMPTY_TEXT = 'No medications found. Add a new medication to get started.';

/**
 * The contract's sort field of each sortable column (`MedicationSort`); the dosage counts and the
 * contraindications cannot be sorted.
 */
const MEDICATION_SORT_FIELDS = {
  name: 'name',
  dosage_type: 'is_dosage_weight_based',
  dosage_per_weight_text: 'avg_weight_dosage',
  pregnancy_text: 'pregnancy_category',
} as const satisfies Record<string, MedicationSort>;

/** By name first: the route prefetch and MedicationsPage ask for this first page. */
const INITIAL_SORT: GridSortModel = [{ field: 'name', sort: 'asc' }];

/** The contract's medication list filters. */
const MEDICATION_FILTERS: readonly ListFilter[] = [
  { kind: 'record', param: 'condition_id', label: 'Condition', source: 'condition' },
  {
    kind: 'choice',
    param: 'is_dosage_weight_based',
    label: 'Dosage type',
    options: [
      { value: 'true', label: 'Weight-based' },
      { value: 'false', label: 'Age-based' },
    ],
  },
  {
    kind: 'choice',
    param: 'pregnancy_category',
    label: 'Pregnancy category',
    options: PREGNANCY_CATEGORIES.map((category) => ({ value: category, label: category })),
  },
];

/** The list query of a page, sort, search and filters, under the generated hook's names. */
export function medicationListArg(query: ListQuery, filters: FilterParams) {
  return {
    ...query,
    sort: query.sort as MedicationSort | undefined,
    conditionId: idFilter(filters.condition_id),
    isDosageWeightBased: booleanFilter(filters.is_dosage_weight_based),
    pregnancyCategory: filters.pregnancy_category as PregnancyCategory | undefined,
  };
}

/** The dialogs of the rows' buttons and Add links, the detail page, and each row's history. */
function useMedicationActions() {
  const navigate = useNavigate();
  const dialogs = useMedicationDialogs();
  const { show } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<Medication>('medication', nameOf);
  const columns = useMemo(
    () =>
      medicationColumns({
        show,
        view: (medication: Medication) => navigate(`/dashboard/drugs/medications/${medication.id}`),
        history: history.open,
        canWrite,
      }),
    [show, navigate, canWrite, history.open],
  );
  return {
    columns,
    onAdd: () => show({ kind: 'add-medication' }),
    dialogs: (
      <>
        <MedicationDialogs
          session={dialogs.session}
          close={dialogs.close}
          exited={dialogs.exited}
        />
        {history.dialog}
      </>
    ),
  };
}

/**
 * The Medications Management screen (see MedicationsPage, which loads this with the DataGrid): the
 * medications with their dosage type, dosage counts, contraindications and pregnancy category,
 * paged, sorted, searched by name and filtered on the server; add, view, edit and delete, and the
 * Add links that open a dosage or contraindication form for that medication. Its rows have their
 * own cells and dialogs (the medication forms are larger than one list form).
 */
export const medicationResource: ResourceDefinition<MedicationRow> = {
  texts: {
    title: 'Medications Management',
    addLabel: 'Add Medication',
    emptyText: MEDICATIONS_EMPTY_TEXT,
    searchLabel: 'Search medications by name',
    exportFileName: 'medications',
  },
  listPath: '/medication',
  imports: [importLink('medications'), importLink('renal-rules', 'Import Renal Rules')],
  initialSort: INITIAL_SORT,
  sortFields: MEDICATION_SORT_FIELDS,
  filters: MEDICATION_FILTERS,
  gridSx: medicationCellStyles,
  describe: nameOf,
  useApi: (query, filters) => {
    const arg = medicationListArg(query, filters);
    const result = listState<Medication>(useListMedicationsQuery(arg));
    useAbortSuperseded('listMedications', arg);
    const rows = useMemo(() => result.rows?.map(medicationRow), [result.rows]);
    return { list: { ...result, rows } };
  },
  useScreen: useMedicationActions,
};

/** The Medications Management screen itself. */
export function MedicationsGrid() {
  return <ResourcePage resource={medicationResource} />;
}
