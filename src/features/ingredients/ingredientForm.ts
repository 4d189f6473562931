import type { Ingredient, IngredientCreate, IngredientUpdate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { lazyResolver } from '@/lib/lazyResolver';
import type { IngredientFormOutput, IngredientFormValues } from './ingredientSchema';

/** The form's validation (ingredientSchema.ts), loaded after the list shows. */
export const ingredientValidation = lazyResolver<IngredientFormValues, IngredientFormOutput>(() =>
  import('./ingredientSchema').then((module) => module.ingredientResolver),
);

/** The form's start: the ingredient's name, or empty for a new one. */
export function ingredientFormValues(ingredient: Ingredient | null): IngredientFormValues {
  return { name: ingredient?.name ?? '' };
}

/** What saving sends: the name, with the ingredient's id for an edit. */
export function ingredientCreateBody({ name }: IngredientFormOutput): IngredientCreate {
  return { name };
}

export function ingredientUpdateBody(
  ingredient: Pick<Ingredient, 'id'>,
  { name }: IngredientFormOutput,
): IngredientUpdate {
  return { id: ingredient.id, name };
}

export const ingredientFields: CrudField<IngredientFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
];
