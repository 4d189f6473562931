/**
 * Daily limits of the demo ingredients (see ./index.ts); the ingredients themselves and their
 * strengths are the medications' (./medications.ts).
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE.
 */

export interface IngredientLimitSeed {
  ingredient: string;
  /** An age category's key or a weight category's name. */
  basis: 'age' | 'weight';
  category: string;
  amount: number;
  unit: 'mg' | 'g' | 'mg/kg';
}

/**
 * The most of an ingredient a day over every medication containing it. A category may state one
 * per kg and one absolute: the stricter applies (a child of 60 kg still takes at most 4 g).
 */
export const INGREDIENT_LIMITS: IngredientLimitSeed[] = [
  { ingredient: 'Paracetamol', basis: 'age', category: 'neonate', amount: 60, unit: 'mg/kg' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'infant', amount: 75, unit: 'mg/kg' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'child', amount: 75, unit: 'mg/kg' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'child', amount: 4, unit: 'g' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'adolescent', amount: 75, unit: 'mg/kg' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'adolescent', amount: 4, unit: 'g' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'adult', amount: 4, unit: 'g' },
  { ingredient: 'Paracetamol', basis: 'age', category: 'geriatric', amount: 4, unit: 'g' },
  {
    ingredient: 'Paracetamol',
    basis: 'weight',
    category: 'Underweight',
    amount: 60,
    unit: 'mg/kg',
  },
  { ingredient: 'Codeine', basis: 'age', category: 'adolescent', amount: 240, unit: 'mg' },
  { ingredient: 'Codeine', basis: 'age', category: 'adult', amount: 240, unit: 'mg' },
  { ingredient: 'Codeine', basis: 'age', category: 'geriatric', amount: 240, unit: 'mg' },
];
