import autocannon from 'autocannon';
import { startServer, registerAdmin } from '../e2e/support/harness';
import { reportSummary } from './summary';

/**
 * `npm run bench:api`: the real server (embedded PostgreSQL, demo data) on loopback, loaded by
 * autocannon. Targets on a 2-core machine: GET /condition >= 2,000 req/s with p99 < 50 ms;
 * GET /medication >= 500 req/s. Login runs at the production scrypt cost (N = 2^17), which is
 * deliberately slow.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  target: string;
  ok: boolean;
}

async function load(
  name: string,
  options: autocannon.Options,
  target: (r: autocannon.Result) => boolean,
  targetText: string,
): Promise<Row> {
  const result = await autocannon({ ...options, duration: options.duration ?? DURATION });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    target: targetText,
    ok: target(result) && result.errors === 0 && result.non2xx === 0,
  };
}

async function main() {
  const server = await startServer({ PASSWORD_HASH_COST: '17', LOG_LEVEL: 'warn' });
  try {
    const admin = await registerAdmin(server.baseUrl);
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    rows.push(
      await load(
        'GET /condition',
        { url: `${server.baseUrl}/api/v1/condition`, connections: 50, headers },
        (r) => r.requests.average >= 2000 && r.latency.p99 < 50,
        '>= 2000 req/s, p99 < 50 ms',
      ),
    );
    rows.push(
      await load(
        'GET /medication',
        { url: `${server.baseUrl}/api/v1/medication`, connections: 50, headers },
        (r) => r.requests.average >= 500,
        '>= 500 req/s',
      ),
    );
    rows.push(
      await load(
        'POST /auth/login',
        {
          url: `${server.baseUrl}/api/v1/auth/login`,
          connections: 4,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: admin.email, password: admin.password }),
          duration: Math.min(DURATION, 5),
        },
        () => true,
        'none (scrypt N=2^17 by design)',
      ),
    );
    console.log(
      `\nAPI benchmark: ${DURATION} s per read endpoint, loopback, ${new Date().toISOString()}`,
    );
    console.table(
      rows.map((r) => ({
        endpoint: r.name,
        'req/s': r.requestsPerSecond,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        non2xx: r.non2xx,
        target: r.target,
        met: r.ok ? 'yes' : 'NO',
      })),
    );
    reportSummary(
      'api',
      rows.map((r) => ({
        measure: r.name,
        value: `${r.requestsPerSecond} req/s, p99 ${r.p99} ms`,
        target: r.target,
        met: r.ok,
      })),
    );
    process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
  } finally {
    await server.stop();
  }
}

void main();
