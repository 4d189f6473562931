/**
 * Which state of the reference data the safety check reads: the draft (as editors left it, the
 * default), the latest release in effect (what app users read), or a release by number. It is part
 * of the page's link (`release=latest`, `release=3`; the draft is left out), so a shared link checks
 * against the same data.
 */

export const DRAFT = 'draft';
export const LATEST = 'latest';

/** The contract's Release parameter: `draft`, `latest` or a release's number. */
const RELEASE_PATTERN = /^(draft|latest|[1-9][0-9]{0,8})$/;

/** The release a link names; the draft when it names none, or none the contract knows. */
export function releaseFromSearch(search: URLSearchParams): string {
  const value = search.get('release')?.trim() ?? '';
  return RELEASE_PATTERN.test(value) ? value : DRAFT;
}

/**
 * A link's query (without `?`) with `release` set to `release`, or left out for the draft. The
 * other parameters keep their own spelling (readable commas and slashes).
 */
export function withRelease(query: string, release: string): string {
  const others = query.split('&').filter((part) => part !== '' && !part.startsWith('release='));
  if (release !== DRAFT) others.push(`release=${release}`);
  return others.join('&');
}

/**
 * What an answer came from, in words: the release the server says it read (`read`, the answer's
 * `release`), named as the latest when that is what was asked for; else what was asked for.
 * "the draft", "release 4 (the latest)", "release 3", "the latest release".
 */
export function releaseText(read: number | typeof DRAFT | undefined, asked: string): string {
  if (read === DRAFT) return 'the draft';
  if (read !== undefined) return `release ${read}${asked === LATEST ? ' (the latest)' : ''}`;
  if (asked === DRAFT) return 'the draft';
  return asked === LATEST ? 'the latest release' : `release ${asked}`;
}
