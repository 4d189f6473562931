import type { FastifyInstance, FastifyReply } from 'fastify';
import { audited } from '../audit/record';
import { addressKey } from '../auth/addresses';
import { sessionOf } from '../auth/guard';
import { hashGate } from '../auth/hashGate';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { withTransaction } from '../db/pool';
import { newToken, hashToken } from '../auth/tokens';
import { HttpError, invalid } from '../errors';
import { isUniqueViolation } from '../lib/pgErrors';
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

export default async function authRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const { limits } = config;

  const hashing = hashGate();

  /**
   * Records an attempt under each key and refuses it with 429 when `refused` says so, given each
   * key's count of attempts in the window (this one included); otherwise answers the new rows, for
   * the caller to take back when the attempt should not count. The attempt is recorded before it
   * is counted, so concurrent attempts cannot all see a count under the limit; a refused one is
   * taken back.
   */
  async function throttle(keys: string[], refused: (count: (key: string) => number) => boolean) {
    const attempt = await accounts.recordAttempts(db, keys, limits.windowMinutes);
    const counts = await accounts.countAttempts(db, keys, limits.windowMinutes);
    if (refused((key) => counts.get(key) ?? 0)) {
      await accounts.deleteAttempts(db, attempt);
      throw tooMany();
    }
    return attempt;
  }
  /** The common case: refused once any key has had more than its limit. */
  const throttleEach = (limited: [key: string, limit: number][]) =>
    throttle(
      limited.map(([key]) => key),
      (count) => limited.some(([key, limit]) => count(key) > limit),
    );

  /** Password hashing for an attempt, at most a few at a time (hashGate); an attempt turned
   * away because the server is busy does not count against the limits. */
  const hashFor = <T>(reply: FastifyReply, attempt: string[], work: () => Promise<T>) =>
    hashing(reply, work).catch(async (error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 503)
        await accounts.deleteAttempts(db, attempt);
      throw error;
    });

  defineRoute(app, 'register', async (request, reply) => {
    if (!config.allowRegistration)
      throw new HttpError(403, 'Registration is closed on this server.');
    const attempt = await throttleEach([
      [`register:ip:${addressKey(request.ip)}`, limits.registerPerAddress],
    ]);
    const { name, email, password } = request.body;
    const passwordHash = await hashFor(reply, attempt, () =>
      hashPassword(password, config.passwordCost),
    );
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
  });

  /**
   * Failed logins count per address, per account, and per account from each address. Past
   * loginPerAccount failures an account still admits addresses that have not failed on it in
   * the window, so an attacker who knows an administrator's e-mail cannot lock them out with a
   * few wrong passwords; only loginPerAccountCeiling failures (many addresses) close it to all.
   */
  defineRoute(app, 'login', async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const address = addressKey(request.ip);
    const accountKey = `login:email:${email}`;
    const fromHereKey = `login:email+ip:${email} ${address}`;
    const addressKeyName = `login:ip:${address}`;
    const attempt = await throttle(
      [accountKey, fromHereKey, addressKeyName],
      (count) =>
        count(addressKeyName) > limits.loginPerAddress ||
        count(accountKey) > limits.loginPerAccountCeiling ||
        (count(accountKey) > limits.loginPerAccount && count(fromHereKey) > 1),
    );
    const user = await accounts.findUserByEmail(db, email);
    const { password } = request.body;
    // Same work and the same answer whether the account is unknown or the password is wrong. A
    // hash made at a lower cost than today's is made again while the password is at hand.
    const { ok, upgraded } = await hashFor(reply, attempt, async () => {
      if (!user) return { ok: await hashPassword(password, config.passwordCost).then(() => false) };
      if (!(await verifyPassword(password, user.password_hash))) return { ok: false };
      return {
        ok: true,
        upgraded: needsRehash(user.password_hash, config.passwordCost)
          ? await hashPassword(password, config.passwordCost)
          : undefined,
      };
    });
    // A failure stays counted; a success does not count and clears the account's failures.
    if (!user || !ok) throw new HttpError(401, 'Invalid email or password');
    // The console signs in staff only, the app anyone with a role; nothing is stored for a
    // pending or disabled account, nor for an app user at the console.
    const audience = request.body.audience ?? 'console';
    if (!user.role || user.disabled || (audience === 'console' && !CONSOLE_ROLES.has(user.role)))
      throw new HttpError(403, NO_ACCESS);
    if (upgraded) await accounts.upgradePasswordHash(db, user.id, user.password_hash, upgraded);
    await accounts.deleteAttempts(db, attempt);
    await accounts.clearAttempts(db, [accountKey, fromHereKey]);
    const { token, hash } = newToken();
    await accounts.pruneTokens(db, config.tokenIdleHours);
    await accounts.insertToken(db, user.id, hash, config.tokenMaxDays, audience);
    return { message: 'Login successful', user: publicUser(user), token };
  });

  defineRoute(app, 'getMe', async (request) => ({ data: publicUser(sessionOf(request)) }));

  defineRoute(app, 'logout', async (request) => {
    await accounts.revokeToken(db, sessionOf(request).token_id);
    return { message: 'Logged out' };
  });

  defineRoute(app, 'updateProfile', async (request) => {
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
          .catch((error: unknown) => {
            // Another account took the address between the check and the update.
            throw isUniqueViolation(error) ? taken() : error;
          }),
    );
    return { data: publicUser(user), message: 'Profile updated successfully' };
  });

  defineRoute(app, 'changePassword', async (request, reply) => {
    const session = sessionOf(request);
    const attempt = await throttleEach([[`password:user:${session.id}`, limits.loginPerAccount]]);
    const user = await accounts.findUserById(db, session.id);
    const passwordHash = await hashFor(reply, attempt, async () =>
      user && (await verifyPassword(request.body.current_password, user.password_hash))
        ? hashPassword(request.body.new_password, config.passwordCost)
        : undefined,
    );
    if (!passwordHash) {
      throw invalid(
        { current_password: ['The current password is incorrect.'] },
        'The current password is incorrect.',
      );
    }
    await accounts.deleteAttempts(db, attempt);
    // The password, the account's reset links and its other sessions change together.
    await withTransaction(db, async (client) => {
      await accounts.setPassword(client, session.id, passwordHash);
      await accounts.revokeOtherTokens(client, session.id, session.token_id);
    });
    return { message: 'Password updated successfully' };
  });

  defineRoute(app, 'forgotPassword', async (request) => {
    await throttleEach([[`reset:ip:${addressKey(request.ip)}`, limits.resetPerAddress]]);
    const user = await accounts.findUserByEmail(db, request.body.email.trim());
    if (user) {
      const { token, hash } = newToken();
      await accounts.insertPasswordReset(db, user.id, hash, RESET_MINUTES);
      // No mail server here: the link goes to the server log, with the account it opens, so
      // the operator knows whom to send it to.
      request.log.info(
        { userId: user.id, resetLink: `/reset-password?token=${token}` },
        'password reset requested',
      );
    }
    return { message: 'If an account exists for this email, a password reset link has been sent.' };
  });

  defineRoute(app, 'resetPassword', async (request, reply) => {
    const attempt = await throttleEach([
      [`reset:ip:${addressKey(request.ip)}`, limits.resetPerAddress],
    ]);
    const invalidLink = () =>
      invalid(
        { token: ['This reset link is invalid or has expired.'] },
        'This reset link is invalid or has expired.',
      );
    const tokenHash = hashToken(request.body.token);
    // Looked up first: a guessed link costs a query, never a password hash.
    if (!(await accounts.findPasswordReset(db, tokenHash))) throw invalidLink();
    // Hashed outside the transaction, so it stays short.
    const passwordHash = await hashFor(reply, attempt, () =>
      hashPassword(request.body.password, config.passwordCost),
    );
    // The link is used up, the password set and every session ended together, or none of it.
    const reset = await withTransaction(db, async (client) => {
      const userId = await accounts.consumePasswordReset(client, tokenHash);
      if (!userId) return false;
      await accounts.setPassword(client, userId, passwordHash);
      await accounts.revokeOtherTokens(client, userId, null);
      return true;
    });
    if (!reset) throw invalidLink();
    return { message: 'Your password has been reset. You can now sign in.' };
  });
}
