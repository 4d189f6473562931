import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useListUsersQuery, type AdminUser, type AdminUserSort } from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { SearchField } from '@/components/SearchField';
import { messageOf } from '@/lib/errors';
import { SearchHistoryDialog } from './SearchHistoryDialog';
import { userColumns } from './userColumns';

const PAGE_SIZES = [10, 25, 50, 100];

function NoUsers() {
  return (
    <Box sx={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">No users found</Typography>
    </Box>
  );
}

// Stable props: a new object on every render would make the grid render every cell again.
const GRID_SLOTS = { noRowsOverlay: NoUsers, noResultsOverlay: NoUsers };
// When loading failed the banner above says so; "No users found" under it would be untrue.
const FAILED_GRID_SLOTS = { noRowsOverlay: () => null, noResultsOverlay: () => null };
const GRID_SX = { border: 0 };

/** The grid's sort model as the contract's `sort` parameter (name when unsorted). */
function sortParam(model: GridSortModel): AdminUserSort {
  const [first] = model;
  if (!first?.sort) return 'name';
  return `${first.sort === 'desc' ? '-' : ''}${first.field}` as AdminUserSort;
}

/**
 * Seconds a cached page of GET /users is shown again as it is: app users' searches and activity
 * (search counts, last active) reach the server without passing through this console's cache
 * tags, so coming back to a page later than this asks the server again.
 */
export const USERS_MAX_AGE_S = 30;

/**
 * /dashboard/users: GET /users searches, sorts and pages on the server, so the screen stays fast
 * with tens of thousands of users (bench/users-grid.ts measured the grid filtering 10,000 users
 * in the browser: over 150 ms per keystroke).
 */
export function UsersPage() {
  const [{ query, page, pageSize }, setParams] = useState({ query: '', page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [historyOf, setHistoryOf] = useState<AdminUser | null>(null);
  const pagination = useMemo<GridPaginationModel>(() => ({ page, pageSize }), [page, pageSize]);

  // A new search starts again at the first page.
  const search = useCallback(
    (next: string) =>
      setParams((current) =>
        current.query === next ? current : { ...current, query: next, page: 0 },
      ),
    [],
  );
  const paginate = useCallback(
    (model: GridPaginationModel) =>
      setParams((current) => ({ ...current, page: model.page, pageSize: model.pageSize })),
    [],
  );

  const { data, error, isError, isFetching } = useListUsersQuery(
    {
      q: query || undefined,
      page: page + 1,
      pageSize,
      sort: sortParam(sortModel),
    },
    { refetchOnMountOrArgChange: USERS_MAX_AGE_S },
  );
  const columns = useMemo(() => userColumns(setHistoryOf), []);

  return (
    <>
      <PageHeader title="User Management" />
      {isError && (
        <ErrorBanner
          title="The users could not be loaded"
          message={messageOf(error)}
          sx={{ mb: 2 }}
        />
      )}
      <SearchField label="Search by name or email" onSearch={search} />
      <Paper variant="outlined">
        <DataGrid
          aria-label="Users"
          rows={data?.data ?? []}
          rowCount={data?.meta.total ?? 0}
          columns={columns}
          loading={isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={pagination}
          onPaginationModelChange={paginate}
          sortModel={sortModel}
          onSortModelChange={setSortModel}
          pageSizeOptions={PAGE_SIZES}
          disableColumnFilter
          disableRowSelectionOnClick
          autoHeight
          slots={isError ? FAILED_GRID_SLOTS : GRID_SLOTS}
          sx={GRID_SX}
        />
      </Paper>
      <SearchHistoryDialog user={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
