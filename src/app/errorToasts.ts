import {
  isFulfilled,
  isRejected,
  isRejectedWithValue,
  type TypedStartListening,
} from '@reduxjs/toolkit';
import { enqueueSnackbar } from 'notistack';
import { settledQuietly } from '@/api/quietRequests';
import { messageOf } from '@/lib/errors';

/** Per-call texts for a failure without a message. */
const FALLBACK_MESSAGES: Record<string, string> = {
  listDrugInteractions: 'Failed to fetch drug interactions',
};

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
      const quiet = settledQuietly(action.meta.requestId);
      if (quiet || !isRejectedWithValue(action)) return;
      const fallback = FALLBACK_MESSAGES[endpointOf(action.meta)];
      enqueueSnackbar(messageOf(action.payload, fallback), { variant: 'error' });
    },
  });
}
