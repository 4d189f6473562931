import { useCallback, useState, type ReactNode } from 'react';
import { chunk } from '@/components/chunk';
import type { AuditEntity } from '@/api';
import type { HistoryFilter } from './RecordHistory';

// Loaded on the first History click: the list pages stay within their bundle budget.
const RecordHistoryDialog = chunk(
  () => import('./RecordHistoryDialog').then((module) => module.RecordHistoryDialog),
  null,
).Component;

interface Shown {
  filter: HistoryFilter | null;
  name: string;
}

/**
 * A list screen's History action: `open(row)` shows that record's history in a dialog, which
 * `dialog` renders (put it among the screen's dialogs). `describe` names the row in the title.
 */
export function useRowHistory<Row extends { id: number }>(
  entity: AuditEntity,
  describe: (row: Row) => string,
): { open: (row: Row) => void; dialog: ReactNode } {
  const [shown, setShown] = useState<Shown | null>(null);
  const open = useCallback(
    (row: Row) =>
      setShown({
        // A medication's history includes its dosages, contraindications and interactions.
        filter: entity === 'medication' ? { medicationId: row.id } : { entity, entityId: row.id },
        name: describe(row),
      }),
    [entity, describe],
  );
  const dialog = shown && (
    <RecordHistoryDialog
      filter={shown.filter}
      name={shown.name}
      onClose={() => setShown((current) => current && { ...current, filter: null })}
    />
  );
  return { open, dialog };
}
