import { useEffect, useMemo, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useCanWrite } from '@/session/permissions';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import { LazyListFilters } from './LazyListFilters';
import type { ResourceDefinition } from './resource';
import { serverSortable, useServerList } from './useServerList';

/** A row's History action and the dialog it opens (`useRowHistory` of the history feature). */
export interface RowHistory<Row> {
  open: (row: Row) => void;
  dialog: ReactNode;
}

export interface ResourcePageProps<
  Row extends { id: number },
  TValues extends FieldValues,
  TOutput,
> {
  resource: ResourceDefinition<Row, TValues, TOutput>;
  /** The rows' History action; left out, the rows have none. */
  history?: RowHistory<Row>;
}

/**
 * A reference list screen rendered from its definition: the title and Add button, the grid with
 * its search, the add/edit form, the delete confirm, the History dialog, and the loading, empty and
 * error states. Paging, sorting, the search and the definition's filters are the server's
 * (`useServerList`: `page`, `page_size`, `sort`, `q` and the filters' parameters). A viewer sees no
 * Add, Edit or Delete.
 */
export function ResourcePage<Row extends { id: number }, TValues extends FieldValues, TOutput>({
  resource,
  history,
}: ResourcePageProps<Row, TValues, TOutput>) {
  const { texts, describe, form, feedback } = resource;
  const list = useServerList({
    listPath: resource.listPath,
    exportFileName: texts.exportFileName,
    sortFields: resource.sortFields,
    initialSort: resource.initialSort,
  });
  const api = resource.useApi(list.query, list.filterParams);
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<Row>();
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const validation = form.validation;
  useEffect(() => validation.preload(), [validation]);

  const columns = useMemo(
    () => [
      ...serverSortable(resource.columns, resource.sortFields),
      ...editDeleteColumns<Row>({
        onEdit: openEdit,
        onDelete: askDelete,
        onHistory: history?.open,
        canWrite,
        describe,
        layout: resource.actionsLayout,
      }),
    ],
    [
      resource.columns,
      resource.sortFields,
      resource.actionsLayout,
      describe,
      openEdit,
      askDelete,
      canWrite,
      history?.open,
    ],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;
  const reasonRequired = form.reasonRequired;

  return (
    <CrudPage
      title={texts.title}
      subtitle={texts.subtitle}
      addLabel={texts.addLabel}
      onAdd={dialogs.openAdd}
      rows={api.list.rows}
      columns={columns}
      loading={api.list.isFetching}
      loadingText={texts.loadingText}
      error={api.list.error}
      errorTitle={texts.errorTitle}
      gridLabel={texts.gridLabel}
      emptyText={texts.emptyText}
      searchLabel={texts.searchLabel}
      exportFileName={texts.exportFileName}
      hiddenColumns={resource.hiddenColumns}
      server={{ ...list.grid, rowCount: api.list.total ?? 0 }}
      filters={resource.filters && <LazyListFilters filters={resource.filters} list={list} />}
    >
      {dialogs.form && (
        <LazyCrudFormDialog
          key={dialogs.form.key}
          open={dialogs.form.open}
          title={editing ? texts.editTitle : texts.addTitle}
          resolver={validation.resolver}
          defaultValues={form.values(editing)}
          fields={form.fields(editing)}
          serverFields={form.serverFields}
          reason={
            reasonRequired && { required: (values: TValues) => reasonRequired(values, editing) }
          }
          onSubmit={(values, reason) =>
            editing
              ? run(api.update(editing, values, reason), feedback.update)
              : run(api.create(values, reason), feedback.create)
          }
          preview={form.preview && ((values) => form.preview?.(values, editing))}
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {dialogs.deleting && deleting && (
        <LazyConfirmDialog
          open={dialogs.deleting.open}
          title={texts.deleteTitle}
          message={texts.deleteMessage}
          details={(resource.remove.details ?? describe)(deleting)}
          reason={resource.remove.reason}
          preview={resource.remove.preview?.(deleting)}
          onConfirm={(reason) => run(api.remove(deleting, reason), feedback.remove)}
          onClose={dialogs.closeDelete}
          onExited={dialogs.deleteExited}
        />
      )}
      {history?.dialog}
    </CrudPage>
  );
}
