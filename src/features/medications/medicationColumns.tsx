import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Medication } from '@/api';
import type { MedicationDialog } from './MedicationDialogs';
import type { DosageKind } from './medicationForm';
import { NONE, dosagePerWeightText, dosageTypeLabel } from './medicationFormat';

/** The quick search looks at names only: every other column opts out. */
const notSearched = () => null;

function AddLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
      sx={{ ml: 1, flexShrink: 0 }}
    >
      Add
    </Link>
  );
}

function WithAdd({ text, link }: { text: string; link: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, height: '100%' }}>
      <Box
        component="span"
        title={text}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {text}
      </Box>
      {link}
    </Box>
  );
}

interface ColumnActions {
  show: (dialog: MedicationDialog) => void;
  view: (medication: Medication) => void;
}

function dosageCountColumn(kind: DosageKind, { show }: ColumnActions): GridColDef<Medication> {
  const field = kind === 'weight' ? 'weight_category_dosages' : 'age_category_dosages';
  return {
    field,
    headerName: kind === 'weight' ? 'Weight Dosage' : 'Age Dosage',
    type: 'number',
    align: 'left',
    headerAlign: 'left',
    width: 130,
    valueGetter: (_value, row) => row[field].length,
    getApplyQuickFilterFn: notSearched,
    renderCell: ({ row, value }) => (
      <WithAdd
        text={String(value)}
        link={
          <AddLink
            label={`Add ${kind} dosage for ${row.name}`}
            onClick={() => show({ kind: 'add-dosage', dosageKind: kind, medication: row })}
          />
        }
      />
    ),
  };
}

/**
 * The Medications Management grid's columns (spec section 2). `actions` opens the dialogs with the
 * clicked medication pre-selected, and the detail page.
 */
export function medicationColumns(actions: ColumnActions): GridColDef<Medication>[] {
  const { show, view } = actions;
  return [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
    {
      field: 'dosage_type',
      headerName: 'Dosage Type',
      width: 125,
      valueGetter: (_value, row) => dosageTypeLabel(row),
      getApplyQuickFilterFn: notSearched,
    },
    {
      field: 'dosage_per_weight',
      headerName: 'Dosage per weight',
      width: 145,
      valueGetter: (_value, row) => dosagePerWeightText(row) ?? NONE,
      getApplyQuickFilterFn: notSearched,
    },
    dosageCountColumn('weight', actions),
    dosageCountColumn('age', actions),
    {
      field: 'condition_contraindications',
      headerName: 'Condition Contraindications',
      flex: 1.2,
      minWidth: 220,
      valueGetter: (_value, row) =>
        row.condition_contraindications.map((condition) => condition.name).join(', ') || NONE,
      getApplyQuickFilterFn: notSearched,
      renderCell: ({ row, value }) => (
        <WithAdd
          text={String(value)}
          link={
            <AddLink
              label={`Add contraindication for ${row.name}`}
              onClick={() => show({ kind: 'add-contraindication', medication: row })}
            />
          }
        />
      ),
    },
    {
      field: 'pregnancy_category',
      headerName: 'Pregnancy Category',
      width: 180,
      valueGetter: (value: Medication['pregnancy_category']) => value ?? NONE,
      getApplyQuickFilterFn: notSearched,
      renderCell: ({ row, value }) => {
        const conditions = row.condition_contraindications.map((condition) => condition.name);
        return (
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, minWidth: 0 }}>
            <span>{String(value)}</span>
            {conditions.length > 0 && (
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                title={conditions.join(', ')}
                sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {conditions.join(', ')}
              </Typography>
            )}
          </Box>
        );
      },
    },
    {
      field: 'actions',
      type: 'actions',
      headerName: 'Actions',
      width: 130,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="view"
          icon={<VisibilityIcon />}
          label={`View ${row.name}`}
          onClick={() => view(row)}
        />,
        <GridActionsCellItem
          key="edit"
          icon={<EditIcon />}
          label={`Edit ${row.name}`}
          onClick={() => show({ kind: 'edit-medication', medication: row })}
        />,
        <GridActionsCellItem
          key="delete"
          icon={<DeleteIcon />}
          label={`Delete ${row.name}`}
          onClick={() => show({ kind: 'delete-medication', medication: row })}
        />,
      ],
    },
  ];
}
