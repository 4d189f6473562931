import { useMemo, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SafetyCheckIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import { GridActionsCellItem, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import type { Medication } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { useCanWrite } from '@/session/permissions';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { PageHeader } from '@/components/PageHeader';
import { messageOf } from '@/lib/errors';
import { RecordHistory } from '@/features/history';
import {
  MedicationDialogs,
  useMedicationDialogs,
  type MedicationDialog,
} from './MedicationDialogs';
import type { AnyDosage, DosageKind } from './medicationForm';
import {
  NOT_AVAILABLE,
  dosageCategoryLabel,
  dosagePerWeightText,
  dosageTypeLabel,
  dosagesOf,
  kindLabel,
  rangeText,
} from './medicationFormat';
import { parseMedicationId, useMedication } from './useMedication';

export const MEDICATIONS_PATH = '/dashboard/drugs/medications';
export const MEDICATION_NOT_FOUND = 'Medication not found';

const NO_DOSAGES: Record<DosageKind, string> = {
  weight: 'No weight-based dosages found.',
  age: 'No age-based dosages found.',
};

interface SectionProps<R extends GridValidRowModel> {
  title: string;
  addLabel: string;
  /** Left out for a user who may not write: no Add button. */
  onAdd?: () => void;
  columns: readonly GridColDef<R>[];
  /** The rows; none shows `emptyText`. */
  rows: readonly R[];
  emptyText: string;
}

/** A titled grid of the medication's dosages or contraindications, with its Add button. */
function Section<R extends GridValidRowModel>({
  title,
  addLabel,
  onAdd,
  columns,
  rows,
  emptyText,
}: SectionProps<R>) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
            mb: 1,
          }}
        >
          <Typography variant="h6" component="h2" id={id}>
            {title}
          </Typography>
          {onAdd && (
            <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {emptyText}
          </Typography>
        ) : (
          <CompactGrid label={title} rows={rows} columns={columns} />
        )}
      </CardContent>
    </Card>
  );
}

function Information({ medication }: { medication: Medication }) {
  const items: [string, ReactNode][] = [
    ['Name', medication.name],
    ['Condition', medication.condition?.name || NOT_AVAILABLE],
    ['Dosage Type', dosageTypeLabel(medication)],
    ['Dosage Per Weight', dosagePerWeightText(medication) ?? NOT_AVAILABLE],
    [
      'Pregnancy Category',
      medication.pregnancy_category ? (
        <>
          {medication.pregnancy_category}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            (legacy FDA letter category, not a safety rating)
          </Typography>
        </>
      ) : (
        NOT_AVAILABLE
      ),
    ],
    ['Created At', new Date(medication.created_at).toLocaleDateString()],
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby="medication-information">
      <CardContent>
        <Typography variant="h6" component="h2" id="medication-information" sx={{ mb: 1 }}>
          Information
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            gap: 2,
            m: 0,
          }}
        >
          {items.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** What the sections may offer: `show` opens a dialog; `canWrite` false hides every change control. */
interface SectionActions {
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
    {
      field: 'actions',
      type: 'actions',
      headerName: header,
      width: 80,
      getActions: ({ row }) => {
        const { label, icon, onClick } = button(row);
        return [<GridActionsCellItem key={label} icon={icon} label={label} onClick={onClick} />];
      },
    },
  ];
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
    {
      field: 'dosage',
      headerName: 'Dosage Range',
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, d) => rangeText(d.min_dosage, d.max_dosage, d.dosage_unit),
    },
    {
      field: 'frequency',
      headerName: 'Frequency Range',
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, d) => rangeText(d.min_frequency, d.max_frequency, d.frequency_unit),
    },
    {
      field: 'duration',
      headerName: 'Duration Range',
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, d) =>
        rangeText(d.min_frequency_duration, d.max_frequency_duration, d.frequency_duration_unit),
    },
    ...actionColumn<AnyDosage>(canWrite, 'Edit', (dosage) => ({
      label: `Edit ${kind} dosage for ${dosageCategoryLabel(kind, dosage)}`,
      icon: <EditIcon fontSize="small" />,
      onClick: () => show({ kind: 'edit-dosage', dosageKind: kind, medication, dosage }),
    })),
  ];
}

