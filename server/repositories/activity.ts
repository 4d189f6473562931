import type { Queryable } from '../db/pool';

/** The users who search drugs, their search history, and the dashboard's statistics. */

export async function listUsers(db: Queryable) {
  const { rows } = await db.query(
    `SELECT u.id, u.name, u.email, u.role, u.created_at AS registered_at, u.last_active_at,
            COALESCE(h.count, 0)::int AS search_count
       FROM users u
       LEFT JOIN (SELECT user_id, count(*) AS count FROM search_history GROUP BY user_id) h ON h.user_id = u.id
      ORDER BY lower(u.name), u.id`,
  );
  return rows;
}

export async function userExists(db: Queryable, id: number) {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return rowCount === 1;
}

export async function searchHistory(db: Queryable, userId: number) {
  const { rows } = await db.query(
    `SELECT id, medication_id AS drug_id, drug_name, searched_at FROM search_history
      WHERE user_id = $1 ORDER BY searched_at DESC, id DESC`,
    [userId],
  );
  return rows;
}

/** Counts and the five newest medications and searches. "Today" is the server's local date. */
export async function dashboardStats(db: Queryable) {
  const { rows } = await db.query(
    `SELECT
       (SELECT count(*) FROM medications)::int AS total_drugs,
       (SELECT count(*) FROM users)::int AS total_users,
       (SELECT count(*) FROM search_history)::int AS total_searches,
       (SELECT count(*) FROM users WHERE last_active_at >= date_trunc('day', now()))::int AS active_today,
       COALESCE((SELECT json_agg(r) FROM (
          SELECT id, name, created_at FROM medications ORDER BY created_at DESC, id DESC LIMIT 5) r), '[]'::json) AS recent_drugs,
       COALESCE((SELECT json_agg(r) FROM (
          SELECT s.id, s.user_id, u.name AS user_name, s.medication_id AS drug_id, s.drug_name, s.searched_at
            FROM search_history s JOIN users u ON u.id = s.user_id
           ORDER BY s.searched_at DESC, s.id DESC LIMIT 5) r), '[]'::json) AS recent_searches`,
  );
  return rows[0];
}
