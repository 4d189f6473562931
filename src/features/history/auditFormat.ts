import type { AuditAction, AuditEntity, AuditEntry } from '@/api';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@contract/enums';

/** What each kind of record is called on screen. */
export const ENTITY_LABELS: Record<AuditEntity, string> = {
  condition: 'Condition',
  age_category: 'Age category',
  weight_category: 'Weight category',
  medication: 'Medication',
  weight_dosage: 'Weight-based dosage',
  age_dosage: 'Age-based dosage',
  contraindication: 'Contraindication',
  lifestyle_contraindication: 'Lifestyle contraindication',
  drug_interaction: 'Drug interaction',
  lifestyle: 'Lifestyle',
  drug: 'Drug',
  account: 'Account',
  test_prescription: 'Test prescription',
  drug_class: 'Drug class',
  class_member: 'Class member',
  class_rule: 'Class rule',
  ingredient: 'Ingredient',
  medication_ingredient: 'Medication ingredient',
  ingredient_limit: 'Daily limit',
  renal_category: 'Renal function category',
  renal_rule: 'Renal rule',
  api_client: 'API client',
};

export const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  revert: 'Reverted',
  password_change: 'Password changed',
  password_reset: 'Password reset',
  reset_link: 'Reset link made',
  sessions_end: 'Sessions ended',
};

/** What happened to an account (a password change, ended sessions): recorded, never reverted. */
const ACCOUNT_EVENTS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'password_change',
  'password_reset',
  'reset_link',
  'sessions_end',
]);
/** Whether the server can undo an entry: not an account event, nor an API client's making or
 * revoking (access is granted or withdrawn anew, never by undoing). */
export const isRevertible = (entry: Pick<AuditEntry, 'action' | 'entity'>): boolean =>
  !ACCOUNT_EVENTS.has(entry.action) && entry.entity !== 'api_client';

export { AUDIT_ACTIONS as ACTIONS, AUDIT_ENTITIES as ENTITIES };

const MEDICATIONS_PATH = '/dashboard/drugs/medications';
const INGREDIENTS_PATH = '/dashboard/drugs/ingredients';

/** The list screen of each kind of record that has no page of its own. */
const LIST_PATHS: Record<AuditEntity, string> = {
  condition: '/dashboard/drugs/conditions',
  age_category: '/dashboard/drugs/age-categories',
  weight_category: '/dashboard/drugs/weight-categories',
  medication: MEDICATIONS_PATH,
  weight_dosage: MEDICATIONS_PATH,
  age_dosage: MEDICATIONS_PATH,
  contraindication: MEDICATIONS_PATH,
  lifestyle_contraindication: MEDICATIONS_PATH,
  drug_interaction: '/dashboard/drugs/interactions',
  lifestyle: '/dashboard/drugs/lifestyles',
  drug: '/dashboard/drugs',
  account: '/dashboard/accounts',
  test_prescription: '/dashboard/test-prescriptions',
  drug_class: '/dashboard/drugs/classes',
  class_member: '/dashboard/drugs/classes',
  class_rule: '/dashboard/drugs/class-rules',
  ingredient: INGREDIENTS_PATH,
  // A strength is edited on its medication's page.
  medication_ingredient: MEDICATIONS_PATH,
  ingredient_limit: INGREDIENTS_PATH,
  renal_category: '/dashboard/drugs/renal-categories',
  // A renal rule is edited on its medication's page.
  renal_rule: MEDICATIONS_PATH,
  api_client: '/dashboard/accounts',
};

/** The medication a dosage or contraindication entry belongs to, when its changes name it. */
function medicationOf(entry: Pick<AuditEntry, 'changes'>): number | null {
  const change = entry.changes.medication_id;
  const id: unknown = change?.to ?? change?.from;
  return typeof id === 'number' ? id : null;
}

/**
 * Where the entry's record is shown: a medication's own page (also for its dosages and
 * contraindications, when the entry names the medication), else the record's list screen.
 */
export function recordPath(entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'changes'>): string {
  if (entry.entity === 'medication') return `${MEDICATIONS_PATH}/${entry.entity_id}`;
  const owner = LIST_PATHS[entry.entity] === MEDICATIONS_PATH ? medicationOf(entry) : null;
  return owner ? `${MEDICATIONS_PATH}/${owner}` : LIST_PATHS[entry.entity];
}

/** The changed fields' names, as the server names them. */
export function changedFields(entry: Pick<AuditEntry, 'changes'>): string[] {
  return Object.keys(entry.changes);
}

/** A field name for reading: `min_dosage` → 'min dosage'. */
export function fieldLabel(field: string): string {
  return field.replace(/_/g, ' ');
}

/** A recorded value for reading: '—' for none, JSON for a list or a nested record. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "Warfarin (Medication)": what an entry is about, in a few words. */
export function describeEntry(entry: Pick<AuditEntry, 'label' | 'entity'>): string {
  return `${entry.label} (${ENTITY_LABELS[entry.entity]})`;
}
