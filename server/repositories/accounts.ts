import type { AccountSort, RoleName } from '@contract/enums';
import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import { TABLE_VERSIONS_SQL, type TableVersions } from '../db/versions';
import { searchPatterns } from './activity';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  /** Null while pending: registered, waiting for an administrator to give it a role. */
  role: RoleName | null;
  disabled: boolean;
  created_at: Date;
  /** Set when an app user is given a console role: until a new password is chosen, the account's
   * tokens may only change it (auth/guard.ts). */
  must_change_password: boolean;
}
export interface SessionUser extends UserRow {
  token_id: number;
  /** The reference tables' versions (migration 003) as the session was read: the list cache
   * checks its answers against them, so a list read needs one round trip to PostgreSQL, not two. */
  data_versions: TableVersions;
  /** What the token signs in to: the console, or the app (reference reads only). */
  audience: 'console' | 'app';
  /** The newest release in effect as the session was read, or null before any. */
  latest_release: number | null;
}

const USER_COLUMNS =
  'u.id, u.name, u.email, u.role, u.disabled, u.created_at, u.must_change_password';

export async function findUserByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<UserRow & { password_hash: string }>(
    `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE lower(u.email) = lower($1)`,
    [email],
  );
  return rows[0];
}

export async function findUserById(db: Queryable, id: number) {
  const { rows } = await db.query<UserRow & { password_hash: string }>(
    `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.id = $1`,
    [id],
  );
  return rows[0];
}

export async function insertUser(
  db: Queryable,
  user: { name: string; email: string; passwordHash: string; role: RoleName | null },
) {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users AS u (name, email, password_hash, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.name, user.email, user.passwordHash, user.role],
  );
  return rows[0];
}

/** One key for every change to who administers: they are taken one at a time. */
const ADMINS_LOCK = "hashtext('medref:administrators')";

/**
 * Waits for any other change to the administrators to finish (a transaction-scoped advisory
 * lock), then answers the enabled administrators' ids as committed now.
 */
