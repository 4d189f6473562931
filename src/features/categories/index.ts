// What other features may use of the categories: how a renal function category and its unit read.
export { renalCategoryLabel } from './categoryForm';
export { EGFR_UNIT_TEXT } from './categoryKinds';
