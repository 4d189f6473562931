import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AppProviders } from '@/app/AppProviders';
import { makeStore } from '@/app/store';
import { signedIn } from '@/test/fixtures';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { queryOf } from '@/test/renderListApi';
import { stubDownloads } from '@/test/downloads';
import { listQuery, serverSortable, sortParam, useServerList } from './useServerList';

const SORT_FIELDS = { name: 'name', age_range: 'min_age' };

function renderList(options: Partial<Parameters<typeof useServerList>[0]> = {}) {
  const store = makeStore(signedIn());
  return renderHook(
    () =>
      useServerList({
        listPath: '/age-category',
        exportFileName: 'age-categories',
        sortFields: SORT_FIELDS,
        initialSort: [{ field: 'name', sort: 'asc' }],
        ...options,
      }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <AppProviders store={store}>{children}</AppProviders>
      ),
    },
  );
}

type Rendered = ReturnType<typeof renderList>['result'];
const toPage = (result: Rendered, page: number) =>
  act(() => result.current.grid.onPaginationModelChange({ page, pageSize: 25 }));

describe('sortParam', () => {
  it("names the contract's field, with - for descending, and nothing for a column it cannot sort", () => {
    expect(sortParam([{ field: 'age_range', sort: 'asc' }], SORT_FIELDS)).toBe('min_age');
    expect(sortParam([{ field: 'name', sort: 'desc' }], SORT_FIELDS)).toBe('-name');
    expect(sortParam([{ field: 'description', sort: 'asc' }], SORT_FIELDS)).toBeUndefined();
    expect(sortParam([{ field: 'name', sort: null }], SORT_FIELDS)).toBeUndefined();
    expect(sortParam([], SORT_FIELDS)).toBeUndefined();
  });
});

describe('listQuery', () => {
  const state = { page: 1, pageSize: 50, sortModel: [], filterModel: { items: [] } };

  it('counts pages from 1, and sends the trimmed search words', () => {
    expect(
      listQuery(
        { ...state, filterModel: { items: [], quickFilterValues: [' mig', 'raine '] } },
        {},
      ),
    ).toEqual({ page: 2, pageSize: 50, sort: undefined, q: 'mig raine' });
  });

  it('hands on the column filters that hold a value, only to a list that asks for them', () => {
    const filterModel = {
      items: [
        { field: 'entity', operator: 'is', value: 'medication' },
        { field: 'action', operator: 'is', value: '' },
      ],
    };
    expect(listQuery({ ...state, filterModel }, {}, true).filterItems).toEqual([
      filterModel.items[0],
    ]);
    expect(listQuery({ ...state, filterModel }, {}).filterItems).toBeUndefined();
  });
});

describe('serverSortable', () => {
  it('turns sorting off for the columns the server cannot sort by', () => {
    const columns = serverSortable(
      [{ field: 'name' }, { field: 'description' }, { field: 'age_range' }],
      SORT_FIELDS,
    );
    expect(columns.map((column) => column.sortable)).toEqual([undefined, false, undefined]);
  });
});

describe('useServerList', () => {
  it('asks for the first page in the first order, and a new sort goes back to the first page', () => {
    const { result } = renderList();
    expect(result.current.query).toEqual({ page: 1, pageSize: 25, sort: 'name', q: undefined });
    toPage(result, 2);
    expect(result.current.query.page).toBe(3);
    // The grid reports the sort it was given again: nothing changes.
    act(() => result.current.grid.onSortModelChange([{ field: 'name', sort: 'asc' }]));
    expect(result.current.query.page).toBe(3);
    act(() => result.current.grid.onSortModelChange([{ field: 'age_range', sort: 'desc' }]));
    expect(result.current.query).toMatchObject({ page: 1, sort: '-min_age' });
  });

  it('searches from the first page again; the same words again keep the page', () => {
    const { result } = renderList();
    toPage(result, 2);
    act(() => result.current.grid.onFilterModelChange({ items: [], quickFilterValues: ['mig'] }));
    expect(result.current.query).toMatchObject({ page: 1, q: 'mig' });
    expect(result.current.narrowed).toBe(true);
    toPage(result, 1);
    act(() => result.current.grid.onFilterModelChange({ items: [], quickFilterValues: ['mig'] }));
    expect(result.current.query).toMatchObject({ page: 2, q: 'mig' });
  });

  it('sets and clears filters from the first page again, as query parameters', () => {
    const { result } = renderList();
    toPage(result, 2);
    act(() => result.current.setFilter('age_unit', { value: 'days', label: 'Days' }));
    expect(result.current.filterParams).toEqual({ age_unit: 'days' });
    expect(result.current.filters).toEqual({ age_unit: { value: 'days', label: 'Days' } });
    expect(result.current.query.page).toBe(1);
    expect(result.current.narrowed).toBe(true);
    act(() => result.current.setFilter('age_unit', null));
    expect(result.current.filterParams).toEqual({});
    act(() => result.current.setFilter('age_unit', { value: 'years', label: 'Years' }));
    toPage(result, 3);
    act(() => result.current.clearFilters());
    expect(result.current.filterParams).toEqual({});
    expect(result.current.query.page).toBe(1);
    expect(result.current.narrowed).toBe(false);
  });

  it('exports every match of the search and filters, in the same order, as CSV', async () => {
    const fetchMock = mockFetch({
      'GET /age-category': { body: 'name\nAdult\n', headers: { 'Content-Type': 'text/csv' } },
    });
    const click = stubDownloads();
    const { result } = renderList();
    act(() => result.current.grid.onFilterModelChange({ items: [], quickFilterValues: ['ad'] }));
    act(() => result.current.setFilter('age_unit', { value: 'years', label: 'Years' }));
    await act(() => result.current.grid.exportCsv?.() ?? Promise.resolve());
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(requestsTo(fetchMock).map(queryOf)).toEqual([
      { format: 'csv', q: 'ad', sort: 'name', age_unit: 'years' },
    ]);
  });

  it('offers no export for a list the contract has no CSV of', () => {
    const { result } = renderList({ exportFileName: undefined });
    expect(result.current.grid.exportCsv).toBeUndefined();
  });
});
