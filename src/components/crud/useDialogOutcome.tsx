import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';
import {
  serverMessage,
  useMutationFeedback,
  type MutationRequest,
} from '@/lib/useMutationFeedback';

/** What the last change did, said inside the dialog. */
interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * For a dialog whose list changes one item at a time (a class's members, an ingredient's limits):
 * `change` sends a change with its toasts and also says how it went inside the dialog, because
 * while a dialog is open its toasts are hidden from assistive technology. `success` goes first in
 * the dialog's content (there before anything is said in it, so a screen reader follows it);
 * `failure` goes where the error belongs.
 */
export function useDialogOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useMutationFeedback();
  const change = <R extends { message?: string }>(
    request: MutationRequest<R>,
    done: string,
    failed: string,
  ) => {
    setOutcome(null);
    return run(request, { success: serverMessage(done) }).then(
      (result) => setOutcome({ ok: true, text: serverMessage(done)(result) }),
      (error: unknown) => {
        setOutcome({ ok: false, text: messageOf(error, failed) });
        throw error;
      },
    );
  };
  const success = (
    <Box role="status" sx={{ mb: outcome?.ok ? 2 : 0 }}>
      {outcome?.ok && (
        <Alert severity="success" role="none">
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
  const failure = outcome && !outcome.ok && <ErrorBanner message={outcome.text} />;
  return { change, success, failure };
}
