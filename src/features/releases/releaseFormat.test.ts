import { isCancellable, recordName, releaseState, tableLabel } from './releaseFormat';
import { EFFECTIVE_AT_MESSAGE, publishSchema } from './publishForm';

const release = (number: number, in_effect: boolean, latest = false) => ({
  number,
  in_effect,
  latest,
});

describe("a release's state", () => {
  it.each([
    ['the newest in effect', release(3, true, true), 3, 'latest'],
    ['one published to take effect later', release(4, false), 3, 'scheduled'],
    ['an older one in effect', release(2, true), 3, 'superseded'],
    ['one in effect while the latest is not known', release(2, true), undefined, 'in_effect'],
    ['one in effect before any latest', release(2, true), null, 'in_effect'],
  ] as const)('%s is %s', (_what, row, latestNumber, state) => {
    expect(releaseState(row, latestNumber)).toBe(state);
  });

  it('can be cancelled while scheduled and the newest only', () => {
    expect(isCancellable(release(4, false), 4)).toBe(true);
    expect(isCancellable(release(4, true), 4)).toBe(false);
    expect(isCancellable(release(3, false), 4)).toBe(false);
    expect(isCancellable(release(4, false), undefined)).toBe(false);
  });
});

describe('the words of a comparison', () => {
  it('names a table and a record by its name, label or id', () => {
    expect(tableLabel('weight_dosages')).toBe('Weight dosages');
    expect(recordName({ id: 4, name: 'Gout' })).toBe('Gout');
    expect(recordName({ id: 3, label: 'Warfarin + Ibuprofen' })).toBe('Warfarin + Ibuprofen');
    expect(recordName({ id: 12, min_dosage: 2 })).toBe('#12');
  });
});

describe('the Publish form', () => {
  it('sends the title, and the notes and the time to take effect only when given', () => {
    expect(publishSchema.parse({ title: ' January ', notes: ' ', effective_at: '' })).toEqual({
      title: 'January',
    });
    expect(
      publishSchema.parse({ title: 'January', notes: 'Renal', effective_at: '2027-01-01T08:30' }),
    ).toEqual({
      title: 'January',
      notes: 'Renal',
      effective_at: new Date('2027-01-01T08:30').toISOString(),
    });
  });

  it('refuses an empty title and a time that is not one', () => {
    const result = publishSchema.safeParse({ title: ' ', notes: '', effective_at: 'soon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', 'Title is required'],
      ['effective_at', EFFECTIVE_AT_MESSAGE],
    ]);
  });
});
