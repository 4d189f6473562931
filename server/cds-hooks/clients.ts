import type { Queryable } from '../db/pool';
import type { Schema } from '../contract';

/** The API clients (EHRs calling the CDS Hooks service): SQL of table api_clients (migration 032). */

export type ApiClient = Schema<'ApiClient'>;

const COLUMNS = `id, name, created_at, last_used_at, revoked_at`;

export async function listClients(db: Queryable): Promise<ApiClient[]> {
  const { rows } = await db.query<ApiClient>(
    `SELECT ${COLUMNS} FROM api_clients ORDER BY created_at DESC, id DESC`,
  );
  return rows;
}

export async function insertClient(
  db: Queryable,
  name: string,
  secretHash: Buffer,
  createdBy: number,
): Promise<ApiClient> {
  const { rows } = await db.query<ApiClient>(
    `INSERT INTO api_clients (name, secret_hash, created_by) VALUES (btrim($1), $2, $3)
     RETURNING ${COLUMNS}`,
    [name, secretHash, createdBy],
  );
  return rows[0];
}

/** Revokes client `id` (a revoked one keeps its first revocation time); undefined when none. */
export async function revokeClient(db: Queryable, id: number): Promise<ApiClient | undefined> {
  const { rows } = await db.query<ApiClient>(
    `UPDATE api_clients SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0];
}

/**
 * The live client whose secret hashes to `hash`, noting its use (at most once a minute, so a busy
 * EHR does not write a row per call).
 */
export async function findLiveClient(
  db: Queryable,
  hash: Buffer,
): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `WITH found AS (
       SELECT id, name, last_used_at FROM api_clients WHERE secret_hash = $1 AND revoked_at IS NULL
     ), touched AS (
       UPDATE api_clients c SET last_used_at = now() FROM found
        WHERE c.id = found.id
          AND (found.last_used_at IS NULL OR found.last_used_at < now() - interval '1 minute')
     )
     SELECT id, name FROM found`,
    [hash],
  );
  return rows[0];
}
