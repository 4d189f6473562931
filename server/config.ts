import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_COST, MIN_COST } from './auth/passwords';

/** Where the API is served: the console's and app's calls, FHIR's and CDS Hooks' long paths. */
export const API_PREFIX = '/api/v1';

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
  /** LOG_RESET_LINKS=1: forgot-password writes the reset link to the log (development only: whoever
   * reads the log could reset the account). Off by default. */
  logResetLinks: boolean;
  /** Host names, beside the bound address and localhost, that requests may name (DNS rebinding). */
  allowedHosts: string[];
  /** The most records the whole interaction or medication list (its GET without parameters) may
   * have to be kept as one answer (lib/listCache); a larger one is streamed (lib/wholeStream). */
  wholeListKeptMax: number;
  /** Downloads at once and how long one waits on a reader that takes nothing (lib/exportLimits). */
  exportLimits: ExportLimits;
  /** Runs of the test prescriptions, impact previews and imports (test-prescriptions/queue). */
  testSuite: TestSuiteLimits;
}

/**
 * The test prescriptions' heavy work: runs of the suite, impact previews and imports. Each holds
 * a database connection and keeps a worker busy, so a server takes a few at a time and lets a few
 * more wait in memory (without a connection); past that it answers 429 with Retry-After.
 */
export interface TestSuiteLimits {
  /** Worker threads that evaluate the tests (off the event loop), shared by the process. */
  workers: number;
  /** Jobs that run at once. */
  concurrent: number;
  /** Jobs that may wait for a turn. */
  queued: number;
}

/** One core is left to the event loop (and to PostgreSQL, when it runs beside the server). */
export const defaultTestSuiteLimits: TestSuiteLimits = {
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  concurrent: 2,
  queued: 6,
};

/** The most test prescriptions one import takes: more is one transaction too long for a request. */
export const IMPORT_MAX_TESTS = 2_000;
/** The largest import body: 2,000 exported tests of a few medications each (about 1.5 KB a test)
 * fit within it, with room for notes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * CSV downloads and whole lists streamed as they are read: each holds a database connection, or a
 * large answer, for as long as its reader takes.
 */
export interface ExportLimits {
  /** Downloads one account may have running at once. */
  perAccount: number;
  /** Downloads a server process serves at once, over every account. */
  total: number;
  /** A download whose reader takes no byte for this long is dropped (EXPORT_IDLE_SECONDS). */
  idleMs: number;
}

export const defaultExportLimits: ExportLimits = { perAccount: 2, total: 4, idleMs: 30_000 };

export interface RateLimits {
  /** Failed logins per account within `windowMinutes`, from clients without the account's device
   * cookie, before each further such attempt must wait (see loginDelayMaxSeconds). Also the
   * guesses of the current password allowed per account on change-password and profile. */
  loginPerAccount: number;
  /** Past loginPerAccount, an attempt without a device cookie waits 2^(failures -
   * loginPerAccount) seconds after the previous one, at most this long: a growing delay that
   * slows guessing, never a lock-out a stranger can hold. */
  loginDelayMaxSeconds: number;
  /** Failed logins allowed per device cookie within the window; past it that device waits out the
   * window. A device cookie's sign-ins count nowhere else. */
  loginPerDevice: number;
  /** Failed logins allowed per address (an IPv6 client: per /64) within the window, for attempts
   * without a device cookie. */
  loginPerAddress: number;
  /** Registrations, reset requests and password changes allowed per address within the window. */
  registerPerAddress: number;
  resetPerAddress: number;
  windowMinutes: number;
}

export const defaultLimits: RateLimits = {
  loginPerAccount: 10,
  loginDelayMaxSeconds: 60,
  loginPerDevice: 10,
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

/** EXPORT_IDLE_SECONDS: at least one second (no reader keeps up with a shorter wait). */
function exportIdleMs(value: string | undefined): number {
  const seconds = integer(value, defaultExportLimits.idleMs / 1000, 'EXPORT_IDLE_SECONDS');
  if (seconds < 1) throw new Error('EXPORT_IDLE_SECONDS must be at least 1');
  return seconds * 1000;
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
    logResetLinks: env.LOG_RESET_LINKS === '1',
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    wholeListKeptMax: WHOLE_LIST_KEPT_MAX,
    exportLimits: { ...defaultExportLimits, idleMs: exportIdleMs(env.EXPORT_IDLE_SECONDS) },
    testSuite: { ...defaultTestSuiteLimits },
  };
}

/** Past this many records a whole list is streamed, not kept: kept as one answer, a list that long
 * (medications carry their dosages) would hold too much of each server's memory. */
const WHOLE_LIST_KEPT_MAX = 20_000;
