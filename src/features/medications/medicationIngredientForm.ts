import { zodResolver } from '@hookform/resolvers/zod';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import type {
  IngredientUnit,
  MedicationIngredient,
  MedicationIngredientCreate,
  MedicationIngredientUpdate,
  ProductUnit,
} from '@/api';
import { INGREDIENT_UNITS, PRODUCT_UNITS } from '@contract/enums';
import type { CrudField } from '@/components/crud/CrudFields';
import { capitalizedOptions } from '@/components/crud/format';

/**
 * A medication's ingredients: Add Ingredient (an ingredient and its strength) and Edit Strength.
 * A strength is an amount of the ingredient, its unit, and the product unit it is in (500 mg per
 * tablet): all three, or none when it is not known. The safety check converts a dose in tablets,
 * capsules or ml through it.
 */

export const STRENGTH_PARTS_MESSAGE =
  'A strength needs the amount, its unit and what it is per, or none of them';
const MAX_STRENGTH = 1_000_000;

/** A stated strength, as the contract's writes take it. */
export interface Strength {
  amount: number;
  amount_unit: IngredientUnit;
  per_unit: ProductUnit;
}

/** A select that may be left at 'Not stated' (''). */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().pipe(z.union([z.literal(''), z.enum(values)]));

const strengthShape = {
  amount: z.string().trim(),
  amount_unit: optionalChoice(INGREDIENT_UNITS),
  per_unit: optionalChoice(PRODUCT_UNITS),
};
type StrengthParts = z.output<z.ZodObject<typeof strengthShape>>;

/** All three parts or none, and an amount above 0; each problem under its own field. */
function checkStrength(values: StrengthParts, context: z.RefinementCtx) {
  const given = {
    amount: values.amount !== '',
    amount_unit: values.amount_unit !== '',
    per_unit: values.per_unit !== '',
  };
  if (!Object.values(given).some(Boolean)) return;
  for (const [field, isGiven] of Object.entries(given)) {
    if (!isGiven)
      context.addIssue({ code: 'custom', path: [field], message: STRENGTH_PARTS_MESSAGE });
  }
  if (!given.amount) return;
  const amount = Number(values.amount);
  const problem = !Number.isFinite(amount)
    ? 'Amount must be a number'
    : amount <= 0
      ? 'Amount must be above 0'
      : amount > MAX_STRENGTH
        ? 'Amount must be at most 1,000,000'
        : null;
  if (problem) context.addIssue({ code: 'custom', path: ['amount'], message: problem });
}

/** The checked parts as a strength, or null when none is stated. */
function strengthOf({ amount, amount_unit, per_unit }: StrengthParts): Strength | null {
  if (amount === '' || amount_unit === '' || per_unit === '') return null;
  return { amount: Number(amount), amount_unit, per_unit };
}

/** Add Ingredient: the ingredient picked, and its strength in the medication if known. */
export const addIngredientSchema = z
  .object({ ingredient_id: z.string().min(1, 'Ingredient is required'), ...strengthShape })
  .superRefine(checkStrength)
  .transform(({ ingredient_id, ...parts }) => ({ ingredient_id, strength: strengthOf(parts) }));
export type AddIngredientValues = z.input<typeof addIngredientSchema>;
export type AddIngredientOutput = z.output<typeof addIngredientSchema>;

/** Edit Strength: the strength, or none to remove it. */
export const strengthSchema = z
  .object(strengthShape)
  .superRefine(checkStrength)
  .transform((parts) => ({ strength: strengthOf(parts) }));
export type StrengthValues = z.input<typeof strengthSchema>;
export type StrengthOutput = z.output<typeof strengthSchema>;

export const addIngredientResolver = zodResolver(addIngredientSchema);
export const strengthResolver = zodResolver(strengthSchema);

/** No strength stated: how Add Ingredient starts. */
export const NO_STRENGTH: StrengthValues = { amount: '', amount_unit: '', per_unit: '' };

/** Edit Strength starts from the link's strength (empty parts when none is stated). */
export function strengthValues(
  link: Pick<MedicationIngredient, 'amount' | 'amount_unit' | 'per_unit'>,
): StrengthValues {
  return {
    amount: link.amount === null ? '' : String(link.amount),
    amount_unit: link.amount_unit ?? '',
    per_unit: link.per_unit ?? '',
  };
}

/** What Add Ingredient sends: the medication, the ingredient, and the strength when stated. */
export function addIngredientBody(
  medicationId: number,
  { ingredient_id, strength }: AddIngredientOutput,
): MedicationIngredientCreate {
  return { medication_id: medicationId, ingredient_id: Number(ingredient_id), ...strength };
}

/** What Edit Strength sends: the link, and the strength (none of its parts removes it). */
export function strengthBody(
  linkId: number,
  { strength }: StrengthOutput,
): MedicationIngredientUpdate {
  return { id: linkId, ...strength };
}

/** The amount, its unit and the product unit, each of which may be left empty. */
export function strengthFields<T extends StrengthValues>(): CrudField<T>[] {
  const notStated = { value: '', label: 'Not stated' };
  return [
    {
      kind: 'number',
      name: 'amount' as Path<T>,
      label: 'Amount',
      step: 0.1,
      helperText: 'Of the ingredient in one tablet, capsule or ml; empty when not known',
    },
    {
      kind: 'select',
      name: 'amount_unit' as Path<T>,
      label: 'Amount unit',
      half: true,
      options: [notStated, ...capitalizedOptions(INGREDIENT_UNITS)],
    },
    {
      kind: 'select',
      name: 'per_unit' as Path<T>,
      label: 'Per unit',
      half: true,
      options: [notStated, ...capitalizedOptions(PRODUCT_UNITS)],
    },
  ];
}
