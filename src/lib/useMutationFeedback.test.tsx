import { screen } from '@testing-library/react';
import type { ApiError } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { serverMessage, useMutationFeedback, type MutationFeedback } from './useMutationFeedback';

/** A settled mutation, as RTK Query's trigger returns it. */
function request<R>(outcome: { ok: R } | { error: ApiError }) {
  return {
    requestId: 'test-request',
    unwrap: () => ('ok' in outcome ? Promise.resolve(outcome.ok) : Promise.reject(outcome.error)),
  };
}

/** A button that runs one request with its feedback. */
function Harness<R>({
  outcome,
  feedback,
}: {
  outcome: { ok: R } | { error: ApiError };
  feedback: MutationFeedback<R>;
}) {
  const run = useMutationFeedback();
  return (
    <button onClick={() => run(request(outcome), feedback).catch(() => undefined)}>run</button>
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

  it("a failure toast is the error's message, else the screen's fallback (spec section 8)", async () => {
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
});
