import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { contractProblems } from '../test/contract';
import { createTestApp, insertUser, signIn, type TestApp } from '../test/helpers';
import { waitFor } from '../test/serverProcess';
import { DEFAULT_COST } from './passwords';

/**
 * A flood of sign-ins at the production cost: a few are hashed at a time, the rest are turned
 * away with 503 and Retry-After, and the console's page and the lists keep being served.
 */
let t: TestApp;
let staticDir: string;
let token: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'medref-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>MedRef Admin</title>');
  t = await createTestApp({ staticDir, passwordCost: DEFAULT_COST });
  token = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

it('answers 503 with Retry-After past a few hashes at once, while GET / and a list answer before any hash ends', async () => {
  const finished: string[] = [];
  const logins = Array.from({ length: 24 }, (_, i) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: `192.0.2.${i + 1}`,
        payload: { email: `nobody${i}@example.com`, password: 'a-wrong-password' },
      })
      .then((response) => {
        finished.push(`login ${response.statusCode}`);
        return response;
      }),
  );
  // Once one is turned away, the hashing slots are full: now ask for the page and a list.
  expect(await waitFor(() => finished.includes('login 503'), 30_000, 5)).toBe(true);
  const page = t.app
    .inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    .then((response) => {
      finished.push('page');
      return response;
    });
  const list = t.app
    .inject({
      method: 'GET',
      url: '/api/v1/condition',
      headers: { authorization: `Bearer ${token}` },
    })
    .then((response) => {
      finished.push('list');
      return response;
    });
  const answers: LightMyRequestResponse[] = await Promise.all(logins);
  expect((await page).statusCode).toBe(200);
  expect((await page).body).toContain('MedRef Admin');
  expect((await list).statusCode).toBe(200);

  const firstHashed = finished.indexOf('login 401');
  expect(firstHashed).toBeGreaterThan(-1);
  expect(finished.indexOf('page')).toBeLessThan(firstHashed);
  expect(finished.indexOf('list')).toBeLessThan(firstHashed);

  const busy = answers.filter((answer) => answer.statusCode === 503);
  expect(busy.length).toBeGreaterThan(0);
  expect(answers.filter((a) => a.statusCode !== 503 && a.statusCode !== 401)).toEqual([]);
  for (const answer of busy) {
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(answer.json().message).toMatch(/busy/i);
    expect(
      contractProblems('POST', '/api/v1/auth/login', answer.statusCode, answer.json()),
    ).toEqual([]);
  }
  // A login turned away does not count against the address: every address may try again.
  const { rows } = await t.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM auth_attempts WHERE key LIKE 'login:ip:%'",
  );
  expect(rows[0].n).toBe(answers.length - busy.length);
});

it('lets sign-ins through again once the flood is over', async () => {
  const email = 'after-the-flood@example.com';
  await insertUser(t.pool, { email, role: 'admin', password: 'correct-horse-battery' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: 'correct-horse-battery' },
  });
  expect(response.statusCode).toBe(200);
});
