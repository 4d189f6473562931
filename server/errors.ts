/** An answer the client caused: its status, message and optional per-field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More of the answer's body, as the operation's contract describes it (a 409's blockers). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const invalid = (
  errors: Record<string, string[]>,
  message = 'The given data was invalid.',
) => new HttpError(422, message, errors);

/** Minimum must not exceed maximum: a dose range with min > max is a patient-safety bug. */
export function checkRanges(body: object, pairs: [string, string][], prefix = ''): void {
  const errors: Record<string, string[]> = {};
  const fields = body as Record<string, unknown>;
  for (const [min, max] of pairs) {
    const low = fields[min];
    const high = fields[max];
    if (typeof low === 'number' && typeof high === 'number' && low > high) {
      errors[prefix + min] = [`${min} must not exceed ${max}`];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors, 'Minimum must not exceed maximum.');
}
