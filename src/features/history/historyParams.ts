import type { GridFilterModel, GridSortModel } from '@mui/x-data-grid';
import type { AuditAction, AuditEntity, AuditSort, ListAuditEntriesApiArg } from '@/api';
import { ACTIONS, ENTITIES } from './auditFormat';

/** The grid columns the server can sort by, with their `sort` names. */
const SORTS: Record<string, string> = {
  at: 'at',
  actor: 'actor',
  action: 'action',
  entity: 'entity',
};

/** The grid's sort model as the contract's `sort` (newest first when unsorted). */
export function auditSort(model: GridSortModel): AuditSort {
  const [first] = model;
  const field = first?.sort ? SORTS[first.field] : undefined;
  if (!first?.sort || !field) return '-at';
  return `${first.sort === 'desc' ? '-' : ''}${field}` as AuditSort;
}

function instant(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The grid's filter model as `GET /audit`'s filters: the quick search is `q` (label or reason);
 * the What column's value is `entity`, Action's `action`, and When's after or before `from` or
 * `to`. Anything the server cannot filter by is left out.
 */
export function auditFilters(
  model: GridFilterModel,
): Pick<ListAuditEntriesApiArg, 'q' | 'entity' | 'action' | 'from' | 'to'> {
  const filters: Pick<ListAuditEntriesApiArg, 'q' | 'entity' | 'action' | 'from' | 'to'> = {};
  const words = (model.quickFilterValues ?? []).map(String).join(' ').trim();
  if (words) filters.q = words;
  for (const item of model.items) {
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
