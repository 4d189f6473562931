import type { Ingredient, IngredientCreate, IngredientUpdate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { codesField } from '@/components/codes';
import { MEDICINE_SYSTEMS, changedCodes, codeRows } from '@/lib/codes';
import { lazyResolver } from '@/lib/lazyResolver';
import type { IngredientFormOutput, IngredientFormValues } from './ingredientSchema';

/** The form's validation (ingredientSchema.ts), loaded after the list shows. */
export const ingredientValidation = lazyResolver<IngredientFormValues, IngredientFormOutput>(() =>
  import('./ingredientSchema').then((module) => module.ingredientResolver),
);

/** The form's start: the ingredient's name and codes, or none for a new one. */
export function ingredientFormValues(ingredient: Ingredient | null): IngredientFormValues {
  return { name: ingredient?.name ?? '', codes: codeRows(ingredient?.codes) };
}

/**
 * What saving sends: the name, and the codes when they changed (a new ingredient's: when it has
 * some), with the ingredient's id for an edit.
 */
export function ingredientCreateBody({ name, codes }: IngredientFormOutput): IngredientCreate {
  return { name, ...changedCodes([], codes) };
}

export function ingredientUpdateBody(
  ingredient: Pick<Ingredient, 'id'> & Partial<Pick<Ingredient, 'codes'>>,
  { name, codes }: IngredientFormOutput,
): IngredientUpdate {
  return { id: ingredient.id, name, ...changedCodes(ingredient.codes, codes) };
}

export const ingredientFields: CrudField<IngredientFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
  codesField<IngredientFormValues>(MEDICINE_SYSTEMS),
];
