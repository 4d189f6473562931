/**
 * Times as the console shows them: "3 minutes ago" in lists, with the exact local date and time
 * on hover. Pure functions: `now` is a parameter so tests (and a ticking clock) choose it.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * "just now" under a minute (either way, for a clock slightly ahead), else "3 minutes ago",
 * "1 hour ago", "2 days ago", "5 months ago", "1 year ago" (or "in 3 minutes" for a later time),
 * rounding down to the largest whole unit. An invalid date gives an empty string.
 */
export function relativeTime(
  value: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const time = toDate(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = toDate(now).getTime() - time;
  const size = Math.abs(elapsed);
  if (size < MINUTE) return 'just now';
  const [unit, length] = UNITS.find(([, ms]) => size >= ms) ?? ['minute', MINUTE];
  const count = Math.floor(size / length);
  return relativeFormat.format(elapsed > 0 ? -count : count, unit);
}

const exactFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** The exact local date and time, e.g. "Mar 5, 2025, 2:07:09 PM"; empty for an invalid date. */
export function exactTime(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : exactFormat.format(date);
}

/** The local date alone, e.g. "Mar 5, 2025"; empty for an invalid date. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
