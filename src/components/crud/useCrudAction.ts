import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { withoutErrorToast } from '@/app/errorToasts';
import { errorMessage } from '@/lib/errors';

/** What an RTK Query mutation trigger returns (`const request = createThing(arg)`). */
export interface MutationRequest<R> {
  requestId: string;
  unwrap(): Promise<R>;
}

export interface ActionFeedback<R> {
  /** The success toast: a fixed text, or one taken from the answer (see {@link serverMessage}). */
  success?: string | ((result: R) => string | undefined);
  /**
   * The error toast's text when the failure carries no message of its own (each screen's own: "the
   * error's message, else ..."). Given, this call's error toast is shown here; left out, the app's one
   * error-toast listener shows the error's message as for any call.
   */
  failure?: string;
}

/** The answer's `message` (the server's words, e.g. 'Condition created successfully'), else `fallback`. */
export function serverMessage(fallback: string) {
  return (result: { message?: string } | null | undefined) => result?.message || fallback;
}

/**
 * Runs a mutation with its toasts: `await run(createCondition(arg), { success: serverMessage('...') })`.
 * Resolves with the answer; re-throws the error after reporting it, so a form can stay open and put
 * the server's field errors under its fields.
 */
export function useCrudAction() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async <R>(request: MutationRequest<R>, feedback: ActionFeedback<R> = {}): Promise<R> => {
      if (feedback.failure !== undefined) withoutErrorToast(request);
      try {
        const result = await request.unwrap();
        const text =
          typeof feedback.success === 'function' ? feedback.success(result) : feedback.success;
        if (text) enqueueSnackbar(text, { variant: 'success' });
        return result;
      } catch (error) {
        if (feedback.failure !== undefined) {
          enqueueSnackbar(errorMessage(error, feedback.failure), { variant: 'error' });
        }
        throw error;
      }
    },
    [enqueueSnackbar],
  );
}
