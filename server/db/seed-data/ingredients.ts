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
  // A child's per-kg dose stops at the adult one: azithromycin 10 mg/kg once a day, at most 500 mg.
  { ingredient: 'Azithromycin', basis: 'age', category: 'child', amount: 500, unit: 'mg' },
  // Ondansetron at most 4 mg a dose (the child rule's single-dose maximum), every 8 hours at the
  // most often: 12 mg a day.
  { ingredient: 'Ondansetron', basis: 'age', category: 'child', amount: 12, unit: 'mg' },
  // Fluconazole for children at most 800 mg a day, the most for invasive infection.
  { ingredient: 'Fluconazole', basis: 'age', category: 'infant', amount: 800, unit: 'mg' },
  { ingredient: 'Fluconazole', basis: 'age', category: 'child', amount: 800, unit: 'mg' },
  { ingredient: 'Fluconazole', basis: 'age', category: 'adolescent', amount: 800, unit: 'mg' },
  { ingredient: 'Codeine', basis: 'age', category: 'adolescent', amount: 240, unit: 'mg' },
  { ingredient: 'Codeine', basis: 'age', category: 'adult', amount: 240, unit: 'mg' },
  { ingredient: 'Codeine', basis: 'age', category: 'geriatric', amount: 240, unit: 'mg' },
];
