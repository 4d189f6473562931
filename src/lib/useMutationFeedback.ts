import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { withoutErrorToast } from '@/api/quietRequests';
import { messageOf } from './errors';

/** What an RTK Query mutation trigger returns (`const request = createThing(arg)`). */
export interface MutationRequest<R> {
  requestId: string;
  unwrap(): Promise<R>;
}

export interface MutationFeedback<R> {
  /** The success toast: a fixed text, or one taken from the answer (see {@link serverMessage}). */
  success?: string | ((result: R) => string | undefined);
  /**
   * The error toast, shown here instead of by the app's error-toast listener: a text for a failure
   * without a message of its own (the error's message wins), or a function giving the whole text
   * (nothing, for no toast). Left out, the app's listener shows the error's message as for any call.
   */
  failure?: string | ((error: unknown) => string | null);
  /** The screen shows the error itself (a banner, a field message): no error toast at all. */
  quiet?: boolean;
}

/** The answer's `message` (the server's words, e.g. 'Condition created successfully'), else `fallback`. */
export function serverMessage(fallback: string) {
  return (result: { message?: string } | null | undefined) => result?.message || fallback;
}

/**
 * The one way a screen reports a mutation's outcome:
 * `await run(createCondition(arg), { success: serverMessage('...') })`. Resolves with the answer;
 * re-throws the error after reporting it, so a form can stay open, put the server's field errors
 * under its fields or show the error in a banner.
 */
export function useMutationFeedback() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async <R>(request: MutationRequest<R>, feedback: MutationFeedback<R> = {}): Promise<R> => {
      const { success, failure, quiet = false } = feedback;
      if (quiet || failure !== undefined) withoutErrorToast(request);
      try {
        const result = await request.unwrap();
        const text = typeof success === 'function' ? success(result) : success;
        if (text) enqueueSnackbar(text, { variant: 'success' });
        return result;
      } catch (error) {
        if (!quiet && failure !== undefined) {
          const text = typeof failure === 'function' ? failure(error) : messageOf(error, failure);
          if (text) enqueueSnackbar(text, { variant: 'error' });
        }
        throw error;
      }
    },
    [enqueueSnackbar],
  );
}
