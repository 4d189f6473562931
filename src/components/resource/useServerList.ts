import { useCallback, useMemo, useState } from 'react';
import type {
  GridColDef,
  GridFilterModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import type { ServerSide } from '@/components/crud/CrudGrid';
import { useServerGridState } from '@/components/useServerGridState';
import type { FilterOption, FilterParams, FilterValues, ListQuery } from './resource';
import { useCsvExport } from './useCsvExport';

const NO_SORT: GridSortModel = [];
const NO_SEARCH: GridFilterModel = { items: [] };
const NO_FILTERS: FilterValues = {};

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

/** The columns with sorting turned off for those the server cannot sort by. */
export function serverSortable<Row extends GridValidRowModel>(
  columns: readonly GridColDef<Row>[],
  sortFields: Readonly<Record<string, string>>,
): GridColDef<Row>[] {
  return columns.map((column) =>
    column.field in sortFields ? column : { ...column, sortable: false },
  );
}

export interface ServerListOptions {
  /** The list's path in the API, e.g. '/drug-interaction': the CSV export asks it. */
  listPath: string;
  /** The CSV file's name, without extension. */
  exportFileName: string;
  /** Grid field to the contract's sort field, for each sortable column. */
  sortFields: Readonly<Record<string, string>>;
  initialSort?: GridSortModel;
}

export interface ServerList {
  /** The page, sort and search to ask the server for. */
  query: ListQuery;
  /** The set filters as query parameters. */
  filterParams: FilterParams;
  /** The set filters with what their controls show. */
  filters: FilterValues;
  /** Sets one filter (null: back to 'Any'), from the first page again. */
  setFilter: (param: string, choice: FilterOption | null) => void;
  /** Clears every filter, from the first page again. */
  clearFilters: () => void;
  /** The grid's `server` prop, but for `rowCount` (the list answer's `meta.total`). */
  grid: Omit<ServerSide, 'rowCount'>;
}

/**
 * The state of a list whose server pages, sorts, searches and filters: the grid's controlled
 * models, the set filters, and the query they make (`page`, `page_size`, `sort`, `q` and the
 * filters' parameters). A new search, sort or filter starts again at the first page. The grid's
 * CSV export downloads every match of the same search and filters, in the same order.
 */
export function useServerList({
  listPath,
  exportFileName,
  sortFields,
  initialSort,
}: ServerListOptions): ServerList {
  const state = useServerGridState(initialSort ?? NO_SORT);
  const [filterModel, setFilterModel] = useState<GridFilterModel>(NO_SEARCH);
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const query = useMemo<ListQuery>(
    () => ({
      ...state.paging,
      sort: sortParam(state.sortModel, sortFields),
      q: state.query === '' ? undefined : state.query,
    }),
    [state.paging, state.sortModel, state.query, sortFields],
  );
  const filterParams = useMemo<FilterParams>(
    () => Object.fromEntries(Object.entries(filters).map(([param, { value }]) => [param, value])),
    [filters],
  );

  const { search: searchFor, toFirstPage } = state;
  const search = useCallback(
    (model: GridFilterModel) => {
      setFilterModel(model);
      searchFor(searchParam(model) ?? '');
    },
    [searchFor],
  );
  const setFilter = useCallback(
    (param: string, choice: FilterOption | null) => {
      setFilters((current) => {
        const { [param]: _previous, ...others } = current;
        return choice ? { ...others, [param]: choice } : others;
      });
      toFirstPage();
    },
    [toFirstPage],
  );
  const clearFilters = useCallback(() => {
    setFilters(NO_FILTERS);
    toFirstPage();
  }, [toFirstPage]);

  const download = useCsvExport();
  const exportCsv = useCallback(
    () => download(listPath, { q: query.q, sort: query.sort, ...filterParams }, exportFileName),
    [download, listPath, query.q, query.sort, filterParams, exportFileName],
  );

  const grid = useMemo(
    () => ({ ...state.gridProps, filterModel, onFilterModelChange: search, exportCsv }),
    [state.gridProps, filterModel, search, exportCsv],
  );
  return { query, filterParams, filters, setFilter, clearFilters, grid };
}
