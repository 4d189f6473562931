import { useMemo, type ReactElement } from 'react';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { Medication } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { RowAction, rowActionsColumn } from '@/components/RowAction';
import type { MedicationDialog } from './MedicationDialogs';
import type { AnyDosage, DosageKind } from './medicationForm';
import {
  contraindicationLevelText,
  dosageCategoryLabel,
  dosagesOf,
  kindLabel,
  NONE,
  rangeText,
} from './medicationFormat';
import { capitalize } from '@/components/crud/format';

/** What the sections may offer: `show` opens a dialog; `canWrite` false hides every change control. */
export interface SectionActions {
  show: (dialog: MedicationDialog) => void;
  canWrite: boolean;
}

type ConditionRow = Medication['condition_contraindications'][number];
type LifestyleRow = Medication['medical_lifestyle_contraindications'][number];

/** A column of one change button per row, shown only to a user who may write. */
function actionColumn<R extends GridValidRowModel>(
  canWrite: boolean,
  header: string,
  button: (row: R) => { label: string; icon: ReactElement; onClick: () => void },
): GridColDef<R>[] {
  if (!canWrite) return [];
  return [
    rowActionsColumn<R>('actions', header, 80, (row) => {
      const { label, icon, onClick } = button(row);
      return [<RowAction key={label} icon={icon} label={label} onClick={onClick} />];
    }),
  ];
}

/** A range column: sorted by its minimum, showing the whole range with its unit. */
function rangeColumn(
  field: string,
  headerName: string,
  range: (dosage: AnyDosage) => [min: number, max: number, unit: string],
): GridColDef<AnyDosage> {
  return {
    field,
    headerName,
    flex: 1,
    minWidth: 120,
    valueGetter: (_value, dosage) => range(dosage)[0],
    valueFormatter: (_value, dosage) => rangeText(...range(dosage)),
  };
}

function dosageColumns(
  medication: Medication,
  kind: DosageKind,
  { show, canWrite }: SectionActions,
): GridColDef<AnyDosage>[] {
  return [
    {
      field: 'category',
      headerName: `${kindLabel(kind)} Category`,
      flex: 1.2,
      minWidth: 160,
      valueGetter: (_value, dosage) => dosageCategoryLabel(kind, dosage),
    },
    rangeColumn('dosage', 'Dosage Range', (d) => [d.min_dosage, d.max_dosage, d.dosage_unit]),
    rangeColumn('frequency', 'Frequency Range', (d) => [
      d.min_frequency,
      d.max_frequency,
      d.frequency_unit,
    ]),
    rangeColumn('duration', 'Duration Range', (d) => [
      d.min_frequency_duration,
      d.max_frequency_duration,
      d.frequency_duration_unit,
    ]),
    {
      field: 'max_daily_dosage',
      headerName: 'Max per Day',
      flex: 0.8,
      minWidth: 110,
      valueFormatter: (_value, dosage) =>
        dosage.max_daily_dosage === null
          ? NONE
          : `${dosage.max_daily_dosage} ${capitalize(dosage.dosage_unit)}`,
    },
    ...actionColumn<AnyDosage>(canWrite, 'Edit', (dosage) => ({
      label: `Edit ${kind} dosage for ${dosageCategoryLabel(kind, dosage)}`,
      icon: <EditIcon fontSize="inherit" />,
      onClick: () => show({ kind: 'edit-dosage', dosageKind: kind, medication, dosage }),
    })),
  ];
}

export type DetailTable = DosageKind | 'conditions' | 'lifestyles';

function conditionColumns(
  medication: Medication,
  { show, canWrite }: SectionActions,
): GridColDef<ConditionRow>[] {
  return [
    { field: 'name', headerName: 'Condition', flex: 1, minWidth: 140 },
    {
      field: 'level',
      headerName: 'Level',
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, link) => contraindicationLevelText(link),
    },
    {
      field: 'description',
      headerName: 'Description',
      flex: 2,
      minWidth: 160,
      valueGetter: (_value, condition) => condition.description || '-',
    },
    ...actionColumn<ConditionRow>(canWrite, 'Remove', (condition) => ({
      label: `Remove contraindication ${condition.name}`,
      icon: <DeleteIcon fontSize="inherit" />,
      onClick: () => show({ kind: 'remove-contraindication', medication, condition }),
    })),
  ];
}

function lifestyleColumns(
  medication: Medication,
  { show, canWrite }: SectionActions,
): GridColDef<LifestyleRow>[] {
  return [
    {
      field: 'lifestyle',
      headerName: 'Lifestyle',
      flex: 1,
      valueGetter: (_value, link) => link.lifestyle.name,
    },
    ...actionColumn<LifestyleRow>(canWrite, 'Delete', (link) => ({
      label: `Delete lifestyle contraindication ${link.lifestyle.name}`,
      icon: <DeleteIcon fontSize="inherit" />,
      onClick: () => show({ kind: 'delete-lifestyle-contraindication', medication, link }),
    })),
  ];
}

interface DetailGridProps {
  medication: Medication;
  table: DetailTable;
  /** The grid's accessible name: its section's title. */
  label: string;
  actions: SectionActions;
}

/**
 * One of the detail page's grids: a kind of dosage, the condition or the lifestyle
 * contraindications. Its own module, so that the page shows before the DataGrid's code arrives.
 */
export default function DetailGrid({ medication, table, label, actions }: DetailGridProps) {
  const { show, canWrite } = actions;
  const grid = useMemo(() => {
    const current = { show, canWrite };
    switch (table) {
      case 'conditions':
        return (
          <CompactGrid
            label={label}
            rows={medication.condition_contraindications}
            columns={conditionColumns(medication, current)}
          />
        );
      case 'lifestyles':
        return (
          <CompactGrid
            label={label}
            rows={medication.medical_lifestyle_contraindications}
            columns={lifestyleColumns(medication, current)}
          />
        );
      default:
        return (
          <CompactGrid
            label={label}
            rows={dosagesOf(medication, table)}
            columns={dosageColumns(medication, table, current)}
          />
        );
    }
  }, [medication, table, label, show, canWrite]);
  return grid;
}
