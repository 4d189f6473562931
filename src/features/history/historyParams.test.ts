import { auditFilters } from './historyParams';
import { recordPath } from './auditFormat';
import { dosageCreated, severityChange } from '@/test/historyFixtures';

describe('auditFilters', () => {
  it('sends What as entity, Action as action, When as from or to', () => {
    expect(auditFilters([{ field: 'entity', operator: 'is', value: 'medication' }])).toEqual({
      entity: 'medication',
    });
    expect(auditFilters([{ field: 'action', operator: 'is', value: 'delete' }])).toEqual({
      action: 'delete',
    });
    const at = new Date('2026-11-01T00:00:00.000Z');
    expect(auditFilters([{ field: 'at', operator: 'after', value: at }])).toEqual({
      from: at.toISOString(),
    });
    expect(auditFilters([{ field: 'at', operator: 'before', value: at }])).toEqual({
      to: at.toISOString(),
    });
  });

  it('leaves out what the server cannot filter by', () => {
    expect(
      auditFilters([
        { field: 'entity', operator: 'is', value: 'unknown' },
        { field: 'at', operator: 'after', value: '' },
      ]),
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
