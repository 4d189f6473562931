import { releaseFromSearch, releaseText, withRelease } from './releaseChoice';

describe('the release a safety check reads', () => {
  it.each([
    ['', 'draft'],
    ['release=latest', 'latest'],
    ['release=12', '12'],
    ['release=0', 'draft'],
    ['release=next', 'draft'],
  ])('a link with "%s" reads %s', (query, release) => {
    expect(releaseFromSearch(new URLSearchParams(query))).toBe(release);
  });

  it("is written into the link after the form's part, and left out for the draft", () => {
    expect(withRelease('medications=3,7&weight=20', '3')).toBe(
      'medications=3,7&weight=20&release=3',
    );
    expect(withRelease('medications=3,7&release=3', 'latest')).toBe(
      'medications=3,7&release=latest',
    );
    expect(withRelease('medications=3,7&release=3', 'draft')).toBe('medications=3,7');
    expect(withRelease('', 'latest')).toBe('release=latest');
  });

  it('is put into words: the release the answer says it read, else the one asked for', () => {
    expect(releaseText('draft', 'draft')).toBe('the draft');
    expect(releaseText(4, 'latest')).toBe('release 4 (the latest)');
    expect(releaseText(3, '3')).toBe('release 3');
    expect(releaseText(undefined, 'latest')).toBe('the latest release');
    expect(releaseText(undefined, '3')).toBe('release 3');
    expect(releaseText(undefined, 'draft')).toBe('the draft');
  });
});
