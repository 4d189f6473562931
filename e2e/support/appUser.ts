import pg from 'pg';
import { newToken } from '../../server/auth/tokens';
import { insertToken } from '../../server/repositories/accounts';
import { publishDraft as publishDatabaseDraft } from '../../server/test/publishDraft';
import type { RunningServer } from './harness';

/**
 * A session for one of the server's app users (role `user`). App users sign in to the drug
 * search app, never to this console, whose login refuses them; so the token is written straight
 * into the server's database, as that app's sign-in would. Answers the token.
 */
export async function appUserToken(server: RunningServer, email: string): Promise<string> {
  const db = new pg.Pool({ connectionString: server.databaseUrl(), max: 1 });
  try {
    const { rows } = await db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = $1 AND role = 'user'",
      [email],
    );
    if (!rows[0]) throw new Error(`no app user ${email}`);
    const { token, hash } = newToken();
    await insertToken(db, rows[0].id, hash, 1, 'app');
    return token;
  } finally {
    await db.end();
  }
}

/** Publishes the server's draft as its next release, without review (see publishDraft). */
export async function publishDraft(server: RunningServer): Promise<void> {
  const db = new pg.Pool({ connectionString: server.databaseUrl(), max: 1 });
  try {
    await publishDatabaseDraft(db);
  } finally {
    await db.end();
  }
}
