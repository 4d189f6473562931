import { HttpError } from '../errors';

/**
 * PostgreSQL's errors that a request can cause, by their SQLSTATE code: the one place that knows
 * the codes. `pgHttpError` is the central error handler's answer for each; a catch site that
 * answers with a message of its own ("A condition with this name already exists.") asks the
 * predicates below.
 */

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** A delete under an ON DELETE RESTRICT key. */
const RESTRICT_VIOLATION = '23001';
const CHECK_VIOLATION = '23514';
/** Class 22, "data exception": a NUL character, a number out of range, invalid text, ... */
const DATA_EXCEPTION_CLASS = '22';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
/** A statement stopped by its statement_timeout (or cancelled). */
const QUERY_CANCELED = '57014';

/** The SQLSTATE code node-postgres puts on an error; '' for anything else. */
function pgCode(error: unknown): string {
  const code = typeof error === 'object' && error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** A unique index refused the write; with `constraint`, that index in particular. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgCode(error) !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || (error as { constraint?: string }).constraint === constraint;
}

/** A CHECK constraint refused the write; `constraint` names it, or ends its name. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  if (pgCode(error) !== CHECK_VIOLATION) return false;
  return ((error as { constraint?: string }).constraint ?? '').endsWith(constraint);
}

/** A foreign key refused the write: the record referred to is gone, or is still referred to. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  [FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION].includes(pgCode(error));

/** A REPEATABLE READ or SERIALIZABLE transaction lost to a write committed meanwhile. */
export const isSerializationFailure = (error: unknown): boolean =>
  pgCode(error) === SERIALIZATION_FAILURE;

export const isQueryCanceled = (error: unknown): boolean => pgCode(error) === QUERY_CANCELED;

/** The answer for a PostgreSQL error a request caused, or undefined for any other error. */
export function pgHttpError(error: unknown): HttpError | undefined {
  const code = pgCode(error);
  // An impact preview's snapshot lost to a write committed meanwhile, or two writes that waited
  // on each other until PostgreSQL cancelled one: either succeeds when sent again.
  if (code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED)
    return new HttpError(409, 'The data changed meanwhile. Please try again.');
  if (code === UNIQUE_VIOLATION)
    return new HttpError(409, 'A record with these values already exists.');
  // A write naming a record deleted meanwhile (its check passed first) is an invalid field, not
  // a conflict: PostgreSQL says the key "is not present".
  if (isForeignKeyViolation(error)) {
    const detail = (error as { detail?: string }).detail ?? '';
    if (code === FOREIGN_KEY_VIOLATION && detail.includes('is not present in table'))
      return new HttpError(422, 'A record this refers to no longer exists.');
    return new HttpError(409, 'This record is still used by other records.');
  }
  if (code.startsWith(DATA_EXCEPTION_CLASS) || code === CHECK_VIOLATION)
    return new HttpError(
      422,
      'A value is not accepted: check for invalid characters or numbers out of range.',
    );
  return undefined;
}
