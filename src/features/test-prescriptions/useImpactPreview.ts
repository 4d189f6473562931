import { useEffect, useState } from 'react';
import {
  usePreviewTestPrescriptionImpactMutation,
  type TestPrescriptionImpactRequest,
  type TestPrescriptionImpactResult,
} from '@/api';
import { withoutErrorToast } from '@/api/quietRequests';
import { useDebouncedValue } from '@/lib/useDebouncedValue';
import { messageOf, isApiError } from '@/lib/errors';

/** How long a pending change must stay the same before its impact is asked for. */
export const IMPACT_DELAY_MS = 400;

/** A reference-data write as the impact preview takes it: its operationId, path id and body. */
export type PendingChange = TestPrescriptionImpactRequest;

export type ImpactState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; result: TestPrescriptionImpactResult }
  /** The write itself would be refused (its own 422, 404, 409): `message` says why. */
  | { status: 'refused'; message: string }
  | { status: 'failed'; message: string };

/**
 * What `change` would do to the test prescriptions (`POST /test-prescription/impact`), asked
 * once it has stayed the same for IMPACT_DELAY_MS; null (an invalid form) asks nothing. Only the
 * latest change's answer counts: an older one still on its way is aborted. Nothing is stored by
 * the preview, and its failures show in the panel, not as toasts: a slow or failed preview never
 * holds up saving.
 */
export function useImpactPreview(change: PendingChange | null): ImpactState {
  const key = useDebouncedValue(change ? JSON.stringify(change) : '', IMPACT_DELAY_MS);
  const pendingKey = change ? JSON.stringify(change) : '';
  const [preview] = usePreviewTestPrescriptionImpactMutation();
  const [answer, setAnswer] = useState<{ key: string; state: ImpactState } | null>(null);

  useEffect(() => {
    if (!key) return;
    let current = true;
    const call = withoutErrorToast(
      preview({ testPrescriptionImpactRequest: JSON.parse(key) as PendingChange }),
    );
    call
      .unwrap()
      .then(({ data }) => current && setAnswer({ key, state: { status: 'done', result: data } }))
      .catch((error: unknown) => {
        if (!current) return;
        const refused = isApiError(error) && [404, 409, 422].includes(Number(error.status));
        // A 422 names its fields: say each problem, as the form will when saving.
        const fields = isApiError(error) ? Object.values(error.errors ?? {}).flat() : [];
        const message = [messageOf(error, 'The impact could not be checked.'), ...fields].join(' ');
        setAnswer({ key, state: { status: refused ? 'refused' : 'failed', message } });
      });
    return () => {
      current = false;
      call.abort();
    };
  }, [key, preview]);

  if (!pendingKey) return { status: 'idle' };
  // Typing on, or waiting for the answer to the latest change: the older answer no longer holds.
  if (pendingKey !== key || answer?.key !== key) return { status: 'loading' };
  return answer.state;
}
