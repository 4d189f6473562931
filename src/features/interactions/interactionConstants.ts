import type { Severity } from '@/api';

/** The form's choices and messages, shared by its fields (interactionForm.ts) and its checks (interactionSchema.ts). */
export const SEVERITIES = [
  'minor',
  'moderate',
  'major',
  'contraindicated',
] as const satisfies readonly Severity[];
export const SELF_INTERACTION_MESSAGE = 'A medication cannot interact with itself';
