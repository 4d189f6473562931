import type { FastifyInstance } from 'fastify';

/** The benchmark account's e-mail, for a benchmark that changes its role. */
export const BENCH_EMAIL = 'bench@example.com';

/**
 * Registers the benchmark's account on an empty database (the first one, so an administrator) and
 * signs it in: answers its bearer token.
 */
export async function benchToken(app: FastifyInstance): Promise<string> {
  const credentials = { email: BENCH_EMAIL, password: 'bench-password-123' };
  await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Bench', ...credentials },
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: credentials,
  });
  return login.json<{ token: string }>().token;
}
