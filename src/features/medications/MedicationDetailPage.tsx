import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import SafetyCheckIcon from '@mui/icons-material/HealthAndSafetyOutlined';
import type { Medication } from '@/api';
import { useCanWrite } from '@/session/permissions';
import { chunk } from '@/components/chunk';
import { CardSection } from '@/components/CardSection';
import { CodeChips } from '@/components/codes';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { PageHeader } from '@/components/PageHeader';
import { messageOf } from '@/lib/errors';
import {
  MedicationDialogs,
  useMedicationDialogs,
  type MedicationDialog,
} from './MedicationDialogs';
import type { SectionActions, DetailTable } from './MedicationDetailGrids';
import { ageLimitText } from './medicationAgeLimit';
import type { DosageKind } from './medicationForm';
import {
  NOT_AVAILABLE,
  dosagePerWeightText,
  dosageTypeLabel,
  dosagesOf,
  kindLabel,
} from './medicationFormat';
import { parseMedicationId, useMedication, useMedicationClasses } from './useMedication';
import { useMedicationIngredients } from './useMedicationIngredients';
import { useMedicationRenalRules } from './useRenalRules';

// The grids' code (the DataGrid) arrives after the page shows: the page stays within its budget.
const DetailGrid = chunk(
  () => import('./MedicationDetailGrids').then((module) => module.default),
  ({ label }) => <LinearProgress aria-label={`Loading ${label}`} />,
).Component;
const ClassGrid = chunk(
  () => import('./MedicationDetailGrids').then((module) => module.ClassGrid),
  ({ label }) => <LinearProgress aria-label={`Loading ${label}`} />,
).Component;
const IngredientGrid = chunk(
  () => import('./MedicationDetailGrids').then((module) => module.IngredientGrid),
  ({ label }) => <LinearProgress aria-label={`Loading ${label}`} />,
).Component;
const RenalRuleGrid = chunk(
  () => import('./MedicationDetailGrids').then((module) => module.RenalRuleGrid),
  ({ label }) => <LinearProgress aria-label={`Loading ${label}`} />,
).Component;
const RecordHistory = chunk(
  () => import('@/features/history').then((module) => module.RecordHistory),
  <LinearProgress aria-label="Loading the history" />,
).Component;

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
  /** No rows: `emptyText` shows instead of the grid. */
  empty: boolean;
  emptyText: string;
  /** The grid. */
  children: ReactNode;
}

/** A titled grid of the medication's dosages or contraindications, with its Add button. */
function Section({ title, addLabel, onAdd, empty, emptyText, children }: SectionProps) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <CardSection
      id={id}
      title={title}
      action={
        onAdd && (
          <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        )
      }
    >
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {emptyText}
        </Typography>
      ) : (
        children
      )}
    </CardSection>
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
    ['Age Limit', ageLimitText(medication.age_limit)],
    ['Codes', medication.codes.length ? <CodeChips codes={medication.codes} /> : NOT_AVAILABLE],
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

/**
 * The drug classes the medication belongs to, with Add to Class (its classes greyed out in the
 * picker) and a Remove on each. Their own request: a class holds its members, not the medication.
 */
function ClassesSection({
  medication,
  actions,
}: {
  medication: Medication;
  actions: SectionActions;
}) {
  const { classes, error } = useMedicationClasses(medication.id);
  const title = 'Drug Classes';
  const { show, canWrite } = actions;
  const classIds = classes?.map((drugClass) => drugClass.id) ?? [];
  return (
    <Section
      title={title}
      addLabel="Add to Class"
      onAdd={
        canWrite && classes ? () => show({ kind: 'add-to-class', medication, classIds }) : undefined
      }
      empty={classes?.length === 0 || (classes === undefined && error !== undefined)}
      emptyText={
        classes === undefined ? 'The drug classes could not be loaded.' : 'No drug classes found.'
      }
    >
      {classes ? (
        <ClassGrid medication={medication} classes={classes} label={title} actions={actions} />
      ) : (
        <LinearProgress aria-label={`Loading ${title}`} />
      )}
    </Section>
  );
}

/**
 * What the medication contains, each ingredient with its strength (500 mg per tablet), with Add
 * Ingredient (its ingredients greyed out in the picker), Edit Strength and Remove on each. Their
 * own request: an ingredient lists the medications containing it, not the other way round.
 */