export async function adminsInTurn(db: Queryable): Promise<number[]> {
  await db.query(`SELECT pg_advisory_xact_lock(${ADMINS_LOCK})`);
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'admin' AND NOT disabled`,
  );
  return rows.map((row) => row.id);
}

/**
 * A registration: the first account while no enabled administrator exists becomes one, any
 * other is pending (no role). Runs in the caller's transaction, in turn with other changes to the
 * administrators, so two first registrations at once make one administrator. Undefined when the
 * e-mail address is taken.
 */
export async function registerAccount(
  db: Queryable,
  user: { name: string; email: string; passwordHash: string },
) {
  const admins = await adminsInTurn(db);
  return insertUser(db, { ...user, role: admins.length === 0 ? 'admin' : null });
}

/**
 * Sets the given fields of an account; undefined when there is none. An app user (role `user`)
 * given a console role must choose a new password before anything else: its password may be known
 * to others (the demo accounts' is published); back to an app user (or pending), it need not.
 * Answers whether the role changed.
 */
export async function updateAccount(
  db: Queryable,
  id: number,
  change: { role?: RoleName | null; disabled?: boolean; name?: string; email?: string },
): Promise<{ roleChanged: boolean } | undefined> {
  // In SET, `role` is the row's role before the update.
  const { rows } = await db.query<{ role_changed: boolean }>(
    `UPDATE users SET role = CASE WHEN $2 THEN $3 ELSE role END,
                      disabled = coalesce($4, disabled),
                      name = coalesce($5, name), email = coalesce($6, email),
                      must_change_password = CASE
                        WHEN NOT $2 THEN must_change_password
                        WHEN role = 'user' AND $3 IN ('admin', 'editor', 'viewer') THEN true
                        WHEN $3 IS NULL OR $3 = 'user' THEN false
                        ELSE must_change_password END
      WHERE id = $1 RETURNING old.role IS DISTINCT FROM new.role AS role_changed`,
    [
      id,
      change.role !== undefined,
      change.role ?? null,
      change.disabled ?? null,
      change.name ?? null,
      change.email ?? null,
    ],
  );
  return rows[0] && { roleChanged: rows[0].role_changed };
}

export async function updateProfile(db: Queryable, id: number, name: string, email: string) {
  const { rows } = await db.query<UserRow>(
    `UPDATE users AS u SET name = $2, email = $3 WHERE u.id = $1 RETURNING ${USER_COLUMNS}`,
    [id, name, email],
  );
  return rows[0];
}

/**
 * Sets a new password and uses up the account's outstanding reset links: a link mailed before the
 * change must not open the account afterwards. A password the account's owner chose themselves
 * meets a forced change.
 */
export async function setPassword(db: Queryable, id: number, passwordHash: string) {
  await db.query(
    `WITH resets AS (
       UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL)
     UPDATE users SET password_hash = $2, must_change_password = false WHERE id = $1`,
    [id, passwordHash],
  );
}

/** Replaces a hash made at a lower cost by one of the same password at the current cost, unless
 * the password changed meanwhile. */
export async function upgradePasswordHash(
  db: Queryable,
  id: number,
  oldHash: string,
  newHash: string,
) {
  await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    id,
    oldHash,
    newHash,
  ]);
}

/** Deletes the tokens that can no longer be used (past their absolute expiry or idle too long),
 * revoked ones among them; rows another sign-in is already deleting are skipped. */
export async function pruneTokens(db: Queryable, idleHours: number) {
  await db.query(
    `DELETE FROM auth_tokens WHERE id IN (
       SELECT id FROM auth_tokens
        WHERE expires_at < now() OR last_used_at < now() - make_interval(hours => $1)
        FOR UPDATE SKIP LOCKED)`,
    [idleHours],
  );
}

/** A new session, and the account's last sign-in. */
export async function insertToken(
  db: Queryable,
  userId: number,
  hash: Buffer,
  maxDays: number,
  audience: 'console' | 'app' = 'console',
) {
  await db.query(
    `WITH signed_in AS (UPDATE users SET last_sign_in_at = now() WHERE id = $1)
     INSERT INTO auth_tokens (user_id, token_hash, expires_at, audience)
     VALUES ($1, $2, now() + make_interval(days => $3), $4)`,
    [userId, hash, maxDays, audience],
  );
}

/**
 * The user behind a token that is neither revoked nor expired (absolute or idle). Marks the
 * token and the user active: the token's last use at most once a minute per token, the user's
 * last activity at most once a minute per user (whichever of their tokens is used), and at once
 * on the first call after a sign-in when the user was never active.
 */
export async function findSession(db: Queryable, hash: Buffer, idleHours: number) {
  const { rows } = await db.query<SessionUser & { stale_token: boolean; stale_user: boolean }>(
    `SELECT ${USER_COLUMNS}, t.id AS token_id,
            ${TABLE_VERSIONS_SQL} AS data_versions, t.audience,
            (SELECT max(number) FROM releases WHERE effective_at <= now()) AS latest_release,
            t.last_used_at < now() - interval '1 minute' AS stale_token,
            u.last_active_at IS NULL OR u.last_active_at < now() - interval '1 minute' AS stale_user
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND NOT u.disabled
        AND t.last_used_at > now() - make_interval(hours => $2)`,
    [hash, idleHours],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { stale_token: staleToken, stale_user: staleUser, ...user } = row;
  if (staleToken || staleUser) {
    // The conditions are checked again under the row locks, so concurrent calls write once.
    await db.query(
      `WITH t AS (UPDATE auth_tokens SET last_used_at = now()
                   WHERE id = $1 AND $3 AND last_used_at < now() - interval '1 minute')
       UPDATE users SET last_active_at = now()
        WHERE id = $2 AND $4 AND (last_active_at IS NULL OR last_active_at < now() - interval '1 minute')`,
      [row.token_id, row.id, staleToken, staleUser],
    );
  }
  return user;
}

export async function revokeToken(db: Queryable, tokenId: number) {
  await db.query('UPDATE auth_tokens SET revoked_at = now() WHERE id = $1', [tokenId]);
}

/** Revokes the account's tokens but `keepTokenId`; answers how many were still unexpired. */
export async function revokeOtherTokens(
  db: Queryable,
  userId: number,
  keepTokenId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ ended: number }>(
    `WITH revoked AS (
       UPDATE auth_tokens SET revoked_at = now()
        WHERE user_id = $1 AND id IS DISTINCT FROM $2 AND revoked_at IS NULL
        RETURNING expires_at > now() AS live)
     SELECT count(*) FILTER (WHERE live)::int AS ended FROM revoked`,
    [userId, keepTokenId],
  );
  return rows[0].ended;
}

/**
 * Records a reset link for `minutes`; the same statement deletes the expired ones. Answers when
 * the link expires (ISO 8601).
 */
export async function insertPasswordReset(
  db: Queryable,
  userId: number,
  hash: Buffer,
  minutes: number,
): Promise<string> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `WITH pruned AS (
       DELETE FROM password_resets WHERE id IN (
         SELECT id FROM password_resets WHERE expires_at < now() FOR UPDATE SKIP LOCKED))
     INSERT INTO password_resets (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
    [userId, hash, minutes],
  );
  return rows[0].expires_at.toISOString();
}

