import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { releaseInScope, withinReleaseReading, type Queryable } from '../db/pool';
import { HttpError, notFound } from '../errors';

/**
 * Reading a release. The draft is the reference tables themselves; a release is read through the
 * views of schema release_data (migration 026), named as the draft's tables, over the row versions
 * valid at the release that the setting medref.release names. So a read of a release runs the
 * draft's own SQL with search_path set to `release_data, public`: every list, record, CSV and the
 * safety check reads a release without a second copy of its queries.
 */

/** Which state a read asks for: the draft, or a release by number. */
export type ReleaseChoice = number | 'draft';

/** Makes the rest of `client`'s transaction read release `number` (SET LOCAL: it ends with it). */
export async function readRelease(client: Queryable, number: number): Promise<void> {
  await client.query(
    `SELECT set_config('search_path', 'release_data, public', true),
            set_config('medref.release', $1, true)`,
    [String(number)],
  );
}

/** Makes the rest of `client`'s transaction read the draft again. */
export async function readDraft(client: Queryable): Promise<void> {
  await client.query('SET LOCAL search_path TO DEFAULT');
}

/**
 * For a reader with a connection of its own (a CSV download, a streamed list): after its BEGIN,
 * makes its transaction read the release the request reads, if any.
 */
export async function followReleaseScope(client: pg.PoolClient): Promise<void> {
  const release = releaseInScope();
  if (release !== undefined) await readRelease(client, release);
}

/**
 * A cache key for what the current scope reads: the same list of the draft and of a release are
 * different answers.
 */
export function scopedCacheKey(key: string): string {
  const release = releaseInScope();
  return release === undefined ? key : `release ${release}: ${key}`;
}

/** The newest release in effect, or null before any. */
export async function latestRelease(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ number: number | null }>(
    'SELECT max(number) AS number FROM releases WHERE effective_at <= now()',
  );
  return rows[0].number;
}

/** A release by number, with whether it is in effect; undefined when there is none. */
async function findRelease(db: Queryable, number: number) {
  const { rows } = await db.query<{ in_effect: boolean }>(
    'SELECT effective_at <= now() AS in_effect FROM releases WHERE number = $1',
    [number],
  );
  return rows[0];
}

/**
 * The state a reference read reads, from its `release` parameter and who asks: console staff read
 * the draft unless they ask otherwise, app tokens the latest release. An app user (role `user`)
 * never reads the draft, nor a release that is not in effect yet.
 */
export async function chosenRelease(request: FastifyRequest): Promise<ReleaseChoice> {
  const asked = (request.query as { release?: string } | undefined)?.release;
  const session = request.session;
  const appUser = session?.role === 'user';
  const wanted = asked ?? (session?.audience === 'app' || appUser ? 'latest' : 'draft');
  const { db } = request.server;
  if (wanted === 'draft') {
    if (appUser) throw new HttpError(403, 'App users read published releases only, not the draft.');
    return 'draft';
  }
  if (wanted === 'latest') {
    const latest = session?.latest_release ?? (await latestRelease(db));
    if (latest === null) throw notFound('A published release');
    return latest;
  }
  const number = Number(wanted);
  const release = await findRelease(db, number);
  if (!release) throw notFound('Release');
  if (appUser && !release.in_effect) throw notFound('Release');
  return number;
}

/**
 * Runs a reference read's handler against the state its request chose, and says which in the
 * answer's X-Release header.
 */
export async function inChosenRelease<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  handler: () => Promise<T>,
): Promise<T> {
  const choice = await chosenRelease(request);
  void reply.header('x-release', String(choice));
  return choice === 'draft' ? handler() : withinReleaseReading(choice, handler);
}
