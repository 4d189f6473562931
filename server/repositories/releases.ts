import type pg from 'pg';
import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import { VERSIONED_TABLES, type VersionedTable } from '../db/versions';
import { ENTRY_COLUMNS, HISTORY, isoTime } from './audit/entries';
import { column, NOT_RELEASED, type AuditEntity } from './audit/records';

/**
 * The SQL of releases (migration 026): each reference table's row versions in release_rows, the
 * draft's changed rows in draft_changes, and the releases themselves.
 */

export type Release = Schema<'Release'>;
export type ReleaseCount = Schema<'ReleaseCount'>;
/** A record as stored: column name to value. */
export type Row = Record<string, unknown> & { id: number };

const RELEASE_COLUMNS = `r.number, r.title, r.notes, r.published_by, r.published_by_name,
  ${isoTime('r.published_at')} AS published_at, ${isoTime('r.effective_at')} AS effective_at,
  r.effective_at <= now() AS in_effect,
  r.number = (SELECT max(number) FROM releases WHERE effective_at <= now()) AS latest`;

/** Who may change the draft waits while a publication runs: see `lockDraft`. */
const DRAFT_LOCK = 'LOCK TABLE draft_changes IN EXCLUSIVE MODE';

/**
 * Holds every write to the reference data until the transaction ends: a write notes its rows in
 * draft_changes in its own transaction, so once this lock is held every write that noted a row
 * has committed, and any later one waits. Publishing, cancelling and the first release take it.
 */
export async function lockDraft(tx: pg.PoolClient): Promise<void> {
  await tx.query(DRAFT_LOCK);
  await tx.query(`SET LOCAL statement_timeout = ${VERSIONING_TIMEOUT_MS}`);
}

/**
 * How long a publication's statements may take: versioning a bulk load (or release 1) reads and
 * writes up to every row of a table, minutes at a million rows, where a request's statements are
 * stopped after seconds (pool.ts).
 */
const VERSIONING_TIMEOUT_MS = 10 * 60_000;

/** A versioning statement, with the client's own wait as long as the server's. */
const versioning = (text: string, values: unknown[] = []): pg.QueryConfig =>
  ({
    text,
    values,
    query_timeout: VERSIONING_TIMEOUT_MS,
  }) as pg.QueryConfig;

/** Column lists by table, read once: the draft's columns, which the versions repeat. */
const columnLists = new Map<VersionedTable, string>();

async function columnsOf(db: Queryable, table: VersionedTable): Promise<string> {
  let columns = columnLists.get(table);
  if (!columns) {
    const { rows } = await db.query<{ columns: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns
         FROM pg_attribute
        WHERE attrelid = format('public.%I', $1::text)::regclass AND attnum > 0 AND NOT attisdropped`,
      [table],
    );
    columns = rows[0].columns;
    columnLists.set(table, columns);
  }
  return columns;
}

export async function newestRelease(db: Queryable): Promise<Release | undefined> {
  const { rows } = await db.query<Release>(
    `SELECT ${RELEASE_COLUMNS} FROM releases r ORDER BY number DESC LIMIT 1`,
  );
  return rows[0];
}

export async function latestInEffect(db: Queryable): Promise<Release | undefined> {
  const { rows } = await db.query<Release>(
    `SELECT ${RELEASE_COLUMNS} FROM releases r WHERE effective_at <= now()
      ORDER BY number DESC LIMIT 1`,
  );
  return rows[0];
}

export async function getRelease(db: Queryable, number: number): Promise<Release | undefined> {
  const { rows } = await db.query<Release>(
    `SELECT ${RELEASE_COLUMNS} FROM releases r WHERE number = $1`,
    [number],
  );
  return rows[0];
}

export async function listReleases(db: Queryable, page: number, pageSize: number) {
  const { rows } = await db.query<Release & { total: number }>(
    `SELECT ${RELEASE_COLUMNS}, count(*) OVER ()::int AS total FROM releases r
      ORDER BY number DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  const total =
    rows[0]?.total ??
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM releases')).rows[0].n;
  return { rows: rows.map(({ total: _total, ...release }) => release), total };
}

/**
 * Versions every draft row changed since the newest release as release `number`: a row whose
 * values differ from its current version (or that is gone) closes that version; a row with no
 * current version opens one. Rows changed and changed back stay as they are.
 */
async function versionDraftChanges(tx: pg.PoolClient, number: number): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    const columns = await columnsOf(tx, table);
    const changed = `SELECT id FROM draft_changes WHERE table_name = '${table}'`;
    // The changed ids as one array, read first, and the current versions looked up by id in it.
    // As a join to draft_changes, the planner may walk every current version of the table and
    // compare it with the draft before it checks whether it changed at all.
    await tx.query(
      versioning(
        `UPDATE release_rows.${table} v SET valid_to = $1
        WHERE v.valid_to IS NULL AND v.id = ANY (ARRAY(${changed}))
          AND NOT EXISTS (SELECT 1 FROM public.${table} d
                           WHERE d.id = v.id
                             AND to_jsonb(d) = to_jsonb(v) - '{valid_from,valid_to}'::text[])`,
        [number],
      ),
    );
    // The new versions keep the join: with the ids as an array the planner expects a handful of
    // rows, and may then read the table being inserted into once per row inserted.
    await tx.query(
      versioning(
        `INSERT INTO release_rows.${table} (${columns}, valid_from)
       SELECT ${columns}, $1 FROM public.${table} d
        WHERE d.id IN (${changed})
          AND NOT EXISTS (SELECT 1 FROM release_rows.${table} v
                           WHERE v.id = d.id AND v.valid_to IS NULL)`,
        [number],
      ),
    );
  }
}

