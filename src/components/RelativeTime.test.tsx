import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exactTime } from '@/lib/relativeTime';
import { RelativeTime } from './RelativeTime';

const MINUTE = 60_000;

describe('RelativeTime', () => {
  it('reads "3 minutes ago" in a <time> with the ISO instant, and the exact time on hover', async () => {
    const at = new Date(Date.now() - 3 * MINUTE - 5_000);
    render(<RelativeTime value={at.toISOString()} />);
    const time = screen.getByText('3 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', at.toISOString());
    expect(time).toHaveAttribute('title', exactTime(at));

    await userEvent.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(exactTime(at));
    // While the tooltip shows, it describes the time for assistive technology.
    expect(time).toHaveAccessibleDescription(exactTime(at));
  });

  it('measures from the `now` it is given', () => {
    render(<RelativeTime value="2025-03-05T12:00:00Z" now={Date.parse('2025-03-05T14:30:00Z')} />);
    expect(screen.getByText('2 hours ago')).toBeInTheDocument();
  });

  it('moves on by itself on a page left open', () => {
    jest.useFakeTimers({ now: new Date('2025-03-05T14:00:00Z') });
    try {
      render(<RelativeTime value={new Date('2025-03-05T13:59:30Z')} />);
      expect(screen.getByText('just now')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(MINUTE));
      expect(screen.getByText('1 minute ago')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(60 * MINUTE));
      expect(screen.getByText('1 hour ago')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
