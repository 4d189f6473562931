import { createServer, type Server, type Socket } from 'node:net';
import { buildApp } from '../app';
import { createTestDatabase, testConfig } from '../test/helpers';
import { createPool, TIMEOUTS } from './pool';

/** A database that does not answer gives a prompt 503 with Retry-After, never a hung request. */
describe('a database that does not answer', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never says a word, as a hung or stopped PostgreSQL does.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((closed) => silent.close(closed));
  });

  it('answers 503 with Retry-After once the connect timeout passes', async () => {
    const address = silent.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    const pool = createPool(`postgres://medref:secret@127.0.0.1:${address.port}/medref`);
    const app = await buildApp(pool, testConfig());
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/condition',
        headers: { authorization: `Bearer ${'a'.repeat(64)}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        message: 'The database is not answering. Please try again in a few seconds.',
      });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

it('sets statement and idle-in-transaction timeouts on every connection', async () => {
  const database = await createTestDatabase();
  try {
    const show = async (setting: string) =>
      (await database.pool.query<Record<string, string>>(`SHOW ${setting}`)).rows[0][setting];
    expect(await show('statement_timeout')).toBe(`${TIMEOUTS.statement_timeout / 1000}s`);
    expect(await show('idle_in_transaction_session_timeout')).toBe(
      `${TIMEOUTS.idle_in_transaction_session_timeout / 1000}s`,
    );
    // A statement past the limit is cancelled by PostgreSQL, and counts as "not answering".
    const client = await database.pool.connect();
    try {
      await client.query("SET statement_timeout = '50ms'");
      await expect(client.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
    } finally {
      client.release(true);
    }
  } finally {
    await database.drop();
  }
});
