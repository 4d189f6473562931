import type { User } from '@/api';

/** The storage keys the console has always used, so a stored session survives upgrades. */
export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'user';

export interface StoredSession {
  token: string | null;
  user: User | null;
}

/** Storage can be missing or throw (private windows, disabled cookies): the console then keeps the session in memory. */
function storages(): Storage[] {
  const found: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      const storage = window[name];
      if (storage) found.push(storage);
    } catch {
      // not available: skip it
    }
  }
  return found;
}

function parseUser(text: string | null): User | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'name' in value && 'email' in value) {
      return value as User;
    }
  } catch {
    // a damaged entry counts as none
  }
  return null;
}

/**
 * The session as stored: local storage when "remember me" was checked, else session storage (this tab
 * only). A token without a user is kept (the server tells who it belongs to); a user without a token is not.
 */
export function readStoredSession(): StoredSession {
  for (const storage of storages()) {
    try {
      const token = storage.getItem(TOKEN_KEY);
      if (token) return { token, user: parseUser(storage.getItem(USER_KEY)) };
    } catch {
      // unreadable: try the next one
    }
  }
  return { token: null, user: null };
}

/** Writes the session where "remember me" says, and removes any copy from the other storage. */
export function writeStoredSession(
  session: { token: string; user: User },
  remember: boolean,
): void {
  clearStoredSession();
  const target = remember ? 'localStorage' : 'sessionStorage';
  try {
    window[target].setItem(TOKEN_KEY, session.token);
    window[target].setItem(USER_KEY, JSON.stringify(session.user));
  } catch {
    // storage full or blocked: the session lasts until the page is closed
  }
}

/** Replaces the stored user wherever the session is kept (after a profile change or a refresh from the server). */
export function writeStoredUser(user: User): void {
  for (const storage of storages()) {
    try {
      if (storage.getItem(TOKEN_KEY)) storage.setItem(USER_KEY, JSON.stringify(user));
    } catch {
      // ignore: the user in memory is still right
    }
  }
}

/** Removes both keys from both storages. */
export function clearStoredSession(): void {
  for (const storage of storages()) {
    try {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(USER_KEY);
    } catch {
      // nothing to clear
    }
  }
}
