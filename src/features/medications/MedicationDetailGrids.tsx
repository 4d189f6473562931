import { useMemo, type ReactElement } from 'react';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { DrugClass, Medication, RenalRule } from '@/api';
import { STRENGTH_NOT_STATED, strengthText } from '@/features/ingredients';
import { CompactGrid } from '@/components/CompactGrid';
import { textColumn } from '@/components/crud/columns';
import { RowAction, rowActionsColumn } from '@/components/RowAction';
import type { MedicationDialog } from './MedicationDialogs';
import type { AnyDosage, DosageKind } from './medicationForm';
import type { MedicationIngredientRow } from './useMedicationIngredients';
import {
  renalDailyText,
  renalDoseText,
  renalIntervalText,
  renalRuleCategoryText,
} from './renalRuleFormat';
import {
  contraindicationLevelText,
  dosageCategoryLabel,
  dosagesOf,
  kindLabel,
  NONE,
  rangeText,
  singleDoseText,
} from './medicationFormat';
import { capitalize } from '@/components/crud/format';

/** What the sections may offer: `show` opens a dialog; `canWrite` false hides every change control. */
export interface SectionActions {
  show: (dialog: MedicationDialog) => void;
  canWrite: boolean;
}

type ConditionRow = Medication['condition_contraindications'][number];
type LifestyleRow = Medication['medical_lifestyle_contraindications'][number];

interface ActionButton {
  label: string;
  icon: ReactElement;
  onClick: () => void;
}

/**
 * A column of change buttons per row (Edit, Delete), shown only to a user who may write; `header`
 * names it when it has one button, and it is 'Actions' with more.
 */