function IngredientsSection({
  medication,
  actions,
}: {
  medication: Medication;
  actions: SectionActions;
}) {
  const { rows, error } = useMedicationIngredients(medication.id);
  const title = 'Ingredients';
  const { show, canWrite } = actions;
  const ingredientIds = rows?.map((row) => row.ingredient_id) ?? [];
  return (
    <Section
      title={title}
      addLabel="Add Ingredient"
      onAdd={
        canWrite && rows
          ? () => show({ kind: 'add-ingredient', medication, ingredientIds })
          : undefined
      }
      empty={rows?.length === 0 || (rows === undefined && error !== undefined)}
      emptyText={
        rows === undefined ? 'The ingredients could not be loaded.' : 'No ingredients found.'
      }
    >
      {rows ? (
        <IngredientGrid
          medication={medication}
          ingredients={rows}
          label={title}
          actions={actions}
        />
      ) : (
        <LinearProgress aria-label={`Loading ${title}`} />
      )}
    </Section>
  );
}

/**
 * What the medication may be given at in each kidney function category, or that it is avoided
 * there, with Add Renal Rule (categories with a rule greyed out in its select), Edit and Delete on
 * each. Their own request: the medication's record does not hold them.
 */
function RenalRulesSection({
  medication,
  actions,
}: {
  medication: Medication;
  actions: SectionActions;
}) {
  const { rules, error } = useMedicationRenalRules(medication.id);
  const title = 'Renal Rules';
  const { show, canWrite } = actions;
  const categoryIds = rules?.map((rule) => rule.renal_category_id) ?? [];
  return (
    <Section
      title={title}
      addLabel="Add Renal Rule"
      onAdd={
        canWrite && rules
          ? () => show({ kind: 'add-renal-rule', medication, categoryIds })
          : undefined
      }
      empty={rules?.length === 0 || (rules === undefined && error !== undefined)}
      emptyText={rules === undefined ? 'The renal rules could not be loaded.' : 'No renal rules'}
    >
      {rules ? (
        <RenalRuleGrid medication={medication} rules={rules} label={title} actions={actions} />
      ) : (
        <LinearProgress aria-label={`Loading ${title}`} />
      )}
    </Section>
  );
}

function Details({ medication, actions }: { medication: Medication; actions: SectionActions }) {
  const { show, canWrite } = actions;
  /** The Add button's action, for a user who may write. */
  const adding = (dialog: MedicationDialog) => (canWrite ? () => show(dialog) : undefined);
  const section = (
    table: DetailTable,
    title: string,
    addLabel: string,
    add: MedicationDialog,
    count: number,
    emptyText: string,
  ) => (
    <Section
      title={title}
      addLabel={addLabel}
      onAdd={adding(add)}
      emptyText={emptyText}
      empty={count === 0}
    >
      <DetailGrid medication={medication} table={table} label={title} actions={actions} />
    </Section>
  );
  const dosageSection = (kind: DosageKind) =>
    section(
      kind,
      `${kindLabel(kind)}-based Dosages`,
      `Add ${kindLabel(kind)} Dosage`,
      { kind: 'add-dosage', dosageKind: kind, medication },
      dosagesOf(medication, kind).length,
      NO_DOSAGES[kind],
    );
  return (
    <Stack spacing={3}>
      <Information medication={medication} />
      <IngredientsSection medication={medication} actions={actions} />
      {dosageSection('weight')}
      {dosageSection('age')}
      <RenalRulesSection medication={medication} actions={actions} />
      {section(
        'conditions',
        'Contraindications',
        'Add Contraindication',
        { kind: 'add-contraindication', medication },
        medication.condition_contraindications.length,
        'No contraindications found.',
      )}
      {section(
        'lifestyles',
        'Lifestyle Contraindications',
        'Add Lifestyle Contraindication',
        { kind: 'add-lifestyle-contraindication', medication },
        medication.medical_lifestyle_contraindications.length,
        'No lifestyle contraindications found.',
      )}
      <ClassesSection medication={medication} actions={actions} />
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
 * /dashboard/drugs/medications/{id}: the medication's information, its ingredients, its weight- and age-based
 * dosages, renal rules, condition and lifestyle contraindications and drug classes, each with its add (and
 * edit or delete) dialogs. Loaded by id, so a reload or a pasted link works; every change refreshes it through
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
