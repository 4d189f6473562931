import { conflict } from '../errors';

/** A 409 that names what still uses a record, e.g. "... used by Ibuprofen, Warfarin and more". */
export function stillUsed(what: string, users: string[], kind = 'medications'): Error {
  const shown = users.slice(0, 5).join(', ');
  const more = users.length > 5 ? ' and more' : '';
  return conflict(`${what} cannot be deleted: it is still used by ${kind}: ${shown}${more}.`);
}
