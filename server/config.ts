import { resolve } from 'node:path';
import { DEFAULT_COST } from './auth/passwords';

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
}

export interface RateLimits {
  /** Failed logins allowed per account, and per address, within `windowMinutes`. */
  loginPerAccount: number;
  loginPerAddress: number;
  /** Registrations, reset requests and password changes allowed per address within the window. */
  registerPerAddress: number;
  resetPerAddress: number;
  windowMinutes: number;
}

export const defaultLimits: RateLimits = {
  loginPerAccount: 10,
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
    passwordCost: integer(env.PASSWORD_HASH_COST, DEFAULT_COST, 'PASSWORD_HASH_COST'),
    staticDir: resolve(env.STATIC_DIR || 'dist'),
    tokenIdleHours: integer(env.TOKEN_IDLE_HOURS, 24 * 7, 'TOKEN_IDLE_HOURS'),
    tokenMaxDays: integer(env.TOKEN_MAX_DAYS, 30, 'TOKEN_MAX_DAYS'),
    limits: defaultLimits,
  };
}
