import type { ApiError } from '@/api';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The generic text for a failure that carries no message at all. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** Narrows what a rejected `unwrap()` throws to the base query's error. */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    'status' in error
  );
}

/**
 * The one way to put a failure into words: its own message (the server's, from the base query's
 * error, or a thrown Error's), else `fallback`.
 */
export function messageOf(error: unknown, fallback: string = UNKNOWN_ERROR_MESSAGE): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/**
 * Puts the server's field errors (a 422's `errors`) under the form's fields; `fields` maps the
 * contract's field names to the form's.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: Partial<Record<string, Path<T>>>,
): void {
  if (!isApiError(error) || !error.errors) return;
  for (const [serverField, messages] of Object.entries(error.errors)) {
    const field = fields[serverField];
    if (field && messages[0]) setError(field, { type: 'server', message: messages[0] });
  }
}
