import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP's scheme against lock-outs that strangers cause): a successful sign-in
 * leaves the browser a cookie naming the account and a random nonce, signed with a secret every
 * instance on the database shares. A sign-in that presents a valid one for its account is counted
 * per device only, so failures from anywhere else, however many, never refuse it.
 *
 * One cookie per account (its id in the name), so that people who share a browser keep theirs.
 * HttpOnly, SameSite=Strict and sent only to the sign-in routes' path; Secure over https.
 */

const NAME_PREFIX = 'medref_device_';
const NONCE_BYTES = 16;
/** A year: a device stays known across the months between one sign-in and the next. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Longer Cookie headers are not read: no client of ours sends one. */
const MAX_HEADER_LENGTH = 8192;
const VALUE = /^(\d{1,10})\.([\w-]{22})\.([\w-]{43})$/;

export interface DeviceCookie {
  userId: number;
  nonce: string;
}

const cookieName = (userId: number) => `${NAME_PREFIX}${userId}`;

function signature(secret: Buffer, userId: number, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`device:${userId}.${nonce}`).digest();
}

/** The value of the cookie `name` in a Cookie header, if it has one. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > MAX_HEADER_LENGTH) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The request's device cookie for account `userId` when its signature holds, else undefined. */
export function deviceCookieOf(
  request: FastifyRequest,
  secret: Buffer,
  userId: number,
): DeviceCookie | undefined {
  const match = VALUE.exec(cookieValue(request.headers.cookie, cookieName(userId)) ?? '');
  if (!match || Number(match[1]) !== userId) return undefined;
  const given = Buffer.from(match[3], 'base64url');
  const expected = signature(secret, userId, match[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId, nonce: match[2] };
}

/** A new device for account `userId`. */
export function newDeviceCookie(userId: number): DeviceCookie {
  return { userId, nonce: randomBytes(NONCE_BYTES).toString('base64url') };
}

/**
 * Sets `device` on the answer, for the path of the sign-in routes (`path`: /api/v1/auth), so it
 * travels with sign-ins and with nothing else.
 */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: Buffer,
  device: DeviceCookie,
  path: string,
) {
  const value = [
    device.userId,
    device.nonce,
    signature(secret, device.userId, device.nonce).toString('base64url'),
  ].join('.');
  const attributes = [
    `${cookieName(device.userId)}=${value}`,
    `Path=${path}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}

/** A fresh random secret, stored only when the database holds none yet. */
export const freshSecret = () => randomBytes(32);