/** Release 1: every row as it is (before any release, writes note no draft changes). */
async function versionEverything(tx: pg.PoolClient): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    const columns = await columnsOf(tx, table);
    await tx.query(
      versioning(
        `INSERT INTO release_rows.${table} (${columns}, valid_from)
       SELECT ${columns}, 1 FROM public.${table}`,
      ),
    );
  }
}

/** Records that release `number` brought every history entry no release has brought yet. */
async function bringUnreleasedEntries(tx: pg.PoolClient, number: number) {
  await tx.query(
    versioning(
      `WITH brought AS (DELETE FROM unreleased_entries RETURNING entry_id)
     INSERT INTO entry_releases (entry_id, release_number) SELECT entry_id, $1 FROM brought`,
      [number],
    ),
  );
}

export interface NewRelease {
  title: string;
  notes: string;
  effectiveAt: string | null;
  publishedBy: number | null;
  publishedByName: string;
}

/**
 * Publishes the draft as the next release, in the caller's transaction, which holds `lockDraft`:
 * the changed rows are versioned, the history entries not yet in a release are marked as this
 * one's, and the draft has no changes left.
 */
export async function insertRelease(tx: pg.PoolClient, release: NewRelease): Promise<Release> {
  const { rows } = await tx.query<{ number: number }>(
    'SELECT coalesce(max(number), 0) + 1 AS number FROM releases',
  );
  const { number } = rows[0];
  await (number === 1 ? versionEverything(tx) : versionDraftChanges(tx, number));
  await tx.query(
    `INSERT INTO releases (number, title, notes, published_by, published_by_name, effective_at)
     VALUES ($1, $2, $3, $4, $5, greatest(now(), coalesce($6::timestamptz, now())))`,
    [
      number,
      release.title,
      release.notes,
      release.publishedBy,
      release.publishedByName,
      release.effectiveAt,
    ],
  );
  await bringUnreleasedEntries(tx, number);
  await tx.query('DELETE FROM draft_changes');
  return (await getRelease(tx, number)) as Release;
}

/**
 * The first release: all the reference data as it is, at once. Run at start in its own
 * transaction; does nothing once a release exists.
 */
export async function ensureFirstRelease(tx: pg.PoolClient): Promise<boolean> {
  await lockDraft(tx);
  const { rows } = await tx.query('SELECT 1 FROM releases LIMIT 1');
  if (rows.length > 0) return false;
  await versionEverything(tx);
  await tx.query(
    `INSERT INTO releases (number, title, notes, published_by_name)
     VALUES (1, 'Release 1', 'The reference data as it was when releases began.', 'MedRef')`,
  );
  // Every entry so far, some written before releases existed, belongs to release 1.
  await tx.query(
    `INSERT INTO entry_releases (entry_id, release_number) SELECT id, 1 FROM ${HISTORY}
     ON CONFLICT DO NOTHING`,
  );
  await tx.query('DELETE FROM unreleased_entries');
  await tx.query('DELETE FROM draft_changes');
  return true;
}

