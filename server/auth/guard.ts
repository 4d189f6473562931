import type { FastifyRequest } from 'fastify';
import { findLiveClient } from '../cds-hooks/clients';
import { API_CLIENT_ROLE } from '../contract';
import { HttpError } from '../errors';
import { findSession, type SessionUser } from '../repositories/accounts';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionUser;
    /** The API client of an operation called with a client's secret (CDS Hooks). */
    apiClient?: { id: number; name: string };
  }
}

const MAX_TOKEN_LENGTH = 200;

/** What a token of an account that must choose a new password may still do: change it, see who it
 * is, sign out (method and path under the API prefix). */
const WHILE_PASSWORD_CHANGE_REQUIRED = new Set([
  'PUT /auth/password',
  'GET /auth/me',
  'POST /auth/logout',
]);
export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'Choose a new password before anything else: this account was given console access with a password others may know.';

function allowedWhilePasswordChangeRequired(request: FastifyRequest): boolean {
  const { method, url = '' } = request.routeOptions;
  const path = url.slice(url.indexOf('/auth/'));
  return url.includes('/auth/') && WHILE_PASSWORD_CHANGE_REQUIRED.has(`${String(method)} ${path}`);
}

/**
 * Every API call but the public ones needs a live token of an account whose role is one of the
 * operation's `x-roles` (the contract); a pending account (no role) is never one of them.
 */
export async function authGuard(request: FastifyRequest): Promise<void> {
  const { isPublic, roles = [] } = request.routeOptions.config;
  if (isPublic || request.is404) return;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match || match[1].length > MAX_TOKEN_LENGTH) {
    throw new HttpError(401, 'Unauthenticated: sign in to continue.');
  }
  const { db, config } = request.server;
  // An API client's secret opens the operations that name its pseudo-role and nothing else; a
  // session's token never opens those.
  if (roles.includes(API_CLIENT_ROLE)) {
    const client = await findLiveClient(db, hashToken(match[1]));
    if (client) {
      request.apiClient = client;
      return;
    }
    const session = await findSession(db, hashToken(match[1]), config.tokenIdleHours);
    if (session)
      throw new HttpError(403, "This service takes an API client's secret, not a session.");
    throw new HttpError(401, 'Unknown or revoked API client secret.');
  }
  const session = await findSession(db, hashToken(match[1]), config.tokenIdleHours);
  if (!session)
    throw new HttpError(401, 'Your session has expired or was signed out. Sign in again.');
  if (session.role === null || !roles.includes(session.role)) {
    throw new HttpError(403, `This action needs one of these roles: ${roles.join(', ')}.`);
  }
  // An app token does what an app user may, whoever holds it: an administrator signed in to the
  // app cannot change the reference data with that token.
  if (session.audience === 'app' && !roles.includes('user')) {
    throw new HttpError(
      403,
      'An app token reads reference data and runs the safety check only: sign in to the console for this.',
    );
  }
  if (session.must_change_password && !allowedWhilePasswordChangeRequired(request)) {
    throw new HttpError(403, PASSWORD_CHANGE_REQUIRED_MESSAGE);
  }
  request.session = session;
}

/** The signed-in user of a guarded route. */
export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new HttpError(401, 'Unauthenticated: sign in to continue.');
  return request.session;
}
