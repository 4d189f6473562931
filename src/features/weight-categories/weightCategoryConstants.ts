/** The form's choices and messages, shared by its fields (weightCategoryForm.ts) and its checks (weightCategorySchema.ts). */
export { WEIGHT_CATEGORY_NAMES, WEIGHT_UNITS } from '../../../api/generated/enums';
export const WEIGHT_RANGE_MESSAGE = 'Minimum weight must not exceed maximum weight';
