import type { MouseEvent, ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { Medication } from '@/api';
import { codesColumn } from '@/components/codes';
import type { MedicationDialog } from './MedicationDialogs';
import type { DosageKind } from './medicationForm';
import { NONE, conditionLinkName, dosagePerWeightText, dosageTypeLabel } from './medicationFormat';

/**
 * A medication with what its list row shows, worked out once per page: the grid reads these as
 * plain fields (the server searches the names, sorts and filters).
 */
export interface MedicationRow extends Medication {
  dosage_type: string;
  dosage_per_weight_text: string;
  weight_dosage_count: number;
  age_dosage_count: number;
  contraindication_names: string;
  pregnancy_text: string;
}

export function medicationRow(medication: Medication): MedicationRow {
  return {
    ...medication,
    dosage_type: dosageTypeLabel(medication),
    dosage_per_weight_text: dosagePerWeightText(medication) ?? NONE,
    weight_dosage_count: medication.weight_category_dosages.length,
    age_dosage_count: medication.age_category_dosages.length,
    contraindication_names:
      medication.condition_contraindications.map(conditionLinkName).join(', ') || NONE,
    pregnancy_text: medication.pregnancy_category ?? NONE,
  };
}

/**
 * The cells below are plain elements styled once by these classes (set on the page around the
 * grid): a search keystroke replaces a whole page of rows, and plain buttons and spans mount without
 * the styled components MUI's would draw and serialise for every cell.
 */
export const medicationCellStyles: SxProps<Theme> = {
  '& .medication-with-add': { display: 'flex', alignItems: 'center', minWidth: 0, height: '100%' },
  '& .medication-cell-text': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .medication-add-link': {
    ml: 1,
    flexShrink: 0,
    p: 0,
    border: 0,
    background: 'none',
    font: 'inherit',
    color: 'primary.main',
    textDecoration: 'underline',
    cursor: 'pointer',
  },
  '& .medication-secondary': {
    ml: 1,
    color: 'text.secondary',
    fontSize: '0.75rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .medication-actions': { display: 'flex', alignItems: 'center', gap: 0.25, height: '100%' },
  '& .medication-action': {
    display: 'inline-flex',
    p: 0.75,
    border: 0,
    borderRadius: '50%',
    background: 'none',
    color: 'action.active',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '& svg': { width: 20, height: 20, fill: 'currentColor' },
  },
  '& .medication-add-link:focus-visible, & .medication-action:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 1,
  },
};

/** Material icons (Apache License 2.0): VisibilityOutlined, HistoryOutlined, EditOutlined, DeleteOutlined. */
const ICONS = {
  history:
    'M13 3c-4.97 0-9 4.03-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42C8.27 19.99 10.51 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9m-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8z',
  view: 'M12 6c3.79 0 7.17 2.13 8.82 5.5C19.17 14.87 15.79 17 12 17s-7.17-2.13-8.82-5.5C4.83 8.13 8.21 6 12 6m0-2C7 4 2.73 7.11 1 11.5 2.73 15.89 7 19 12 19s9.27-3.11 11-7.5C21.27 7.11 17 4 12 4m0 5c1.38 0 2.5 1.12 2.5 2.5S13.38 14 12 14s-2.5-1.12-2.5-2.5S10.62 9 12 9m0-2c-2.48 0-4.5 2.02-4.5 4.5S9.52 16 12 16s4.5-2.02 4.5-4.5S14.48 7 12 7',
  edit: 'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z',
  delete: 'M16 9v10H8V9zm-1.5-6h-5l-1 1H5v2h14V4h-3.5zM18 7H6v12c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2z',
} as const;

interface CellButtonProps {
  label: string;
  /** The cell's tab index from the grid: only the focused cell's buttons are in the tab order. */
  tabIndex: 0 | -1;
  onClick: () => void;
}

/** Keeps a click in a cell from also acting on the row. */
function clicked(onClick: () => void) {
  return (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };
}

function AddLink({ label, tabIndex, onClick }: CellButtonProps) {
  return (
    <button
      type="button"
      className="medication-add-link"
      aria-label={label}
      tabIndex={tabIndex}
      onClick={clicked(onClick)}
    >
      Add
    </button>
  );
}

