/**
 * The one network mock of the console's tests: replaces `global.fetch` with a jest.fn that answers
 * by "METHOD /path" (the path below the API base, e.g. 'POST /auth/login'). An unexpected call fails
 * the test loudly instead of hanging.
 */
export interface MockReply {
  status?: number;
  statusText?: string;
  /** JSON to send; leave out for an empty body. A string is sent as is (for non-JSON answers). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = MockReply | ((request: Request) => MockReply | Promise<MockReply>);

/** A handler for a request that never reaches a server (what fetch does when the network is down). */
export const networkDown = (): MockReply => {
  throw new TypeError('Failed to fetch');
};

/**
 * A reply that never comes: the request fails as fetch fails an aborted one once its signal
 * aborts, and then calls `onAbort`. For a request the console is to abort as superseded.
 */
export function untilAborted(request: Request, onAbort?: () => void): Promise<MockReply> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener('abort', () => {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      onAbort?.();
    });
  });
}

export function reply({ status = 200, statusText, body, headers }: MockReply): Response {
  if (body === undefined || status === 204)
    return new Response(null, { status, statusText, headers });
  if (typeof body === 'string') return new Response(body, { status, statusText, headers });
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const API_PREFIX = '/api/v1';

export function mockFetch(routes: Record<string, MockHandler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    const key = `${request.method} ${pathname.startsWith(API_PREFIX) ? pathname.slice(API_PREFIX.length) : pathname}`;
    const handler = routes[key];
    if (!handler) {
      throw new Error(`mockFetch: no answer for ${key} (known: ${Object.keys(routes).join(', ')})`);
    }
    return reply(typeof handler === 'function' ? await handler(request.clone()) : handler);
  });
  global.fetch = fetchMock as typeof fetch;
  return fetchMock;
}

/** The requests a mock received, as Request objects, optionally only those to one "METHOD /path". */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, key?: string): Request[] {
  return fetchMock.mock.calls
    .map(([input, init]) => (input instanceof Request ? input : new Request(input, init)))
    .filter((request) => {
      if (!key) return true;
      const path = new URL(request.url).pathname.slice(API_PREFIX.length);
      return `${request.method} ${path}` === key;
    });
}
