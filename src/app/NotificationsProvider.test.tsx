import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSnackbar, type VariantType } from 'notistack';
import { api } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { useAppDispatch } from './hooks';
import { withoutErrorToast } from '@/api/quietRequests';

function Trigger() {
  const { enqueueSnackbar } = useSnackbar();
  const show = (message: string, variant: VariantType) => () =>
    enqueueSnackbar(message, { variant });
  return (
    <>
      <button onClick={show('First notice', 'info')}>first</button>
      <button onClick={show('Second notice', 'success')}>second</button>
    </>
  );
}

function width(px: number) {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: px,
    height: 48,
    top: 0,
    left: 0,
    right: px,
    bottom: 48,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
}

/** The card inside a notification, where the touch handlers are. */
function card(toast: HTMLElement): HTMLElement {
  return toast.firstElementChild as HTMLElement;
}

function drag(toast: HTMLElement, fromX: number, toX: number) {
  const target = card(toast);
  fireEvent.touchStart(target, { touches: [{ clientX: fromX, clientY: 10 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: toX, clientY: 12 }] });
  fireEvent.touchEnd(target, { changedTouches: [{ clientX: toX, clientY: 12 }] });
}

describe('notifications', () => {
  it('each has role="alert" and a close button that dismisses it', async () => {
    const { user } = renderWithProviders(<Trigger />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    const toast = await findToast('First notice');
    expect(toast).toHaveAttribute('role', 'alert');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('First notice')).not.toBeInTheDocument());
  });

  it('a horizontal touch drag past 80% of its width dismisses it', async () => {
    width(300);
    const { user } = renderWithProviders(<Trigger />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    const toast = await findToast('First notice');
    drag(toast, 20, 20 + 241); // 241 px of 300 is just past 80%
    await waitFor(() => expect(screen.queryByText('First notice')).not.toBeInTheDocument());
  });

  it('a drag short of 80% snaps back and the notification stays', async () => {
    width(300);
    // The card's translation is read back from its computed style.
    const { user } = renderWithProviders(<Trigger />, { styles: true });
    await user.click(screen.getByRole('button', { name: 'first' }));
    const toast = await findToast('First notice');
    const target = card(toast);
    fireEvent.touchStart(target, { touches: [{ clientX: 250, clientY: 10 }] });
    fireEvent.touchMove(target, { touches: [{ clientX: 15, clientY: 10 }] });
    expect(getComputedStyle(target).transform).toContain('translateX(-235px)');
    fireEvent.touchEnd(target, { changedTouches: [{ clientX: 15, clientY: 10 }] }); // 235 px: 78%
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByText('First notice')).toBeInTheDocument();
    expect(getComputedStyle(target).transform).not.toContain('translateX');
  });

  it('Alt+T moves the focus to the newest notification', async () => {
    const { user } = renderWithProviders(<Trigger />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    await user.click(screen.getByRole('button', { name: 'second' }));
    const newest = await findToast('Second notice');
    await findToast('First notice');
    expect(newest).not.toHaveFocus();
    await user.keyboard('{Alt>}t{/Alt}');
    expect(newest).toHaveFocus();
  });

  describe('timing', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const show = () => {
      renderWithProviders(<Trigger />);
      fireEvent.click(screen.getByRole('button', { name: 'first' }));
      act(() => jest.advanceTimersByTime(500)); // the entering transition
      return screen.getByText('First notice').closest('[data-toast-order]') as HTMLElement;
    };
    /** Time passes in small steps, so the timers each transition sets along the way also run. */
    const advance = (ms: number) => {
      for (let passed = 0; passed < ms; passed += 50) act(() => jest.advanceTimersByTime(50));
    };

    it('closes by itself after 5 seconds', () => {
      show();
      advance(4000);
      expect(screen.getByText('First notice')).toBeInTheDocument();
      advance(1500 + 1000); // past 5 s, plus the leaving transition
      expect(screen.queryByText('First notice')).not.toBeInTheDocument();
    });

    it('stays while hovered', () => {
      const toast = show();
      fireEvent.mouseEnter(toast);
      advance(10_000);
      expect(screen.getByText('First notice')).toBeInTheDocument();
      fireEvent.mouseLeave(toast);
      advance(5000);
      expect(screen.queryByText('First notice')).not.toBeInTheDocument();
    });

    it('stays while the window has no focus', () => {
      show();
      act(() => {
        window.dispatchEvent(new Event('blur'));
      });
      advance(10_000);
      expect(screen.getByText('First notice')).toBeInTheDocument();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      advance(5000);
      expect(screen.queryByText('First notice')).not.toBeInTheDocument();
    });
  });
});

function LoadConditions({ quiet }: { quiet: boolean }) {
  const dispatch = useAppDispatch();
  const load = () => {
    const request = dispatch(api.endpoints.listConditions.initiate({}, { subscribe: false }));
    if (quiet) withoutErrorToast(request);
  };
  return <button onClick={load}>load</button>;
}

describe('error toasts come from one place', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("a failed call shows the error's message as an error notification", async () => {
    mockFetch({ 'GET /condition': { status: 500, body: { message: 'Database unavailable' } } });
    const { user } = renderWithProviders(<LoadConditions quiet={false} />, {
      preloadedState: signedIn(),
    });
    await user.click(screen.getByRole('button', { name: 'load' }));
    expect(await findToast('Database unavailable')).toBeInTheDocument();
  });

  it("a failure without a message shows the call's own text, else 'An unknown error occurred'", async () => {
    const { store } = renderWithProviders(<></>);
    const failed = (endpointName: string, requestId: string) => ({
      type: 'test/request/rejected',
      payload: { status: 'CUSTOM_ERROR', message: '' },
      error: { message: 'Rejected' },
      meta: {
        requestId,
        requestStatus: 'rejected',
        rejectedWithValue: true,
        arg: { endpointName },
      },
    });
    act(() => {
      store.dispatch(failed('listDrugInteractions', 'r1'));
    });
    expect(await findToast('Failed to fetch drug interactions')).toBeInTheDocument();
    act(() => {
      store.dispatch(failed('listLifestyles', 'r2'));
    });
    expect(await findToast('An unknown error occurred')).toBeInTheDocument();
  });

  it('a call marked withoutErrorToast stays quiet (its screen says it)', async () => {
    const fetchMock = mockFetch({
      'GET /condition': { status: 500, body: { message: 'Database unavailable' } },
    });
    const { user } = renderWithProviders(<LoadConditions quiet />, { preloadedState: signedIn() });
    await user.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });
});
