import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { FieldValues } from 'react-hook-form';
import type { GridRowId } from '@mui/x-data-grid';
import { AppProviders } from '@/app/AppProviders';
import { makeStore, type AppStore, type RootState } from '@/app/store';
import type { FilterParams, ListQuery, ResourceDefinition } from '@/components/resource/resource';
import { ResourceFormDialog } from '@/components/resource/ResourcePage';
import { listQuery, sortParam } from '@/components/resource/useServerList';
import { FIRST_PAGE_SIZE } from '@/lib/listPage';
import { signedIn } from './fixtures';
import { renderWithProviders } from './renderWithProviders';

/** The query a list screen sends first: its first page, in its first order, unsearched. */
export function firstQuery<Row extends { id: GridRowId }>(
  resource: Pick<ResourceDefinition<Row>, 'initialSort' | 'sortFields' | 'columnFilters'>,
): ListQuery {
  return listQuery(
    {
      page: 0,
      pageSize: FIRST_PAGE_SIZE,
      sortModel: resource.initialSort ?? [],
      filterModel: { items: [] },
    },
    resource.sortFields,
    resource.columnFilters,
  );
}

/**
 * Runs a list definition's calls (`useApi`) as its screen would, with a fresh store but without the
 * screen: what it sends for a query and filters, and the list it reads from the answer.
 */
export function renderListApi<Api>(
  resource: { useApi: (query: ListQuery, filters: FilterParams) => Api },
  query: ListQuery,
  filters: FilterParams = {},
  state: Partial<RootState> | AppStore = signedIn(),
) {
  // A store of an earlier render, to see what its cache holds.
  const store = 'dispatch' in state ? state : makeStore(state);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store}>
        <MemoryRouter>{children}</MemoryRouter>
      </AppProviders>
    );
  }
  return { store, ...renderHook(() => resource.useApi(query, filters), { wrapper: Wrapper }) };
}

/** A request's query parameters. */
export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/**
 * Opens a definition's add/edit form as its screen would, without the screen: `onSave` receives
 * the checked values and the reason.
 */
export function renderResourceForm<
  Row extends { id: GridRowId },
  TValues extends FieldValues,
  TOutput,
>(
  resource: ResourceDefinition<Row, TValues, TOutput>,
  editing: Row | null,
  state: Partial<RootState> = signedIn(),
) {
  const onSave = jest.fn((_values: TOutput, _reason: string) => Promise.resolve());
  const onClose = jest.fn();
  const rendered = renderWithProviders(
    <ResourceFormDialog
      resource={resource}
      editing={editing}
      open
      onSave={onSave}
      onClose={onClose}
    />,
    { preloadedState: state },
  );
  return { ...rendered, onSave, onClose };
}

/** The `sort` a definition sends when its grid is sorted by `field`. */
export function sortOf(
  resource: Pick<ResourceDefinition<{ id: GridRowId }>, 'sortFields'>,
  field: string,
  direction: 'asc' | 'desc' = 'asc',
): string | undefined {
  return sortParam([{ field, sort: direction }], resource.sortFields);
}

/**
 * Sends what a definition's form saved (`onSave`'s values and reason) through its create call, or
 * its update call for the row being edited, as its screen would.
 */
export async function sendSaved<Row extends { id: GridRowId }, TOutput>(
  resource: Pick<ResourceDefinition<Row, never, TOutput>, 'useApi' | 'initialSort' | 'sortFields'>,
  editing: Row | null,
  [values, reason]: [TOutput, string],
): Promise<void> {
  const { result } = renderListApi(resource, firstQuery(resource));
  const { create, update } = result.current;
  if (!create || !update) throw new Error('The definition has no writes');
  await act(() => (editing ? update(editing, values, reason) : create(values, reason)).unwrap());
}
