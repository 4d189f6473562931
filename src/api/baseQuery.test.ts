import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { waitFor } from '@testing-library/react';
import { api, type ApiError } from '@/api';
import { makeStore } from '@/app/store';
import { mockFetch, networkDown, requestsTo, untilAborted } from '@/test/mockFetch';
import { signedIn, signedOut, testUser, TEST_TOKEN } from '@/test/fixtures';
import {
  baseQuery,
  FORBIDDEN_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from './baseQuery';

function signedInStore() {
  window.localStorage.setItem('auth_token', TEST_TOKEN);
  window.localStorage.setItem('user', JSON.stringify(testUser));
  return makeStore(signedIn());
}

/** Runs one call through the real slice and returns its error (or data). */
async function listConditions(store = signedInStore()) {
  return store.dispatch(api.endpoints.listConditions.initiate({}, { subscribe: false }));
}

function apiError(result: { error?: unknown }): ApiError {
  return result.error as ApiError;
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('base query: what it sends', () => {
  it('sends JSON Accept and the bearer token', async () => {
    const fetchMock = mockFetch({ 'GET /condition': { body: { data: [] } } });
    await listConditions();
    const [request] = requestsTo(fetchMock, 'GET /condition');
    expect(request.url).toBe('http://localhost/api/v1/condition');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockFetch({ 'POST /auth/forgot-password': { body: { message: 'ok' } } });
    const store = makeStore(signedOut());
    await store.dispatch(
      api.endpoints.forgotPassword.initiate({ forgotPasswordRequest: { email: 'a@b.org' } }),
    );
    expect(requestsTo(fetchMock)[0].headers.has('Authorization')).toBe(false);
  });

  it('sends a JSON body with a JSON Content-Type', async () => {
    const fetchMock = mockFetch({ 'POST /condition': { status: 201, body: { data: {} } } });
    const store = signedInStore();
    await store.dispatch(
      api.endpoints.createCondition.initiate({
        conditionCreate: { name: 'Asthma', description: null },
      }),
    );
    const [request] = requestsTo(fetchMock, 'POST /condition');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.json()).toEqual({ name: 'Asthma', description: null });
  });

  it('sends FormData as multipart, without the JSON Content-Type', async () => {
    const fetchMock = mockFetch({ 'POST /medication': { status: 201, body: { data: {} } } });
    const form = new FormData();
    form.append('name', 'Amoxicillin');
    form.append('weight_dosage[min_dosage]', '5');
    const store = signedInStore();
    const queryApi: BaseQueryApi = {
      signal: new AbortController().signal,
      abort: () => undefined,
      dispatch: store.dispatch,
      getState: store.getState,
      extra: undefined,
      endpoint: 'createMedication',
      type: 'mutation',
    };
    const result = await baseQuery(
      { url: '/medication', method: 'POST', body: form },
      queryApi,
      {},
    );
    expect(result.error).toBeUndefined();
    const [request] = requestsTo(fetchMock, 'POST /medication');
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    const sent = await request.formData();
    expect(sent.get('weight_dosage[min_dosage]')).toBe('5');
  });

  it('treats a 204 as an empty result', async () => {
    mockFetch({ 'POST /auth/logout': { status: 204 } });
    const store = signedInStore();
    const result = await store.dispatch(api.endpoints.logout.initiate());
    expect(result.error).toBeUndefined();
    expect(result.data).toBeNull();
  });
});

describe('base query: one message per failure', () => {
  it('401 outside the login call: ends the session, clears storage, says so', async () => {
    mockFetch({ 'GET /condition': { status: 401, body: { message: 'Token expired' } } });
    const store = signedInStore();
    const result = await listConditions(store);
    expect(apiError(result)).toEqual({ status: 401, message: UNAUTHORIZED_MESSAGE });
    expect(store.getState().auth).toMatchObject({ user: null, token: null });
    expect(window.localStorage.getItem('auth_token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining(UNAUTHORIZED_MESSAGE),
      expect.anything(),
    );
  });

  it('401 on the login call: the server says why, and no session is touched', async () => {
    mockFetch({
      'POST /auth/login': { status: 401, body: { message: 'Invalid email or password.' } },
    });
    const store = makeStore(signedOut());
    const result = await store.dispatch(
      api.endpoints.login.initiate({ loginRequest: { email: 'a@b.org', password: 'wrong' } }),
    );
    expect(apiError(result).message).toBe('Invalid email or password.');
    expect(store.getState().auth.loading).toBe(false);
  });

  it('403: the permission message, whatever the body says', async () => {
    mockFetch({ 'GET /condition': { status: 403, body: { message: 'Admins only' } } });
    const store = signedInStore();
    const result = await listConditions(store);
    expect(apiError(result).message).toBe(FORBIDDEN_MESSAGE);
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
  });

  it("403 on a review refused to one of the record's authors: the server says why", async () => {
    const refusal = 'You changed this record: another reviewer must approve it.';
    mockFetch({ 'POST /review/approve': { status: 403, body: { message: refusal } } });
    const store = signedInStore();
    const result = await store.dispatch(
      api.endpoints.approveChange.initiate({
        reviewRequest: { entity: 'condition', entity_id: 1 },
      }),
    );
    expect(apiError(result)).toEqual({ status: 403, message: refusal });
    expect(store.getState().auth.token).toBe(TEST_TOKEN);
  });

  it('409 on a publication: every blocker the server lists, with its message', async () => {
    const blockers = [
      { kind: 'unreviewed', message: 'Gout awaits review', entity: 'condition', entity_id: 4 },
      { kind: 'test_prescription', message: 'Warfarin test is worse', test_prescription_id: 2 },
    ];
    mockFetch({
      'POST /release': { status: 409, body: { message: 'Publication is blocked', blockers } },
    });
    const result = await signedInStore().dispatch(
      api.endpoints.publishRelease.initiate({ publishRequest: { title: 'December' } }),
    );
    expect(apiError(result)).toEqual({ status: 409, message: 'Publication is blocked', blockers });
  });

  it("else the body's message", async () => {
    mockFetch({
      'GET /condition': { status: 409, body: { message: 'Condition is used by 3 medications' } },
    });
    expect(apiError(await listConditions()).message).toBe('Condition is used by 3 medications');
  });

  it('else errors.email (its first item)', async () => {
    mockFetch({
      'POST /auth/register': {
        status: 422,
        body: { errors: { email: ['The email has already been taken.', 'second'] } },
      },
    });
    const store = makeStore(signedOut());
    const result = await store.dispatch(
      api.endpoints.register.initiate({
        registerRequest: { name: 'A', email: 'a@b.org', password: 'password1' },
      }),
    );
    expect(apiError(result)).toEqual({
      status: 422,
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.', 'second'] },
    });
  });

  it('else errors.email given as a plain string', async () => {
    mockFetch({ 'GET /condition': { status: 422, body: { errors: { email: 'Bad email' } } } });
    expect(apiError(await listConditions()).message).toBe('Bad email');
  });

  it("else 'Error: {status} {statusText}'", async () => {
    mockFetch({
      'GET /condition': { status: 500, statusText: 'Internal Server Error', body: { oops: true } },
    });
    expect(apiError(await listConditions()).message).toBe('Error: 500 Internal Server Error');
  });

  it("also for an answer that is not JSON (a proxy's error page)", async () => {
    mockFetch({
      'GET /condition': {
        status: 502,
        statusText: 'Bad Gateway',
        body: '<html>Bad gateway</html>',
      },
    });
    expect(apiError(await listConditions()).message).toBe('Error: 502 Bad Gateway');
  });

  it('says plainly when the server cannot be reached', async () => {
    mockFetch({ 'GET /condition': networkDown });
    const result = await listConditions();
    expect(apiError(result)).toEqual({ status: 'FETCH_ERROR', message: NETWORK_ERROR_MESSAGE });
    expect(console.error).toHaveBeenCalled();
  });

  it('logs nothing for a request the console aborted itself', async () => {
    let settled: () => void = () => undefined;
    const fetchMock = mockFetch({
      'GET /condition': (request) => untilAborted(request, () => setTimeout(settled, 0)),
    });
    const store = signedInStore();
    const request = store.dispatch(api.endpoints.listConditions.initiate({}, { subscribe: false }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /condition')).toHaveLength(1));
    const baseQuerySettled = new Promise<void>((resolve) => (settled = resolve));
    request.abort();
    expect((await request).isError).toBe(true);
    await baseQuerySettled;
    expect(console.error).not.toHaveBeenCalled();
  });

  it('hands the error to the caller: unwrap() rejects with the message', async () => {
    mockFetch({ 'GET /condition/9': { status: 404, body: { message: 'No such condition' } } });
    const store = signedInStore();
    await expect(
      store.dispatch(api.endpoints.getCondition.initiate({ id: 9 }, { subscribe: false })).unwrap(),
    ).rejects.toMatchObject({ status: 404, message: 'No such condition' });
  });
});
