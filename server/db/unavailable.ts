/**
 * Whether `error` means the database is not answering (gone, restarting, hung, or too slow),
 * rather than anything about the request: the error handler answers these 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Connection refused or cut; PostgreSQL's classes 08 (connection exception), 53 (insufficient
    // resources, e.g. too many connections), 57 (operator intervention: shutting down, starting
    // up, a statement cancelled by statement_timeout) and 25P03 (idle-in-transaction timeout).
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '25P03'].includes(code)) return true;
    if (/^(08|53|57)/.test(code)) return true;
  }
  // node-postgres's own timeouts and a connection lost mid-query carry no code.
  return /timeout exceeded when trying to connect|Connection terminated|Query read timeout/.test(
    error.message,
  );
}