/**
 * Undoes the publication of release `number` (the newest), in the caller's transaction holding
 * `lockDraft`: its versions go, the ones it closed are current again, its rows are the draft's
 * changes again and its history entries unpublished.
 */
export async function deleteRelease(tx: pg.PoolClient, number: number): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await tx.query(
      `INSERT INTO draft_changes (table_name, id)
       SELECT '${table}', id FROM release_rows.${table} WHERE valid_from = $1 OR valid_to = $1
       ON CONFLICT DO NOTHING`,
      [number],
    );
    await tx.query(`DELETE FROM release_rows.${table} WHERE valid_from = $1`, [number]);
    await tx.query(`UPDATE release_rows.${table} SET valid_to = NULL WHERE valid_to = $1`, [
      number,
    ]);
  }
  await tx.query(
    `WITH taken AS (DELETE FROM entry_releases WHERE release_number = $1 RETURNING entry_id)
     INSERT INTO unreleased_entries (entry_id, entity, entity_id)
     SELECT e.id, e.entity, e.entity_id FROM ${HISTORY} e JOIN taken ON taken.entry_id = e.id
      WHERE e.entity <> ALL ($2)`,
    [number, NOT_RELEASED],
  );
  await tx.query('DELETE FROM releases WHERE number = $1', [number]);
}

/** How many records release `number` added, changed and removed, by table (those it touched). */
export async function releaseCounts(db: Queryable, number: number): Promise<ReleaseCount[]> {
  const counts: ReleaseCount[] = [];
  for (const table of VERSIONED_TABLES) {
    const { rows } = await db.query<Omit<ReleaseCount, 'entity'>>(
      `SELECT count(*) FILTER (WHERE opened AND NOT closed)::int AS added,
              count(*) FILTER (WHERE opened AND closed)::int AS changed,
              count(*) FILTER (WHERE closed AND NOT opened)::int AS removed
         FROM (SELECT id, bool_or(valid_from = $1) AS opened, bool_or(valid_to = $1) AS closed
                 FROM release_rows.${table} WHERE valid_from = $1 OR valid_to = $1
                GROUP BY id) x`,
      [number],
    );
    const { added, changed, removed } = rows[0];
    if (added + changed + removed > 0) counts.push({ entity: table, added, changed, removed });
  }
  return counts;
}

/** The history entries release `number` brought, oldest first (release 1 also has those written
 * before releases existed). */
export async function releaseEntries(
  db: Queryable,
  number: number,
  page: { limit: number; offset: number },
) {
  const { rows } = await db.query(
    `SELECT ${ENTRY_COLUMNS} FROM entry_releases r JOIN ${HISTORY} e ON e.id = r.entry_id
      WHERE r.release_number = $1 ORDER BY r.entry_id LIMIT $2 OFFSET $3`,
    [number, page.limit, page.offset],
  );
  const { rows: count } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM entry_releases WHERE release_number = $1',
    [number],
  );
  return { rows, total: count[0].n };
}

/**
 * The ids of `table`'s records that may differ between release `from` and `to` (a release, or
 * the draft): those with a version opened or closed after the older release up to the newer, and
 * for the draft the rows it changed since the newest release.
 */
