import type { FastifyInstance } from 'fastify';

/** The built console's policy: scripts only from this origin; MUI's emotion injects styles. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** Security headers on every answer, and no caching of the API's answers under `apiPrefix`. */
export function securityHeaders(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    // API answers are per user and change with every write: no browser or proxy may keep them.
    if (request.url.startsWith(`${apiPrefix}/`)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
