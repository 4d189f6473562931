/**
 * The demo data set loaded by `seedDemo` (see ../seed.ts), one module per table.
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE. The names are real drugs and conditions so the
 * console looks plausible, but the doses, frequencies, durations, pregnancy categories,
 * contraindications and interactions here are simplified and have not been reviewed by anyone
 * qualified to do so. Never use them to treat, prescribe for or advise a patient.
 */

export { AGE_CATEGORIES, type AgeCategorySeed, type AgeKey } from './age-categories';
export { CLASS_RULES, DRUG_CLASSES, type ClassRuleSeed, type DrugClassSeed } from './classes';
export { CONDITIONS, type ConditionSeed } from './conditions';
export { DRUGS, type DrugSeed } from './drugs';
export { INGREDIENT_LIMITS, type IngredientLimitSeed } from './ingredients';
export { INTERACTIONS, type InteractionSeed, type Severity } from './interactions';
export { LIFESTYLES } from './lifestyles';
export {
  MEDICATIONS,
  type DosageSeed,
  type DosageUnit,
  type MedicationSeed,
  type PregnancyCategory,
  type Range,
  type TimeUnit,
} from './medications';
export { POPULAR_SEARCHES } from './search-history';
export {
  KIDNEY_CONDITIONS,
  RENAL_CATEGORIES,
  RENAL_RULES,
  type RenalBand,
  type RenalRuleSeed,
} from './renal';
export { USERS, type UserSeed } from './users';
export {
  WEIGHT_CATEGORIES,
  WEIGHT_CATEGORY_MIN_AGE_YEARS,
  type WeightCategoryName,
  type WeightCategorySeed,
} from './weight-categories';
