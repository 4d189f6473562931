import { useCallback, useMemo, useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { FIRST_PAGE_SIZE } from '@/lib/listPage';

/** The grid's sort model as a list's `sort` parameter (`-field` descending), `fallback` when unsorted. */
export function gridSortParam<S extends string>(model: GridSortModel, fallback: S): S {
  const [first] = model;
  if (!first?.sort) return fallback;
  return `${first.sort === 'desc' ? '-' : ''}${first.field}` as S;
}

/**
 * The state of a grid the server searches, sorts and pages (ServerDataGrid, and the list screens
 * through useServerList): the search text, the page and the sort. A new search, a new sort, or
 * `toFirstPage` (a new filter) starts again at the first page; the same search again keeps the
 * page.
 */
export function useServerGridState(initialSort: GridSortModel) {
  const [{ query, page, pageSize, sortModel }, setParams] = useState({
    query: '',
    page: 0,
    pageSize: FIRST_PAGE_SIZE,
    sortModel: initialSort,
  });

  const search = useCallback(
    (next: string) =>
      setParams((current) =>
        current.query === next ? current : { ...current, query: next, page: 0 },
      ),
    [],
  );
  const toFirstPage = useCallback(() => setParams((current) => ({ ...current, page: 0 })), []);
  // The grid reports the models it is given through its API too (CrudGrid): the same model again
  // changes nothing.
  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) =>
      setParams((current) =>
        current.page === model.page && current.pageSize === model.pageSize
          ? current
          : { ...current, page: model.page, pageSize: model.pageSize },
      ),
    [],
  );
  const onSortModelChange = useCallback(
    (model: GridSortModel) =>
      setParams((current) =>
        gridSortParam(current.sortModel, '') === gridSortParam(model, '')
          ? current
          : { ...current, sortModel: model, page: 0 },
      ),
    [],
  );

  /** The list query's paging: the contract counts pages from 1, the grid from 0. */
  const paging = useMemo(() => ({ page: page + 1, pageSize }), [page, pageSize]);
  /** For ServerDataGrid. */
  const gridProps = useMemo(
    () => ({
      paginationModel: { page, pageSize },
      onPaginationModelChange,
      sortModel,
      onSortModelChange,
    }),
    [page, pageSize, onPaginationModelChange, sortModel, onSortModelChange],
  );

  return { query, sortModel, search, toFirstPage, paging, gridProps };
}
