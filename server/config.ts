import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_COST, MIN_COST } from './auth/passwords';

/** Every setting the server reads from its environment, in one place (README: Configuration). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  allowRegistration: boolean;
  passwordCost: number;
  /** Where the built console lives; served when present. */
  staticDir: string;
  tokenIdleHours: number;
  tokenMaxDays: number;
  limits: RateLimits;
  /** The reverse proxies whose X-Forwarded-For is believed: none, how many hops in front of the
   * server, or their addresses (IPs, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`). */
  trustProxy: false | number | string[];
  /** Host names, beside the bound address and localhost, that requests may name (DNS rebinding). */
  allowedHosts: string[];
  /** The most records the whole interaction or medication list (its GET without parameters) may
   * have to be kept as one answer (lib/listCache); a larger one is streamed (lib/wholeStream). */
  wholeListKeptMax: number;
}

export interface RateLimits {
  /** Failed logins per account within `windowMinutes` after which only addresses that have not
   * failed on it in the window may still try (so one attacker cannot lock its owner out). */
  loginPerAccount: number;
  /** Failed logins per account within the window after which no address may try. */
  loginPerAccountCeiling: number;
  /** Failed logins allowed per address (an IPv6 client: per /64) within the window. */
  loginPerAddress: number;
  /** Registrations, reset requests and password changes allowed per address within the window. */
  registerPerAddress: number;
  resetPerAddress: number;
  windowMinutes: number;
}

export const defaultLimits: RateLimits = {
  loginPerAccount: 10,
  loginPerAccountCeiling: 100,
  loginPerAddress: 100,
  registerPerAddress: 30,
  resetPerAddress: 20,
  windowMinutes: 15,
};

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or `false` (no proxy), a hop count, or a comma-separated list of proxies. */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value) || false;
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (PROXY_RANGES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  if (value === 'true' || !entries.every(valid))
    throw new Error(
      'TRUST_PROXY takes the number of proxies in front of the server (1 for one reverse proxy) ' +
        'or a comma-separated list of their addresses or CIDR ranges, not "true"',
    );
  return entries;
}

/** PASSWORD_HASH_COST: at least MIN_COST, so a configuration can never make hashes cheap to crack. */
function hashCost(value: string | undefined): number {
  const cost = integer(value, DEFAULT_COST, 'PASSWORD_HASH_COST');
  if (cost < MIN_COST || cost > 20)
    throw new Error(
      `PASSWORD_HASH_COST must be from ${MIN_COST} to 20 (the default is ${DEFAULT_COST})`,
    );
  return cost;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Demo data (with the demo users' published password) goes only where asked for, or into the
  // embedded database this server makes for itself: never into a server named by DATABASE_URL.
  const seed = env.SEED || (env.DATABASE_URL ? 'none' : 'demo');
  if (seed !== 'demo' && seed !== 'none') throw new Error('SEED must be demo or none');
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    allowRegistration: (env.ALLOW_REGISTRATION ?? 'true') !== 'false',
    passwordCost: hashCost(env.PASSWORD_HASH_COST),
    staticDir: resolve(env.STATIC_DIR || 'dist'),
    tokenIdleHours: integer(env.TOKEN_IDLE_HOURS, 24 * 7, 'TOKEN_IDLE_HOURS'),
    tokenMaxDays: integer(env.TOKEN_MAX_DAYS, 30, 'TOKEN_MAX_DAYS'),
    limits: defaultLimits,
    trustProxy: trustProxy(env.TRUST_PROXY),
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    wholeListKeptMax: WHOLE_LIST_KEPT_MAX,
  };
}

/** Past this many records a whole list is streamed, not kept: kept as one answer, a list that long
 * (medications carry their dosages) would hold too much of each server's memory. */
const WHOLE_LIST_KEPT_MAX = 20_000;
