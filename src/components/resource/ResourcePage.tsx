import { useEffect, useMemo, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { GridRowId } from '@mui/x-data-grid';
import { useCanWrite } from '@/session/permissions';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import { LazyListFilters } from './LazyListFilters';
import type { ResourceDefinition, ScreenSlots } from './resource';
import { serverSortable, useServerList } from './useServerList';

/** A row the grid can tell apart from the others. */
type Identified = { id: GridRowId };

/** A row's History action and the dialog it opens (`useRowHistory` of the history feature). */
export interface RowHistory<Row> {
  open: (row: Row) => void;
  dialog: ReactNode;
}

export interface ResourcePageProps<Row extends Identified, TValues extends FieldValues, TOutput> {
  resource: ResourceDefinition<Row, TValues, TOutput>;
  /** The rows' History action; left out, the rows have none. */
  history?: RowHistory<Row>;
}

const NO_COLUMNS: readonly never[] = [];

/** A screen with nothing of its own. */
const noSlots = () => ({});

export interface ResourceFormDialogProps<
  Row extends Identified,
  TValues extends FieldValues,
  TOutput,
> {
  resource: ResourceDefinition<Row, TValues, TOutput>;
  /** The row being edited; null adds a record. */
  editing: Row | null;
  open: boolean;
  /** Saves the checked values with the reason given (empty when none was asked for). */
  onSave: (values: TOutput, reason: string) => Promise<unknown>;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * The definition's add/edit form: its title, fields and start values, its checks, the reason it
 * asks for and its preview. Renders nothing for a definition without a form.
 */
export function ResourceFormDialog<Row extends Identified, TValues extends FieldValues, TOutput>({
  resource,
  editing,
  open,
  onSave,
  onClose,
  onExited,
}: ResourceFormDialogProps<Row, TValues, TOutput>) {
  const { form, texts } = resource;
  if (!form) return null;
  const { reasonRequired, preview } = form;
  return (
    <LazyCrudFormDialog<TValues, TOutput>
      open={open}
      title={(editing ? texts.editTitle : texts.addTitle) ?? ''}
      resolver={form.validation.resolver}
      defaultValues={form.values(editing)}
      fields={form.fields(editing)}
      serverFields={form.serverFields}
      reason={reasonRequired && { required: (values: TValues) => reasonRequired(values, editing) }}
      onSubmit={onSave}
      preview={preview && ((values) => preview(values, editing))}
      onClose={onClose}
      onExited={onExited}
    />
  );
}

/**
 * A list screen rendered from its definition: the title, the screen's own buttons and Add, the
 * grid with its search, the filters, the add/edit form and the delete confirm when the screen has
 * them, the History dialog, the screen's own dialogs, and the loading, empty and error states.
 * Paging, sorting, the search and the definition's filters are the server's (`useServerList`:
 * `page`, `page_size`, `sort`, `q` and the filters' parameters), unless the server answers the
 * whole list (`paging: 'whole'`). A viewer sees no Add, Import, Edit or Delete.
 */
export function ResourcePage<Row extends Identified, TValues extends FieldValues, TOutput>({
  resource,
  history,
}: ResourcePageProps<Row, TValues, TOutput>) {
  const { texts, describe, form, feedback, remove } = resource;
  const list = useServerList({
    listPath: resource.listPath,
    exportFileName: texts.exportFileName,
    sortFields: resource.sortFields,
    initialSort: resource.initialSort,
    columnFilters: resource.columnFilters,
  });
  const api = resource.useApi(list.query, list.filterParams);
  const slots: ScreenSlots<Row> = (resource.useScreen ?? noSlots)(api.list);
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<Row>();
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const validation = form?.validation;
  useEffect(() => validation?.preload(), [validation]);

  const dataColumns = slots.columns ?? resource.columns ?? NO_COLUMNS;
  const canEdit = form !== undefined;
  const canDelete = remove !== undefined;
  const onServer = resource.paging !== 'whole';
  const columns = useMemo(
    () => [
      // A whole list is sorted by the grid, by any column.
      ...(onServer ? serverSortable(dataColumns, resource.sortFields) : dataColumns),
      ...editDeleteColumns<Row>({
        onEdit: canEdit ? openEdit : undefined,
        onDelete: canDelete ? askDelete : undefined,
        onHistory: history?.open,
        canWrite,
        describe,
        layout: resource.actionsLayout,
      }),
    ],
    [
      onServer,
      dataColumns,
      resource.sortFields,
      resource.actionsLayout,
      describe,
      canEdit,
      canDelete,
      openEdit,
      askDelete,
      canWrite,
      history?.open,
    ],
  );

  const editing = dialogs.form?.row ?? null;
  const deleting = dialogs.deleting?.row;
  const { create, update, remove: removeRow } = api;
  const { grid } = list;
  const server = useMemo(
    () =>
      onServer
        ? {
            ...grid,
            rowCount: api.list.total ?? 0,
            hasNextPage: api.list.hasNextPage,
            columnFilters: resource.columnFilters,
            searchDebounceMs: resource.searchDebounceMs,
          }
        : undefined,
    [
      onServer,
      grid,
      api.list.total,
      api.list.hasNextPage,
      resource.columnFilters,
      resource.searchDebounceMs,
    ],
  );

  return (
    <CrudPage
      title={texts.title}
      subtitle={slots.subtitle ?? texts.subtitle}
      addLabel={texts.addLabel}
      onAdd={slots.onAdd ?? (form && dialogs.openAdd)}
      imports={resource.imports}
      actions={slots.actions}
      rows={api.list.rows}
      columns={columns}
      loading={api.list.isFetching || slots.busy === true}
      loadingText={texts.loadingText}
      error={api.list.error}
      errorTitle={texts.errorTitle}
      errorFallback={texts.errorFallback}
      gridLabel={texts.gridLabel}
      emptyText={list.narrowed && texts.noMatchText ? texts.noMatchText : texts.emptyText}
      searchLabel={texts.searchLabel}
      searchable={resource.searchable}
      // A whole list is exported by the grid; a paged one by the server (`server.exportCsv`).
      exportFileName={onServer ? undefined : texts.exportFileName}
      initialSort={resource.initialSort}
      hiddenColumns={resource.hiddenColumns}
      server={server}
      onRowClick={slots.onRowClick}
      sx={resource.gridSx}
      notice={slots.notice}
      filters={resource.filters && <LazyListFilters filters={resource.filters} list={list} />}
    >
      {create && update && feedback && dialogs.form && (
        <ResourceFormDialog
          key={dialogs.form.key}
          resource={resource}
          editing={editing}
          open={dialogs.form.open}
          onSave={(values, reason) =>
            editing
              ? run(update(editing, values, reason), feedback.update)
              : run(create(values, reason), feedback.create)
          }
          onClose={dialogs.closeForm}
          onExited={dialogs.formExited}
        />
      )}
      {remove && removeRow && feedback && dialogs.deleting && deleting && (
        <LazyConfirmDialog
          open={dialogs.deleting.open}
          title={texts.deleteTitle ?? ''}
          message={texts.deleteMessage ?? ''}
          details={(remove.details ?? describe)(deleting)}
          reason={remove.reason}
          preview={remove.preview?.(deleting)}
          onConfirm={(reason) => run(removeRow(deleting, reason), feedback.remove)}
          onClose={dialogs.closeDelete}
          onExited={dialogs.deleteExited}
        />
      )}
      {history?.dialog}
      {slots.dialogs}
    </CrudPage>
  );
}
