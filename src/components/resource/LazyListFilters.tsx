import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { ListFilter } from './resource';
import type { ServerList } from './useServerList';

const ListFilters = lazy(() =>
  import('./ListFilters').then((module) => ({ default: module.ListFilters })),
);

/** The filter row's height while its code loads, so the grid does not jump down when it shows. */
const PLACEHOLDER_HEIGHT = 72;

/**
 * The filter controls of a `useServerList` list, loaded after the page shows: the record pickers
 * bring MUI's Autocomplete, which would put the DataGrid pages over their 400 kB budget
 * (`npm run bench:bundle`).
 */
export function LazyListFilters({
  filters,
  list,
}: {
  filters: readonly ListFilter[];
  list: Pick<ServerList, 'filters' | 'setFilter' | 'clearFilters'>;
}) {
  return (
    <Suspense fallback={<Box sx={{ height: PLACEHOLDER_HEIGHT }} />}>
      <ListFilters
        filters={filters}
        values={list.filters}
        onChange={list.setFilter}
        onClear={list.clearFilters}
      />
    </Suspense>
  );
}