function Details({ medication, actions }: { medication: Medication; actions: SectionActions }) {
  const { show, canWrite } = actions;
  /** The Add button's action, for a user who may write. */
  const adding = (dialog: MedicationDialog) => (canWrite ? () => show(dialog) : undefined);
  const columns = useMemo(
    () => ({
      weight: dosageColumns(medication, 'weight', { show, canWrite }),
      age: dosageColumns(medication, 'age', { show, canWrite }),
      conditions: [
        { field: 'name', headerName: 'Condition', flex: 1, minWidth: 140 },
        {
          field: 'description',
          headerName: 'Description',
          flex: 2,
          minWidth: 160,
          valueGetter: (_value, condition) => condition.description || '-',
        },
        ...actionColumn<ConditionRow>(canWrite, 'Remove', (condition) => ({
          label: `Remove contraindication ${condition.name}`,
          icon: <DeleteIcon fontSize="small" />,
          onClick: () => show({ kind: 'remove-contraindication', medication, condition }),
        })),
      ] satisfies GridColDef<ConditionRow>[],
      lifestyles: [
        {
          field: 'lifestyle',
          headerName: 'Lifestyle',
          flex: 1,
          valueGetter: (_value, link) => link.lifestyle.name,
        },
        ...actionColumn<LifestyleRow>(canWrite, 'Delete', (link) => ({
          label: `Delete lifestyle contraindication ${link.lifestyle.name}`,
          icon: <DeleteIcon fontSize="small" />,
          onClick: () => show({ kind: 'delete-lifestyle-contraindication', medication, link }),
        })),
      ] satisfies GridColDef<LifestyleRow>[],
    }),
    [medication, show, canWrite],
  );
  const dosageSection = (kind: DosageKind) => (
    <Section
      title={`${kindLabel(kind)}-based Dosages`}
      addLabel={`Add ${kindLabel(kind)} Dosage`}
      onAdd={adding({ kind: 'add-dosage', dosageKind: kind, medication })}
      columns={columns[kind]}
      rows={dosagesOf(medication, kind)}
      emptyText={NO_DOSAGES[kind]}
    />
  );
  return (
    <Stack spacing={3}>
      <Information medication={medication} />
      {dosageSection('weight')}
      {dosageSection('age')}
      <Section
        title="Contraindications"
        addLabel="Add Contraindication"
        onAdd={adding({ kind: 'add-contraindication', medication })}
        columns={columns.conditions}
        rows={medication.condition_contraindications}
        emptyText="No contraindications found."
      />
      <Section
        title="Lifestyle Contraindications"
        addLabel="Add Lifestyle Contraindication"
        onAdd={adding({ kind: 'add-lifestyle-contraindication', medication })}
        columns={columns.lifestyles}
        rows={medication.medical_lifestyle_contraindications}
        emptyText="No lifestyle contraindications found."
      />
      <Card variant="outlined" component="section" aria-labelledby="medication-history">
        <CardContent>
          <Typography variant="h6" component="h2" id="medication-history" sx={{ mb: 1 }}>
            History
          </Typography>
          <RecordHistory filter={{ medicationId: medication.id }} />
        </CardContent>
      </Card>
    </Stack>
  );
}

/**
 * /dashboard/drugs/medications/{id}: the medication's information, its weight- and age-based
 * dosages, condition and lifestyle contraindications, each with its add (and edit or delete)
 * dialogs. Loaded by id, so a reload or a pasted link works; every change refreshes it through
 * the API cache's tags.
 */
export function MedicationDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = parseMedicationId(params.id);
  const { medication, notFound, error, isLoading } = useMedication(id);
  const dialogs = useMedicationDialogs();
  const canWrite = useCanWrite();
  const back = () => navigate(MEDICATIONS_PATH);

  const backButton = (
    <Button startIcon={<ArrowBackIcon />} onClick={back}>
      Back
    </Button>
  );

  if (isLoading) return <FullPageSpinner label="Loading the medication" />;
  if (!medication) {
    return (
      <>
        <PageHeader title="Medication Details" actions={backButton} />
        {notFound ? (
          <ErrorBanner message={MEDICATION_NOT_FOUND} />
        ) : (
          <ErrorBanner title="The medication could not be loaded" message={messageOf(error)} />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Medication Details"
        subtitle={medication.name}
        actions={
          <>
            {backButton}
            <Button
              variant="outlined"
              component={RouterLink}
              to={`/dashboard/safety-check?medications=${medication.id}`}
              startIcon={<SafetyCheckIcon />}
            >
              Check this medication
            </Button>
            {canWrite && (
              <Button
                variant="contained"
                startIcon={<EditIcon />}
                onClick={() => dialogs.show({ kind: 'edit-medication', medication })}
              >
                Edit Medication
              </Button>
            )}
          </>
        }
      />
      <Details medication={medication} actions={{ show: dialogs.show, canWrite }} />
      <MedicationDialogs session={dialogs.session} close={dialogs.close} exited={dialogs.exited} />
    </>
  );
}
