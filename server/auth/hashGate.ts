import type { FastifyReply } from 'fastify';
import { HttpError } from '../errors';

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * also reads the static files and compresses the lists. Two hashes at a time leave the rest of
 * the pool to them; a few more wait their turn; past that a sign-in answers 503 at once rather
 * than queue behind others, so a flood of logins cannot hold up the console.
 */
export const HASHES_AT_ONCE = 2;
export const HASHES_WAITING = 6;
/** Seconds a refused client is asked to wait: a few hashes' time at the default cost. */
export const RETRY_AFTER_SECONDS = 2;

export function hashGate(running = HASHES_AT_ONCE, waiting = HASHES_WAITING) {
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  /** Runs `work` (the request's password hashing) when a slot is free; 503 when none is near. */
  return async function hashing<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    if (active < running) active++;
    else if (queue.length < waiting) await new Promise<void>((turn) => queue.push(turn));
    else {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new HttpError(503, 'The server is busy signing other people in. Try again shortly.');
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}
