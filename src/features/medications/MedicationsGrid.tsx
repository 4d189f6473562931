import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useListMedicationsQuery, type Medication } from '@/api';
import { useCanWrite } from '@/session/permissions';
import { useRowHistory } from '@/features/history';
import { CrudPage } from '@/components/crud/CrudPage';
import { MedicationDialogs, useMedicationDialogs } from './MedicationDialogs';
import { medicationCellStyles, medicationColumns, medicationRow } from './medicationColumns';

const nameOf = (medication: Medication) => medication.name;

export const MEDICATIONS_EMPTY_TEXT = 'No medications found. Add a new medication to get started.';

/**
 * The Medications Management screen itself (see MedicationsPage, which loads this with the DataGrid):
 * every medication with its dosage type, dosage counts, contraindications and pregnancy category;
 * search by name; add, view, edit and delete, and the Add links that open a dosage or
 * contraindication form for that medication.
 */
export function MedicationsGrid() {
  const { data, isFetching, error } = useListMedicationsQuery({});
  const navigate = useNavigate();
  const dialogs = useMedicationDialogs();
  const { show } = dialogs;
  const canWrite = useCanWrite();
  const history = useRowHistory<Medication>('medication', nameOf);
  const rows = useMemo(() => data?.data.map(medicationRow), [data]);

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

  return (
    <Box sx={medicationCellStyles}>
      <CrudPage
        title="Medications Management"
        addLabel="Add Medication"
        onAdd={() => show({ kind: 'add-medication' })}
        rows={rows}
        columns={columns}
        loading={isFetching}
        error={error}
        emptyText={MEDICATIONS_EMPTY_TEXT}
        searchLabel="Search medications by name"
        exportFileName="medications"
        // Filtering 10,000 names takes a few milliseconds: answer every keystroke at once.
        filterDebounceMs={0}
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
