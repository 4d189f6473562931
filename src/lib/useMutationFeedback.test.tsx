import { useState } from 'react';
import { screen } from '@testing-library/react';
import type { ApiError } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { messageOf } from './errors';
import { serverMessage, useMutationFeedback, type MutationFeedback } from './useMutationFeedback';

/** A settled mutation, as RTK Query's trigger returns it. */
function request<R>(outcome: { ok: R } | { error: ApiError }) {
  return {
    requestId: 'test-request',
    unwrap: () => ('ok' in outcome ? Promise.resolve(outcome.ok) : Promise.reject(outcome.error)),
  };
}

/** A button that runs one request with its feedback, and says when it has settled. */
function Harness<R>({
  outcome,
  feedback,
}: {
  outcome: { ok: R } | { error: ApiError };
  feedback: MutationFeedback<R>;
}) {
  const run = useMutationFeedback();
  const [settled, setSettled] = useState(false);
  const start = () =>
    run(request(outcome), feedback)
      .catch(() => undefined)
      .finally(() => setSettled(true));
  return (
    <>
      <button onClick={start}>run</button>
      {settled && <output>settled</output>}
    </>
  );
}

describe('useMutationFeedback', () => {
  it("a success toast is the server's message, else the screen's text", async () => {
    const feedback = { success: serverMessage('Condition created successfully') };
    const first = renderWithProviders(
      <Harness outcome={{ ok: { message: 'Gout was added' } }} feedback={feedback} />,
    );
    await first.user.click(screen.getByRole('button', { name: 'run' }));
    expect(await findToast('Gout was added')).toBeInTheDocument();
    first.unmount();

    const second = renderWithProviders(<Harness outcome={{ ok: {} }} feedback={feedback} />);
    await second.user.click(screen.getByRole('button', { name: 'run' }));
    expect(await findToast('Condition created successfully')).toBeInTheDocument();
  });

  it("a failure toast is the error's message, else the screen's fallback", async () => {
    const feedback = { failure: 'Failed to update lifestyle' };
    const first = renderWithProviders(
      <Harness
        outcome={{ error: { status: 409, message: 'A lifestyle with this name already exists.' } }}
        feedback={feedback}
      />,
    );
    await first.user.click(screen.getByRole('button', { name: 'run' }));
    expect(await findToast('A lifestyle with this name already exists.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update lifestyle')).not.toBeInTheDocument();
    first.unmount();

    const second = renderWithProviders(
      <Harness outcome={{ error: { status: 'CUSTOM_ERROR', message: '' } }} feedback={feedback} />,
    );
    await second.user.click(screen.getByRole('button', { name: 'run' }));
    expect(await findToast('Failed to update lifestyle')).toBeInTheDocument();
  });

  it('a failure function gives the whole text, or none; quiet shows no error toast at all', async () => {
    const refused = { error: { status: 403, message: 'No access' } };
    const whole = renderWithProviders(
      <Harness outcome={refused} feedback={{ failure: (e) => `Failed: ${messageOf(e)}` }} />,
    );
    await whole.user.click(screen.getByRole('button', { name: 'run' }));
    expect(await findToast('Failed: No access')).toBeInTheDocument();
    whole.unmount();

    for (const feedback of [{ failure: () => null }, { quiet: true }]) {
      const silent = renderWithProviders(
        <Harness<unknown> outcome={refused} feedback={feedback} />,
      );
      await silent.user.click(screen.getByRole('button', { name: 'run' }));
      await screen.findByText('settled');
      expect(screen.queryByText(/No access/)).not.toBeInTheDocument();
      silent.unmount();
    }
  });
});
