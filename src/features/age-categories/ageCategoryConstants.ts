/** The form's choices and messages, shared by its fields (ageCategoryForm.ts) and its checks (ageCategorySchema.ts). */
export { AGE_CATEGORY_NAMES, AGE_UNITS } from '../../../api/generated/enums';
export const AGE_RANGE_MESSAGE = 'Minimum age must not exceed maximum age';
