import { useCallback, useState } from 'react';

export type FormMode = 'add' | 'edit';

/** One opening of the form dialog. `key` changes with every opening, so the form starts afresh. */
export interface FormSession<Row> {
  open: boolean;
  mode: FormMode;
  /** The record being edited; null when adding. */
  row: Row | null;
  key: number;
}

/** One opening of the delete confirmation. */
export interface DeleteSession<Row> {
  open: boolean;
  row: Row;
}

/**
 * The open/closed state of a list screen's two dialogs (the add/edit form and the delete confirm).
 * A session stays set while its dialog plays its closing transition (`open: false`) and is cleared by
 * `formExited` / `deleteExited`, so render the dialog only while its session is set:
 *
 * ```tsx
 * {dialogs.form && <CrudFormDialog key={dialogs.form.key} open={dialogs.form.open} onClose={dialogs.closeForm} onExited={dialogs.formExited} ... />}
 * ```
 */
export function useCrudDialogs<Row>() {
  const [form, setForm] = useState<FormSession<Row> | null>(null);
  const [deleting, setDeleting] = useState<DeleteSession<Row> | null>(null);

  const openAdd = useCallback(
    () =>
      setForm((previous) => ({
        open: true,
        mode: 'add',
        row: null,
        key: (previous?.key ?? 0) + 1,
      })),
    [],
  );
  const openEdit = useCallback(
    (row: Row) =>
      setForm((previous) => ({ open: true, mode: 'edit', row, key: (previous?.key ?? 0) + 1 })),
    [],
  );
  const closeForm = useCallback(
    () => setForm((current) => (current ? { ...current, open: false } : current)),
    [],
  );
  const formExited = useCallback(
    () => setForm((current) => (current && !current.open ? null : current)),
    [],
  );

  const askDelete = useCallback((row: Row) => setDeleting({ open: true, row }), []);
  const closeDelete = useCallback(
    () => setDeleting((current) => (current ? { ...current, open: false } : current)),
    [],
  );
  const deleteExited = useCallback(
    () => setDeleting((current) => (current && !current.open ? null : current)),
    [],
  );

  return {
    form,
    openAdd,
    openEdit,
    closeForm,
    formExited,
    deleting,
    askDelete,
    closeDelete,
    deleteExited,
  };
}
