import {
  isForeignKeyViolation,
  isQueryCanceled,
  isSerializationFailure,
  isUniqueViolation,
  pgHttpError,
} from './pgErrors';

/** An error as node-postgres throws it: a message, PostgreSQL's code and sometimes more. */
const pgError = (code: string, extra: Record<string, string> = {}) =>
  Object.assign(new Error('database error'), { code, ...extra });

const answer = (error: unknown) => {
  const http = pgHttpError(error);
  return http && { status: http.statusCode, message: http.message, errors: http.errors };
};

describe('pgHttpError', () => {
  it.each([
    ['40001', 409, 'The data changed meanwhile. Please try again.'],
    ['40P01', 409, 'The data changed meanwhile. Please try again.'],
    ['23505', 409, 'A record with these values already exists.'],
    ['23503', 409, 'This record is still used by other records.'],
    ['23001', 409, 'This record is still used by other records.'],
    [
      '23514',
      422,
      'A value is not accepted: check for invalid characters or numbers out of range.',
    ],
    [
      '22P02',
      422,
      'A value is not accepted: check for invalid characters or numbers out of range.',
    ],
    [
      '22003',
      422,
      'A value is not accepted: check for invalid characters or numbers out of range.',
    ],
  ])('answers PostgreSQL error %s with %i and its message', (code, status, message) => {
    expect(answer(pgError(code))).toEqual({ status, message, errors: undefined });
  });

  it('answers 422 to a write naming a record deleted meanwhile', () => {
    const error = pgError('23503', {
      detail: 'Key (medication_id)=(7) is not present in table "medications".',
    });
    expect(answer(error)).toEqual({
      status: 422,
      message: 'A record this refers to no longer exists.',
      errors: undefined,
    });
  });

  it('leaves every other error to the caller', () => {
    for (const error of [
      pgError('57014'),
      pgError('08006'),
      pgError('FST_ERR_CTP_BODY_TOO_LARGE'),
      new Error('no code'),
      'a string',
      null,
    ]) {
      expect(pgHttpError(error)).toBeUndefined();
    }
  });
});

describe('the predicates', () => {
  it('tell the codes apart', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
    expect(isForeignKeyViolation(pgError('23503'))).toBe(true);
    expect(isForeignKeyViolation(pgError('23001'))).toBe(true);
    expect(isForeignKeyViolation(pgError('23505'))).toBe(false);
    expect(isSerializationFailure(pgError('40001'))).toBe(true);
    expect(isSerializationFailure(pgError('40P01'))).toBe(false);
    expect(isQueryCanceled(pgError('57014'))).toBe(true);
    expect(isQueryCanceled(undefined)).toBe(false);
  });

  it('match a unique violation to its index when one is named', () => {
    const error = pgError('23505', { constraint: 'audit_entries_reverts_key' });
    expect(isUniqueViolation(error, 'audit_entries_reverts_key')).toBe(true);
    expect(isUniqueViolation(error, 'conditions_name_key')).toBe(false);
  });
});
