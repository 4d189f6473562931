import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SafetyCheckIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import type { Medication } from '@/api';
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
import type { DosageKind } from './medicationForm';
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

interface SectionProps {
  title: string;
  addLabel: string;
  /** Left out for a user who may not write: no Add button. */
  onAdd?: () => void;
  headers: string[];
  /** The rows; none shows `emptyText`. */
  rows: ReactNode[];
  emptyText: string;
}

/** A titled table of the medication's dosages or contraindications, with its Add button. */
function Section({ title, addLabel, onAdd, headers, rows, emptyText }: SectionProps) {
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
          <TableContainer>
            <Table size="small" aria-labelledby={id}>
              <TableHead>
                <TableRow>
                  {headers.map((header) => (
                    <TableCell key={header}>{header}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>{rows}</TableBody>
            </Table>
          </TableContainer>
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

function dosageRows(
  medication: Medication,
  kind: DosageKind,
  { show, canWrite }: SectionActions,
): ReactNode[] {
  return dosagesOf(medication, kind).map((dosage) => {
    const category = dosageCategoryLabel(kind, dosage);
    return (
      <TableRow key={dosage.id}>
        <TableCell>{category}</TableCell>
        <TableCell>{rangeText(dosage.min_dosage, dosage.max_dosage, dosage.dosage_unit)}</TableCell>
        <TableCell>
          {rangeText(dosage.min_frequency, dosage.max_frequency, dosage.frequency_unit)}
        </TableCell>
        <TableCell>
          {rangeText(
            dosage.min_frequency_duration,
            dosage.max_frequency_duration,
            dosage.frequency_duration_unit,
          )}
        </TableCell>
        {canWrite && (
          <TableCell padding="none">
            <Tooltip title="Edit">
              <IconButton
                aria-label={`Edit ${kind} dosage for ${category}`}
                onClick={() => show({ kind: 'edit-dosage', dosageKind: kind, medication, dosage })}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </TableCell>
        )}
      </TableRow>
    );
  });
}

/** The given header, only when the user may write (the column of change buttons). */
function writeHeader(canWrite: boolean, header: string): string[] {
  return canWrite ? [header] : [];
}

function Details({ medication, actions }: { medication: Medication; actions: SectionActions }) {
  const { show, canWrite } = actions;
  /** The Add button's action, for a user who may write. */
  const adding = (dialog: MedicationDialog) => (canWrite ? () => show(dialog) : undefined);
  const dosageSection = (kind: DosageKind) => (
    <Section
      title={`${kindLabel(kind)}-based Dosages`}
      addLabel={`Add ${kindLabel(kind)} Dosage`}
      onAdd={adding({ kind: 'add-dosage', dosageKind: kind, medication })}
      headers={[
        `${kindLabel(kind)} Category`,
        'Dosage Range',
        'Frequency Range',
        'Duration Range',
        ...writeHeader(canWrite, 'Edit'),
      ]}
      rows={dosageRows(medication, kind, actions)}
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
        headers={['Condition', 'Description', ...writeHeader(canWrite, 'Remove')]}
        rows={medication.condition_contraindications.map((condition) => (
          <TableRow key={condition.id}>
            <TableCell>{condition.name}</TableCell>
            <TableCell>{condition.description || '-'}</TableCell>
            {canWrite && (
              <TableCell padding="none">
                <Tooltip title="Remove">
                  <IconButton
                    aria-label={`Remove contraindication ${condition.name}`}
                    onClick={() => show({ kind: 'remove-contraindication', medication, condition })}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        ))}
        emptyText="No contraindications found."
      />
      <Section
        title="Lifestyle Contraindications"
        addLabel="Add Lifestyle Contraindication"
        onAdd={adding({ kind: 'add-lifestyle-contraindication', medication })}
        headers={['Lifestyle', ...writeHeader(canWrite, 'Delete')]}
        rows={medication.medical_lifestyle_contraindications.map((link) => (
          <TableRow key={link.id}>
            <TableCell>{link.lifestyle.name}</TableCell>
            {canWrite && (
              <TableCell padding="none">
                <Tooltip title="Delete">
                  <IconButton
                    aria-label={`Delete lifestyle contraindication ${link.lifestyle.name}`}
                    onClick={() =>
                      show({ kind: 'delete-lifestyle-contraindication', medication, link })
                    }
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        ))}
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
