/** The form's choices and messages, shared by its fields (interactionForm.ts) and its checks (interactionSchema.ts). */
export { SEVERITIES } from '@contract/enums';
export const SELF_INTERACTION_MESSAGE = 'A medication cannot interact with itself';
