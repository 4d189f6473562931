/** Requests whose screen shows its own message, so the app's error toast stays quiet for them. */
const quietRequests = new Set<string>();

/**
 * Marks one call as showing its own error (a banner or a field message), so no error toast appears for
 * it: `await withoutErrorToast(trigger(arg)).unwrap()`.
 */
export function withoutErrorToast<R extends { requestId: string }>(request: R): R {
  quietRequests.add(request.requestId);
  return request;
}

/** Whether the settled request `requestId` was marked quiet (and forgets it). */
export function settledQuietly(requestId: string): boolean {
  return quietRequests.delete(requestId);
}
