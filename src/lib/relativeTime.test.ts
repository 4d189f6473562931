import { exactTime, formatDate, relativeTime } from './relativeTime';

const NOW = new Date('2025-03-05T14:07:09Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [MINUTE, '1 minute ago'],
    [3 * MINUTE + 59 * SECOND, '3 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [3 * 365 * DAY, '3 years ago'],
  ])('%d ms ago reads "%s"', (ms, text) => {
    expect(relativeTime(ago(ms), NOW)).toBe(text);
  });

  it('takes ISO strings and epoch milliseconds as well as dates', () => {
    expect(relativeTime('2025-03-05T14:04:09Z', NOW)).toBe('3 minutes ago');
    expect(relativeTime(NOW.getTime() - 2 * HOUR, NOW.getTime())).toBe('2 hours ago');
  });

  it('reads a time slightly ahead of the clock as "just now", and a later one as "in ..."', () => {
    expect(relativeTime(new Date(NOW.getTime() + 30 * SECOND), NOW)).toBe('just now');
    expect(relativeTime(new Date(NOW.getTime() + 5 * MINUTE), NOW)).toBe('in 5 minutes');
  });

  it('answers an empty string for an invalid date', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('exactTime and formatDate', () => {
  it('show the local date and time in full, and the date alone', () => {
    // Built from local parts, so the expectation holds in every time zone the tests run in.
    const local = new Date(2025, 2, 5, 14, 7, 9);
    expect(exactTime(local)).toBe('Mar 5, 2025, 2:07:09 PM');
    expect(formatDate(local)).toBe('Mar 5, 2025');
  });

  it('answer an empty string for an invalid date', () => {
    expect(exactTime('nope')).toBe('');
    expect(formatDate('nope')).toBe('');
  });
});
