import { withTransaction, type Queryable } from '../db/pool';
import { conflict } from '../errors';
import { isForeignKeyViolation } from './pgErrors';

/** A 409 that names what still uses a record, e.g. "... used by Ibuprofen, Warfarin and more". */
export function stillUsed(what: string, users: string[], kind = 'medications'): Error {
  const shown = users.slice(0, 5).join(', ');
  const more = users.length > 5 ? ' and more' : '';
  return conflict(`${what} cannot be deleted: it is still used by ${kind}: ${shown}${more}.`);
}

/** The three statements of a guarded delete, each answering for one record id. */
export interface GuardedDelete {
  /** Locks the record (SELECT ... FOR UPDATE); false when there is none. */
  lock(db: Queryable, id: number): Promise<boolean>;
  /** The names of what still refers to the record. */
  usedBy(db: Queryable, id: number): Promise<string[]>;
  remove(db: Queryable, id: number): Promise<boolean>;
}

/**
 * Deletes a record unless something still uses it, in one transaction, so a 409 always names
 * the users. The record is locked first: a row being written that refers to it takes a
 * foreign-key lock on it, so either that write commits before our lock (and the usage query,
 * a later statement, sees it) or it waits for our delete (and then fails its own foreign-key
 * check). Should the delete still hit a foreign key (23503 or 23001), the usage is read again and
 * named.
 * Answers false when there is no such record.
 */
export async function deleteUnlessUsed(
  pool: Queryable,
  steps: GuardedDelete,
  id: number,
  refuse: (users: string[]) => Error,
): Promise<boolean> {
  try {
    return await withTransaction(pool, async (client) => {
      if (!(await steps.lock(client, id))) return false;
      const users = await steps.usedBy(client, id);
      if (users.length > 0) throw refuse(users);
      return steps.remove(client, id);
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const users = await steps.usedBy(pool, id);
    throw users.length > 0 ? refuse(users) : error;
  }
}
