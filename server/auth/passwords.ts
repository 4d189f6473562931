import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt with a per-user salt. OWASP's parameters are N=2^17, r=8, p=1 (128 MiB); the stored
 * string names its own parameters (`scrypt$logN$r$p$salt$hash`), so a cheaper cost for tests
 * (PASSWORD_HASH_COST) never weakens hashes made with the default.
 */
export const DEFAULT_COST = 17;
/** The floor PASSWORD_HASH_COST may not go below: N=2^14 (16 MiB) is scrypt's own parameter set
 * for interactive logins, and what node:crypto uses when given none. */
export const MIN_COST = 14;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const memory = 128 * (options.N ?? 1) * (options.r ?? 8) * (options.p ?? 1);
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem: memory * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: 2 ** cost, r: 8, p: 1 });
  return ['scrypt', cost, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: 2 ** Number(cost),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made below `cost`: it is redone at the next successful sign-in,
 * while the password is at hand. */
export function needsRehash(stored: string, cost: number): boolean {
  return Number(stored.split('$')[1]) < cost;
}