/** The account of a reset link that is unused and unexpired, read before any password is hashed. */
export async function findPasswordReset(db: Queryable, hash: Buffer) {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [hash],
  );
  return rows[0]?.user_id;
}

/** Uses up a reset link: answers its account when it was still unused and unexpired (setPassword
 * then uses up the account's other links). */
export async function consumePasswordReset(db: Queryable, hash: Buffer) {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE password_resets SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [hash],
  );
  return rows[0]?.user_id;
}

/** How many attempts each key has had in the window. */
export async function countAttempts(db: Queryable, keys: string[], windowMinutes: number) {
  const { rows } = await db.query<{ key: string; count: number }>(
    `SELECT key, count(*)::int AS count FROM auth_attempts
      WHERE key = ANY($1) AND attempted_at > now() - make_interval(mins => $2) GROUP BY key`,
    [keys, windowMinutes],
  );
  return new Map(rows.map((r) => [r.key, r.count]));
}

/**
 * Records an attempt under each key; answers the new rows' ids (for deleteAttempts). The same
 * statement prunes the attempts older than `windowMinutes` (the only, so the longest, rate-limit
 * window), which count for nothing: the table holds one window of attempts, never the history.
 * Rows another attempt is already pruning are skipped rather than waited for.
 */
export async function recordAttempts(db: Queryable, keys: string[], windowMinutes: number) {
  const { rows } = await db.query<{ id: string }>(
    `WITH pruned AS (
       DELETE FROM auth_attempts WHERE id IN (
         SELECT id FROM auth_attempts WHERE attempted_at < now() - make_interval(mins => $2)
         FOR UPDATE SKIP LOCKED))
     INSERT INTO auth_attempts (key) SELECT unnest($1::text[]) RETURNING id`,
    [keys, windowMinutes],
  );
  return rows.map((row) => row.id);
}

/**
 * The attempts under `key` in the window other than `own` (the caller's, just recorded): how many,
 * and how many seconds ago the newest and the oldest of them were made (null when none).
 */
export async function otherAttempts(
  db: Queryable,
  key: string,
  own: string[],
  windowMinutes: number,
): Promise<{ count: number; newest: number | null; oldest: number | null }> {
  const { rows } = await db.query<{ count: number; newest: number | null; oldest: number | null }>(
    `SELECT count(*)::int AS count,
            extract(epoch FROM clock_timestamp() - max(attempted_at))::float8 AS newest,
            extract(epoch FROM clock_timestamp() - min(attempted_at))::float8 AS oldest
       FROM auth_attempts
      WHERE key = $1 AND NOT id = ANY($2::bigint[])
        AND attempted_at > now() - make_interval(mins => $3)`,
    [key, own, windowMinutes],
  );
  return rows[0];
}

export async function deleteAttempts(db: Queryable, ids: string[]) {
  await db.query('DELETE FROM auth_attempts WHERE id = ANY($1::bigint[])', [ids]);
}

export async function clearAttempts(db: Queryable, keys: string[]) {
  await db.query('DELETE FROM auth_attempts WHERE key = ANY($1)', [keys]);
}

// ---------- the accounts screen and sessions ----------

export type { AccountSort };
type AccountSortField = Exclude<AccountSort, `-${string}`>;

export interface AccountQuery {
  q?: string;
  role?: RoleName | 'pending';
  page: number;
  pageSize: number;
  sort: AccountSort;
}

