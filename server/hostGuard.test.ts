import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { createTestDatabase, signIn, testConfig, type TestApp } from './test/helpers';

/**
 * What every answer says about itself: which Host names the server answers for (DNS
 * rebinding), that API answers are never cached, and the page's Content-Security-Policy.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let staticDir: string;
const apps: TestApp['app'][] = [];

async function appWith(overrides: Parameters<typeof testConfig>[0] = {}) {
  const app = await buildApp(database.pool, testConfig({ staticDir, ...overrides }));
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  staticDir = mkdtempSync(join(tmpdir(), 'medref-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>MedRef Admin</title>');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the Host header', () => {
  const get = (app: TestApp['app'], host: string, url = '/') =>
    app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it('refuses a name that is not the bound address, localhost or in ALLOWED_HOSTS, for the page and the API alike', async () => {
    const app = await appWith({ host: '127.0.0.1' });
    for (const host of ['attacker.example', 'attacker.example:8080', '127.0.0.1.nip.io', '[::2]']) {
      for (const url of ['/', '/api/v1/condition', '/api/v1/auth/me']) {
        const response = await get(app, host, url);
        expect([host, url, response.statusCode]).toEqual([host, url, 421]);
        expect(response.json().message).toMatch(/ALLOWED_HOSTS/);
      }
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { host: 'rebound.example:8080' },
      payload: { email: 'nobody@example.com', password: 'any-password-at-all' },
    });
    expect(login.statusCode).toBe(421);
  });

  it('admits the bound address, localhost (any port, any case) and the names in ALLOWED_HOSTS', async () => {
    const app = await appWith({ host: '127.0.0.1', allowedHosts: ['medref.example.org'] });
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:8080',
      'localhost',
      'LOCALHOST:5173',
      'medref.example.org',
      'MedRef.Example.org:443',
    ]) {
      expect([host, (await get(app, host)).statusCode]).toEqual([host, 200]);
    }
    expect((await get(app, 'other.example.org')).statusCode).toBe(421);
    const ipv6 = await appWith({ host: '::1' });
    expect((await get(ipv6, '[::1]:8080')).statusCode).toBe(200);
    expect((await get(ipv6, '127.0.0.1:8080')).statusCode).toBe(421);
    // Bound to every interface: each of the machine's own addresses is the bound address.
    const everywhere = await appWith({ host: '0.0.0.0' });
    const own = Object.values(networkInterfaces())
      .flat()
      .map((entry) => (entry?.family === 'IPv6' ? `[${entry.address}]` : entry?.address));
    for (const address of own)
      expect([address, (await get(everywhere, `${address}:8080`)).statusCode]).toEqual([
        address,
        200,
      ]);
    expect((await get(everywhere, 'attacker.example')).statusCode).toBe(421);
  });

  it('admits the Host a real client sends to a server listening on 127.0.0.1 and a free port', async () => {
    const app = await appWith({ host: '127.0.0.1' });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('MedRef Admin');
  });

  it('checks the name a trusted proxy forwards (X-Forwarded-Host), and ignores it from anyone else', async () => {
    const app = await appWith({
      host: '127.0.0.1',
      trustProxy: ['10.0.0.1'],
      allowedHosts: ['medref.example.org'],
    });
    const via = (remoteAddress: string, forwarded: string) =>
      app.inject({
        method: 'GET',
        url: '/',
        remoteAddress,
        headers: { host: '127.0.0.1:8080', 'x-forwarded-host': forwarded, accept: 'text/html' },
      });
    expect((await via('10.0.0.1', 'medref.example.org')).statusCode).toBe(200);
    expect((await via('10.0.0.1', 'attacker.example')).statusCode).toBe(421);
    expect((await via('10.0.0.2', 'attacker.example')).statusCode).toBe(200);
  });
});

describe('caching and the page policy', () => {
  it('marks every API answer no-store (lists, single records, errors, unknown routes), and not the page', async () => {
    const app = await appWith();
    const token = await signIn(app);
    const auth = { authorization: `Bearer ${token}` };
    const answers = [
      await app.inject({ method: 'GET', url: '/api/v1/condition', headers: auth }),
      await app.inject({
        method: 'GET',
        url: '/api/v1/condition',
        headers: { ...auth, 'accept-encoding': 'gzip' },
      }),
      await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth }),
      await app.inject({ method: 'GET', url: '/api/v1/condition' }),
      await app.inject({ method: 'GET', url: '/api/v1/no-such-route', headers: auth }),
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@example.com', password: 'any-password-at-all' },
      }),
    ];
    expect(answers.map((a) => [a.statusCode, a.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [401, 'no-store'],
    ]);
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toMatch(/no-store/);
  });

  it("sends a Content-Security-Policy with base-uri 'none' on the page and the API", async () => {
    const app = await appWith();
    for (const url of ['/', '/login', '/api/v1/condition']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(response.headers['content-security-policy']);
      expect([url, /(?:^|;)\s*base-uri 'none'(?:;|$)/.test(policy)]).toEqual([url, true]);
      expect(policy).not.toMatch(/base-uri 'self'/);
    }
  });
});
