import { useEffect, useState } from 'react';
import Tooltip from '@mui/material/Tooltip';
import { exactTime, relativeTime } from '@/lib/relativeTime';

/** The current time, moving every `intervalMs` so relative times stay true on a page left open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

interface RelativeTimeProps {
  /** An ISO timestamp (as the API answers) or a date. */
  value: string | Date;
  /** The time to measure from; the component keeps its own clock when left out. */
  now?: number;
}

/** "3 minutes ago", with the exact local date and time on hover (and for assistive technology). */
export function RelativeTime({ value, now }: RelativeTimeProps) {
  const clock = useNow();
  const date = value instanceof Date ? value : new Date(value);
  const exact = exactTime(date);
  return (
    <Tooltip title={exact} describeChild>
      <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}>
        {relativeTime(date, now ?? clock)}
      </time>
    </Tooltip>
  );
}
