import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { connectForStream, createPool, streamingCapacity } from '../db/pool';
import { createTestDatabase, signIn, testConfig } from '../test/helpers';
import { insertListData } from '../test/listData';

// Downloads cannot stall the server: an account runs at most 2 at once and the server 4 (429 with
// Retry-After past them), streams hold at most half of the pool's connections, and a reader that
// takes nothing for a while is dropped, which gives its connection back. Raw sockets that ask for
// a CSV and never read play the clients that stall.
jest.setTimeout(120_000);

/** Conditions in the large table, 4 KB each: 40 MB of CSV, far more than socket buffers hold. */
const ROWS = 10_000;
/** How long the test server waits on a reader that takes nothing. */
const IDLE_MS = 4_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let app: FastifyInstance;
let port: number;
let conditionId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  // A pool of 10, as a server has: half of it (5) is more than the 4 downloads the server runs,
  // so the limits below are the ones tested here (the pool's half is tested apart, further down).
  pool = createPool(database.url, 10);
  app = await buildApp(
    pool,
    testConfig({ exportLimits: { perAccount: 2, total: 4, idleMs: IDLE_MS } }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
  const id = await insertListData(database.pool);
  conditionId = id.Asthma;
  // In one statement, on a connection without the server's timeouts. The descriptions hold no
  // word, which the search index would have to take apart letter by letter.
  const bulk = createPool(database.url, 1, { timeouts: false });
  try {
    await bulk.query(
      `INSERT INTO conditions (name, description)
       SELECT 'Stalled ' || g, repeat('. ', 2000) FROM generate_series(1, $1::int) g`,
      [ROWS],
    );
  } finally {
    await bulk.end();
  }
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await database?.drop();
});

interface Answer {
  socket: Socket;
  status: number;
  headers: Record<string, string>;
  /** The body, for an answer read to its end (any but a 200). */
  body: string;
}

/**
 * `GET path` on a raw socket: reads the answer's head, and then, for a 200, stops reading (the
 * socket is paused: the kernel's buffers fill and the server's writes stall); any other answer is
 * read to its end.
 */
function rawGet(path: string, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let head: Omit<Answer, 'body' | 'socket'> | undefined;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!head) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const [statusLine, ...lines] = received.subarray(0, end).toString().split('\r\n');
        head = {
          status: Number(statusLine.split(' ')[1]),
          headers: Object.fromEntries(
            lines.map((line) => {
              const colon = line.indexOf(':');
              return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
            }),
          ),
        };
        received = received.subarray(end + 4);
        if (head.status === 200) {
          socket.pause();
          resolve({ socket, ...head, body: '' });
        }
      }
    });
    socket.on('end', () => {
      if (head && head.status !== 200) resolve({ socket, ...head, body: received.toString() });
      else if (!head) reject(new Error(`no answer to ${path}`));
    });
    socket.write(
      `GET /api/v1${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Authorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
    );
  });
}

/** `GET path` with fetch, read whole. */
async function get(path: string, token: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Connections of the app's pool checked out (streams' and requests'). */
const checkedOut = () => pool.totalCount - pool.idleCount;

/** PostgreSQL sessions of the test database left in a transaction, or reading a cursor. */
async function sessionsInTransaction(): Promise<number> {
  const { rows } = await database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query ILIKE 'FETCH%'))`,
  );
  return rows[0].n;
}

async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (!(await condition()) && Date.now() < until)
    await new Promise((done) => setTimeout(done, 100));
  return condition();
}

/** Reads what a paused socket still gets until it ends: how many bytes. */
function drain(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    socket.once('close', () => resolve(bytes));
    socket.on('error', () => undefined);
    socket.resume();
  });
}

const CSV = '/condition?format=csv';

