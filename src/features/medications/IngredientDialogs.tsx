import { useMemo } from 'react';
import {
  useAddMedicationIngredientMutation,
  useUpdateMedicationIngredientMutation,
  type Medication,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { LinkDialog } from './ContraindicationDialogs';
import type { DialogProps } from './dialogProps';
import { medicationField, readOnlyField } from './MedicationFields';
import {
  NO_STRENGTH,
  addIngredientBody,
  addIngredientResolver,
  strengthBody,
  strengthFields,
  strengthResolver,
  strengthValues,
  type AddIngredientOutput,
  type StrengthValues,
} from './medicationIngredientForm';
import type { MedicationIngredientRow } from './useMedicationIngredients';

export const ADD_INGREDIENT_TITLE = 'Add Ingredient';
export const EDIT_STRENGTH_TITLE = 'Edit Strength';

type StrengthPart = keyof StrengthValues;
const STRENGTH = {
  fields: strengthFields<Record<'ingredient_id' | StrengthPart, string>>(),
  defaults: NO_STRENGTH,
};

/**
 * Add Ingredient: an ingredient the medication contains, found by a server search (its
 * ingredients greyed out), with its strength when known: all three parts or none.
 */
export function AddIngredientDialog({
  medication,
  ingredientIds,
  ...dialog
}: DialogProps & { medication: Medication; ingredientIds: readonly number[] }) {
  const [addIngredient] = useAddMedicationIngredientMutation();
  return (
    <LinkDialog<'ingredient_id', StrengthPart, AddIngredientOutput>
      {...dialog}
      medication={medication}
      title={ADD_INGREDIENT_TITLE}
      label="Ingredient"
      source="ingredient"
      field="ingredient_id"
      linked={ingredientIds}
      resolver={addIngredientResolver}
      more={STRENGTH}
      save={(_ingredientId, values) =>
        addIngredient({ medicationIngredientCreate: addIngredientBody(medication.id, values) })
      }
      change={(_ingredientId, values) => ({
        operation: 'addMedicationIngredient',
        body: addIngredientBody(medication.id, values),
      })}
      feedback={{ success: serverMessage('Ingredient added to the medication') }}
    />
  );
}

/** Edit Strength: the ingredient's amount per tablet, capsule or ml; emptied, the strength goes. */
export function EditStrengthDialog({
  medication,
  ingredient,
  ...dialog
}: DialogProps & {
  medication: Pick<Medication, 'name'>;
  ingredient: MedicationIngredientRow;
}) {
  const [updateStrength] = useUpdateMedicationIngredientMutation();
  const run = useMutationFeedback();
  const fields = useMemo<CrudField<StrengthValues>[]>(
    () => [
      medicationField<StrengthValues>(medication),
      readOnlyField<StrengthValues>('ingredient', 'Ingredient', ingredient.name),
      ...strengthFields<StrengthValues>(),
    ],
    [medication, ingredient.name],
  );
  return (
    <CrudFormDialog
      {...dialog}
      title={EDIT_STRENGTH_TITLE}
      resolver={strengthResolver}
      defaultValues={strengthValues(ingredient)}
      fields={fields}
      serverFields={{ amount: 'amount', amount_unit: 'amount_unit', per_unit: 'per_unit' }}
      preview={(values) => (
        <ImpactPanel
          change={
            values && {
              operation: 'updateMedicationIngredient',
              body: strengthBody(ingredient.id, values),
            }
          }
        />
      )}
      onSubmit={(values) =>
        run(updateStrength({ medicationIngredientUpdate: strengthBody(ingredient.id, values) }), {
          success: serverMessage('Strength updated successfully'),
        })
      }
    />
  );
}
