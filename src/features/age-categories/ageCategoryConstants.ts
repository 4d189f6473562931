/** The form's choices and messages, shared by its fields (ageCategoryForm.ts) and its checks (ageCategorySchema.ts). */
export const AGE_UNITS = ['years', 'months', 'days'] as const;
export const AGE_CATEGORY_NAMES = ['Adult', 'Pediatric', 'Geriatric'] as const;
export const AGE_RANGE_MESSAGE = 'Minimum age must not exceed maximum age';