export async function changedIds(
  db: Queryable,
  table: VersionedTable,
  from: number,
  to: number | 'draft',
): Promise<number[]> {
  const [low, high] = to === 'draft' ? [from, null] : [Math.min(from, to), Math.max(from, to)];
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM release_rows.${table}
      WHERE (valid_from > $1 AND ($2::int IS NULL OR valid_from <= $2))
         OR (valid_to > $1 AND ($2::int IS NULL OR valid_to <= $2))
     UNION
     SELECT id FROM draft_changes WHERE $2::int IS NULL AND table_name = '${table}'`,
    [low, high],
  );
  return rows.map((row) => row.id);
}

/** `table`'s records with these ids as release `at` holds them, or as the draft does. */
export async function rowsAt(
  db: Queryable,
  table: VersionedTable,
  ids: number[],
  at: number | 'draft',
): Promise<Map<number, Row>> {
  const { rows } = await db.query<{ row: Row }>(
    at === 'draft'
      ? `SELECT to_jsonb(d) AS row FROM public.${table} d WHERE d.id = ANY($1)`
      : `SELECT to_jsonb(v) - '{valid_from,valid_to}'::text[] AS row FROM release_rows.${table} v
          WHERE v.id = ANY($1) AND v.valid_from <= $2 AND (v.valid_to IS NULL OR v.valid_to > $2)`,
    at === 'draft' ? [ids] : [ids, at],
  );
  return new Map(rows.map(({ row }) => [row.id, row]));
}

/** Gives the draft record `row`'s values exactly (its id names it); false when it is gone. */
export async function restoreRow(db: Queryable, table: VersionedTable, row: Row): Promise<boolean> {
  const columns = Object.keys(row)
    .filter((name) => name !== 'id')
    .map(column)
    .join(', ');
  const { rowCount } = await db.query(
    `UPDATE ${table} SET (${columns}) = (SELECT ${columns} FROM jsonb_populate_record(NULL::${table}, $2))
      WHERE id = $1`,
    [row.id, row],
  );
  return rowCount === 1;
}

/** The unpublished history entries, by record: who changed what since the newest release. */
export interface UnpublishedRecord {
  entity: AuditEntity;
  entity_id: number;
  /** The newest of its entries. */
  through: number;
  authors: Schema<'PendingChange'>['authors'];
}

export async function unpublishedRecords(
  db: Queryable,
  only?: { entity: AuditEntity; id: number },
): Promise<UnpublishedRecord[]> {
  const { rows } = await db.query<UnpublishedRecord>(
    `SELECT e.entity, e.entity_id, max(e.id) AS through,
            json_agg(json_build_object('entry_id', e.id, 'actor_id', e.actor_id,
                       'actor_name', e.actor_name, 'action', e.action, 'at', ${isoTime('e.at')})
                     ORDER BY e.id) AS authors
       FROM unreleased_entries u JOIN ${HISTORY} e ON e.id = u.entry_id
      WHERE $1::text IS NULL OR (u.entity = $1 AND u.entity_id = $2)
      GROUP BY e.entity, e.entity_id`,
    [only?.entity ?? null, only?.id ?? null],
  );
  return rows;
}

export type ReviewDecision = Schema<'ReviewDecision'> & { through_entry: number };

/** The reviews of these records, by `entity id`. */
export async function reviewsOf(
  db: Queryable,
  records: { entity: AuditEntity; entity_id: number }[],
): Promise<Map<string, ReviewDecision>> {
  const { rows } = await db.query<ReviewDecision & { entity: string; entity_id: number }>(
    `SELECT r.entity, r.entity_id, r.through_entry, r.decision, r.reviewer_name, r.comment,
            ${isoTime('r.at')} AS at
       FROM unnest($1::text[], $2::int[]) AS asked (entity, entity_id)
       JOIN release_reviews r ON r.entity = asked.entity AND r.entity_id = asked.entity_id`,
    [records.map((record) => record.entity), records.map((record) => record.entity_id)],
  );
  return new Map(rows.map(({ entity, entity_id: id, ...review }) => [`${entity} ${id}`, review]));
}

export async function saveReview(
  db: Queryable,
  review: {
    entity: AuditEntity;
    id: number;
    through: number;
    decision: 'approved' | 'rejected';
    reviewerId: number;
    reviewerName: string;
    comment: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO release_reviews AS r
            (entity, entity_id, through_entry, decision, reviewer_id, reviewer_name, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (entity, entity_id) DO UPDATE
       SET through_entry = excluded.through_entry, decision = excluded.decision,
           reviewer_id = excluded.reviewer_id, reviewer_name = excluded.reviewer_name,
           comment = excluded.comment, at = now()`,
    [
      review.entity,
      review.id,
      review.through,
      review.decision,
      review.reviewerId,
      review.reviewerName,
      review.comment,
    ],
  );
}
