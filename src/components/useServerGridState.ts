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
 * The state of a grid the server searches, sorts and pages (ServerDataGrid): the search text,
 * the page and the sort. A new search, or `toFirstPage` (a new filter), starts again at the first
 * page; the same search again keeps the page.
 */
export function useServerGridState(initialSort: GridSortModel) {
  const [{ query, page, pageSize }, setParams] = useState({
    query: '',
    page: 0,
    pageSize: FIRST_PAGE_SIZE,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(initialSort);
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page, pageSize }),
    [page, pageSize],
  );

  const search = useCallback(
    (next: string) =>
      setParams((current) =>
        current.query === next ? current : { ...current, query: next, page: 0 },
      ),
    [],
  );
  const toFirstPage = useCallback(() => setParams((current) => ({ ...current, page: 0 })), []);
  const onPaginationModelChange = useCallback(
    (model: GridPaginationModel) =>
      setParams((current) => ({ ...current, page: model.page, pageSize: model.pageSize })),
    [],
  );

  return {
    query,
    sortModel,
    search,
    toFirstPage,
    /** The list query's paging: the contract counts pages from 1, the grid from 0. */
    paging: { page: page + 1, pageSize },
    /** For ServerDataGrid. */
    gridProps: {
      paginationModel,
      onPaginationModelChange,
      sortModel,
      onSortModelChange: setSortModel,
    },
  };
}
