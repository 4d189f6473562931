import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { env } from '@/config/env';
import type { PublishBlocker } from './generated';
import { sessionRejected } from './sessionEvents';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized - Please log in again';
export const FORBIDDEN_MESSAGE = 'Forbidden - You do not have permission to access this resource';
export const NETWORK_ERROR_MESSAGE =
  'Network error - the server could not be reached. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.';

/** What every failed call gives its caller: the one message to show, and the server's field errors. */
export interface ApiError {
  /** The HTTP status, or RTK Query's name for a failure that never got one (network, parsing). */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The contract's `errors`, keyed by field (422 answers). */
  errors?: Record<string, string[]>;
  /** Everything that blocks a publication (the 409 answer of `POST /release` lists every one). */
  blockers?: PublishBlocker[];
}

/**
 * The calls whose 403 says why in the server's words: a sign-in refused (an account with no
 * console access), and a review refused to one of the record's own authors (four eyes), where the
 * generic permission message would tell a reviewer with the right role something untrue.
 */
const REFUSALS_THAT_SAY_WHY = ['login', 'approveChange', 'rejectChange'];

/** The part of the store the base query reads; typed structurally so the API does not import the store. */
interface WithAuthToken {
  auth?: { token?: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: env.apiBaseUrl,
  // fetchBaseQuery itself sets `Content-Type: application/json` for JSON bodies and leaves it out for
  // FormData (the browser then writes the multipart boundary). Calls without a body send none.
  prepareHeaders: (headers, { getState }) => {
    headers.set('Accept', 'application/json');
    const token = (getState() as WithAuthToken).auth?.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body's `blockers` that say what blocks (the contract names each one's kind; the message is
 * what the console shows).
 */
function blockersOf(body: unknown): PublishBlocker[] {
  const listed: unknown[] = isRecord(body) && Array.isArray(body.blockers) ? body.blockers : [];
  return listed.filter(
    (item): item is PublishBlocker => isRecord(item) && typeof item.message === 'string',
  );
}

function fieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const list = Array.isArray(value) ? value : [value];
    const texts = list.filter((item): item is string => typeof item === 'string' && item !== '');
    if (texts.length) result[field] = texts;
  }
  return Object.keys(result).length ? result : undefined;
}

/** After 401 and 403, so that every failure has a message: the body's, else errors.email, else the status line. */
function messageFromBody(body: unknown, status: number, statusText: string): string {
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') {
    return body.message;
  }
  const email = fieldErrors(body)?.email?.[0];
  if (email) return email;
  return `Error: ${status} ${statusText}`.trim();
}

/**
 * Turns a failed call into an {@link ApiError}. A 401 on anything but the login call also ends the
 * session (dispatching {@link sessionRejected}); on the login call a 401 means wrong credentials.
 */
function toApiError(
  error: FetchBaseQueryError,
  response: Response | undefined,
  endpoint: string,
  dispatch: (action: ReturnType<typeof sessionRejected>) => unknown,
): ApiError {
  if (error.status === 'FETCH_ERROR')
    return { status: error.status, message: NETWORK_ERROR_MESSAGE };
  if (error.status === 'TIMEOUT_ERROR') return { status: error.status, message: TIMEOUT_MESSAGE };
  if (error.status === 'CUSTOM_ERROR') return { status: error.status, message: error.error };

  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  const body: unknown = error.data;
  const errors = fieldErrors(body);
  if (status === 401 && endpoint !== 'login') {
    dispatch(sessionRejected());
    return { status, message: UNAUTHORIZED_MESSAGE };
  }
  const message =
    status === 403 && !REFUSALS_THAT_SAY_WHY.includes(endpoint)
      ? FORBIDDEN_MESSAGE
      : messageFromBody(body, status, response?.statusText ?? '');
  const blockers = blockersOf(body);
  return {
    status,
    message,
    ...(errors && { errors }),
    ...(blockers.length > 0 && { blockers }),
  };
}

/**
 * The generated list calls pass every query parameter, most of them undefined: with none defined,
 * the request goes without a query string (fetchBaseQuery would still add a bare `?`).
 */
function withoutEmptyParams(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || !args.params) return args;
  if (Object.values(args.params).some((value) => value !== undefined)) return args;
  return { ...args, params: undefined };
}

/**
 * The base query of the one API slice (no component calls fetch): JSON headers, the bearer token,
 * 204 as an empty result, and every error turned into one message, logged (unless the console
 * aborted the request), and handed to the caller.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(withoutEmptyParams(args), api, extraOptions);
  // A 204 (or any empty body) comes back from fetchBaseQuery as `data: null`: an empty result.
  if (!result.error) return { data: result.data, meta: result.meta };
  const error = toApiError(result.error, result.meta?.response, api.endpoint, api.dispatch);
  const url = typeof args === 'string' ? args : args.url;
  // A request the console aborted itself (a newer search letter superseded it) did not fail:
  // logging it would report an unreachable server at every keystroke.
  if (!api.signal.aborted)
    console.error(`API ${api.endpoint} (${url}) failed: ${error.message}`, result.error);
  return { error, meta: result.meta };
};
