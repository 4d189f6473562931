import type { WeightCategoryName } from '@contract/enums';

export type { WeightCategoryName };

export interface WeightCategorySeed {
  categoryName: WeightCategoryName;
  minWeight: number;
  maxWeight: number;
  description: string;
}

/**
 * Every demo band is for adults: a fixed dose by weight must never reach a child of the same
 * weight (children's doses are age rules, mostly per kg).
 */
export const WEIGHT_CATEGORY_MIN_AGE_YEARS = 18;

/**
 * All in kg. Adjacent categories share their bound, so every weight falls in one; a patient exactly
 * on a bound is in the category that starts there (the safety check's rule).
 */
export const WEIGHT_CATEGORIES: WeightCategorySeed[] = [
  { categoryName: 'Underweight', minWeight: 0, maxWeight: 50, description: 'Under 50 kg' },
  { categoryName: 'Normal', minWeight: 50, maxWeight: 80, description: '50 kg to under 80 kg' },
  {
    categoryName: 'Overweight',
    minWeight: 80,
    maxWeight: 100,
    description: '80 kg to under 100 kg',
  },
  { categoryName: 'Obese', minWeight: 100, maxWeight: 650, description: '100 kg and over' },
];
