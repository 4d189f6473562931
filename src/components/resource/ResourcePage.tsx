import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCanWrite } from '@/session/permissions';
import { CrudPage } from '@/components/crud/CrudPage';
import { editDeleteColumns } from '@/components/crud/editDeleteColumns';
import { LazyCrudFormDialog } from '@/components/crud/LazyCrudFormDialog';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { useCrudDialogs } from '@/components/crud/useCrudDialogs';
import { FIRST_PAGE_SIZE } from '@/lib/listPage';
import type { ListQuery, ResourceDefinition } from './resource';
import { useCsvExport } from './useCsvExport';

// The confirm loads with the first delete: the grid pages are at their bundle budget.
const ConfirmDialog = lazy(() =>
  import('@/components/crud/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);

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

const FIRST_PAGE: GridPaginationModel = { page: 0, pageSize: FIRST_PAGE_SIZE };

/** The grid's sort model as the `sort` parameter: `field`, or `-field` for descending. */
export function sortParam(
  model: GridSortModel,
  sortFields: Readonly<Record<string, string>>,
): string | undefined {
  const [first] = model;
  const field = first && sortFields[first.field];
  if (!first?.sort || !field) return undefined;
  return `${first.sort === 'desc' ? '-' : ''}${field}`;
}

/** The quick search's words as the `q` parameter; undefined when empty. */
export function searchParam(model: GridFilterModel): string | undefined {
  const text = (model.quickFilterValues ?? []).join(' ').trim();
  return text === '' ? undefined : text;
}

/**
 * A reference list screen rendered from its definition: the title and Add button, the grid with
 * its search, the add/edit form, the delete confirm, the History dialog, and the loading, empty and
 * error states. Paging, sorting and the search are the server's (the grid sends them as
 * `page`, `page_size`, `sort` and `q`). A viewer sees no Add, Edit or Delete.
 */
export function ResourcePage<Row extends { id: number }, TValues extends FieldValues, TOutput>({
  resource,
  history,
}: ResourcePageProps<Row, TValues, TOutput>) {
  const { texts, describe, form, feedback } = resource;
  const [pagination, setPagination] = useState(FIRST_PAGE);
  const [sortModel, setSortModel] = useState<GridSortModel>(resource.initialSort ?? []);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const query = useMemo<ListQuery>(
    () => ({
      page: pagination.page + 1,
      pageSize: pagination.pageSize,
      sort: sortParam(sortModel, resource.sortFields),
      q: searchParam(filterModel),
    }),
    [pagination, sortModel, filterModel, resource.sortFields],
  );
  const api = resource.useApi(query);
  const download = useCsvExport();
  const { listPath } = resource;
  const exportCsv = useCallback(
    () => download(listPath, { q: query.q, sort: query.sort }, texts.exportFileName),
    [download, listPath, query.q, query.sort, texts.exportFileName],
  );
  const run = useMutationFeedback();
  const dialogs = useCrudDialogs<Row>();
  const { openEdit, askDelete } = dialogs;
  const canWrite = useCanWrite();
  const validation = form.validation;
  useEffect(() => validation.preload(), [validation]);

  // A new search or sort starts again at the first page.
  const search = useCallback((model: GridFilterModel) => {
    setFilterModel(model);
    setPagination((current) => ({ ...current, page: 0 }));
  }, []);
  const sort = useCallback((model: GridSortModel) => {
    setSortModel(model);
    setPagination((current) => ({ ...current, page: 0 }));
  }, []);

  const columns = useMemo(
    () => [
      ...resource.columns.map((column) =>
        column.field in resource.sortFields ? column : { ...column, sortable: false },
      ),
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
      server={{
        rowCount: api.list.total ?? 0,
        paginationModel: pagination,
        onPaginationModelChange: setPagination,
        sortModel,
        onSortModelChange: sort,
        filterModel,
        onFilterModelChange: search,
        exportCsv,
      }}
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
        <Suspense fallback={null}>
          <ConfirmDialog
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
        </Suspense>
      )}
      {history?.dialog}
    </CrudPage>
  );
}