function ActionButton({
  label,
  tabIndex,
  onClick,
  icon,
}: CellButtonProps & { icon: keyof typeof ICONS }) {
  return (
    <button
      type="button"
      className="medication-action"
      aria-label={label}
      title={label.split(' ')[0]}
      tabIndex={tabIndex}
      onClick={clicked(onClick)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={ICONS[icon]} />
      </svg>
    </button>
  );
}

function WithAdd({ text, link }: { text: string; link: ReactNode }) {
  return (
    <span className="medication-with-add">
      <span className="medication-cell-text" title={text}>
        {text}
      </span>
      {link}
    </span>
  );
}

interface ColumnActions {
  show: (dialog: MedicationDialog) => void;
  view: (medication: Medication) => void;
  /** Opens the medication's history (everyone may read it). */
  history: (medication: Medication) => void;
  /** False for a viewer: no Add links, no Edit or Delete buttons (View stays). */
  canWrite: boolean;
}

type CellParams = GridRenderCellParams<MedicationRow>;

/** A cell's text with an Add link (for a user who may write) that opens `dialog` for the row. */
function withAddCell(
  { show, canWrite }: ColumnActions,
  label: (row: MedicationRow) => string,
  dialog: (row: MedicationRow) => MedicationDialog,
) {
  return ({ row, value, tabIndex }: CellParams) => (
    <WithAdd
      text={String(value)}
      link={
        canWrite && (
          <AddLink label={label(row)} tabIndex={tabIndex} onClick={() => show(dialog(row))} />
        )
      }
    />
  );
}

function dosageCountColumn(kind: DosageKind, actions: ColumnActions): GridColDef<MedicationRow> {
  return {
    field: kind === 'weight' ? 'weight_dosage_count' : 'age_dosage_count',
    headerName: kind === 'weight' ? 'Weight Dosage' : 'Age Dosage',
    width: 130,
    renderCell: withAddCell(
      actions,
      (row) => `Add ${kind} dosage for ${row.name}`,
      (row) => ({ kind: 'add-dosage', dosageKind: kind, medication: row }),
    ),
  };
}

/**
 * The Medications Management grid's columns. `actions` opens the dialogs with the
 * clicked medication pre-selected, and the detail page.
 */
export function medicationColumns(actions: ColumnActions): GridColDef<MedicationRow>[] {
  const { show, view, history, canWrite } = actions;
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'dosage_type',
      headerName: 'Dosage Type',
      width: 125,
    },
    {
      field: 'dosage_per_weight_text',
      headerName: 'Dosage per weight',
      width: 145,
    },
    dosageCountColumn('weight', actions),
    dosageCountColumn('age', actions),
    {
      field: 'contraindication_names',
      headerName: 'Condition Contraindications',
      flex: 1.2,
      minWidth: 220,
      renderCell: withAddCell(
        actions,
        (row) => `Add contraindication for ${row.name}`,
        (row) => ({ kind: 'add-contraindication', medication: row }),
      ),
    },
    {
      field: 'pregnancy_text',
      headerName: 'Pregnancy Category',
      width: 180,
      renderCell: ({ row, value }: CellParams) => (
        <span className="medication-with-add">
          <span>{String(value)}</span>
          {row.condition_contraindications.length > 0 && (
            <span className="medication-secondary" title={row.contraindication_names}>
              {row.contraindication_names}
            </span>
          )}
        </span>
      ),
    },
    codesColumn<MedicationRow>({ width: 200 }),
    {
      field: 'actions',
      headerName: 'Actions',
      width: 165,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      disableExport: true,
      renderCell: ({ row, tabIndex }: CellParams) => (
        <span className="medication-actions">
          <ActionButton
            icon="view"
            label={`View ${row.name}`}
            tabIndex={tabIndex}
            onClick={() => view(row)}
          />
          <ActionButton
            icon="history"
            label={`History of ${row.name}`}
            tabIndex={tabIndex}
            onClick={() => history(row)}
          />
          {canWrite && (
            <>
              <ActionButton
                icon="edit"
                label={`Edit ${row.name}`}
                tabIndex={tabIndex}
                onClick={() => show({ kind: 'edit-medication', medication: row })}
              />
              <ActionButton
                icon="delete"
                label={`Delete ${row.name}`}
                tabIndex={tabIndex}
                onClick={() => show({ kind: 'delete-medication', medication: row })}
              />
            </>
          )}
        </span>
      ),
    },
  ];
}
