import { useMemo, useState } from 'react';
import { useListUsersQuery, type AdminUser, type AdminUserSort } from '@/api';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  SEARCH_PAUSE_MS,
  sortedBy,
  type ResourceDefinition,
} from '@/components/resource/resource';
import { SearchHistoryDialog } from './SearchHistoryDialog';
import { userColumns } from './userColumns';

/**
 * Seconds a cached page of GET /users is shown again as it is: app users' searches and activity
 * (search counts, last active) reach the server without passing through this console's cache
 * tags, so coming back to a page later than this asks the server again.
 */
export const USERS_MAX_AGE_S = 30;

/**
 * /dashboard/users: the app's users, read only. GET /users searches (name or email), sorts and
 * pages on the server, so the screen stays fast with tens of thousands of users; View History
 * opens a user's searches.
 */
export const userResource: ResourceDefinition<AdminUser> = {
  texts: {
    title: 'User Management',
    gridLabel: 'Users',
    emptyText: 'No users found',
    searchLabel: 'Search by name or email',
    errorTitle: 'The users could not be loaded',
  },
  listPath: '/users',
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: sortedBy<AdminUserSort>(
    'name',
    'email',
    'registered_at',
    'last_active_at',
    'search_count',
  ),
  searchDebounceMs: SEARCH_PAUSE_MS,
  describe: (user) => user.name,
  useApi: (query) => {
    const result = useListUsersQuery(
      { ...query, sort: (query.sort ?? 'name') as AdminUserSort },
      { refetchOnMountOrArgChange: USERS_MAX_AGE_S },
    );
    // The banner hides while a retry runs.
    return { list: listState({ ...result, error: result.isError ? result.error : undefined }) };
  },
  useScreen: () => {
    const [historyOf, setHistoryOf] = useState<AdminUser | null>(null);
    const columns = useMemo(() => userColumns(setHistoryOf), []);
    return {
      columns,
      dialogs: <SearchHistoryDialog user={historyOf} onClose={() => setHistoryOf(null)} />,
    };
  },
};

/** /dashboard/users */
export function UsersPage() {
  return <ResourcePage resource={userResource} />;
}
