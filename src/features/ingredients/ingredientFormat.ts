import type { IngredientLimit, MedicationIngredient } from '@/api';

/** How an ingredient's strengths and daily limits read on screen. */

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** Said of an ingredient whose amount in one tablet, capsule or ml is not stored. */
export const STRENGTH_NOT_STATED = 'Strength not stated';

type StrengthParts = Pick<MedicationIngredient, 'amount' | 'amount_unit' | 'per_unit'>;

/** "500 mg per tablet", or null when the strength is not stated. */
export function strengthText({ amount, amount_unit, per_unit }: StrengthParts): string | null {
  if (amount === null || amount_unit === null || per_unit === null) return null;
  return `${NUMBER.format(amount)} ${amount_unit} per ${per_unit}`;
}

/** "Co-codamol 30/500 (500 mg per tablet)", or the medication's name alone without a strength. */
export function medicationStrengthText(link: StrengthParts & Pick<MedicationIngredient, 'name'>) {
  const strength = strengthText(link);
  return strength ? `${link.name} (${strength})` : link.name;
}

/** "4 g", "75 mg/kg". */
export function limitAmountText(limit: Pick<IngredientLimit, 'max_daily_amount' | 'unit'>) {
  return `${NUMBER.format(limit.max_daily_amount)} ${limit.unit}`;
}

/** "Adult (18–65 years): 4 g". */
export function limitText(
  limit: Pick<IngredientLimit, 'category' | 'max_daily_amount' | 'unit'>,
): string {
  return `${limit.category}: ${limitAmountText(limit)}`;
}
