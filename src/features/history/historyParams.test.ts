import { auditFilters, auditSort } from './historyParams';
import { recordPath } from './auditFormat';
import { dosageCreated, severityChange } from '@/test/historyFixtures';

describe('auditSort', () => {
  it('is newest first when unsorted, and names the server field with - for descending', () => {
    expect(auditSort([])).toBe('-at');
    expect(auditSort([{ field: 'actor', sort: 'asc' }])).toBe('actor');
    expect(auditSort([{ field: 'entity', sort: 'desc' }])).toBe('-entity');
    expect(auditSort([{ field: 'reason', sort: 'asc' }])).toBe('-at');
  });
});

describe('auditFilters', () => {
  it('sends the quick search as q, What as entity, Action as action, When as from or to', () => {
    expect(
      auditFilters({
        items: [{ field: 'entity', operator: 'is', value: 'medication' }],
        quickFilterValues: ['warfarin', 'dose'],
      }),
    ).toEqual({ q: 'warfarin dose', entity: 'medication' });
    expect(auditFilters({ items: [{ field: 'action', operator: 'is', value: 'delete' }] })).toEqual(
      {
        action: 'delete',
      },
    );
    const at = new Date('2026-11-01T00:00:00.000Z');
    expect(auditFilters({ items: [{ field: 'at', operator: 'after', value: at }] })).toEqual({
      from: at.toISOString(),
    });
    expect(auditFilters({ items: [{ field: 'at', operator: 'before', value: at }] })).toEqual({
      to: at.toISOString(),
    });
  });

  it('leaves out what the server cannot filter by', () => {
    expect(
      auditFilters({
        items: [
          { field: 'entity', operator: 'is', value: 'unknown' },
          { field: 'at', operator: 'after', value: '' },
        ],
      }),
    ).toEqual({});
  });
});

describe('recordPath', () => {
  it("links a medication's entries, and its dosages', to the medication's page", () => {
    expect(recordPath({ ...severityChange, entity: 'medication', entity_id: 5 })).toBe(
      '/dashboard/drugs/medications/5',
    );
    expect(recordPath(dosageCreated)).toBe('/dashboard/drugs/medications/5');
    expect(recordPath(severityChange)).toBe('/dashboard/drugs/interactions');
  });
});