function actionColumn<R extends GridValidRowModel>(
  canWrite: boolean,
  header: string,
  ...buttons: ((row: R) => ActionButton)[]
): GridColDef<R>[] {
  if (!canWrite) return [];
  return [
    rowActionsColumn<R>('actions', header, 60 + 20 * buttons.length, (row) =>
      buttons.map((button) => {
        const { label, icon, onClick } = button(row);
        return <RowAction key={label} icon={icon} label={label} onClick={onClick} />;
      }),
    ),
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
    textColumn<AnyDosage>(
      'category',
      `${kindLabel(kind)} Category`,
      (dosage) => dosageCategoryLabel(kind, dosage),
      { flex: 1.2, minWidth: 160 },
    ),
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
    {
      field: 'max_dose',
      headerName: 'Max Single Dose',
      flex: 0.8,
      minWidth: 120,
      valueFormatter: (_value, dosage) => singleDoseText(dosage),
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
    textColumn<ConditionRow>('level', 'Level', contraindicationLevelText, {
      flex: 1,
      minWidth: 150,
    }),
    textColumn<ConditionRow>('description', 'Description', (row) => row.description || '-', {
      flex: 2,
      minWidth: 160,
    }),
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
    textColumn<LifestyleRow>('lifestyle', 'Lifestyle', (link) => link.lifestyle.name, { flex: 1 }),
    textColumn<LifestyleRow>('severity', 'Severity', (link) => capitalize(link.severity), {
      flex: 1,
      minWidth: 140,
    }),
    ...actionColumn<LifestyleRow>(
      canWrite,
      'Actions',
      (link) => ({
        label: `Edit severity of ${link.lifestyle.name}`,
        icon: <EditIcon fontSize="inherit" />,
        onClick: () => show({ kind: 'edit-lifestyle-severity', medication, link }),
      }),
      (link) => ({
        label: `Delete lifestyle contraindication ${link.lifestyle.name}`,
        icon: <DeleteIcon fontSize="inherit" />,
        onClick: () => show({ kind: 'delete-lifestyle-contraindication', medication, link }),
      }),
    ),
  ];
}

function classColumns(
  medication: Medication,
  { show, canWrite }: SectionActions,
): GridColDef<DrugClass>[] {
  return [
    { field: 'name', headerName: 'Class', flex: 1, minWidth: 160 },
    {
      field: 'atc_code',
      headerName: 'ATC Code',
      width: 120,
      valueGetter: (value: string | null) => value ?? NONE,
    },
    {
      field: 'duplicate_severity',
      headerName: 'Duplicate Therapy',
      width: 160,
      valueGetter: (value: DrugClass['duplicate_severity']) =>
        value ? capitalize(value) : 'Allowed',
    },
    ...actionColumn<DrugClass>(canWrite, 'Remove', (drugClass) => ({
      label: `Remove from class ${drugClass.name}`,
      icon: <DeleteIcon fontSize="inherit" />,
      onClick: () => show({ kind: 'remove-from-class', medication, drugClass }),
    })),
  ];
}

interface ClassGridProps {
  medication: Medication;
  /** The drug classes the medication belongs to. */
  classes: readonly DrugClass[];
  label: string;
  actions: SectionActions;
}

/** The drug classes the medication belongs to, each with its Remove button. */
export function ClassGrid({ medication, classes, label, actions }: ClassGridProps) {
  const { show, canWrite } = actions;
  const columns = useMemo(
    () => classColumns(medication, { show, canWrite }),
    [medication, show, canWrite],
  );
  return <CompactGrid label={label} rows={classes} columns={columns} />;
}

function ingredientColumns(
  medication: Medication,
  { show, canWrite }: SectionActions,
): GridColDef<MedicationIngredientRow>[] {
  return [
    { field: 'name', headerName: 'Ingredient', flex: 1, minWidth: 160 },
    textColumn<MedicationIngredientRow>(
      'strength',
      'Strength',
      (ingredient) => strengthText(ingredient) ?? STRENGTH_NOT_STATED,
      { flex: 1, minWidth: 160 },
    ),
    ...actionColumn<MedicationIngredientRow>(
      canWrite,
      'Actions',
      (ingredient) => ({
        label: `Edit strength of ${ingredient.name}`,
        icon: <EditIcon fontSize="inherit" />,
        onClick: () => show({ kind: 'edit-strength', medication, ingredient }),
      }),
      (ingredient) => ({
        label: `Remove ingredient ${ingredient.name}`,
        icon: <DeleteIcon fontSize="inherit" />,
        onClick: () => show({ kind: 'remove-ingredient', medication, ingredient }),
      }),
    ),
  ];
}

interface IngredientGridProps {
  medication: Medication;
  /** What the medication contains, each with its strength. */
  ingredients: readonly MedicationIngredientRow[];
  label: string;
  actions: SectionActions;
}

/** The medication's ingredients with their strengths, each with Edit Strength and Remove. */
export function IngredientGrid({ medication, ingredients, label, actions }: IngredientGridProps) {
  const { show, canWrite } = actions;
  const columns = useMemo(
    () => ingredientColumns(medication, { show, canWrite }),
    [medication, show, canWrite],
  );
  return <CompactGrid label={label} rows={ingredients} columns={columns} />;
}

function renalRuleColumns(
  medication: Medication,
  { show, canWrite }: SectionActions,
): GridColDef<RenalRule>[] {
  return [
    textColumn<RenalRule>('renal_category', 'Renal Category', renalRuleCategoryText, {
      flex: 1.2,
      minWidth: 180,
    }),
    textColumn<RenalRule>('dose', 'Dose Range', renalDoseText, { flex: 1, minWidth: 120 }),
    textColumn<RenalRule>('max_daily_dosage', 'Max per Day', renalDailyText, {
      flex: 0.8,
      minWidth: 110,
    }),
    textColumn<RenalRule>('interval', 'Interval Range', renalIntervalText, {
      flex: 1,
      minWidth: 130,
    }),
    ...actionColumn<RenalRule>(
      canWrite,
      'Actions',
      (rule) => ({
        label: `Edit renal rule for ${renalRuleCategoryText(rule)}`,
        icon: <EditIcon fontSize="inherit" />,
        onClick: () => show({ kind: 'edit-renal-rule', medication, rule }),
      }),
      (rule) => ({
        label: `Delete renal rule for ${renalRuleCategoryText(rule)}`,
        icon: <DeleteIcon fontSize="inherit" />,
        onClick: () => show({ kind: 'delete-renal-rule', medication, rule }),
      }),
    ),
  ];
}

interface RenalRuleGridProps {
  medication: Medication;
  /** The medication's renal rules. */
  rules: readonly RenalRule[];
  label: string;
  actions: SectionActions;
}

/** The medication's renal rules: Avoid, or the dose and interval it may be given at. */
export function RenalRuleGrid({ medication, rules, label, actions }: RenalRuleGridProps) {
  const { show, canWrite } = actions;
  const columns = useMemo(
    () => renalRuleColumns(medication, { show, canWrite }),
    [medication, show, canWrite],
  );
  return <CompactGrid label={label} rows={rules} columns={columns} />;
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
