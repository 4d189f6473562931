import Box from '@mui/material/Box';
import { chunk } from '@/components/chunk';
import type { ListFilter } from './resource';
import type { ServerList } from './useServerList';

/** The filter row's height while its code loads, so the grid does not jump down when it shows. */
const PLACEHOLDER_HEIGHT = 72;

const ListFilters = chunk(
  () => import('./ListFilters').then((module) => module.ListFilters),
  <Box sx={{ height: PLACEHOLDER_HEIGHT }} />,
).Component;

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
    <ListFilters
      filters={filters}
      values={list.filters}
      onChange={list.setFilter}
      onClear={list.clearFilters}
    />
  );
}
