/** The form's choices and messages, shared by its fields (weightCategoryForm.ts) and its checks (weightCategorySchema.ts). */
export const WEIGHT_UNITS = ['kg', 'lbs'] as const;
export const WEIGHT_CATEGORY_NAMES = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
export const WEIGHT_RANGE_MESSAGE = 'Minimum weight must not exceed maximum weight';
