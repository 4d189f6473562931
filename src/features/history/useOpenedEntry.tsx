import { useCallback, useState, type ComponentType } from 'react';
import type { AuditEntry } from '@/api';
import type { AuditEntryDialogProps } from './AuditEntryDialog';

/**
 * The history entry whose before/after view is open: `open(entry)` shows it in `Dialog`, which
 * `dialog` renders until it has finished closing; `opened` says whether one is.
 */
export function useOpenedEntry(Dialog: ComponentType<AuditEntryDialogProps>) {
  const [opened, setOpened] = useState<{ entry: AuditEntry; open: boolean } | null>(null);
  const open = useCallback((entry: AuditEntry) => setOpened({ entry, open: true }), []);
  const dialog = opened && (
    <Dialog
      entry={opened.entry}
      open={opened.open}
      onClose={() => setOpened((current) => current && { ...current, open: false })}
      onExited={() => setOpened(null)}
    />
  );
  return { opened: opened !== null, open, dialog };
}
