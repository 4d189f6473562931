import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { findSession, type SessionUser } from '../repositories/accounts';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionUser;
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
