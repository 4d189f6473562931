import { useCallback, useState } from 'react';

export type FormMode = 'add' | 'edit';

/** One opening of a dialog about `subject`. `key` changes with every opening, so a form starts afresh. */
export interface DialogSession<T> {
  subject: T;
  open: boolean;
  key: number;
}

/**
 * Which dialog is open, and about what. A session stays set while its dialog plays its closing
 * transition (`open: false`) and is cleared by `exited`, so render the dialog only while the session
 * is set, with `key={session.key}` and `onExited={exited}`.
 */
export function useDialogSession<T>() {
  const [session, setSession] = useState<DialogSession<T> | null>(null);
  const show = useCallback(
    (subject: T) =>
      setSession((previous) => ({ subject, open: true, key: (previous?.key ?? 0) + 1 })),
    [],
  );
  const close = useCallback(
    () => setSession((current) => (current ? { ...current, open: false } : current)),
    [],
  );
  const exited = useCallback(
    () => setSession((current) => (current && !current.open ? null : current)),
    [],
  );
  return { session, show, close, exited };
}

/** One opening of the form dialog: the record being edited, or null when adding. */
export interface FormSession<Row> {
  open: boolean;
  mode: FormMode;
  row: Row | null;
  key: number;
}

/** One opening of the delete confirmation. */
export interface DeleteSession<Row> {
  open: boolean;
  row: Row;
}

/**
 * The open/closed state of a list screen's two dialogs (the add/edit form and the delete confirm),
 * each a {@link useDialogSession}:
 *
 * ```tsx
 * {dialogs.form && <CrudFormDialog key={dialogs.form.key} open={dialogs.form.open} onClose={dialogs.closeForm} onExited={dialogs.formExited} ... />}
 * ```
 */
export function useCrudDialogs<Row>() {
  const form = useDialogSession<Row | null>();
  const deleting = useDialogSession<Row>();
  const { show: showForm } = form;
  const openAdd = useCallback(() => showForm(null), [showForm]);
  const openEdit = useCallback((row: Row) => showForm(row), [showForm]);
  const formSession: FormSession<Row> | null = form.session && {
    open: form.session.open,
    mode: form.session.subject === null ? 'add' : 'edit',
    row: form.session.subject,
    key: form.session.key,
  };
  const deleteSession: DeleteSession<Row> | null = deleting.session && {
    open: deleting.session.open,
    row: deleting.session.subject,
  };
  return {
    form: formSession,
    openAdd,
    openEdit,
    closeForm: form.close,
    formExited: form.exited,
    deleting: deleteSession,
    askDelete: deleting.show,
    closeDelete: deleting.close,
    deleteExited: deleting.exited,
  };
}
