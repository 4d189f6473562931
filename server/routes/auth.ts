import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../audit/record';
import { sessionOf } from '../auth/guard';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { withTransaction } from '../db/pool';
import { newToken, hashToken } from '../auth/tokens';
import { HttpError, invalid } from '../errors';
import * as accounts from '../repositories/accounts';
import { defineRoute } from './define';

const RESET_MINUTES = 30;
const CONSOLE_ROLES = new Set(['admin', 'editor', 'viewer']);
const NO_ACCESS = 'Your account has no access to the console yet. Ask an administrator.';
const tooMany = () =>
  new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.');

function publicUser(user: accounts.UserRow) {
  const { id, name, email, role, created_at } = user;
  return { id, name, email, role, created_at };
}

type Body<T> = FastifyRequest<{ Body: T }>;

export default async function authRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const { limits } = config;

  /**
   * Refuses with 429 once a key has had its limit of attempts in the window; otherwise records
   * one under each key and answers its rows, for the caller to take back when the attempt should
   * not count. The attempt is recorded before it is counted, so concurrent attempts cannot all
   * see a count under the limit; a refused one is taken back.
   */
  async function throttle(limited: [key: string, limit: number][]) {
    const keys = limited.map(([key]) => key);
    const attempt = await accounts.recordAttempts(db, keys, limits.windowMinutes);
    const counts = await accounts.countAttempts(db, keys, limits.windowMinutes);
    if (limited.some(([key, limit]) => (counts.get(key) ?? 0) > limit)) {
      await accounts.deleteAttempts(db, attempt);
      throw tooMany();
    }
    return attempt;
  }

  defineRoute(
    app,
    'register',
    async (request: Body<{ name: string; email: string; password: string }>, reply) => {
      if (!config.allowRegistration)
        throw new HttpError(403, 'Registration is closed on this server.');
      await throttle([[`register:ip:${request.ip}`, limits.registerPerAddress]]);
      const { name, email, password } = request.body;
      const passwordHash = await hashPassword(password, config.passwordCost);
      // The first account while no administrator exists becomes one; any other waits for a role.
      const user = await audited(
        request,
        {
          entity: 'account',
          action: 'create',
          idOf: (created: accounts.UserRow | undefined) => created?.id,
        },
        (tx) =>
          accounts.registerAccount(tx, { name: name.trim(), email: email.trim(), passwordHash }),
        { actor: 'record' },
      );
      if (!user)
        throw invalid(
          { email: ['The email has already been taken.'] },
          'The email has already been taken.',
        );
      const message =
        user.role === 'admin'
          ? 'Registration successful'
          : 'Registration successful. An administrator must give your account a role before you can sign in.';
      return reply.status(201).send({ message, user: publicUser(user) });
    },
  );

  defineRoute(app, 'login', async (request: Body<{ email: string; password: string }>) => {
    const email = request.body.email.trim().toLowerCase();
    const accountKey = `login:email:${email}`;
    const addressKey = `login:ip:${request.ip}`;
    const attempt = await throttle([
      [accountKey, limits.loginPerAccount],
      [addressKey, limits.loginPerAddress],
    ]);
    const user = await accounts.findUserByEmail(db, email);
    // Same work and the same answer whether the account is unknown or the password is wrong.
    const ok = user
      ? await verifyPassword(request.body.password, user.password_hash)
      : await hashPassword(request.body.password, config.passwordCost).then(() => false);
    // A failure stays counted; a success does not count and clears the account's failures.
    if (!user || !ok) throw new HttpError(401, 'Invalid email or password');
    // Only console roles sign in here; nothing is stored for a pending, app-user or disabled account.
    if (!user.role || !CONSOLE_ROLES.has(user.role) || user.disabled)
      throw new HttpError(403, NO_ACCESS);
    await accounts.deleteAttempts(db, attempt);
    await accounts.clearAttempts(db, [accountKey]);
    const { token, hash } = newToken();
    await accounts.insertToken(db, user.id, hash, config.tokenMaxDays);
    return { message: 'Login successful', user: publicUser(user), token };
  });

  defineRoute(app, 'getMe', async (request) => ({ data: publicUser(sessionOf(request)) }));

  defineRoute(app, 'logout', async (request) => {
    await accounts.revokeToken(db, sessionOf(request).token_id);
    return { message: 'Logged out' };
  });

  defineRoute(app, 'updateProfile', async (request: Body<{ name: string; email: string }>) => {
    const session = sessionOf(request);
    const taken = () =>
      invalid(
        { email: ['The email has already been taken.'] },
        'The email has already been taken.',
      );
    const existing = await accounts.findUserByEmail(db, request.body.email.trim());
    if (existing && existing.id !== session.id) throw taken();
    const user = await audited(
      request,
      { entity: 'account', action: 'update', id: session.id },
      (tx) =>
        accounts
          .updateProfile(tx, session.id, request.body.name.trim(), request.body.email.trim())
          .catch((error: { code?: string }) => {
            // Another account took the address between the check and the update.
            throw error.code === '23505' ? taken() : error;
          }),
    );
    return { data: publicUser(user), message: 'Profile updated successfully' };
  });

  defineRoute(
    app,
    'changePassword',
    async (request: Body<{ current_password: string; new_password: string }>) => {
      const session = sessionOf(request);
      const key = `password:user:${session.id}`;
      const attempt = await throttle([[key, limits.loginPerAccount]]);
      const user = await accounts.findUserById(db, session.id);
      if (!user || !(await verifyPassword(request.body.current_password, user.password_hash))) {
        throw invalid(
          { current_password: ['The current password is incorrect.'] },
          'The current password is incorrect.',
        );
      }
      await accounts.deleteAttempts(db, attempt);
      await accounts.setPassword(
        db,
        session.id,
        await hashPassword(request.body.new_password, config.passwordCost),
      );
      await accounts.revokeOtherTokens(db, session.id, session.token_id);
      return { message: 'Password updated successfully' };
    },
  );

  defineRoute(app, 'forgotPassword', async (request: Body<{ email: string }>) => {
    await throttle([[`reset:ip:${request.ip}`, limits.resetPerAddress]]);
    const user = await accounts.findUserByEmail(db, request.body.email.trim());
    if (user) {
      const { token, hash } = newToken();
      await accounts.insertPasswordReset(db, user.id, hash, RESET_MINUTES);
      // No mail server here: the link goes to the server log (architecture.md section 6, item 2).
      request.log.info({ resetLink: `/reset-password?token=${token}` }, 'password reset requested');
    }
    return { message: 'If an account exists for this email, a password reset link has been sent.' };
  });

  defineRoute(app, 'resetPassword', async (request: Body<{ token: string; password: string }>) => {
    await throttle([[`reset:ip:${request.ip}`, limits.resetPerAddress]]);
    // Hashed first, so the transaction is short; the address's attempts are limited above.
    const passwordHash = await hashPassword(request.body.password, config.passwordCost);
    // The link is used up, the password set and every session ended together, or none of it.
    const reset = await withTransaction(db, async (client) => {
      const userId = await accounts.consumePasswordReset(client, hashToken(request.body.token));
      if (!userId) return false;
      await accounts.setPassword(client, userId, passwordHash);
      await accounts.revokeOtherTokens(client, userId, null);
      return true;
    });
    if (!reset)
      throw invalid(
        { token: ['This reset link is invalid or has expired.'] },
        'This reset link is invalid or has expired.',
      );
    return { message: 'Your password has been reset. You can now sign in.' };
  });
}
