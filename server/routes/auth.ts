import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAccountEvent } from '../audit/accountEvents';
import { audited } from '../audit/record';
import { addressKey } from '../auth/addresses';
import {
  deviceCookieOf,
  freshSecret,
  newDeviceCookie,
  setDeviceCookie,
  type DeviceCookie,
} from '../auth/deviceCookies';
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
const WRONG_CURRENT_PASSWORD = 'The current password is incorrect.';
const wrongCurrentPassword = () =>
  invalid({ current_password: [WRONG_CURRENT_PASSWORD] }, WRONG_CURRENT_PASSWORD);

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

  /** Refuses an attempt with 429, asking the client to wait `seconds`; its rows are taken back. */
  async function refuse(reply: FastifyReply, attempt: string[], seconds: number): Promise<never> {
    await accounts.deleteAttempts(db, attempt);
    reply.header('retry-after', String(Math.max(1, Math.ceil(seconds))));
    throw tooMany();
  }

  /**
   * A sign-in with the account's device cookie counts against that device alone: past
   * loginPerDevice failures in the window, the device waits until the oldest leaves it.
   */
  async function throttleDevice(reply: FastifyReply, device: DeviceCookie) {
    const key = `login:device:${device.nonce}`;
    const attempt = await accounts.recordAttempts(db, [key], limits.windowMinutes);
    const others = await accounts.otherAttempts(db, key, attempt, limits.windowMinutes);
    if (others.count >= limits.loginPerDevice)
      await refuse(reply, attempt, limits.windowMinutes * 60 - (others.oldest ?? 0));
    return { attempt, keys: [key] };
  }

  /**
   * A sign-in without the account's device cookie: limited per address (loginPerAddress in the
   * window), and per account by a growing delay rather than a lock. Past loginPerAccount such
   * failures, each further attempt waits 2^(failures - loginPerAccount) seconds, at most
   * loginDelayMaxSeconds, after the one before: guessing slows to a crawl, while the owner,
   * whose device cookie is counted apart, signs in as ever, and without one waits seconds, not
   * hours. Attempts are recorded before they are counted, so a concurrent burst sees itself.
   */
  async function throttleAnonymous(reply: FastifyReply, email: string, address: string) {
    const accountKey = `login:email:${email}`;
    const addressKeyName = `login:ip:${address}`;
    const attempt = await accounts.recordAttempts(
      db,
      [accountKey, addressKeyName],
      limits.windowMinutes,
    );
    const [counts, others] = await Promise.all([
      accounts.countAttempts(db, [addressKeyName], limits.windowMinutes),
      accounts.otherAttempts(db, accountKey, attempt, limits.windowMinutes),
    ]);
    if ((counts.get(addressKeyName) ?? 0) > limits.loginPerAddress)
      await refuse(reply, attempt, limits.windowMinutes * 60);
    const over = others.count - limits.loginPerAccount;
    if (over >= 0) {
      const delay = Math.min(2 ** Math.min(over, 30), limits.loginDelayMaxSeconds);
      const since = others.newest ?? Infinity;
      if (since < delay) await refuse(reply, attempt, delay - since);
    }
    return { attempt, keys: [accountKey] };
  }

  /** The device cookies' key, read from the database once (every instance shares it). */
  let deviceSecret: Promise<Buffer> | undefined;
  const secret = () => {
    deviceSecret ??= accounts.serverSecret(db, 'device_cookie', freshSecret()).catch((error) => {
      deviceSecret = undefined;
      throw error;
    });
    return deviceSecret;
  };
  /** The sign-in routes' path (/api/v1/auth): the only one the device cookie goes to. */
  const cookiePath = (request: FastifyRequest) =>
    request.routeOptions.url?.replace(/\/login$/, '') ?? '/';

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
   * A sign-in. With the account's device cookie (left by an earlier sign-in on this browser) it
   * is counted per device; without, per address and with a growing delay per account (above).
   * So strangers' failures, from however many addresses, never refuse the owner's own browser.
   * A success leaves (or keeps) the device cookie.
   */
  defineRoute(app, 'login', async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const user = await accounts.findUserByEmail(db, email);
    const key = user && (await secret());
    const known = user && key ? deviceCookieOf(request, key, user.id) : undefined;
    const { attempt, keys } = known
      ? await throttleDevice(reply, known)
      : await throttleAnonymous(reply, email, addressKey(request.ip));
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
    // A failure stays counted; a success does not count.
    if (!user || !ok || !key) throw new HttpError(401, 'Invalid email or password');
    // The console signs in staff only, the app anyone with a role; nothing is stored for a
    // pending or disabled account, nor for an app user at the console.
    const audience = request.body.audience ?? 'console';
    if (!user.role || user.disabled || (audience === 'console' && !CONSOLE_ROLES.has(user.role)))
      throw new HttpError(403, NO_ACCESS);
    if (upgraded) await accounts.upgradePasswordHash(db, user.id, user.password_hash, upgraded);
    await accounts.deleteAttempts(db, attempt);
    // A device's failures end with its success; the account's anonymous ones stay (they may be
    // a stranger's, still guessing).
    if (known) await accounts.clearAttempts(db, keys);
    setDeviceCookie(request, reply, key, known ?? newDeviceCookie(user.id), cookiePath(request));
    const { token, hash } = newToken();
    await accounts.pruneTokens(db, config.tokenIdleHours);
    await accounts.insertToken(db, user.id, hash, config.tokenMaxDays, audience);
    if (user.must_change_password)
      return {
        message: 'Choose a new password to continue',
        user: publicUser(user),
        token,
        password_change_required: true,
      };
    return { message: 'Login successful', user: publicUser(user), token };
  });

  defineRoute(app, 'getMe', async (request) => ({ data: publicUser(sessionOf(request)) }));

  defineRoute(app, 'logout', async (request) => {
    await accounts.revokeToken(db, sessionOf(request).token_id);
    return { message: 'Logged out' };
  });

  /**
   * Checks the signed-in account's current password (`given`), limited per account like a
   * sign-in; a wrong or missing one is a 422 on `current_password`. Answers the account.
   */
  async function confirmCurrentPassword(
    reply: FastifyReply,
    accountId: number,
    given: string | undefined,
    missing: string,
  ) {
    if (!given) throw invalid({ current_password: [missing] }, missing);
    const attempt = await throttleEach([[`password:user:${accountId}`, limits.loginPerAccount]]);
    const user = await accounts.findUserById(db, accountId);
    const ok = await hashFor(
      reply,
      attempt,
      async () => !!user && (await verifyPassword(given, user.password_hash)),
    );
    if (!user || !ok) throw wrongCurrentPassword();
    await accounts.deleteAttempts(db, attempt);
    return user;
  }

  /**
   * A new e-mail address needs the current password: whoever holds a session (a browser left
   * open) must not be able to move the account's reset links to an address of theirs. A name
   * alone needs none.
   */
  defineRoute(app, 'updateProfile', async (request, reply) => {
    const session = sessionOf(request);
    if (request.body.email.trim().toLowerCase() !== session.email.toLowerCase())
      await confirmCurrentPassword(
        reply,
        session.id,
        request.body.current_password,
        'Enter your current password to change your email address.',
      );
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
    // A forced change would be met by typing the known password again.
    if (request.body.new_password === request.body.current_password)
      throw invalid(
        { new_password: ['Choose a password other than the current one.'] },
        'Choose a password other than the current one.',
      );
    const attempt = await throttleEach([[`password:user:${session.id}`, limits.loginPerAccount]]);
    const user = await accounts.findUserById(db, session.id);
    const passwordHash = await hashFor(reply, attempt, async () =>
      user && (await verifyPassword(request.body.current_password, user.password_hash))
        ? hashPassword(request.body.new_password, config.passwordCost)
        : undefined,
    );
    if (!passwordHash) throw wrongCurrentPassword();
    await accounts.deleteAttempts(db, attempt);
    // The password, the account's reset links, its other sessions and the history entry change
    // together. A forced change is met by this one.
    await withTransaction(db, async (client) => {
      await accounts.setPassword(client, session.id, passwordHash);
      const ended = await accounts.revokeOtherTokens(client, session.id, session.token_id);
      await recordAccountEvent(client, {
        actorId: session.id,
        actorName: session.name,
        accountId: session.id,
        action: 'password_change',
        details: { password: 'changed', sessions_ended: ended },
      });
    });
    return { message: 'Password updated successfully' };
  });

  defineRoute(app, 'forgotPassword', async (request) => {
    await throttleEach([[`reset:ip:${addressKey(request.ip)}`, limits.resetPerAddress]]);
    const user = await accounts.findUserByEmail(db, request.body.email.trim());
    if (user) {
      const { token, hash } = newToken();
      await accounts.insertPasswordReset(db, user.id, hash, RESET_MINUTES);
      // No mail server here. Whoever reads a log with the link in it can take the account, so it
      // goes there only where asked for (LOG_RESET_LINKS=1, development); otherwise an
      // administrator makes a link under Accounts (POST /accounts/{id}/reset-link).
      if (config.logResetLinks)
        request.log.info(
          { userId: user.id, resetLink: `/reset-password?token=${token}` },
          'password reset requested',
        );
      else request.log.info({ userId: user.id }, 'password reset requested');
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
    // The link is used up, the password set, every session ended and the history entry written
    // together, or none of it. The account itself did it (whoever holds a link is taken for it).
    const reset = await withTransaction(db, async (client) => {
      const userId = await accounts.consumePasswordReset(client, tokenHash);
      const user = userId && (await accounts.findUserById(client, userId));
      if (!user) return false;
      await accounts.setPassword(client, user.id, passwordHash);
      const ended = await accounts.revokeOtherTokens(client, user.id, null);
      await recordAccountEvent(client, {
        actorId: user.id,
        actorName: user.name,
        accountId: user.id,
        action: 'password_reset',
        details: { password: 'reset with a reset link', sessions_ended: ended },
      });
      return true;
    });
    if (!reset) throw invalidLink();
    return { message: 'Your password has been reset. You can now sign in.' };
  });
}
