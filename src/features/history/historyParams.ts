import type { GridFilterItem } from '@mui/x-data-grid';
import type { AuditAction, AuditEntity, ListAuditEntriesApiArg } from '@/api';
import { ACTIONS, ENTITIES } from './auditFormat';

function instant(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The grid's column filters as `GET /audit`'s filters: the What column's value is `entity`,
 * Action's `action`, and When's after or before `from` or `to`. Anything the server cannot filter
 * by is left out.
 */
export function auditFilters(
  items: readonly GridFilterItem[],
): Pick<ListAuditEntriesApiArg, 'entity' | 'action' | 'from' | 'to'> {
  const filters: Pick<ListAuditEntriesApiArg, 'entity' | 'action' | 'from' | 'to'> = {};
  for (const item of items) {
    const { field, operator, value } = item;
    if (field === 'entity' && ENTITIES.includes(value as AuditEntity)) {
      filters.entity = value as AuditEntity;
    } else if (field === 'action' && ACTIONS.includes(value as AuditAction)) {
      filters.action = value as AuditAction;
    } else if (field === 'at') {
      const at = instant(value);
      if (at && (operator === 'after' || operator === 'onOrAfter')) filters.from = at;
      if (at && (operator === 'before' || operator === 'onOrBefore')) filters.to = at;
    }
  }
  return filters;
}