describe('downloads nobody reads', () => {
  it('take at most 2 per account and 4 in all, leave requests answered, and are dropped after the idle time', async () => {
    const [a, b, c, d, e] = await Promise.all(
      ['viewer', 'viewer', 'viewer', 'editor', 'viewer'].map((role) =>
        signIn(app, { role: role as 'viewer' | 'editor' }),
      ),
    );
    const started = Date.now();
    // Two downloads of account a and two of b run and stall: their readers take nothing.
    const stalled: Answer[] = [];
    for (const token of [a, a]) stalled.push(await rawGet(CSV, token));
    const third = await rawGet(CSV, a);
    for (const token of [b, b]) stalled.push(await rawGet(CSV, token));
    // Ten sockets in all: a's third, and five of other accounts once the server runs four.
    const refused = [third, ...(await Promise.all([c, c, c, d, d].map((t) => rawGet(CSV, t))))];
    expect(stalled.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(refused.map((answer) => answer.status)).toEqual([429, 429, 429, 429, 429, 429]);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof JSON.parse(answer.body).message).toBe('string');
    }
    expect(JSON.parse(third.body).message).toMatch(/2 downloads running/);

    // A whole list too large to keep is a download too (streamed from a cursor): refused to a
    // once it runs two; a list kept in memory holds nothing, and is answered.
    app.config.wholeListKeptMax = 1;
    try {
      const whole = await get('/medication', a);
      expect(whole.status).toBe(429);
      expect(whole.headers.get('retry-after')).toBeTruthy();
      expect((await get('/lifestyle', a)).status).toBe(200);
    } finally {
      app.config.wholeListKeptMax = testConfig().wholeListKeptMax;
    }

    // Meanwhile the stalled downloads hold 4 connections of 10; another account's requests,
    // many at once, are answered at once.
    expect(checkedOut()).toBe(4);
    const interactive = await Promise.all(
      Array.from({ length: 12 }, () => get(`/condition/${conditionId}`, e)),
    );
    expect(interactive.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(JSON.parse(interactive[0].body).data.name).toBe('Asthma');
    // All of the above ran well within the idle time: nothing was dropped yet.
    expect(Date.now() - started).toBeLessThan(IDLE_MS);
    expect(checkedOut()).toBe(4);

    // Past the idle time the stalled downloads are dropped: their connections go back to the
    // pool (their transactions and cursors end), while their sockets are still paused.
    expect(await waitUntil(() => checkedOut() === 0, IDLE_MS + 5_000)).toBe(true);
    expect(await waitUntil(async () => (await sessionsInTransaction()) === 0, 5_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS);

    // A new download of the same account succeeds, whole.
    const again = await get(CSV, a);
    expect(again.status).toBe(200);
    const lines = again.body.split('\r\n');
    expect(lines).toHaveLength(1 + ROWS + 4 + 1);
    expect(lines[0]).toBe('"Name","Description","Affects Kidney Function","Codes"');
    // What the dropped sockets still get is cut short: they never had the whole file.
    const got = await Promise.all(stalled.map((answer) => drain(answer.socket)));
    for (const bytes of got) expect(bytes).toBeLessThan(again.body.length);
    for (const answer of refused) answer.socket.destroy();
  });
});

it('takes the idle time from EXPORT_IDLE_SECONDS: 30 s unless set, never under 1 s', () => {
  expect(readConfig({}).exportLimits).toEqual({ perAccount: 2, total: 4, idleMs: 30_000 });
  expect(readConfig({ EXPORT_IDLE_SECONDS: '1' }).exportLimits.idleMs).toBe(1_000);
  expect(() => readConfig({ EXPORT_IDLE_SECONDS: '0' })).toThrow(/EXPORT_IDLE_SECONDS/);
});

describe("streams' share of the pool", () => {
  it('never takes more than half of the pool: the rest stays for requests', async () => {
    const small = createPool(database.url, 4);
    try {
      expect(streamingCapacity(small)).toBe(2);
      const first = await connectForStream(small);
      const second = await connectForStream(small);
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(await connectForStream(small)).toBeUndefined();
      // The other half answers requests.
      const [x, y] = await Promise.all([small.query('SELECT 1 AS x'), small.query('SELECT 2')]);
      expect(x.rows[0].x).toBe(1);
      expect(y.rowCount).toBe(1);
      // A stream's connection released (here closed, as an abandoned download's is) frees its place.
      first?.release(true);
      const third = await connectForStream(small);
      expect(third).toBeDefined();
      second?.release();
      third?.release();
    } finally {
      await small.end();
    }
  });

  it('refuses a download past it with 429 and Retry-After', async () => {
    // The limits of accounts and of the server allow more downloads than the pool's half (2).
    const small = createPool(database.url, 4);
    const limited = await buildApp(
      small,
      testConfig({ exportLimits: { perAccount: 5, total: 5, idleMs: IDLE_MS } }),
    );
    await limited.listen({ host: '127.0.0.1', port: 0 });
    const previous = port;
    port = (limited.server.address() as { port: number }).port;
    try {
      const token = await signIn(limited, { role: 'viewer' });
      const stalled = [await rawGet(CSV, token), await rawGet(CSV, token)];
      expect(stalled.map((answer) => answer.status)).toEqual([200, 200]);
      const refused = await rawGet(CSV, token);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(refused.body).message).toMatch(/busy/);
      expect((await get(`/condition/${conditionId}`, token)).status).toBe(200);
      for (const answer of [...stalled, refused]) answer.socket.destroy();
    } finally {
      port = previous;
      await limited.close();
      await small.end();
    }
  });
});

describe('CSV formula guard', () => {
  it("quotes a name a spreadsheet splitting on ';' would run, and makes it inert", async () => {
    const token = await signIn(app, { role: 'viewer' });
    await database.pool.query(
      `INSERT INTO conditions (name, description)
       VALUES ($1, $2), ($3, $4), ($5, NULL)`,
      ["Zeta;=cmd|' /C calc'!A0", 'x;@SUM(1)', '-Zeta minus', '+Zeta plus', '@Zeta at'],
    );
    const answer = await get('/condition?format=csv&q=zeta&sort=name', token);
    expect(answer.status).toBe(200);
    const lines = answer.body.split('\r\n');
    expect([lines[0], lines.at(-1)]).toEqual([
      '"Name","Description","Affects Kidney Function","Codes"',
      '',
    ]);
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        `"'-Zeta minus","'+Zeta plus","No",""`,
        `"'@Zeta at","-","No",""`,
        `"Zeta;'=cmd|' /C calc'!A0","x;'@SUM(1)","No",""`,
      ].sort(),
    );
    // However a spreadsheet splits these lines, no cell starts a formula (the `-` for no
    // description is no formula).
    for (const separator of [',', ';', '\t']) {
      const cells = answer.body
        .split('\r\n')
        .flatMap((line) => line.split(separator))
        .map((cell) => cell.replace(/^"/, ''))
        .filter((cell) => cell !== '-"');
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    }
  });
});
