/** The reason a change carries into the history (the contract's `Reason`: up to 500 characters). */
export const REASON_MAX_LENGTH = 500;
export const REASON_LABEL = 'Reason for the change';
export const REASON_REQUIRED_MESSAGE = 'A reason is required for this change';
export const REASON_TOO_LONG_MESSAGE = `The reason must be at most ${REASON_MAX_LENGTH} characters`;
export const REASON_HELP = 'Kept in the history with the change';

/** The message for a typed reason, or null when it is acceptable. */
export function reasonError(reason: string, required: boolean): string | null {
  const text = reason.trim();
  if (required && text === '') return REASON_REQUIRED_MESSAGE;
  if (text.length > REASON_MAX_LENGTH) return REASON_TOO_LONG_MESSAGE;
  return null;
}

/** The `reason` to send: the trimmed text, or nothing when none was given. */
export function reasonPayload(reason: string): { reason?: string } {
  const text = reason.trim();
  return text === '' ? {} : { reason: text };
}
