import type { FastifyInstance } from 'fastify';
import { debouncedRun, type DebouncedRun } from '../lib/debouncedRun';
import { INBOX_BATCH, moveInbox } from '../repositories/audit/entries';

/**
 * How soon after a write its history entry moves from the inbox into audit_entries (migration
 * 014). Soon: every read of the history also reads the inbox, computing each of its entries' diff,
 * so it should hold a second's writes at most.
 */
export const INBOX_DELAY_MS = 200;
export const INBOX_MAX_WAIT_MS = 1_000;

/**
 * Gives the app `auditInbox`, which moves the history's inbox into audit_entries in the background
 * once one-statement writes have filled it, and moves what a stopped server left there at start.
 */
export function installInboxMover(app: FastifyInstance) {
  const mover = debouncedRun(
    async () => {
      while ((await moveInbox(app.db)) === INBOX_BATCH);
    },
    app.log,
    'the history inbox was not moved',
    { delayMs: INBOX_DELAY_MS, maxWaitMs: INBOX_MAX_WAIT_MS },
  );
  app.decorate('auditInbox', mover);
  app.addHook('onReady', async () => mover.schedule());
  app.addHook('onClose', () => mover.close());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Moves the history's inbox into audit_entries in the background after writes. */
    auditInbox: DebouncedRun;
  }
}
