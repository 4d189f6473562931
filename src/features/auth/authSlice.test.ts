import { makeStore } from '@/app/store';
import { mockFetch, networkDown, requestsTo } from '@/test/mockFetch';
import { signedIn, testUser, TEST_TOKEN } from '@/test/fixtures';
import { credentialsReceived, sessionRestored, userUpdated } from '@/session/authSlice';
import { logout, restoreSession } from './authThunks';

const stored = (storage: Storage) => ({
  token: storage.getItem('auth_token'),
  user: storage.getItem('user'),
});

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('auth slice: state', () => {
  it('starts loading, with nothing stored: no user, no token', () => {
    const store = makeStore();
    expect(store.getState().auth).toEqual({ user: null, token: null, loading: true });
  });

  it('reads the stored session on start (local storage)', () => {
    window.localStorage.setItem('auth_token', TEST_TOKEN);
    window.localStorage.setItem('user', JSON.stringify(testUser));
    expect(makeStore().getState().auth).toEqual({
      user: testUser,
      token: TEST_TOKEN,
      loading: true,
    });
  });

  it('reads a session kept for this tab only (session storage)', () => {
    window.sessionStorage.setItem('auth_token', 'tab-token');
    window.sessionStorage.setItem('user', JSON.stringify(testUser));
    expect(makeStore().getState().auth).toMatchObject({ user: testUser, token: 'tab-token' });
  });

  it('ignores a damaged stored user', () => {
    window.localStorage.setItem('auth_token', TEST_TOKEN);
    window.localStorage.setItem('user', '{not json');
    expect(makeStore().getState().auth).toMatchObject({ user: null, token: TEST_TOKEN });
  });

  it('sessionRestored clears the loading flag', () => {
    const store = makeStore();
    store.dispatch(sessionRestored(null));
    expect(store.getState().auth.loading).toBe(false);
  });
});

describe('auth slice: storage follows the session (listener)', () => {
  it('login with remember me stores auth_token and user in local storage', () => {
    const store = makeStore();
    store.dispatch(credentialsReceived({ user: testUser, token: 'tok-1', remember: true }));
    expect(store.getState().auth).toEqual({ user: testUser, token: 'tok-1', loading: false });
    expect(stored(window.localStorage)).toEqual({ token: 'tok-1', user: JSON.stringify(testUser) });
    expect(stored(window.sessionStorage)).toEqual({ token: null, user: null });
  });

  it('login without remember me keeps the session in session storage only', () => {
    window.localStorage.setItem('auth_token', 'old');
    const store = makeStore();
    store.dispatch(credentialsReceived({ user: testUser, token: 'tok-2', remember: false }));
    expect(stored(window.sessionStorage)).toEqual({
      token: 'tok-2',
      user: JSON.stringify(testUser),
    });
    expect(stored(window.localStorage)).toEqual({ token: null, user: null });
  });

  it('a changed user is written where the session is kept', () => {
    const store = makeStore();
    store.dispatch(credentialsReceived({ user: testUser, token: 'tok-3', remember: false }));
    store.dispatch(userUpdated({ ...testUser, name: 'Grace' }));
    expect(store.getState().auth.user?.name).toBe('Grace');
    expect(JSON.parse(window.sessionStorage.getItem('user') ?? '{}')).toMatchObject({
      name: 'Grace',
    });
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});

describe('restoreSession', () => {
  it('without a token: no call, loading cleared, still signed out', async () => {
    const fetchMock = mockFetch({});
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState().auth).toEqual({ user: null, token: null, loading: false });
  });

  it("with a token: asks GET /auth/me and takes the server's user", async () => {
    window.localStorage.setItem('auth_token', TEST_TOKEN);
    window.localStorage.setItem('user', JSON.stringify(testUser));
    const fresh = { ...testUser, name: 'Ada Lovelace' };
    const fetchMock = mockFetch({ 'GET /auth/me': { body: { data: fresh } } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(requestsTo(fetchMock, 'GET /auth/me')[0].headers.get('Authorization')).toBe(
      `Bearer ${TEST_TOKEN}`,
    );
    expect(store.getState().auth).toEqual({ user: fresh, token: TEST_TOKEN, loading: false });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      name: 'Ada Lovelace',
    });
  });

  it('a forged or revoked token: the session ends and storage is cleared', async () => {
    window.localStorage.setItem('auth_token', 'forged');
    window.localStorage.setItem('user', JSON.stringify(testUser));
    mockFetch({ 'GET /auth/me': { status: 401, body: { message: 'Invalid token' } } });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toEqual({ user: null, token: null, loading: false });
    expect(stored(window.localStorage)).toEqual({ token: null, user: null });
  });

  it('the server out of reach: keeps the stored user', async () => {
    window.localStorage.setItem('auth_token', TEST_TOKEN);
    window.localStorage.setItem('user', JSON.stringify(testUser));
    mockFetch({ 'GET /auth/me': networkDown });
    const store = makeStore();
    await store.dispatch(restoreSession());
    expect(store.getState().auth).toEqual({ user: testUser, token: TEST_TOKEN, loading: false });
  });
});

describe('logout', () => {
  function storeWithSessionEverywhere() {
    for (const storage of [window.localStorage, window.sessionStorage]) {
      storage.setItem('auth_token', TEST_TOKEN);
      storage.setItem('user', JSON.stringify(testUser));
    }
    return makeStore(signedIn());
  }

  it('revokes the token with POST /auth/logout, then clears user, token and both keys everywhere', async () => {
    const fetchMock = mockFetch({ 'POST /auth/logout': { body: { message: 'Signed out' } } });
    const store = storeWithSessionEverywhere();
    await store.dispatch(logout());
    const [request] = requestsTo(fetchMock, 'POST /auth/logout');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(store.getState().auth).toEqual({ user: null, token: null, loading: false });
    expect(stored(window.localStorage)).toEqual({ token: null, user: null });
    expect(stored(window.sessionStorage)).toEqual({ token: null, user: null });
  });

  it('ends the local session even when the server cannot be reached', async () => {
    mockFetch({ 'POST /auth/logout': networkDown });
    const store = storeWithSessionEverywhere();
    await store.dispatch(logout());
    expect(store.getState().auth.token).toBeNull();
    expect(stored(window.localStorage)).toEqual({ token: null, user: null });
  });
});
