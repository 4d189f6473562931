import { useMemo } from 'react';
import { useListIngredientsQuery, type Ingredient, type MedicationIngredient } from '@/api';

/** One ingredient of a medication with its strength in it: `id` is the link's. */
export interface MedicationIngredientRow extends Omit<MedicationIngredient, 'name'> {
  ingredient_id: number;
  /** The ingredient's name. */
  name: string;
}

/** The most ingredients a medication's page lists: the contract's largest page. */
const INGREDIENTS_PAGE_SIZE = 100;

/**
 * The medication's ingredients as its page lists them, by the ingredient's name: each ingredient
 * lists every medication containing it, with its strength in each; this one's is the row's.
 */
export function medicationIngredientRows(
  medicationId: number,
  ingredients: readonly Ingredient[],
): MedicationIngredientRow[] {
  return ingredients.flatMap((ingredient) =>
    ingredient.medications
      .filter((link) => link.medication_id === medicationId)
      .map((link) => ({ ...link, ingredient_id: ingredient.id, name: ingredient.name })),
  );
}

/**
 * The ingredients of a medication (`GET /ingredient?medication_id=`): an ingredient list, so any
 * change to an ingredient, a strength or a limit refreshes it through the cache's tags.
 */
export function useMedicationIngredients(id: number) {
  const query = useListIngredientsQuery({
    medicationId: id,
    page: 1,
    pageSize: INGREDIENTS_PAGE_SIZE,
    sort: 'name',
  });
  const ingredients = query.data?.data;
  const rows = useMemo(
    () => ingredients && medicationIngredientRows(id, ingredients),
    [id, ingredients],
  );
  return { rows, error: query.error };
}
