import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import LimitsIcon from '@mui/icons-material/SpeedOutlined';
import {
  useCreateIngredientMutation,
  useDeleteIngredientMutation,
  useListIngredientsQuery,
  useUpdateIngredientMutation,
  type Ingredient,
  type IngredientSort,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';
import { chunk } from '@/components/chunk';
import { codesColumn } from '@/components/codes';
import { textColumn } from '@/components/crud/columns';
import { CODES_SERVER_FIELDS } from '@/lib/codes';
import { RowAction, rowActionsColumn } from '@/components/RowAction';
import { ResourcePage } from '@/components/resource/ResourcePage';
import { listState, type ResourceDefinition, crudFeedback } from '@/components/resource/resource';
import { useRowHistory } from '@/features/history';
import { importLink } from '@/features/import';
import {
  ingredientCreateBody,
  ingredientFields,
  ingredientFormValues,
  ingredientUpdateBody,
  ingredientValidation,
} from './ingredientForm';
import { limitText, medicationStrengthText } from './ingredientFormat';
import type { IngredientFormOutput, IngredientFormValues } from './ingredientSchema';

// Loaded on the first Daily Limits click: its form (react-hook-form and zod) would put the list
// page over its bundle budget.
const IngredientLimitsDialog = chunk(
  () => import('./IngredientLimitsDialog').then((module) => module.IngredientLimitsDialog),
  null,
).Component;

/** What the Medications and Daily Limits columns say of an ingredient with none. */
export const NONE = 'None';

/** "Co-codamol 30/500 (500 mg per tablet), Paracetamol (500 mg per tablet)", or "None". */
export function medicationsText(ingredient: Pick<Ingredient, 'medications'>): string {
  return ingredient.medications.map(medicationStrengthText).join(', ') || NONE;
}

/** "Adult (18–65 years): 4 g, Underweight (0–50 kg): 60 mg/kg", or "None". */
export function limitsText(ingredient: Pick<Ingredient, 'limits'>): string {
  return ingredient.limits.map(limitText).join(', ') || NONE;
}

const columns: GridColDef<Ingredient>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  textColumn<Ingredient>('medications', 'Medications', medicationsText, { flex: 2, minWidth: 240 }),
  textColumn<Ingredient>('limits', 'Daily Limits', limitsText, { flex: 2, minWidth: 240 }),
  codesColumn<Ingredient>(),
];

/**
 * Ingredients: what medications contain (a medication contains one or more; at first one of its
 * own name), each with the medications containing it and its strength in each, and its daily
 * limits by age or weight category, which the safety check holds the day's total of the
 * ingredient against, over every prescribed medication containing it. Searched by name or a
 * medication's name. Strengths are set on a medication's page; limits in the row's Daily Limits
 * dialog. The server refuses to delete an ingredient a medication contains (409, its message shown).
 */
export const ingredientResource: ResourceDefinition<
  Ingredient,
  IngredientFormValues,
  IngredientFormOutput
> = {
  texts: {
    title: 'Ingredients',
    subtitle: 'Manage what medications contain and the most of each a day',
    addLabel: 'Add Ingredient',
    addTitle: 'Add Ingredient',
    editTitle: 'Edit Ingredient',
    deleteTitle: 'Delete Ingredient',
    deleteMessage: 'Are you sure you want to delete this ingredient? This action cannot be undone.',
    emptyText: 'No ingredients found',
    searchLabel: 'Search ingredients',
    loadingText: 'Loading ingredients...',
    errorTitle: 'Failed to fetch ingredients',
    exportFileName: 'ingredients',
  },
  listPath: '/ingredient',
  imports: [importLink('ingredients')],
  columns,
  actionsLayout: 'separate',
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: { name: 'name', medications: 'medication_count' },
  describe: (row) => row.name,
  useApi: (query) => {
    const arg = { ...query, sort: query.sort as IngredientSort };
    const list = useListIngredientsQuery(arg);
    useAbortSuperseded('listIngredients', arg);
    const [create] = useCreateIngredientMutation();
    const [update] = useUpdateIngredientMutation();
    const [remove] = useDeleteIngredientMutation();
    return {
      list: listState(list),
      create: (values) => create({ ingredientCreate: ingredientCreateBody(values) }),
      update: (row, values) => update({ ingredientUpdate: ingredientUpdateBody(row, values) }),
      remove: (row) => remove({ idBody: { id: row.id } }),
    };
  },
  useScreen: () => {
    const [limitsOf, setLimitsOf] = useState<{ ingredient: Ingredient; open: boolean } | null>(
      null,
    );
    const screenColumns = useMemo(
      () => [
        ...columns,
        rowActionsColumn<Ingredient>('manage_limits', 'Manage', 90, (row) => [
          <RowAction
            key="limits"
            icon={<LimitsIcon fontSize="inherit" />}
            label={`Daily Limits of ${row.name}`}
            onClick={() => setLimitsOf({ ingredient: row, open: true })}
          />,
        ]),
      ],
      [],
    );
    return {
      columns: screenColumns,
      dialogs: limitsOf && (
        <IngredientLimitsDialog
          ingredient={limitsOf.ingredient}
          open={limitsOf.open}
          onClose={() => setLimitsOf((current) => current && { ...current, open: false })}
          onExited={() => setLimitsOf(null)}
        />
      ),
    };
  },
  feedback: crudFeedback('Ingredient', 'ingredient'),
  form: {
    validation: ingredientValidation,
    values: ingredientFormValues,
    fields: () => ingredientFields,
    serverFields: { name: 'name', ...CODES_SERVER_FIELDS },
  },
  remove: {},
};

/** /dashboard/drugs/ingredients */
export function IngredientsPage() {
  const history = useRowHistory('ingredient', ingredientResource.describe);
  return <ResourcePage resource={ingredientResource} history={history} />;
}
