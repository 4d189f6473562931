import { useCallback, useMemo, useState } from 'react';
import type {
  GridColDef,
  GridFilterItem,
  GridFilterModel,
  GridPaginationModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { sameSort, type ServerSide } from '@/components/crud/CrudGrid';
import { FIRST_PAGE_SIZE } from '@/lib/listPage';
import type { FilterOption, FilterParams, FilterValues, ListQuery } from './resource';
import { useCsvExport } from './useCsvExport';

const NO_SORT: GridSortModel = [];
const NO_SEARCH: GridFilterModel = { items: [] };
const NO_FILTERS: FilterValues = {};

/**
 * The grid's sort model as the `sort` parameter: `field`, or `-field` for descending, where
 * `sortFields` maps the grid's field to the contract's; undefined when unsorted or not sortable.
 */
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

/** The column filters that hold a value (the filter panel reports one being typed as empty). */
function filterItemsOf(model: GridFilterModel): readonly GridFilterItem[] {
  return model.items.filter((item) => item.value !== undefined && item.value !== '');
}

const sameItems = (a: readonly GridFilterItem[], b: readonly GridFilterItem[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The query a list screen sends: the page (the contract counts from 1, the grid from 0), the sort,
 * the search and, with `columnFilters`, the grid's column filters.
 */
export function listQuery(
  state: { page: number; pageSize: number; sortModel: GridSortModel; filterModel: GridFilterModel },
  sortFields: Readonly<Record<string, string>>,
  columnFilters = false,
): ListQuery {
  const items = filterItemsOf(state.filterModel);
  return {
    page: state.page + 1,
    pageSize: state.pageSize,
    sort: sortParam(state.sortModel, sortFields),
    q: searchParam(state.filterModel),
    ...(columnFilters && items.length > 0 && { filterItems: items }),
  };
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
  /** The CSV file's name, without extension; left out, no export. */
  exportFileName?: string;
  /** Grid field to the contract's sort field, for each sortable column. */
  sortFields: Readonly<Record<string, string>>;
  initialSort?: GridSortModel;
  /** Whether the grid's column filters go to the server (`query.filterItems`). */
  columnFilters?: boolean;
}

export interface ServerList {
  /** The page, sort and search to ask the server for. */
  query: ListQuery;
  /** The set filters as query parameters. */
  filterParams: FilterParams;
  /** The set filters with what their controls show. */
  filters: FilterValues;
  /** Whether a search or a filter narrows the list. */
  narrowed: boolean;
  /** Sets one filter (null: back to 'Any'), from the first page again. */
  setFilter: (param: string, choice: FilterOption | null) => void;
  /** Clears every filter, from the first page again. */
  clearFilters: () => void;
  /** The grid's `server` prop, but for `rowCount` (the list answer's `meta.total`). */
  grid: Omit<ServerSide, 'rowCount'>;
}

interface GridState {
  page: number;
  pageSize: number;
  sortModel: GridSortModel;
  filterModel: GridFilterModel;
}

/**
 * The state of a list whose server pages, sorts, searches and filters: the grid's controlled
 * models, the set filters, and the query they make (`page`, `page_size`, `sort`, `q` and the
 * filters' parameters). A new search, sort or filter starts again at the first page; the same
 * search again keeps the page. The grid's CSV export downloads every match of the same search
 * and filters, in the same order.
 */
export function useServerList({
  listPath,
  exportFileName,
  sortFields,
  initialSort,
  columnFilters = false,
}: ServerListOptions): ServerList {
  const [state, setState] = useState<GridState>(() => ({
    page: 0,
    pageSize: FIRST_PAGE_SIZE,
    sortModel: initialSort ?? NO_SORT,
    filterModel: NO_SEARCH,
  }));
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const query = useMemo(
    () => listQuery(state, sortFields, columnFilters),
    [state, sortFields, columnFilters],
  );
  const filterParams = useMemo<FilterParams>(
    () => Object.fromEntries(Object.entries(filters).map(([param, { value }]) => [param, value])),
    [filters],
  );

  const toFirstPage = useCallback(() => setState((current) => ({ ...current, page: 0 })), []);
  // The grid reports the models it is given through its API too (CrudGrid): the same model again
  // changes nothing.
  const handlers = useMemo(
    () => ({
      onPaginationModelChange: (model: GridPaginationModel) =>
        setState((current) =>
          current.page === model.page && current.pageSize === model.pageSize
            ? current
            : { ...current, page: model.page, pageSize: model.pageSize },
        ),
      onSortModelChange: (model: GridSortModel) =>
        setState((current) =>
          sameSort(current.sortModel, model) ? current : { ...current, sortModel: model, page: 0 },
        ),
      onFilterModelChange: (model: GridFilterModel) =>
        setState((current) => {
          const same =
            searchParam(current.filterModel) === searchParam(model) &&
            sameItems(filterItemsOf(current.filterModel), filterItemsOf(model));
          return { ...current, filterModel: model, page: same ? current.page : 0 };
        }),
    }),
    [],
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
  const exportCsv = useMemo(
    () =>
      exportFileName === undefined
        ? undefined
        : () =>
            download(listPath, { q: query.q, sort: query.sort, ...filterParams }, exportFileName),
    [download, listPath, query.q, query.sort, filterParams, exportFileName],
  );

  const { page, pageSize } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const grid = useMemo(
    () => ({
      ...handlers,
      paginationModel,
      sortModel: state.sortModel,
      filterModel: state.filterModel,
      exportCsv,
    }),
    [handlers, paginationModel, state.sortModel, state.filterModel, exportCsv],
  );
  const narrowed =
    query.q !== undefined || query.filterItems !== undefined || Object.keys(filters).length > 0;
  return { query, filterParams, filters, narrowed, setFilter, clearFilters, grid };
}
