import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
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
import { CrudPage } from '@/components/crud/CrudPage';
import { LazyListFilters } from '@/components/resource/LazyListFilters';
import {
  booleanFilter,
  idFilter,
  listState,
  type ListFilter,
} from '@/components/resource/resource';
import { serverSortable, useServerList } from '@/components/resource/useServerList';
import { PREGNANCY_CATEGORIES } from '../../../api/generated/enums';
import { MedicationDialogs, useMedicationDialogs } from './MedicationDialogs';
import { medicationCellStyles, medicationColumns, medicationRow } from './medicationColumns';

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

/**
 * The Medications Management screen itself (see MedicationsPage, which loads this with the DataGrid):
 * the medications with their dosage type, dosage counts, contraindications and pregnancy category,
 * paged, sorted, searched by name and filtered on the server (`useServerList`); add, view, edit and
 * delete, and the Add links that open a dosage or contraindication form for that medication.
 */
export function MedicationsGrid() {
  const list = useServerList({
    listPath: '/medication',
    exportFileName: 'medications',
    sortFields: MEDICATION_SORT_FIELDS,
    initialSort: INITIAL_SORT,
  });
  const { filterParams } = list;
  const arg = {
    ...list.query,
    sort: list.query.sort as MedicationSort | undefined,
    conditionId: idFilter(filterParams.condition_id),
    isDosageWeightBased: booleanFilter(filterParams.is_dosage_weight_based),
    pregnancyCategory: filterParams.pregnancy_category as PregnancyCategory | undefined,
  };
  const result = listState<Medication>(useListMedicationsQuery(arg));
  useAbortSuperseded('listMedications', arg);
  const navigate = useNavigate();
  const dialogs = useMedicationDialogs();
  const { show } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<Medication>('medication', nameOf);
  const rows = useMemo(() => result.rows?.map(medicationRow), [result.rows]);

  const columns = useMemo(
    () =>
      serverSortable(
        medicationColumns({
          show,
          view: (medication: Medication) =>
            navigate(`/dashboard/drugs/medications/${medication.id}`),
          history: history.open,
          canWrite,
        }),
        MEDICATION_SORT_FIELDS,
      ),
    [show, navigate, canWrite, history.open],
  );

  return (
    <Box sx={medicationCellStyles}>
      <CrudPage
        title="Medications Management"
        addLabel="Add Medication"
        onAdd={() => show({ kind: 'add-medication' })}
        rows={rows}
        columns={columns}
        loading={result.isFetching}
        error={result.error}
        emptyText={MEDICATIONS_EMPTY_TEXT}
        searchLabel="Search medications by name"
        exportFileName="medications"
        server={{ ...list.grid, rowCount: result.total ?? 0 }}
        filters={<LazyListFilters filters={MEDICATION_FILTERS} list={list} />}
      >
        <MedicationDialogs
          session={dialogs.session}
          close={dialogs.close}
          exited={dialogs.exited}
        />
        {history.dialog}
      </CrudPage>
    </Box>
  );
}
