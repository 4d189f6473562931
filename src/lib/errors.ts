import type { ApiError } from '@/api';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

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

/** The message to show for a failure: the error's own, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
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