/** Each sort field's SQL; only these strings reach ORDER BY. */
const ACCOUNT_SORT_KEYS: Record<AccountSortField, string> = {
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  role: 'u.role',
  created_at: 'u.created_at',
  last_sign_in_at: 'u.last_sign_in_at',
};

/** A live session (not signed out, not expired, used within the idle limit `$idle` hours). */
const liveToken = (idle: string) => `t.revoked_at IS NULL AND t.expires_at > now()
  AND t.last_used_at > now() - make_interval(hours => ${idle})`;

const accountColumns = (idle: string) => `u.id, u.name, u.email, u.role, u.disabled, u.created_at,
  u.last_sign_in_at,
  (SELECT count(*)::int FROM auth_tokens t WHERE t.user_id = u.id AND ${liveToken(idle)}) AS active_sessions`;

/** One page of accounts, and how many match in all; `q`'s words each match the name or e-mail. */
export async function listAccounts(db: Queryable, query: AccountQuery, idleHours: number) {
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as AccountSortField;
  const order = descending
    ? `${ACCOUNT_SORT_KEYS[field]} DESC NULLS LAST, u.id DESC`
    : `${ACCOUNT_SORT_KEYS[field]} ASC NULLS FIRST, u.id ASC`;
  const params: unknown[] = [];
  const clauses: string[] = [];
  for (const pattern of searchPatterns(query.q)) {
    params.push(pattern);
    clauses.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
  }
  if (query.role === 'pending') clauses.push('u.role IS NULL');
  else if (query.role) {
    params.push(query.role);
    clauses.push(`u.role = $${params.length}`);
  }
  const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
  const n = params.length;
  const [page, total] = await Promise.all([
    db.query(
      `SELECT ${accountColumns(`$${n + 3}`)} FROM users u ${where} ORDER BY ${order}
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize, idleHours],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u ${where}`, params),
  ]);
  return {
    data: page.rows,
    meta: { total: total.rows[0].total, page: query.page, page_size: query.pageSize },
  };
}

export async function getAccount(db: Queryable, id: number, idleHours: number) {
  const { rows } = await db.query<Schema<'Account'>>(
    `SELECT ${accountColumns('$2')} FROM users u WHERE u.id = $1`,
    [id, idleHours],
  );
  return rows[0];
}

/** An account's live sessions, the most recently used first; `current` marks `currentId`. */
export async function listSessions(
  db: Queryable,
  userId: number,
  currentId: number,
  idleHours: number,
) {
  const { rows } = await db.query<Schema<'Session'>>(
    `SELECT t.id, t.created_at, t.last_used_at, t.expires_at, t.id = $3 AS current
       FROM auth_tokens t WHERE t.user_id = $2 AND ${liveToken('$1')}
      ORDER BY t.last_used_at DESC, t.id DESC`,
    [idleHours, userId, currentId],
  );
  return rows;
}

/** Signs out the account's sessions but `keepTokenId`; answers how many were live. */
export async function endSessions(
  db: Queryable,
  userId: number,
  keepTokenId: number | null,
  idleHours: number,
) {
  const { rows } = await db.query<{ ended: number }>(
    `WITH ended AS (
       UPDATE auth_tokens t SET revoked_at = now()
        WHERE t.user_id = $2 AND t.id IS DISTINCT FROM $3 AND ${liveToken('$1')} RETURNING 1)
     SELECT count(*)::int AS ended FROM ended`,
    [idleHours, userId, keepTokenId],
  );
  return rows[0].ended;
}

/**
 * The secret named `name` that every instance on this database shares (migration 029 makes the
 * device cookies' one); `fresh` is stored first when there is none yet (a database restored from a
 * backup made before it existed), and the first stored wins.
 */
export async function serverSecret(db: Queryable, name: string, fresh: Buffer): Promise<Buffer> {
  const { rows } = await db.query<{ value: Buffer }>(
    `WITH made AS (
       INSERT INTO server_secrets (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO NOTHING RETURNING value)
     SELECT value FROM server_secrets WHERE name = $1 UNION ALL SELECT value FROM made`,
    [name, fresh],
  );
  return rows[0].value;
}
