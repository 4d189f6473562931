import type { User } from '@/api';
import type { RootState } from '@/app/store';

export const testUser: User = {
  id: 7,
  name: 'Ada Admin',
  email: 'ada@example.org',
  role: 'admin',
  created_at: '2025-01-02T03:04:05.000Z',
};

export const TEST_TOKEN = 'test-token-123';

/** A store state with a checked session. */
export function signedIn(user: User = testUser): Partial<RootState> {
  return { auth: { user, token: TEST_TOKEN, loading: false } };
}

/** A store state with no session, already checked. */
export function signedOut(): Partial<RootState> {
  return { auth: { user: null, token: null, loading: false } };
}

/** A viewer: reads everything, changes nothing. */
export const viewerUser: User = { ...testUser, id: 8, name: 'Vera Viewer', role: 'viewer' };

/** An answer to GET /audit with no entries (screens that show a record's history ask for it). */
export const noHistory = { body: { data: [], meta: { total: 0, page: 1, page_size: 10 } } };
