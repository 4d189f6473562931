import {
  isFulfilled,
  isRejected,
  isRejectedWithValue,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import { enqueueSnackbar } from 'notistack';

/** The console's generic fallback, for a failure that carries no message at all. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** Per-call texts for a failure without a message ("the error message, or ..."). */
const FALLBACK_MESSAGES: Record<string, string> = {
  register: 'Registration failed',
  listDrugInteractions: 'Failed to fetch drug interactions',
};

/** Requests whose screen shows its own message, so the error toast stays quiet for them. */
const quietRequests = new Set<string>();

/**
 * Marks one call as showing its own error (a banner or a field message), so no error toast appears for
 * it: `await withoutErrorToast(trigger(arg)).unwrap()`.
 */
export function withoutErrorToast<R extends { requestId: string }>(request: R): R {
  quietRequests.add(request.requestId);
  return request;
}

function messageOf(payload: unknown): string {
  if (typeof payload === 'object' && payload !== null && 'message' in payload) {
    const { message } = payload;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return '';
}

function endpointOf(meta: unknown): string {
  if (typeof meta === 'object' && meta !== null && 'arg' in meta) {
    const { arg } = meta;
    if (typeof arg === 'object' && arg !== null && 'endpointName' in arg) {
      return String(arg.endpointName);
    }
  }
  return '';
}

/** The one place error toasts come from: every API call rejected with an error, unless made quiet. */
export function startErrorToasts<S>(startListening: TypedStartListening<S>): void {
  startListening({
    predicate: (action) => isFulfilled(action) || isRejected(action),
    effect: (action) => {
      if (!isFulfilled(action) && !isRejected(action)) return;
      const quiet = quietRequests.delete(action.meta.requestId);
      if (quiet || !isRejectedWithValue(action)) return;
      const message =
        messageOf(action.payload) ||
        FALLBACK_MESSAGES[endpointOf(action.meta)] ||
        UNKNOWN_ERROR_MESSAGE;
      enqueueSnackbar(message, { variant: 'error' });
    },
  });
}
