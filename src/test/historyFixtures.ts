import type { AuditEntry } from '@/api';

/** A severity change with its reason, as GET /audit answers it. */
export const severityChange: AuditEntry = {
  id: 41,
  at: '2026-11-25T09:00:00.000Z',
  actor: { id: 7, name: 'Ada Admin' },
  action: 'update',
  entity: 'drug_interaction',
  entity_id: 3,
  label: 'Warfarin + Ibuprofen',
  changes: { severity: { from: 'moderate', to: 'major' } },
  reason: 'New bleeding-risk data',
  reverts: null,
  reverted_by: null,
};

/** A dosage created, naming its medication. */
export const dosageCreated: AuditEntry = {
  id: 40,
  at: '2026-11-25T08:00:00.000Z',
  actor: { id: 9, name: 'Eddie Editor' },
  action: 'create',
  entity: 'weight_dosage',
  entity_id: 12,
  label: 'Warfarin: Normal 50-80 kg',
  changes: { medication_id: { to: 5 }, min_dosage: { to: 2 }, max_dosage: { to: 10 } },
  reason: null,
  reverts: null,
  reverted_by: null,
};

/** GET /audit's answer for `entries`. */
export function auditPage(entries: AuditEntry[], page = 1, pageSize = 25) {
  const meta = {
    total: entries.length,
    total_is_estimate: false,
    has_more: false,
    page,
    page_size: pageSize,
  };
  return { body: { data: entries, meta } };
}
